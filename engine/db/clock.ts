// Date-times are stored and answered as UTC `YYYY-MM-DD HH:mm:ss` strings on both dialects
// (PROTOCOL.md §2 leaves the zone to the docs; docs/protocol.md states UTC).
export function sqlDateTime(d: Date = new Date()): string {
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

export function sqlDate(d: Date = new Date()): string {
  return d.toISOString().slice(0, 10);
}

export function addMinutes(d: Date, minutes: number): Date {
  return new Date(d.getTime() + minutes * 60_000);
}
