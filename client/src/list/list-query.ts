// The list page's query as pure functions: filter form values → `where` triples (seed 000 §2.8,
// §5; seed 001 §2.3, §5.2), the reverse (so an address with `where` fills the form again),
// the custom search box, LIKE escaping, sorting and the page buttons. No React, no I/O.
import { DateTime } from 'luxon';
import type { ListFilter } from '../../../engine/metadata/screen-schemas.js';

export type Triple = [string, string, unknown];
/** The wire column types of a recordset (engine/protocol/envelope.ts). */
export type ColumnType = 'string' | 'integer' | 'decimal' | 'date' | 'datetime' | 'boolean' | 'json';

/** What the user typed or chose in one filter: `value`, or `from`/`to` for the ranges. */
export interface FilterValue {
  value?: string;
  from?: string;
  to?: string;
}
/** Keyed by the filter's position in the view's `filters`. */
export type FilterValues = Record<number, FilterValue>;

export interface SearchValue {
  field: string;
  text: string;
}

/** A value the user typed that cannot become a condition; shown beside the form. */
export class FilterInputError extends Error {}

// ---------------------------------------------------------------- dates

const DATE_INPUT = ['d/M/yyyy', 'd-M-yyyy', 'yyyy-MM-dd'];
const DMY = /^\d{1,2}[/-]\d{1,2}[/-]\d{4}$/;

/** DD/MM/YYYY (or DD-MM-YYYY, or YYYY-MM-DD) → YYYY-MM-DD; null when not a real date. */
export function parseUserDate(text: string): string | null {
  const t = text.trim();
  for (const f of DATE_INPUT) {
    const d = DateTime.fromFormat(t, f, { zone: 'utc' });
    if (d.isValid) return d.toFormat('yyyy-MM-dd');
  }
  return null;
}

/** YYYY-MM-DD (or the date part of a date-time) → DD/MM/YYYY. */
export function displayDate(iso: string): string {
  const d = DateTime.fromISO(iso.slice(0, 10), { zone: 'utc' });
  return d.isValid ? d.toFormat('dd/MM/yyyy') : iso;
}

function parseYear(text: string): number | null {
  const t = text.trim();
  return /^\d{4}$/.test(t) ? Number(t) : null;
}

/** YYYY-MM or MM/YYYY → the month's first day. */
function parseMonth(text: string): DateTime | null {
  const t = text.trim();
  for (const f of ['yyyy-MM', 'yyyy-M', 'MM/yyyy', 'M/yyyy', 'MM-yyyy']) {
    const d = DateTime.fromFormat(t, f, { zone: 'utc' });
    if (d.isValid) return d.startOf('month');
  }
  return null;
}

const iso = (d: DateTime) => d.toFormat('yyyy-MM-dd');

/** A whole-day range, as the field's type needs it: dates as dates, date-times to 23:59:59. */
export function dayRange(field: string, from: string, to: string, type: ColumnType | undefined): Triple {
  if (type === 'datetime') return [field, 'between', `${from} 00:00:00,${to} 23:59:59`];
  return [field, 'between', `${from},${to}`];
}

/** [from, to] of a between value: "a,b" or [a, b]. */
function bounds(value: unknown): [string, string] | null {
  const parts = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : [];
  return parts.length === 2 ? [parts[0].trim(), parts[1].trim()] : null;
}

// ---------------------------------------------------------------- LIKE

/** The user's own `%`, `_` and `\` match themselves (the server's ESCAPE is `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

export function unescapeLike(text: string): string {
  return text.replace(/\\([\\%_])/g, '$1');
}

// ---------------------------------------------------------------- filters → where

const TEXTUAL = new Set<ColumnType | undefined>(['string', 'json', undefined]);

function hasSelect(filter: ListFilter): boolean {
  return filter.source !== undefined && filter.tag !== 'input';
}

/** The operator of a plain filter: the configured one, else exact for select boxes, numbers and absolute mode, else contains. */
export function plainCondition(filter: ListFilter, type: ColumnType | undefined): string {
  if (filter.condition) return filter.condition;
  if (hasSelect(filter) || filter.absolute || !TEXTUAL.has(type)) return '=';
  return 'like';
}

