// What every app's seed does with the engine's own tables: rows in chunks, the shipped screens as
// records (each starting its history at version 1), and the permission tasks its modules need.
import type { Knex } from 'knex';
import type { ResolvedModule } from '../metadata/module-registry.js';
import { readScreenFiles } from '../metadata/screen-files.js';
import { keepScreenVersion } from '../metadata/screen-history.js';

/** Inserts rows a chunk at a time (SQLite's bound-variable limit); answers how many. */
export async function insertRows(db: Knex, table: string, rows: Record<string, unknown>[], chunk = 100): Promise<number> {
  for (let i = 0; i < rows.length; i += chunk) await db(table).insert(rows.slice(i, i + chunk));
  return rows.length;
}

/** The WebList, WebListview and WebForms files of `dir` as records, each at version 1 of its history. */
export async function seedScreens(db: Knex, dir: string, createon: string): Promise<Record<string, number>> {
  const lists = readScreenFiles('WebList', dir).map((r) => ({ id: r.id, name: r.name, module: r.module ?? null, properties: JSON.stringify(r.properties), createon }));
  const views = readScreenFiles('WebListview', dir).map((r) => ({ id: r.id, name: r.name, weblist: r.weblist ?? null, properties: JSON.stringify(r.properties), createon }));
  const forms = readScreenFiles('WebForms', dir).map((r) => ({ id: r.id, name: r.name, module: r.module ?? null, properties: JSON.stringify(r.properties), createon }));
  const counts = {
    weblist: await insertRows(db, 'weblist', lists),
    weblistview: await insertRows(db, 'weblistview', views),
    webforms: await insertRows(db, 'webforms', forms),
  };
  const versions = [
    ...lists.map((r) => ['WebList', r.id] as const),
    ...views.map((r) => ['WebListview', r.id] as const),
    ...forms.map((r) => ['WebForms', r.id] as const),
  ];
  for (const [kind, id] of versions) await keepScreenVersion(db, kind, id, 1, 'create', null);
  return counts;
}

export const CRUD_ACTIONS = ['select', 'create', 'update', 'delete'] as const;

/** A permission task row `{Module}.{code}`: the code is all after the module (SMSDropdown.action.approve). */
export function taskRow(name: string, title: string, createon: string, state: number): Record<string, unknown> {
  const dot = name.indexOf('.');
  return { name, code: name.slice(dot + 1), module: name.slice(0, dot), module_name: title, state, createon };
}

/** CRUD tasks of each module (only select for a read-only one: nobody writes it through Record.*). */
export function crudTaskRows(modules: readonly ResolvedModule[], createon: string, state: number): Record<string, unknown>[] {
  return modules.flatMap((m) => CRUD_ACTIONS.filter((a) => !m.def.readOnly || a === 'select').map((a) => taskRow(`${m.permissionName}.${a}`, m.def.title ?? m.name, createon, state)));
}

/**
 * The tasks the modules' own rules name: rows shown only with a permission (restrictUnless), rows
 * only some may write (protectedRows), state moves that name a permission.
 */
export function ruleTaskRows(modules: readonly ResolvedModule[], createon: string, state: number): Record<string, unknown>[] {
  const title = (m: ResolvedModule) => m.def.title ?? m.name;
  const tasks: Record<string, unknown>[] = [];
  for (const m of modules) if (m.def.restrictUnless) tasks.push(taskRow(`${m.permissionName}.${m.def.restrictUnless.permission}`, title(m), createon, state));
  for (const m of modules) if (m.rules?.protectedRows) tasks.push(taskRow(`${m.permissionName}.${m.rules.protectedRows.permission}`, title(m), createon, state));
  for (const m of modules) for (const name of new Set(m.stateMap?.permissions.values() ?? [])) tasks.push(taskRow(name, title(m), createon, state));
  return tasks;
}
