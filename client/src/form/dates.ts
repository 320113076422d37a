// Dates as users type them and as the wire carries them (seed 000 §2.9): a date is typed
// DD/MM/YYYY and sent YYYY-MM-DD; a date-time is typed DD/MM/YYYY HH:mm in the user's zone and
// sent YYYY-MM-DD HH:mm:ss in UTC, as the engine stores and answers it (docs/engine.md).
import { DateTime } from 'luxon';

const WIRE_DATE = 'yyyy-MM-dd';
const WIRE_DATETIME = 'yyyy-MM-dd HH:mm:ss';
const SHOWN_DATE = 'dd/MM/yyyy';
const SHOWN_DATETIME = 'dd/MM/yyyy HH:mm';

/** `2024-01-31` → `31/01/2024`; anything else is shown as it is. */
export function dateToDisplay(wire: string | null | undefined): string {
  if (!wire) return '';
  const d = DateTime.fromFormat(wire.slice(0, 10), WIRE_DATE, { zone: 'utc' });
  return d.isValid ? d.toFormat(SHOWN_DATE) : wire;
}

/** `31/01/2024` (or `1/2/2024`) → `2024-01-31`; null unless it is a real calendar date. */
export function dateFromDisplay(typed: string): string | null {
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(typed);
  if (!m) return null;
  const d = DateTime.fromObject({ day: Number(m[1]), month: Number(m[2]), year: Number(m[3]) }, { zone: 'utc' });
  return d.isValid ? d.toFormat(WIRE_DATE) : null;
}

/** `2024-01-31 13:05:00` (UTC) → `31/01/2024 21:05` in `zone` (default the browser's). */
export function dateTimeToDisplay(wire: string | null | undefined, zone = 'local'): string {
  if (!wire) return '';
  const d = DateTime.fromFormat(wire.slice(0, 19).replace('T', ' '), WIRE_DATETIME, { zone: 'utc' });
  return d.isValid ? d.setZone(zone).toFormat(SHOWN_DATETIME) : wire;
}

/** `31/01/2024 21:05` in `zone` → `2024-01-31 13:05:00` (UTC); a date alone means 00:00. */
export function dateTimeFromDisplay(typed: string, zone = 'local'): string | null {
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2}))?\s*$/.exec(typed);
  if (!m) return null;
  const d = DateTime.fromObject(
    { day: Number(m[1]), month: Number(m[2]), year: Number(m[3]), hour: Number(m[4] ?? 0), minute: Number(m[5] ?? 0) },
    { zone },
  );
  return d.isValid ? d.toUTC().toFormat(WIRE_DATETIME) : null;
}

/** Wire dates and date-times compare as text; null when either is missing or not a wire value. */
export function compareWire(a: unknown, b: unknown): number | null {
  if (typeof a !== 'string' || typeof b !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(a) || !/^\d{4}-\d{2}-\d{2}/.test(b)) return null;
  return a < b ? -1 : a > b ? 1 : 0;
}

export const WIRE_DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
export const WIRE_DATETIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$';
