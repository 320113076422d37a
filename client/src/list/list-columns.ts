// A list view's columns as the grid shows them, and the fields a page of rows must carry:
// every column, the state names, the fields that links and helpers read, and the id. Pure.
import type { ListColumn, RowButton, WebListviewProperties } from '../../../engine/metadata/screen-schemas.js';
import { cellKind, type CellKind } from './list-format';
import type { ColumnType } from './list-query';

export interface ResolvedColumn {
  name: string;
  title: string;
  /** Pixels; undefined = from the column's kind and texts (columnSize). */
  width?: number;
  /** The width is the user's own (dragged or typed): never narrowed to fit. */
  userWidth?: boolean;
  kind: CellKind;
  sortable: boolean;
  /** What a click on the header orders by: a state column by its name. */
  sortField: string;
  /** The row field with the state's name (state columns). */
  nameField?: string;
  exported: boolean;
  /** What a cell without a value shows ('' unless the view says, e.g. a dash). */
  empty: string;
}

export const NAME_SUFFIX = '_name_ind_field';

/** "dateincorporated" → "Dateincorporated"; "re_sector_name_ind_field" → "Re Sector". */
export function titleOf(name: string): string {
  const base = name.endsWith(NAME_SUFFIX) ? name.slice(0, -NAME_SUFFIX.length) : name;
  return base.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}

/**
 * `withNames`: whether the module answers `{field}_name_ind_field` for its state field (link
 * modules do not carry their child's lookups; their state names are looked up separately).
 */
export function resolveColumn(c: ListColumn, type: ColumnType | undefined, withNames: boolean): ResolvedColumn {
  const kind = cellKind(c, type);
  const nameField = kind === 'state' ? (c.name.endsWith(NAME_SUFFIX) ? c.name : `${c.name}${NAME_SUFFIX}`) : undefined;
  return {
    name: c.name,
    title: c.title ?? titleOf(c.name),
    width: c.width,
    kind,
    sortable: c.sortable !== false,
    sortField: nameField && withNames ? nameField : c.name,
    nameField,
    exported: c.export ?? c.visible !== false,
    empty: c.empty ?? '',
  };
}

/** A cell's padding and border (react-data-grid: 8 px each side, 1 px border) and a little air. */
export const CELL_CHROME = 22;
/** Room beside a header's title for the sort arrow. */
export const SORT_ROOM = 18;
/** Text columns are at most this wide by default: longer texts end in an ellipsis and show whole on hover. */
export const TEXT_MAX = 280;
/** How narrow a user may drag a text column. */
export const TEXT_DRAG_MIN = 60;

/** Kinds whose values are short and read whole: never cut, so never narrower than their widest value. */
const WHOLE: ReadonlySet<CellKind> = new Set(['date', 'datetime', 'state', 'number', 'boolean']);

export interface ColumnSize {
  width: number;
  /** Below this the column may not be dragged (dates and statuses are never cut). */
  minWidth: number;
  /** Text without a stored width: takes a share of the room a wide grid has left. */
  grow?: boolean;
  /** What the header needs (title and sort arrow): a narrow grid takes text columns down to it, or TEXT_FLOOR. */
  header: number;
  /** A width the user chose: a narrow grid leaves it as it is. */
  fixed?: boolean;
  /** Text: how far a narrow grid may take it down, in place of TEXT_FLOOR. */
  floor?: number;
}

/**
 * A column's width from its kind: dates, date-times, statuses, numbers and yes/no are
 * as wide as their header and their widest value on the page, never less, whatever width is
 * stored; text is as wide as its header and widest value up to TEXT_MAX, or the stored width.
 * `headerPx` and `widestPx` are text widths as measured.
 */
export function columnSize(kind: CellKind, headerPx: number, widestPx: number, stored?: number, fixed?: boolean): ColumnSize {
  const header = Math.ceil(headerPx) + CELL_CHROME + SORT_ROOM;
  const value = Math.ceil(widestPx) + CELL_CHROME;
  if (WHOLE.has(kind)) {
    const need = Math.max(header, value);
    return { width: Math.max(need, stored ?? 0), minWidth: need, header };
  }
  if (stored !== undefined) return { width: stored, minWidth: Math.min(stored, TEXT_DRAG_MIN), header, ...(fixed ? { fixed } : {}) };
  return { width: Math.min(TEXT_MAX, Math.max(TEXT_DRAG_MIN, header, value)), minWidth: TEXT_DRAG_MIN, grow: true, header };
}

/** Text columns give up width down to this (or their header's need, if more) before the grid scrolls sideways. */
export const TEXT_FLOOR = 120;

/**
 * Widths for `room` pixels. A wide grid gives what is left in equal parts to the growing columns
 * (text without a stored width), so it shows more of the text instead of an empty band. A narrow
 * one takes width from the text columns, in proportion to what each has above its floor, so
 * that more columns are in view; dates, statuses and numbers keep what their values need (a stored
 * width above it gives way too), widths the user chose keep theirs. What still does not
 * fit scrolls sideways.
 */
export function fitRoom(sizes: (ColumnSize & { kind: CellKind })[], room: number): number[] {
  const used = sizes.reduce((n, s) => n + s.width, 0);
  if (room >= used) {
    const growing = sizes.filter((s) => s.grow).length;
    if (growing === 0) return sizes.map((s) => s.width);
    const extra = Math.floor((room - used) / growing);
    return sizes.map((s) => (s.grow ? s.width + extra : s.width));
  }
  // Dates, statuses and numbers give only what a stored width adds above their widest value.
  const spare = sizes.map((s) => (s.fixed ? 0 : WHOLE.has(s.kind) ? Math.max(0, s.width - s.minWidth) : Math.max(0, s.width - Math.max(s.floor ?? TEXT_FLOOR, s.header))));
  const total = spare.reduce((a, b) => a + b, 0);
  if (total === 0) return sizes.map((s) => s.width);
  const share = Math.min(1, (used - room) / total);
  return sizes.map((s, i) => s.width - Math.floor(spare[i] * share));
}

const PLACEHOLDER = /\[([A-Za-z0-9_]+)\]/g;

export function placeholders(link: string | undefined): string[] {
  return link ? [...link.matchAll(PLACEHOLDER)].map((m) => m[1]) : [];
}

/** The fields to ask Record.select for. */
export function requestedFields(view: WebListviewProperties, link: string | undefined, buttons: RowButton[], helperFields: string[], withNames: boolean): string[] {
  const out = new Set<string>(['id']);
  for (const c of view.fields) {
    out.add(c.name);
    const kind = cellKind(c, undefined);
    if (kind === 'state' && withNames && !c.name.endsWith(NAME_SUFFIX)) out.add(`${c.name}${NAME_SUFFIX}`);
  }
  for (const f of placeholders(link)) out.add(f);
  for (const b of buttons) {
    for (const f of placeholders(b.link)) out.add(f);
    if (b.states) out.add('state');
  }
  for (const f of helperFields) out.add(f);
  return [...out];
}