function requireDate(text: string): string {
  const d = parseUserDate(text);
  if (!d) throw new FilterInputError(`Invalid date "${text.trim()}": use DD/MM/YYYY`);
  return d;
}

function requireYear(text: string): number {
  const y = parseYear(text);
  if (y === null) throw new FilterInputError(`Invalid year "${text.trim()}": use YYYY`);
  return y;
}

function requireMonth(text: string): DateTime {
  const m = parseMonth(text);
  if (!m) throw new FilterInputError(`Invalid month "${text.trim()}": use YYYY-MM`);
  return m;
}

/** One end may stay empty: the range is then that one day, year or month (seed 001 §5.2). */
function ends(v: FilterValue): [string, string] | null {
  const from = v.from?.trim() ?? '';
  const to = v.to?.trim() ?? '';
  if (!from && !to) return null;
  return [from || to, to || from];
}

function dateCondition(field: string, op: string, date: string, type: ColumnType | undefined): Triple {
  if (type !== 'datetime') return [field, op, date];
  // A date-time field compares with a moment: the day's first or last second.
  if (op === '=') return dayRange(field, date, date, type);
  if (op === '>=' || op === '<') return [field, op, `${date} 00:00:00`];
  if (op === '<=' || op === '>') return [field, op, `${date} 23:59:59`];
  return [field, op, date];
}

/** The conditions of one filter; [] when it is empty. Throws FilterInputError on bad input. */
export function encodeFilter(filter: ListFilter, v: FilterValue, type: ColumnType | undefined): Triple[] {
  const f = filter.name;
  switch (filter.type) {
    case 'plain': {
      const text = v.value?.trim() ?? '';
      if (!text) return [];
      if (type === 'date' || type === 'datetime') return [dateCondition(f, filter.condition ?? '=', requireDate(text), type)];
      const op = plainCondition(filter, type);
      if (op === 'like') return [[f, 'like', `${filter.prefix ?? '%'}${escapeLike(text)}${filter.suffix ?? '%'}`]];
      if (op === 'in') return [[f, 'in', text.split(',').map((s) => s.trim()).filter(Boolean)]];
      return [[f, op, text]];
    }
    case 'date': {
      const text = v.value?.trim() ?? '';
      if (!text) return [];
      return [dateCondition(f, filter.condition ?? '=', requireDate(text), type)];
    }
    case 'daterange': {
      const e = ends(v);
      if (!e) return [];
      const [from, to] = [requireDate(e[0]), requireDate(e[1])];
      if (from > to) throw new FilterInputError('The start date is after the end date');
      return [dayRange(f, from, to, type)];
    }
    case 'year':
    case 'btwn_year': {
      const e = filter.type === 'year' ? (v.value?.trim() ? [v.value, v.value] : null) : ends(v);
      if (!e) return [];
      const [from, to] = [requireYear(e[0]), requireYear(e[1])];
      if (from > to) throw new FilterInputError('The start year is after the end year');
      return [dayRange(f, `${from}-01-01`, `${to}-12-31`, type)];
    }
    case 'month':
    case 'btwn_month': {
      const e = filter.type === 'month' ? (v.value?.trim() ? [v.value, v.value] : null) : ends(v);
      if (!e) return [];
      const [from, to] = [requireMonth(e[0]), requireMonth(e[1])];
      if (from > to) throw new FilterInputError('The start month is after the end month');
      return [dayRange(f, iso(from), iso(to.endOf('month')), type)];
    }
  }
}

