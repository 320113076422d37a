// The routine report form's values and formats (seed 003 §5, §9): deadlines typed dd/mm/yyyy,
// the submission deadline sent YYYY-MM-DD 23:59:59.0, the single-choice groups' options.
import type { Row } from '../rpc/rpc';

export const REQUIRED_MESSAGE = 'Please fill in all the required fields';

export const ROUTINE_STATE = { pending: 61, amendment: 74, responded: 58, pendingRecommendation: 79, recommended: 65, approved: 66, published: 103 } as const;
/** Seed 003 §4.5: replying is hidden in these states. */
export const NO_REPLY_STATES: number[] = [79, 65, 66, 103];

export const CHOICES = {
  stakeholders: [['internal', 'Internal'], ['external', 'External']],
  publication: [['yes', 'Yes'], ['no', 'No']],
  periodicity: [['monthly', 'Monthly'], ['quarterly', 'Quarterly'], ['semiannual', 'Semi-Annual'], ['annual', 'Annual']],
} as const satisfies Record<string, readonly (readonly [string, string])[]>;

export interface ReportForm {
  bulletintmpl: string; name: string; subjectarea: string; stakeholders: string; publication: string; periodicity: string;
  noofre: string; typeofre: string; submissiondue: string; submissionlevel: string; preceedingamt: string; accuracylevel: string;
  majorcontribute: string; trend: string; insight: string; disseminationdeadline: string;
}

/** A stored date or date-time → dd/mm/yyyy for typing. */
export function typedDay(v: unknown): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(v ?? ''));
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** dd/mm/yyyy → YYYY-MM-DD, or '' when it is not a real day. */
export function dayOf(typed: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(typed.trim());
  if (!m) return '';
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : '';
}

/** The submission deadline as the seed sends it: YYYY-MM-DD 23:59:59.0. */
export function deadlineValue(typed: string): string {
  return `${dayOf(typed)} 23:59:59.0`;
}

const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function emptyReport(r: Row | null): ReportForm {
  return {
    bulletintmpl: s(r?.bulletintmpl), name: s(r?.name), subjectarea: s(r?.subjectarea), stakeholders: s(r?.stakeholders), publication: s(r?.publication), periodicity: s(r?.periodicity),
    noofre: s(r?.noofre), typeofre: s(r?.typeofre), submissiondue: typedDay(r?.submissiondue), submissionlevel: r?.submissionlevel === null || r?.submissionlevel === undefined ? '' : String(Number(r.submissionlevel)),
    preceedingamt: s(r?.preceedingamt), accuracylevel: s(r?.accuracylevel), majorcontribute: s(r?.majorcontribute), trend: s(r?.trend), insight: s(r?.insight), disseminationdeadline: typedDay(r?.disseminationdeadline),
  };
}
