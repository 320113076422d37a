// The one way code says it reads or writes a scoped table beyond the caller's rules. Every
// action, job and mail reaches a module's rows through the record engine (Record.*, accessModule)
// or rowsOf (scoped-rows.ts), which apply the entity scope and row rules. A file whose own
// queries name a scoped table outside the record engine must declare why, once, in code:
//
//   export const BEYOND_RULES = beyondRules('Sign-in reads the user row before anyone is signed in');
//
// engine/records/scoped-queries.test.ts fails on a file that queries a scoped table without this declaration,
// and docs/security.md ("Queries beyond the rules") lists every declaring file for review.

const reasons = new Map<string, string>();

/** Declares the reason this file's queries read or write scoped tables without the caller's rules. */
export function beyondRules(reason: string): string {
  if (reason.trim().length < 20) throw new Error(`beyondRules needs a reason a reviewer can check, not "${reason}"`);
  reasons.set(reason, reason);
  return reason;
}

/** The reasons declared by the modules loaded so far (for the call log and reviews). */
export function declaredReasons(): string[] {
  return [...reasons.keys()];
}