/** The custom search box: contains for text, the day for dates typed DD/MM/YYYY, exact otherwise. */
export function encodeSearch(s: SearchValue, type: ColumnType | undefined): Triple[] {
  const text = s.text.trim();
  if (!s.field || !text) return [];
  if (type === 'date' || type === 'datetime') {
    const d = requireDate(text);
    return [type === 'date' ? [s.field, '=', d] : dayRange(s.field, d, d, type)];
  }
  if (type === 'integer' || type === 'decimal') {
    if (!/^-?\d+(\.\d+)?$/.test(text)) throw new FilterInputError(`"${text}" is not a number`);
    return [[s.field, '=', text]];
  }
  if (type === 'boolean') {
    const yes = /^(y|yes|1|true)$/i.test(text);
    if (!yes && !/^(n|no|0|false)$/i.test(text)) throw new FilterInputError('Search for Yes or No');
    return [[s.field, '=', yes ? 1 : 0]];
  }
  // A date typed into a text column is searched as the engine writes dates.
  const asDate = DMY.test(text) ? parseUserDate(text) : null;
  return [[s.field, 'like', `%${escapeLike(asDate ?? text)}%`]];
}

export interface FormState {
  values: FilterValues;
  search: SearchValue;
}

/** The user's part of the where: every filter, then the custom search. */
export function buildWhere(filters: ListFilter[], state: FormState, typeOf: (field: string) => ColumnType | undefined): Triple[] {
  const out: Triple[] = [];
  filters.forEach((filter, i) => out.push(...encodeFilter(filter, state.values[i] ?? {}, typeOf(filter.name))));
  out.push(...encodeSearch(state.search, typeOf(state.search.field)));
  return out;
}

/** A `{relativeMonths}` default as the filter's input text: YYYY-MM, YYYY or DD/MM/YYYY of that month from `now`. */
function relativeDefault(type: ListFilter['type'], months: number, now: Date): string {
  const d = DateTime.fromJSDate(now, { zone: 'utc' }).plus({ months });
  if (type === 'month' || type === 'btwn_month') return d.toFormat('yyyy-MM');
  if (type === 'year' || type === 'btwn_year') return d.toFormat('yyyy');
  return d.toFormat('dd/MM/yyyy');
}

/** The form as it starts: each filter's configured default (a relative one counted from `now`). */
export function defaultValues(filters: ListFilter[], now: Date = new Date()): FilterValues {
  const values: FilterValues = {};
  filters.forEach((f, i) => {
    if (f.default === undefined || f.default === null || f.default === '') return;
    const d = typeof f.default === 'object' ? relativeDefault(f.type, f.default.relativeMonths, now) : String(f.default);
    values[i] = f.type === 'daterange' || f.type === 'btwn_year' || f.type === 'btwn_month' ? { from: d, to: d } : { value: d };
  });
  return values;
}

// ---------------------------------------------------------------- where → filters (address restore)

function decodeFilter(filter: ListFilter, [, op, value]: Triple): FilterValue | null {
  const range = op === 'between' ? bounds(value) : null;
  switch (filter.type) {
    case 'plain': {
      if (op === 'like' && typeof value === 'string') {
        const prefix = filter.prefix ?? '%';
        const suffix = filter.suffix ?? '%';
        if (!value.startsWith(prefix) || !value.endsWith(suffix) || value.length < prefix.length + suffix.length) return null;
        return { value: unescapeLike(value.slice(prefix.length, value.length - suffix.length)) };
      }
      if (range) return { value: displayDate(range[0]) };
      if (Array.isArray(value)) return { value: value.join(', ') };
      if (value === null || typeof value === 'object') return null;
      return { value: /^\d{4}-\d{2}-\d{2}/.test(String(value)) && filter.source === undefined ? displayDate(String(value)) : String(value) };
    }
    case 'date':
      if (range) return { value: displayDate(range[0]) };
      return typeof value === 'string' ? { value: displayDate(value) } : null;
    case 'daterange':
      return range ? { from: displayDate(range[0]), to: displayDate(range[1]) } : null;
    case 'year':
      return range ? { value: range[0].slice(0, 4) } : null;
    case 'btwn_year':
      return range ? { from: range[0].slice(0, 4), to: range[1].slice(0, 4) } : null;
    case 'month':
      return range ? { value: range[0].slice(0, 7) } : null;
    case 'btwn_month':
      return range ? { from: range[0].slice(0, 7), to: range[1].slice(0, 7) } : null;
  }
}

