// A user's own settings of a list view (ListView.personal) laid over the admin's view: the
// columns in the user's order with their visibility and widths, then the sort and filters. The
// admin's view stays the truth for what exists: a column the admin removed is dropped silently,
// a column the admin added later comes at the end, shown or hidden as the admin set it; a saved
// filter on a field the view no longer has is dropped too. Pure.
import type { ListColumn, PersonalViewSettings, WebListviewProperties } from '../../../engine/metadata/screen-schemas.js';
import { titleOf as titleOfName } from './list-columns';
import { parseSort, type Triple } from './list-query';

export type ColumnSetting = NonNullable<PersonalViewSettings['columns']>[number];

/** One column of the admin's view as this user sees it. */
export interface PersonalColumn {
  name: string;
  title: string;
  visible: boolean;
  /** Pixels; undefined = the grid's default share. */
  width?: number;
}

export const MIN_WIDTH = 20;
export const MAX_WIDTH = 2000;

const titleOf = (c: ListColumn) => c.title ?? titleOfName(c.name);

/** The admin's columns as they are, with no personal settings. */
export function adminColumns(admin: ListColumn[]): PersonalColumn[] {
  return admin.map((c) => ({ name: c.name, title: titleOf(c), visible: c.visible !== false, width: c.width }));
}

/** The user's columns over the admin's (see the file's head for the rules). */
export function mergeColumns(admin: ListColumn[], personal: ColumnSetting[] | undefined): PersonalColumn[] {
  if (!personal?.length) return adminColumns(admin);
  const byName = new Map(admin.map((c) => [c.name, c]));
  const out: PersonalColumn[] = [];
  const seen = new Set<string>();
  for (const p of personal) {
    const c = byName.get(p.name);
    if (!c || seen.has(p.name)) continue;
    seen.add(p.name);
    out.push({ name: c.name, title: titleOf(c), visible: p.visible ?? c.visible !== false, width: clampWidth(p.width) ?? c.width });
  }
  for (const c of admin) if (!seen.has(c.name)) out.push({ name: c.name, title: titleOf(c), visible: c.visible !== false, width: c.width });
  // A view with every column hidden would be an empty grid nobody can get out of.
  if (out.length && !out.some((c) => c.visible)) return adminColumns(admin);
  return out;
}

function clampWidth(w: number | undefined): number | undefined {
  if (w === undefined || !Number.isFinite(w)) return undefined;
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.round(w)));
}

/** Moves the column at `index` one place up (-1) or down (+1); unchanged at either end. */
export function moveColumn(columns: PersonalColumn[], index: number, delta: -1 | 1): PersonalColumn[] {
  const to = index + delta;
  if (index < 0 || index >= columns.length || to < 0 || to >= columns.length) return columns;
  const out = [...columns];
  [out[index], out[to]] = [out[to], out[index]];
  return out;
}

/** Shows or hides a column; the last visible column cannot be hidden. */
export function setVisible(columns: PersonalColumn[], name: string, visible: boolean): PersonalColumn[] {
  if (!visible && columns.filter((c) => c.visible).every((c) => c.name === name)) return columns;
  return columns.map((c) => (c.name === name ? { ...c, visible } : c));
}

/** Sets a column's width (clamped to what the server accepts); undefined = the default share. */
export function setWidth(columns: PersonalColumn[], name: string, width: number | undefined): PersonalColumn[] {
  return columns.map((c) => (c.name === name ? { ...c, width: clampWidth(width) } : c));
}

/** The settings to save: every column in order, the sort ("column asc|desc") and the filters. */
export function settingsOf(columns: PersonalColumn[], order: string | null, filters: Triple[] | null): PersonalViewSettings {
  const out: PersonalViewSettings = {
    columns: columns.map((c) => ({ name: c.name, visible: c.visible, ...(c.width === undefined ? {} : { width: c.width }) })),
  };
  if (order && parseSort(order)) out.order = order;
  // A two-part condition ("is null") goes without a third element rather than a null one.
  if (filters?.length) out.filters = filters.map((t) => (t[2] === undefined ? [t[0], t[1]] : [t[0], t[1], t[2]])) as PersonalViewSettings['filters'];
  return out;
}

/**
 * The saved filters as where triples, without conditions on fields the admin's view no longer
 * has (its columns, filters and search fields), which the server would refuse.
 */
export function filtersOf(settings: PersonalViewSettings | null | undefined, view?: WebListviewProperties): Triple[] | null {
  const known = view ? new Set([...view.fields.map((f) => f.name), ...(view.filters ?? []).map((f) => f.name), ...(view.searchFields ?? [])]) : null;
  const kept = (settings?.filters ?? []).filter((t) => !known || known.has(t[0])).map((t) => [t[0], t[1], t[2]] as Triple);
  return kept.length ? kept : null;
}

/** Whether two column layouts show the same thing (the panel's "unsaved changes"). */
export function sameColumns(a: PersonalColumn[], b: PersonalColumn[]): boolean {
  return a.length === b.length && a.every((c, i) => c.name === b[i].name && c.visible === b[i].visible && c.width === b[i].width);
}
