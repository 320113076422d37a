// A list view's columns as the grid shows them, and the fields a page of rows must carry:
// every column, the state names, the fields that links and helpers read, and the id. Pure.
import type { ListColumn, RowButton, WebListviewProperties } from '../../../engine/metadata/screen-schemas.js';
import { cellKind, type CellKind } from './list-format';
import type { ColumnType } from './list-query';

export interface ResolvedColumn {
  name: string;
  title: string;
  /** Pixels; undefined = the default share (columnWidth). */
  width?: number;
  kind: CellKind;
  sortable: boolean;
  /** What a click on the header orders by: a state column by its name. */
  sortField: string;
  /** The row field with the state's name (state columns). */
  nameField?: string;
  exported: boolean;
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
  };
}

/** Seed 001 §9: the smaller of 10% of the grid and an equal share of the visible columns. */
export function defaultColumnWidth(gridWidth: number, visibleColumns: number): number {
  if (gridWidth <= 0 || visibleColumns <= 0) return 150;
  return Math.max(50, Math.floor(Math.min(gridWidth * 0.1, gridWidth / visibleColumns)));
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
