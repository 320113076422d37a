// The Role & Permission matrix (seed 003 §2.8) as pure functions: permission tasks grouped by
// module into rows of Create, Read, Update, Delete and Other (the actions' own tasks), the rows a
// search keeps, what select-all of a column or a row ticks, and the changes between the grants
// as read and the boxes as ticked, in the shape Role.setPermissions takes.
export interface Task {
  id: number;
  name: string;
  code: string;
  module: string;
  title: string;
}

/** A grant as read: the link row with its updatectr (compare-and-set on removal). */
export interface Grant {
  linkId: number;
  updatectr: number;
  task: number;
}

export const CRUD_COLUMNS = [
  { verb: 'create', label: 'Create' },
  { verb: 'select', label: 'Read' },
  { verb: 'update', label: 'Update' },
  { verb: 'delete', label: 'Delete' },
] as const;
export type Verb = (typeof CRUD_COLUMNS)[number]['verb'];
/** A column of the matrix: one of the four verbs, or Other. */
export type Column = Verb | 'other';
export const COLUMNS: Column[] = [...CRUD_COLUMNS.map((c) => c.verb), 'other'];

export interface MatrixRow {
  module: string;
  title: string;
  cells: Partial<Record<Verb, Task>>;
  other: Task[];
}

const isVerb = (code: string): code is Verb => CRUD_COLUMNS.some((c) => c.verb === code);

/** One row per module, by title; a task named `{module}.{verb}` sits in its verb's column. */
export function matrixRows(tasks: Task[]): MatrixRow[] {
  const rows = new Map<string, MatrixRow>();
  for (const t of tasks) {
    let row = rows.get(t.module);
    if (!row) {
      row = { module: t.module, title: t.title || t.module, cells: {}, other: [] };
      rows.set(t.module, row);
    }
    if (isVerb(t.code) && t.name === `${t.module}.${t.code}` && !row.cells[t.code]) row.cells[t.code] = t;
    else row.other.push(t);
  }
  for (const row of rows.values()) row.other.sort((a, b) => a.name.localeCompare(b.name));
  return [...rows.values()].sort((a, b) => a.title.localeCompare(b.title) || a.module.localeCompare(b.module));
}

/** Rows whose module, title or any task name contains the search (any case). */
export function searchRows(rows: MatrixRow[], search: string): MatrixRow[] {
  const q = search.trim().toLowerCase();
  if (!q) return rows;
  return rows.filter((r) => [r.module, r.title, ...rowTasks(r).map((t) => t.name)].some((s) => s.toLowerCase().includes(q)));
}

export function rowTasks(row: MatrixRow): Task[] {
  return [...CRUD_COLUMNS.flatMap((c) => (row.cells[c.verb] ? [row.cells[c.verb]!] : [])), ...row.other];
}

export function columnTasks(rows: MatrixRow[], column: Column): Task[] {
  return rows.flatMap((r) => (column === 'other' ? r.other : r.cells[column] ? [r.cells[column]!] : []));
}

/** Whether every box of a group is ticked (an empty group is not). */
export function allTicked(tasks: Task[], ticked: ReadonlySet<number>): boolean {
  return tasks.length > 0 && tasks.every((t) => ticked.has(t.id));
}

/**
 * Select-all of a column or row: ticks every box of the group, or, when all are ticked, clears
 * them; boxes in `locked` (grants a system role must keep) stay as they are.
 */
export function toggleGroup(tasks: Task[], ticked: ReadonlySet<number>, locked: ReadonlySet<number> = new Set()): Set<number> {
  const next = new Set(ticked);
  const on = !allTicked(tasks, ticked);
  for (const t of tasks) {
    if (locked.has(t.id)) continue;
    if (on) next.add(t.id);
    else next.delete(t.id);
  }
  return next;
}

/** What Role.setPermissions must do to make the grants as read into the boxes as ticked. */
export function grantChanges(grants: Grant[], ticked: ReadonlySet<number>): { create: number[]; delete: { id: number; updatectr: number }[] } {
  const held = new Set(grants.map((g) => g.task));
  return {
    create: [...ticked].filter((id) => !held.has(id)).sort((a, b) => a - b),
    delete: grants.filter((g) => !ticked.has(g.task)).map((g) => ({ id: g.linkId, updatectr: g.updatectr })),
  };
}
