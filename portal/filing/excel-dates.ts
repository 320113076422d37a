// Excel's date arithmetic for the functions where HyperFormula's differs (excel-functions.ts
// registers them): DATEDIF, DAYS360, EDATE and ISOWEEKNUM. Pure, on calendar dates; the plugin
// turns date serials into them and back.

export interface CalendarDate {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a date whose parts may overflow (31 February is 3 March). */
const dayNumber = (year: number, month: number, day: number) => Math.round(Date.UTC(year, month - 1, day) / DAY_MS);

/** Days in a month (February of a leap year: 29). */
export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export const DATEDIF_UNITS = ['D', 'M', 'Y', 'YM', 'MD', 'YD'] as const;

/**
 * DATEDIF from `a` to `b` (not before `a`) in a unit of DATEDIF_UNITS, any case: days, whole
 * months, whole years, months beyond the years, days beyond the months (MD: Excel's and
 * LibreOffice's roll-over, which may answer a negative count: 31-01 to 01-03 is -1 in a leap year),
 * days beyond the years (YD). Undefined for another unit.
 */
export function dateDifference(a: CalendarDate, b: CalendarDate, unit: string): number | undefined {
  const beforeAnniversary = b.month < a.month || (b.month === a.month && b.day < a.day);
  const months = (b.year - a.year) * 12 + (b.month - a.month) - (b.day < a.day ? 1 : 0);
  const end = dayNumber(b.year, b.month, b.day);
  switch (unit.toUpperCase()) {
    case 'D':
      return end - dayNumber(a.year, a.month, a.day);
    case 'M':
      return months;
    case 'Y':
      return b.year - a.year - (beforeAnniversary ? 1 : 0);
    case 'YM':
      return months % 12;
    case 'MD':
      if (b.day >= a.day) return b.day - a.day;
      return end - (b.month === 1 ? dayNumber(b.year - 1, 12, a.day) : dayNumber(b.year, b.month - 1, a.day));
    case 'YD':
      return end - dayNumber(beforeAnniversary ? b.year - 1 : b.year, a.month, a.day);
    default:
      return undefined;
  }
}

/**
 * DAYS360: European method, a 31st counts as the 30th; US method (Excel's), a start on the 31st
 * or on February's last day counts as the 30th, and an end on the 31st as the 30th only when the
 * start is (then) the 30th. The rules follow the roles, not the order: a start after the end
 * answers a negative count.
 */
export function days360(a: CalendarDate, b: CalendarDate, european: boolean): number {
  let from = a.day;
  let to = b.day;
  if (european) {
    from = Math.min(from, 30);
    to = Math.min(to, 30);
  } else {
    if (from === 31 || (a.month === 2 && from === daysInMonth(a.year, 2))) from = 30;
    if (to === 31 && from === 30) to = 30;
  }
  return (b.year - a.year) * 360 + (b.month - a.month) * 30 + (to - from);
}

/** EDATE: the same day `months` months on (whole months), or that month's last day when it has none. */
export function addMonths(a: CalendarDate, months: number): CalendarDate {
  const index = a.year * 12 + a.month - 1 + Math.trunc(months);
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return { year, month, day: Math.min(a.day, daysInMonth(year, month)) };
}

/** ISO 8601 week number: the week of the date's Thursday; week 1 holds the year's first Thursday. */
export function isoWeekNumber(a: CalendarDate): number {
  const thursday = (d: number) => d + 3 - ((new Date(d * DAY_MS).getUTCDay() + 6) % 7);
  const own = thursday(dayNumber(a.year, a.month, a.day));
  const year = new Date(own * DAY_MS).getUTCFullYear();
  return 1 + Math.round((own - thursday(dayNumber(year, 1, 4))) / 7);
}
