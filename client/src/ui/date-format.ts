// The one way the portal shows a date (seed 000 §2.8, §9; docs/client.md): a day as DD/MM/YYYY, a moment
// as DD/MM/YYYY hh:mm:ss a (the originals' moment format: 12-hour clock, lower-case am/pm) in the
// browser's zone. The engine answers days as `YYYY-MM-DD` and moments as UTC `YYYY-MM-DD HH:mm:ss`.
// How dates are typed (DD/MM/YYYY, DD/MM/YYYY HH:mm) is form/dates.ts; this module only shows.
import { DateTime } from 'luxon';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A wire value (or a Date) as a luxon moment in UTC; null when it is none. */
function moment(value: unknown): DateTime | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : DateTime.fromJSDate(value, { zone: 'utc' });
  if (typeof value !== 'string' || !value.trim()) return null;
  const text = value.trim().replace('T', ' ').replace(/(\.\d+)?Z$/, '');
  const d = DateTime.fromSQL(text, { zone: 'utc' });
  return d.isValid ? d : null;
}

/**
 * A day as DD/MM/YYYY: `2024-03-07` (or the day part of a stored date-time, as the server counts
 * days, in UTC) → `07/03/2024`. Nothing shows as ''; text that is no date is shown as it is.
 */
export function formatDate(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (value instanceof Date) return moment(value)?.toFormat('dd/MM/yyyy') ?? '';
  const text = String(value);
  const d = DateTime.fromISO(text.slice(0, 10), { zone: 'utc' });
  return /^\d{4}-\d{2}-\d{2}/.test(text) && d.isValid ? d.toFormat('dd/MM/yyyy') : text;
}

/**
 * A moment as DD/MM/YYYY hh:mm:ss a in `zone` (default the browser's): `2024-03-07 15:04:05`
 * (UTC) → `07/03/2024 03:04:05 pm` in UTC. A day alone is shown as a day. Text that is no date is
 * shown as it is.
 */
export function formatDateTime(value: unknown, zone: string = 'local'): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && DAY.test(value.trim())) return formatDate(value.trim());
  const d = moment(value);
  if (!d) return value instanceof Date ? '' : String(value);
  const local = d.setZone(zone);
  return `${local.toFormat('dd/MM/yyyy hh:mm:ss')} ${local.hour < 12 ? 'am' : 'pm'}`;
}
