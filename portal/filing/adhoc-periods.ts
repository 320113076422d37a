// The periods an ad hoc form may be created for (seed 002 §9) and the messages of its create
// dialog (seed 002 §5). Pure, so the client's dialog can offer the same choices the server checks.
import { monthEnd, periodOf, type ReportingPeriod } from './period-dates.js';

export const ADHOC_MESSAGES = {
  code: 'Please choose form code.',
  month: 'Please select a month.',
  year: 'Please select a year.',
  success: 'Successful: Periodic form create successfully',
} as const;

export interface PeriodChoice {
  /** The month the period ends in (1-12), what the dialog sends as `month`. */
  value: number;
  label: string;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** App II returns are half-yearly, on two different cycles; everything else is monthly. */
const HALF_YEARS: [prefix: string, choices: PeriodChoice[]][] = [
  ['APP II Domestic', [{ value: 4, label: 'November - April' }, { value: 10, label: 'May - October' }]],
  ['APP II UNSCR', [{ value: 12, label: 'July - December' }, { value: 6, label: 'January - June' }]],
];

const MONTHLY: PeriodChoice[] = MONTHS.map((label, i) => ({ value: i + 1, label }));

/** The months a code's period may end in, and how many months the period spans. */
export function adhocChoices(code: string): { months: number; choices: PeriodChoice[] } {
  const half = HALF_YEARS.find(([prefix]) => code.startsWith(prefix));
  return half ? { months: 6, choices: half[1] } : { months: 1, choices: MONTHLY };
}

/** Years offered: the previous, the current and the next. */
export function adhocYears(today: Date): number[] {
  const y = today.getUTCFullYear();
  return [y - 1, y, y + 1];
}

export interface AdhocRequest {
  code?: string;
  month?: number | string;
  year?: number | string;
}

const asInt = (v: unknown) => (v === undefined || v === null || String(v).trim() === '' ? null : /^\d+$/.test(String(v).trim()) ? Number(v) : NaN);

/**
 * The problems of a request, keyed by field, each with the seed's message: a code that is not
 * one of `codes`, a month its period cannot end in, a year not offered.
 */
export function adhocProblems(req: AdhocRequest, codes: readonly string[], today: Date): Record<string, string> {
  const problems: Record<string, string> = {};
  const code = req.code?.trim() ?? '';
  if (!code || !codes.includes(code)) problems.code = ADHOC_MESSAGES.code;
  const month = asInt(req.month);
  if (month === null || Number.isNaN(month) || !adhocChoices(code).choices.some((c) => c.value === month)) problems.month = ADHOC_MESSAGES.month;
  const year = asInt(req.year);
  if (year === null || Number.isNaN(year) || !adhocYears(today).includes(year)) problems.year = ADHOC_MESSAGES.year;
  return problems;
}

/** The period of a valid request: it ends on the last day of `month` of `year`. */
export function adhocPeriod(code: string, month: number, year: number): ReportingPeriod {
  return periodOf(monthEnd(year, month - 1), adhocChoices(code).months);
}
