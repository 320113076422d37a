// Date-times come back from both dialects as UTC `YYYY-MM-DD HH:mm:ss` strings (engine/db/clock.ts);
// identity rules compare them with the clock.
export function parseSqlDateTime(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return value;
  const ms = Date.parse(`${String(value).replace(' ', 'T')}Z`);
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** `HH:mm UTC` of a moment, for messages that say when to come back. */
export function clockTime(d: Date): string {
  return `${d.toISOString().slice(11, 16)} UTC`;
}
