// The record engine's value codec: the one place that knows how each field type looks in the
// database (per dialect), on the wire, and in a caller's input. Drivers differ (DECIMAL as a
// string on MySQL, booleans as 0/1, JSON parsed or not); everything is normalised here.
import type { ColumnType, Cell } from '../protocol/envelope.js';
import { hasXmlIllegalChars } from '../protocol/envelope.js';
import type { FieldType } from '../metadata/module-schema.js';
import type { ResolvedField } from '../metadata/module-registry.js';

export function columnTypeOf(type: FieldType): ColumnType {
  return type === 'text' ? 'string' : type;
}

const pad = (n: number) => String(n).padStart(2, '0');

function dateTimeString(v: unknown): string {
  if (v instanceof Date) {
    return `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())} ${pad(v.getUTCHours())}:${pad(v.getUTCMinutes())}:${pad(v.getUTCSeconds())}`;
  }
  const s = String(v).replace('T', ' ');
  return s.length >= 19 ? s.slice(0, 19) : s.length === 10 ? `${s} 00:00:00` : s;
}

/** A database value as the wire text of its column type (`scale`: decimal places of a decimal). */
export function toCell(v: unknown, type: FieldType, scale?: number): Cell {
  if (v === null || v === undefined) return null;
  switch (type) {
    case 'integer':
      return typeof v === 'number' ? String(Math.trunc(v)) : String(v);
    case 'boolean':
      return v === true || v === 1 || v === '1' || v === 'true' ? '1' : '0';
    case 'decimal':
      // SQLite hands back a number (6250000); MariaDB the DECIMAL text (6250000.00): one wire form.
      return typeof v === 'number' ? v.toFixed(scale ?? 2) : String(v);
    case 'date':
      return v instanceof Date ? dateTimeString(v).slice(0, 10) : String(v).slice(0, 10);
    case 'datetime':
      return dateTimeString(v);
    case 'json':
      return typeof v === 'string' ? v : JSON.stringify(v);
    default:
      return String(v);
  }
}

