// What a screen definition names must exist: modules and their fields (from module metadata),
// list views and forms (stored records), helpers (the client's, helper-names.ts). Checked on every save after the schema, so a typo in
// an admin's definition is refused with its path instead of breaking a screen for everyone.
import type { Knex } from 'knex';
import { helperProblem, type HelperPlace } from './helper-names.js';
import type { ModuleRegistry, ResolvedModule } from './module-registry.js';
import type { ChartData, OptionSource, ScreenModule, WebFormsProperties, WebListProperties, WebListviewProperties } from './screen-schemas.js';

type Db = Knex | Knex.Transaction;

/** The modules to check names against, and the problems found so far. */
interface Names {
  modules: ModuleRegistry;
  problems: string[];
}

/** Names, with the database for the stored records a definition names. */
interface Checker extends Names {
  db: Db;
}

function moduleAt(c: Names, name: string, path: string): ResolvedModule | undefined {
  const m = c.modules.get(name);
  if (!m) c.problems.push(`${path}: no module named ${name}`);
  return m;
}

function fieldAt(c: Names, module: ResolvedModule | undefined, name: string, path: string): void {
  if (module && !module.fields.has(name)) c.problems.push(`${path}: ${module.name} has no field ${name}`);
}

function sourceAt(c: Names, source: OptionSource | undefined, path: string): void {
  if (!source || !('module' in source)) return;
  const m = moduleAt(c, source.module, `${path}/module`);
  if (source.value) fieldAt(c, m, source.value, `${path}/value`);
  if (source.label) fieldAt(c, m, source.label, `${path}/label`);
  (source.where ?? []).forEach((w, i) => fieldAt(c, m, w[0], `${path}/where/${i}`));
}

function helperAt(c: Names, ref: string | undefined, place: HelperPlace, path: string): void {
  const problem = ref === undefined ? null : helperProblem(ref, place);
  if (problem) c.problems.push(`${path}: ${problem}`);
}

async function recordsExist(c: Checker, table: string, ids: { id: number; path: string }[], what: string): Promise<void> {
  if (!ids.length) return;
  const found = new Set((await c.db(table).whereIn('id', [...new Set(ids.map((x) => x.id))]).pluck('id')).map(Number));
  for (const { id, path } of ids) if (!found.has(id)) c.problems.push(`${path}: no ${what} ${id}`);
}

function checkListview(c: Names, p: WebListviewProperties): void {
  const m = moduleAt(c, p.controller.module, 'properties/controller/module');
  if (p.module_alias) moduleAt(c, p.module_alias, 'properties/module_alias');
  (p.controller.where ?? []).forEach((w, i) => fieldAt(c, m, w[0], `properties/controller/where/${i}`));
  p.fields.forEach((f, i) => fieldAt(c, m, f.name, `properties/fields/${i}/name`));
  (p.filters ?? []).forEach((f, i) => {
    fieldAt(c, m, f.name, `properties/filters/${i}/name`);
    sourceAt(c, f.source, `properties/filters/${i}/source`);
  });
  (p.searchFields ?? []).forEach((f, i) => fieldAt(c, m, f, `properties/searchFields/${i}`));
}

async function checkList(c: Checker, p: WebListProperties): Promise<void> {
  helperAt(c, p.onload, 'list', 'properties/onload');
  (p.buttons ?? []).forEach((b, i) => helperAt(c, b.helper, 'list', `properties/buttons/${i}/helper`));
  p.list_id.forEach((v, i) => (v.buttons ?? []).forEach((b, j) => helperAt(c, b.helper, 'row', `properties/list_id/${i}/buttons/${j}/helper`)));
  await recordsExist(c, 'weblistview', p.list_id.map((v, i) => ({ id: v.id, path: `properties/list_id/${i}/id` })), 'list view');
  if (p.form) await recordsExist(c, 'webforms', [{ id: p.form, path: 'properties/form' }], 'form');
}

async function checkForm(c: Checker, module: string | null, p: WebFormsProperties): Promise<void> {
  const m = module ? moduleAt(c, module, 'module') : undefined;
  if (p.moduleAlias) moduleAt(c, p.moduleAlias, 'properties/moduleAlias');
  helperAt(c, p.onload, 'form', 'properties/onload');
  (p.buttons ?? []).forEach((b, i) => helperAt(c, b.helper, 'form', `properties/buttons/${i}/helper`));
  const lists: { id: number; path: string }[] = [];
  p.fields.forEach((f, i) => {
    const path = `properties/fields/${i}`;
    helperAt(c, f.attributes.change, 'field', `${path}/attributes/change`);
    // Relation lists and static text are not columns of the form's module.
    if (f.tag !== 'relation' && f.tag !== 'static') fieldAt(c, m, f.attributes.name, `${path}/attributes/name`);
    sourceAt(c, f.ajax, `${path}/ajax`);
    if (f.relation) {
      const child = moduleAt(c, f.relation.child_name, `${path}/relation/child_name`);
      moduleAt(c, f.relation.parent_name, `${path}/relation/parent_name`);
      if (f.relation.relation_type === 1) fieldAt(c, child, f.relation.modulecolumn_name, `${path}/relation/modulecolumn_name`);
      lists.push({ id: f.relation.list_id, path: `${path}/relation/list_id` });
    }
  });
  if (p.list) lists.push({ id: p.list, path: 'properties/list' });
  await recordsExist(c, 'weblist', lists, 'list');
}

/**
 * The problems of what a valid definition names, as `path: problem` (empty when all exist).
 * `module` is the record's own module column (WebForms).
 */
export async function screenReferenceProblems(db: Db, modules: ModuleRegistry, kind: ScreenModule, properties: unknown, module: string | null = null): Promise<string[]> {
  const c: Checker = { modules, db, problems: [] };
  if (kind === 'WebListview') checkListview(c, properties as WebListviewProperties);
  else if (kind === 'WebList') await checkList(c, properties as WebListProperties);
  else await checkForm(c, module, properties as WebFormsProperties);
  return c.problems;
}

/**
 * The problems of what a valid chart's data rows name (DashboardChart.data): each row's module,
 * its summed or averaged field, its grouping field and its where fields, as `path: problem`.
 */
export function chartReferenceProblems(modules: ModuleRegistry, data: ChartData): string[] {
  const c: Names = { modules, problems: [] };
  data.rows.forEach((row, i) => {
    const path = `data/rows/${i}`;
    const m = moduleAt(c, row.module, `${path}/module`);
    if (row.field) fieldAt(c, m, row.field, `${path}/field`);
    if ('month' in row.groupBy) fieldAt(c, m, row.groupBy.month, `${path}/groupBy/month`);
    else fieldAt(c, m, row.groupBy.lookup, `${path}/groupBy/lookup`);
    (row.where ?? []).forEach((w, j) => {
      if (Array.isArray(w)) return fieldAt(c, m, w[0], `${path}/where/${j}`);
      w.or.forEach((alt, k) => {
        if (Array.isArray(alt)) return fieldAt(c, m, alt[0], `${path}/where/${j}/or/${k}`);
        alt.and.forEach((x, l) => fieldAt(c, m, x[0], `${path}/where/${j}/or/${k}/and/${l}`));
      });
    });
  });
  return c.problems;
}
