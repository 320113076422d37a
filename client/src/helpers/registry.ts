// Behaviour named in metadata (row and form buttons, change handlers, onload) resolves here,
// from code shipped with the client: a reference is `name` or `name(arg, …)` with literal
// arguments (numbers, identifiers, quoted strings), parsed by a small tokenizer. Metadata text
// is never evaluated. Unknown names: "Function not provided: X"; bad text: "Failed to parse: …".
import { dialogs } from '../ui/dialogs';
import type { Row } from '../rpc/rpc';

export interface HelperContext {
  /** The list row the button belongs to. */
  row?: Row;
  /** The form's current values. */
  record?: Row;
  /** The module the screen reads and writes. */
  module?: string;
  shell: 're' | 'iru' | 'admin';
  navigate(to: string): void;
  /** Reloads the screen's data after a change. */
  reload(): void;
  /** Form change handlers: sets another field's value. */
  setValue?(field: string, value: unknown): void;
  /** Lists: the conditions always applied (the view's, the address's fk_ filters, the embedding page's). */
  fixed?: unknown[];
  /** Forms: the mode shown. */
  mode?: 'view' | 'edit' | 'create';
  /** Forms: shows these fields read-only and leaves them out of the save (the server refuses them anyway). */
  lockFields?(fields: string[]): void;
}

export type Helper = (ctx: HelperContext, ...args: (string | number)[]) => void | Promise<void>;

const helpers = new Map<string, Helper>();

export function registerHelper(name: string, helper: Helper): void {
  if (helpers.has(name)) throw new Error(`Helper ${name} is registered twice`);
  helpers.set(name, helper);
}

export function hasHelper(name: string): boolean {
  return helpers.has(name);
}

/** The names registered so far (a test compares them with engine/metadata/helper-names.ts). */
export function registeredHelpers(): string[] {
  return [...helpers.keys()].sort();
}

export class HelperRefError extends Error {}

/** `setStatus(4)` → { name: 'setStatus', args: [4] }; throws HelperRefError on anything else. */
export function parseHelperRef(ref: string): { name: string; args: (string | number)[] } {
  const m = /^\s*([A-Za-z][A-Za-z0-9_.]*)\s*(?:\((.*)\))?\s*$/s.exec(ref);
  if (!m) throw new HelperRefError(`Failed to parse: ${ref}`);
  const args: (string | number)[] = [];
  const body = (m[2] ?? '').trim();
  if (body) {
    const token = /\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|(-?\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z0-9_]*))\s*(,|$)/y;
    let at = 0;
    while (at < body.length) {
      token.lastIndex = at;
      const t = token.exec(body);
      if (!t) throw new HelperRefError(`Failed to parse: ${ref}`);
      args.push(t[3] !== undefined ? Number(t[3]) : (t[1] ?? t[2] ?? t[4]).replace(/\\(.)/g, '$1'));
      at = token.lastIndex;
      if (t[5] === '' && at < body.length) throw new HelperRefError(`Failed to parse: ${ref}`);
    }
  }
  return { name: m[1], args };
}

/** Runs a helper reference; problems become the seed's dialogs, answered false. */
export async function runHelper(ref: string, ctx: HelperContext): Promise<boolean> {
  let parsed: { name: string; args: (string | number)[] };
  try {
    parsed = parseHelperRef(ref);
  } catch (e) {
    await dialogs.alert('', (e as Error).message, 'error');
    return false;
  }
  const helper = helpers.get(parsed.name);
  if (!helper) {
    await dialogs.alert('', `Function not provided: ${parsed.name}`, 'error');
    return false;
  }
  await helper(ctx, ...parsed.args);
  return true;
}