const DATE_TIME = /^\s*(?:(\d{4})-(\d{2})-(\d{2})|(\d{2})\/(\d{2})\/(\d{4}))(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?\s*$/;
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * `YYYY-MM-DD` or `DD/MM/YYYY` (as the originals' screens type it), optionally followed by
 * `HH:mm[:ss]`; undefined unless it is a real calendar date and time.
 */
export function splitDateTime(s: string): { date: string; time?: string } | undefined {
  const m = DATE_TIME.exec(s);
  if (!m) return undefined;
  const [y, mo, d] = m[1] ? [m[1], m[2], m[3]] : [m[6], m[5], m[4]];
  const dt = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (Number(y) < 1000 || dt.getUTCMonth() !== Number(mo) - 1 || dt.getUTCDate() !== Number(d)) return undefined;
  if (m[7] === undefined) return { date: `${y}-${mo}-${d}` };
  const [h, mi, se] = [m[7], m[8], m[9] ?? '00'];
  if (Number(h) > 23 || Number(mi) > 59 || Number(se) > 59) return undefined;
  return { date: `${y}-${mo}-${d}`, time: `${h}:${mi}:${se}` };
}

/** A date (no time) → `YYYY-MM-DD`. */
export function parseDate(s: string): string | null {
  const d = splitDateTime(s);
  return d && !d.time ? d.date : null;
}

/** A date with or without time, or ISO 8601 with a zone (converted to UTC) → `YYYY-MM-DD HH:mm:ss`. */
export function parseDateTime(s: string): string | null {
  if (ZONED.test(s)) {
    const t = Date.parse(s);
    return Number.isNaN(t) ? null : new Date(t).toISOString().slice(0, 19).replace('T', ' ');
  }
  const d = splitDateTime(s);
  return d ? `${d.date} ${d.time ?? '00:00:00'}` : null;
}

export class ValueError extends Error {}

const INT_MAX = 2147483647;
const TEXT_BYTES = 65535;

function utf8Length(s: string): number {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

/**
 * A caller's input for a field → the value to store. Throws ValueError with a message a user
 * can act on. Empty strings of non-text fields mean NULL (forms send "" for a cleared field).
 */
export function fromInput(v: unknown, field: ResolvedField): unknown {
  const { type, def } = field;
  if (v === undefined || v === null || (v === '' && type !== 'string' && type !== 'text')) return null;
  if (typeof v === 'string' && hasXmlIllegalChars(v)) throw new ValueError('contains control characters that cannot be stored');
  switch (type) {
    case 'string':
    case 'text': {
      if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') throw new ValueError('must be text');
      const s = String(v);
      const max = def.length ?? (type === 'string' ? 255 : 65535);
      if ([...s].length > max) throw new ValueError(`must be at most ${max} characters`);
      // A TEXT column holds 65,535 bytes on MariaDB, not characters: an emoji takes four.
      if (type === 'text' && def.length === undefined && utf8Length(s) > TEXT_BYTES) throw new ValueError(`is too long: at most ${TEXT_BYTES} bytes of text`);
      return s;
    }
    case 'integer': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : typeof v === 'boolean' ? Number(v) : NaN;
      if (!Number.isInteger(n) || Math.abs(n) > INT_MAX) throw new ValueError('must be a whole number');
      return n;
    }
    case 'decimal': {
      const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim().replace(/,/g, '') : '';
      if (!/^-?\d+(\.\d+)?$/.test(s) || !Number.isFinite(Number(s))) throw new ValueError('must be a number');
      const [whole, frac = ''] = s.replace('-', '').split('.');
      const precision = def.length ?? 18;
      const scale = def.scale ?? 2;
      if (frac.length > scale && def.round) return fromInput(roundDecimal(s, scale), field);
      if (frac.length > scale) throw new ValueError(`must have at most ${scale} decimal places`);
      if (whole.replace(/^0+/, '').length > precision - scale) throw new ValueError('is too large');
      return s;
    }
    case 'boolean':
      if (v === true || v === 1 || v === '1' || v === 'true' || v === 'Y') return 1;
      if (v === false || v === 0 || v === '0' || v === 'false' || v === 'N') return 0;
      throw new ValueError('must be true or false');
    case 'date': {
      const d = typeof v === 'string' ? parseDate(v.trim()) : null;
      if (!d) throw new ValueError('must be a date (YYYY-MM-DD)');
      return d;
    }
    case 'datetime': {
      const d = typeof v === 'string' ? parseDateTime(v.trim()) : null;
      if (!d) throw new ValueError('must be a date and time (YYYY-MM-DD HH:mm:ss)');
      return d;
    }
    case 'json': {
      if (typeof v === 'string') {
        try {
          JSON.parse(v);
        } catch {
          throw new ValueError('must be valid JSON');
        }
        return v;
      }
      return JSON.stringify(v);
    }
  }
}

/** `s` (a plain decimal) rounded half away from zero to `scale` places, by its digits (no binary floating point). */
export function roundDecimal(s: string, scale: number): string {
  const negative = s.startsWith('-');
  const [whole, frac = ''] = s.replace('-', '').split('.');
  if (frac.length <= scale) return s;
  let digits = (whole + frac.slice(0, scale)).split('').map(Number);
  if (Number(frac[scale]) >= 5) {
    let i = digits.length - 1;
    while (i >= 0 && digits[i] === 9) digits[i--] = 0;
    if (i < 0) digits = [1, ...digits];
    else digits[i] += 1;
  }
  const text = digits.join('');
  const w = text.slice(0, text.length - scale) || '0';
  const out = scale ? `${w}.${text.slice(text.length - scale)}` : w;
  return negative && /[1-9]/.test(out) ? `-${out}` : out;
}

/** Checks `options` after conversion; numbers and their strings are the same option. */
export function isAllowedOption(v: unknown, options: (string | number)[]): boolean {
  return options.some((o) => String(o) === String(v));
}