function decodeSearch([field, op, value]: Triple): SearchValue | null {
  if (op === 'like' && typeof value === 'string' && value.length >= 2 && value.startsWith('%') && value.endsWith('%')) {
    const text = unescapeLike(value.slice(1, -1));
    return { field, text: /^\d{4}-\d{2}-\d{2}$/.test(text) ? displayDate(text) : text };
  }
  if (op === 'between') {
    const b = bounds(value);
    return b && b[0].slice(0, 10) === b[1].slice(0, 10) ? { field, text: displayDate(b[0]) } : null;
  }
  if (op === '=' && (typeof value === 'string' || typeof value === 'number')) {
    const text = String(value);
    return { field, text: /^\d{4}-\d{2}-\d{2}$/.test(text) ? displayDate(text) : text };
  }
  return null;
}

/**
 * The form that produces `where` (a restored address): each filter takes the first condition
 * on its field that it could have made; the custom search takes one of what is left.
 */
export function restoreForm(filters: ListFilter[], where: Triple[], searchFields: string[]): FormState {
  const left = [...where];
  const values: FilterValues = {};
  filters.forEach((filter, i) => {
    const at = left.findIndex((t) => t[0] === filter.name && decodeFilter(filter, t) !== null);
    if (at < 0) return;
    values[i] = decodeFilter(filter, left[at])!;
    left.splice(at, 1);
  });
  let search: SearchValue = { field: '', text: '' };
  for (const t of left) {
    const s = searchFields.includes(t[0]) ? decodeSearch(t) : null;
    if (s) {
      search = s;
      break;
    }
  }
  return { values, search };
}

/** `where` from the address: a JSON array of [field, operator, value?]; anything else is ignored. */
export function parseWhereParam(text: string | null): Triple[] | null {
  if (text === null) return null;
  try {
    const v: unknown = JSON.parse(text);
    if (!Array.isArray(v)) return null;
    const ok = v.every((t) => Array.isArray(t) && (t.length === 2 || t.length === 3) && typeof t[0] === 'string' && typeof t[1] === 'string');
    return ok ? (v as unknown[][]).map((t) => [t[0], t[1], t[2]] as Triple) : null;
  } catch {
    return null;
  }
}

/** A positive page number from the address, else null. */
export function parsePageParam(text: string | null): number | null {
  if (text === null || !/^\d{1,6}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 ? n : null;
}

// ---------------------------------------------------------------- route filters, sort, pages

/** Route parameters starting with fk_ (and the generic :fk/:fkValue pair) as fixed equality filters. */
export function routeFilters(params: Record<string, string | undefined>): Triple[] {
  const out: Triple[] = [];
  const add = (name: string, value: string | undefined) => {
    if (name.length > 3 && name.startsWith('fk_') && value !== undefined && value !== '') out.push([name.slice(3), '=', /^\d+$/.test(value) ? Number(value) : value]);
  };
  for (const [k, v] of Object.entries(params)) if (k !== 'fk' && k !== 'fkValue') add(k, v);
  if (params.fk) add(params.fk, params.fkValue);
  return out;
}

export interface Sort {
  column: string;
  dir: 'asc' | 'desc';
}

/** The address's `order` when the user cleared the sort: neither the saved view's nor any sort. */
export const NO_SORT = 'none';

/** `order` from the address: "column asc|desc". */
export function parseSort(text: string | null): Sort | null {
  const m = text ? /^([A-Za-z][A-Za-z0-9_]{0,80}) (asc|desc)$/.exec(text.trim()) : null;
  return m ? { column: m[1], dir: m[2] as 'asc' | 'desc' } : null;
}

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** Up to `count` page numbers around the current one (seed: 10 page buttons). */
export function pageButtons(page: number, pages: number, count = 10): number[] {
  const start = Math.max(1, Math.min(page - Math.floor(count / 2) + 1, pages - count + 1));
  const end = Math.min(pages, start + count - 1);
  const out: number[] = [];
  for (let p = start; p <= end; p++) out.push(p);
  return out;
}
