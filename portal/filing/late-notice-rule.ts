// When a submission's late notice may be sent (seed 002 §4 Submissions: "shown only when the due
// date (plus one day) has passed and the batch is not completed on time"). Pure and without
// imports: the regulator's row button (client/src/list/list-helper-rules.ts) and
// FormBatch.lateNotify judge by this same rule.

export interface LateNoticeBatch {
  duedate?: unknown;
  state?: unknown;
  submitteddate?: unknown;
}

/** Completed (71): the batch's submitteddate is stamped when it reaches that state. */
const COMPLETED = 71;

/** `2026-02-15`, `2026-02-15 10:00:00`, `2026-02-15T…` or a Date → `2026-02-15`; else null. */
export function isoDay(v: unknown): string | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString().slice(0, 10);
  const s = v === null || v === undefined ? '' : String(v);
  return /^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : null;
}

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The first day a late notice may be sent: the day after the due date's day of grace. */
export function firstLateNoticeDay(duedate: string): string {
  return addDays(duedate, 2);
}

/** Why no late notice may be sent for `batch` on `today` (YYYY-MM-DD), or null when it may. */
export function lateNoticeProblem(batch: LateNoticeBatch, today: string): string | null {
  const due = isoDay(batch.duedate);
  if (!due) return 'This submission has no due date.';
  const submitted = isoDay(batch.submitteddate);
  if (Number(batch.state) === COMPLETED && submitted !== null && submitted <= due) return 'This submission was completed on time.';
  const first = firstLateNoticeDay(due);
  if (today < first) return `This submission is not late: it is due on ${due}, and a late notice can be sent from ${first}.`;
  return null;
}
