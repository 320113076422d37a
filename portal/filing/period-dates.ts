// Reporting periods as dates (docs/filing-periods.md): a period is named by its last day and the
// number of months its calendar spans (list group 80, value0). Pure functions, shared by opening
// periods, ad hoc forms and the demo seed, so a period reads the same wherever it is made.

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SHORT = MONTHS.map((m) => m.slice(0, 3));

export interface ReportingPeriod {
  /** First day, `YYYY-MM-DD`. */
  start: string;
  /** Last day, `YYYY-MM-DD` (the batch's and form's `endon`). */
  end: string;
  /** `YYYY-MM` of the last month (the form's `reportingperiod`, the lists' month filter). */
  month: string;
  /** `October 2026`, `Q3 2026`, `H2 2026`, `FY 2026`, or the dates for other spans. */
  label: string;
  /** `1 Oct 2026 - 31 Oct 2026` (the form's `datedesc`). */
  datedesc: string;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m0: number, d: number) => new Date(Date.UTC(y, m0, d));

/** The date of `YYYY-MM-DD`, or null when it is not a real calendar day. */
export function parseIsoDate(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const d = utc(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return iso(d) === text ? d : null;
}

/** The last day of month `m0` (0-based) of year `y`, `YYYY-MM-DD`. */
export function monthEnd(y: number, m0: number): string {
  return iso(utc(y, m0 + 1, 0));
}

export function addDays(isoDate: string, days: number): string {
  return iso(new Date(parseIsoDate(isoDate)!.getTime() + days * 86_400_000));
}

/**
 * Why `end` cannot end a period of `months` months, or null when it can: it must be the last
 * day of a month, and longer periods end on their calendar boundary (quarters in March, June,
 * September and December; half years in June and December; years in December).
 */
export function periodEndProblem(end: string, months: number): string | null {
  const d = parseIsoDate(end);
  if (!d) return 'is not a date (YYYY-MM-DD)';
  if (monthEnd(d.getUTCFullYear(), d.getUTCMonth()) !== end) return 'must be the last day of a month';
  if (months > 1 && 12 % months === 0 && (d.getUTCMonth() + 1) % months !== 0) return `must end a ${months}-month period of the calendar year`;
  return null;
}

function label(start: Date, end: Date, months: number): string {
  const y = end.getUTCFullYear();
  const m = end.getUTCMonth();
  if (months === 1) return `${MONTHS[m]} ${y}`;
  if (months === 3 && (m + 1) % 3 === 0) return `Q${(m + 1) / 3} ${y}`;
  if (months === 6 && (m + 1) % 6 === 0) return `H${(m + 1) / 6} ${y}`;
  if (months === 12 && m === 11) return `FY ${y}`;
  return `${MONTHS[start.getUTCMonth()]} ${start.getUTCFullYear()} - ${MONTHS[m]} ${y}`;
}

const dayText = (d: Date) => `${d.getUTCDate()} ${SHORT[d.getUTCMonth()]} ${d.getUTCFullYear()}`;

/** The period of `months` months ending on `end` (a month's last day, checked by periodEndProblem). */
export function periodOf(end: string, months: number): ReportingPeriod {
  const e = parseIsoDate(end)!;
  const start = utc(e.getUTCFullYear(), e.getUTCMonth() - months + 1, 1);
  return {
    start: iso(start),
    end,
    month: end.slice(0, 7),
    label: label(start, e, months),
    datedesc: `${dayText(start)} - ${dayText(e)}`,
  };
}

/** The monthly period before the month of `today` (the demo's "current" period). */
export function previousMonthEnd(today: Date): string {
  return monthEnd(today.getUTCFullYear(), today.getUTCMonth() - 1);
}
