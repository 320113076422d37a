// Which sign-off and review moves a user is offered on a form (PROTOCOL.md §7, seed 000 §4.1):
// the entity's preparer → checker → approver chain with its steps back, and the regulator's
// review. The server's state map decides; this only leaves out buttons that would be refused.
import { FORM_STATE, FORM_STATE_NAMES as STATE_NAMES, isReturn, WRITABLE_STATES } from '../../../portal/filing/form-states.js';

export { FORM_STATE, STATE_NAMES, isReturn };

/** Entity-level roles of the current entity (seed 003 §6). */
export const ENTITY_ROLE = { preparer: '25', checker: '26', approver: '27' } as const;

export interface Move {
  /** `data-move` of the button. */
  id: 'prepare' | 'verify' | 'submit' | 'return-open' | 'return-pending' | 'amend' | 'accept' | 'return-amendment';
  label: string;
  to: number;
  /** A reason must be given (steps back and returns). */
  reason: boolean;
  /** Form.submit rather than a state change by Record.update. */
  submit?: boolean;
  primary?: boolean;
}

export interface Viewer {
  side: 'entity' | 'regulator';
  /** The permissions the state maps name (REForm.action.prepare/check/approve, Form.action.review). */
  can: { prepare: boolean; check: boolean; approve: boolean; review: boolean };
  userId: number | null;
}

/** What the signed-in user may do, from their permissions, or the entity role of the current entity. */
export function viewerOf(side: Viewer['side'], user: { id: number; roles: Record<string, boolean>; permissions: Record<string, boolean> } | null): Viewer {
  const p = user?.permissions ?? {};
  const r = user?.roles ?? {};
  const { preparer, checker, approver } = ENTITY_ROLE;
  return {
    side,
    userId: user ? Number(user.id) : null,
    can: {
      prepare: Boolean(p['REForm.action.prepare'] || r[preparer] || r[approver]),
      check: Boolean(p['REForm.action.check'] || r[checker] || r[approver]),
      approve: Boolean(p['REForm.action.approve'] || r[approver]),
      review: Boolean(p['Form.action.review']),
    },
  };
}

export interface FormFacts {
  state: number;
  frozen: boolean;
  preparedBy: number | null;
}

/** The moves offered, in button order. A frozen batch offers none. */
export function movesFor(form: FormFacts, v: Viewer): Move[] {
  if (form.frozen) return [];
  const moves: Move[] = [];
  if (v.side === 'regulator') {
    if (!v.can.review) return moves;
    if (form.state === FORM_STATE.submitted) moves.push({ id: 'accept', label: 'Accept', to: FORM_STATE.accepted, reason: false, primary: true });
    if (form.state === FORM_STATE.submitted || form.state === FORM_STATE.accepted) moves.push({ id: 'return-amendment', label: 'Return for amendment', to: FORM_STATE.amendment, reason: true });
    return moves;
  }
  switch (form.state) {
    case FORM_STATE.open:
      if (v.can.prepare) moves.push({ id: 'prepare', label: 'Submit for verification', to: FORM_STATE.pendingVerification, reason: false, primary: true });
      break;
    case FORM_STATE.pendingVerification:
      if (v.can.check) {
        moves.push({ id: 'verify', label: 'Verify', to: FORM_STATE.ready, reason: false, primary: true });
        moves.push({ id: 'return-open', label: 'Return', to: FORM_STATE.open, reason: true });
      }
      break;
    case FORM_STATE.ready:
      // Four-eyes: whoever prepared this version does not approve it.
      if (v.can.approve && form.preparedBy !== v.userId) moves.push({ id: 'submit', label: 'Submit', to: FORM_STATE.submitted, reason: false, submit: true, primary: true });
      if (v.can.approve) moves.push({ id: 'return-pending', label: 'Return', to: FORM_STATE.pendingVerification, reason: true });
      break;
    case FORM_STATE.amendment:
      if (v.can.prepare) moves.push({ id: 'amend', label: 'Start amendment', to: FORM_STATE.open, reason: false, primary: true });
      break;
  }
  return moves;
}

/**
 * Cells take input for those who prepare (REForm.action.prepare), on the entity's side, in the
 * states the server writes (WRITABLE_STATES, the one list Form.saveData checks), in a batch not
 * frozen: a checker is not offered Save on an Open form the server would refuse them.
 */
export function cellsWritable(form: FormFacts, v: Viewer): boolean {
  return v.side === 'entity' && v.can.prepare && !form.frozen && WRITABLE_STATES.has(form.state);
}

/** Why the four-eyes rule hides Submit, for the notice beside the buttons. */
export function fourEyesNotice(form: FormFacts, v: Viewer): string | null {
  if (v.side !== 'entity' || form.frozen || form.state !== FORM_STATE.ready || !v.can.approve || form.preparedBy !== v.userId) return null;
  return 'You prepared this version of the form, so another approver must submit it.';
}

export interface ReturnFacts {
  from: number | null;
  to: number;
  by: string;
  reason: string | null;
}

/**
 * The return that put the form in its present state, for the banner: the last move, when it sent
 * the form back into `state`. Once the form moves on (or its first save reopens an amended form),
 * there is none.
 */
export function standingReturn<M extends ReturnFacts>(moves: readonly M[], state: number): M | null {
  const last = moves.at(-1);
  return last && last.to === state && isReturn(last.from, last.to) ? last : null;
}

/** A state move in words, for the history: `Returned by Demo Checker: Please recheck the totals`. */
export function moveInWords(m: ReturnFacts): string {
  const by = m.by || 'the portal';
  if (isReturn(m.from, m.to)) return `Returned by ${by}${m.reason ? `: ${m.reason}` : ''}`;
  const done: Record<number, string> = {
    [FORM_STATE.pendingVerification]: 'Sent for verification', [FORM_STATE.ready]: 'Verified', [FORM_STATE.submitted]: 'Submitted',
    [FORM_STATE.accepted]: 'Accepted', [FORM_STATE.open]: m.from === FORM_STATE.amendment ? 'Amendment started' : 'Opened',
    [FORM_STATE.amendment]: 'Returned for amendment',
  };
  const what = done[m.to] ?? `Moved to ${STATE_NAMES[m.to] ?? 'another state'}`;
  return `${what} by ${by}${m.reason ? `: ${m.reason}` : ''}`;
}
