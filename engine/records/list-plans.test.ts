// Every shipped list view's first page and a deep page, in its default order with its fixed
// conditions and filter defaults, as staff and as an RE user: the planner reads them in index
// order (no sort of the matching rows) and finds them by an index (no full scan), over tables
// of production-like size with fresh statistics, on both databases. The indexes a list needs are
// derived from its metadata (list-indexes.ts), so a new list view is held to the same rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing/test-database.js';
import { generateModuleRows } from '../testing/module-rows.js';
import { runSeeds } from '../../portal/seeds/index.js';
import { portal } from '../../portal/app.js';
import { ModuleRegistry } from '../metadata/module-registry.js';
import { readScreenFiles } from '../metadata/screen-files.js';
import type { WebListviewProperties } from '../metadata/screen-schemas.js';
import { compile } from '../db/compiled-statement.js';
import { describeNeed, indexesNeededBy, listviewSelects, servedBy, tableIndexes, type ListIndexNeed, type ListSelect } from './list-indexes.js';
import { planSelect } from './select-query.js';
import { fileURLToPath } from 'node:url';
import { SCREENS_DIR } from '../../portal/paths.js';

const modules = ModuleRegistry.fromDirectory(fileURLToPath(new URL('../../portal/metadata/modules/', import.meta.url)));
const views = readScreenFiles('WebListview', SCREENS_DIR).map((r) => ({ id: r.id, properties: r.properties as unknown as WebListviewProperties }));

/** Tables that grow with the entities and their filings; the rest are the regulator's configuration. */
const LARGE = ['RE', 'User', 'Form', 'FormBatch', 'Helpdesk', 'Query', 'SMSDropdown', 'ExcelImport'];
const ROWS = 4_000;

/**
 * Conditions a page adds when it embeds a view: lists 241 and 157 are shown held to one batch
 * (client/src/periods/batch-forms-page.tsx, client/src/peoi/peoi-forms-page.tsx).
 */
const heldToBatch = ({ batch }: { batch: number }): unknown[] => [['formbatch', '=', batch]];
const EMBEDDED: Record<number, (ids: { batch: number }) => unknown[]> = { 241: heldToBatch, 157: heldToBatch };

/** Selects no index can order, and why that is acceptable. */
const SORTED: Record<string, string> = {
  '81 staff': 'Sub Users (81) opens in the RE shell only (client/src/app/screen-routes.ts)',
  '81 re': 'Sub Users (81) sorts by the user\'s name: one entity\'s users, found by link_fk_re',
};

const selects = views.flatMap((v) => listviewSelects(v.properties, modules).map((s) => ({ view: v, select: s, label: `${v.id} ${s.caller}` })));

interface PlanProblem {
  sort: boolean;
  scan: boolean;
  /**
   * The rows are found by an index search that a range or list filter, the scope's link rows or
   * (MariaDB, by its estimate) at most 1% of the table bounds: a sort is then of that match only.
   */
  searchedBy: boolean;
  plan: string;
}

async function readPlan(db: Knex, dialect: string, statement: { sql: string; bindings: readonly Knex.Value[] }, deep: boolean, need: ListIndexNeed): Promise<PlanProblem> {
  // The statement is the engine's own compiled SELECT; EXPLAIN is put before it as text.
  if (dialect === 'sqlite') {
    const rows: { id: number; parent: number; detail: string }[] = await db.raw('explain query plan ' + statement.sql, statement.bindings as Knex.Value[]);
    // A deep page's keys come from the subquery `p`; the outer query then sorts those 20 keys.
    const inner = deep ? new Set<number>() : null;
    if (inner) {
      const root = rows.find((r) => /^(MATERIALIZE|CO-ROUTINE) p\b/.test(r.detail));
      if (root) {
        inner.add(root.id);
        for (const r of rows) if (inner.has(r.parent)) inner.add(r.id);
      }
    }
    const judged = inner ? rows.filter((r) => inner.has(r.id)) : rows;
    return {
      sort: judged.some((r) => /TEMP B-TREE FOR (RIGHT PART OF )?ORDER BY/.test(r.detail)),
      scan: judged.some((r) => /^SCAN (t|c)$/.test(r.detail)),
      searchedBy: judged.some((r) => {
        const m = /^SEARCH t USING (?:COVERING )?INDEX \S+ \((.*)\)$/.exec(r.detail);
        return Boolean(m && need.narrowing.some((c) => new RegExp(`\\b${c}[=<>]`).test(m[1])));
      }),
      plan: rows.map((r) => `${r.id}/${r.parent} ${r.detail}`).join('\n'),
    };
  }
  const [rows] = (await db.raw('explain ' + statement.sql, statement.bindings as Knex.Value[])) as [{ select_type: string; table: string; type: string; key: string | null; rows: number; Extra: string | null }[]];
  const judged = deep ? rows.filter((r) => r.select_type === 'DERIVED') : rows;
  // MariaDB names the sort on the table that drives the join: the first one.
  const driver = judged[0];
  const bySearch = driver && (driver.type === 'ref' || driver.type === 'range') && driver.key !== null;
  return {
    sort: judged.some((r) => /filesort/.test(r.Extra ?? '')),
    scan: judged.some((r) => (r.table === 't' || r.table === 'c') && r.type === 'ALL'),
    searchedBy: Boolean(bySearch && (need.narrowing.length > 0 || (need.through && driver.table === need.through) || driver.rows <= ROWS / 100)),
    plan: rows.map((r) => `${r.select_type} ${r.table} ${r.type} ${r.key ?? '-'} rows=${r.rows} ${r.Extra ?? ''}`).join('\n'),
  };
}

describe('the indexes list views need', () => {
  it('are derived for every shipped list view, as staff and as an RE user', () => {
    expect(selects.length).toBeGreaterThan(views.length);
    const helpdesk = indexesNeededBy(views.find((v) => v.id === 201)!.properties, modules);
    // createon desc, id desc: the createon index read backwards; an RE user's by (re, createon).
    expect(helpdesk.map(describeNeed)).toEqual(['helpdesk createon', 'helpdesk (re =) createon']);
    const forms = indexesNeededBy(views.find((v) => v.id === 155)!.properties, modules);
    // code asc, endon desc, id desc: read backwards, an index (code desc, endon asc).
    expect(forms.map(describeNeed)).toEqual(['form code desc, endon', 'form (re =) code desc, endon']);
  });
});

describe.each(await testDialects())('list plans on %s', (dialect) => {
  let tdb: TestDatabase;
  let ids: { batch: number; re: number };
  beforeAll(async () => {
    tdb = await createTestDatabase(dialect, { app: portal });
    await runSeeds(tdb.db, { demo: true });
    // Entities and users first: the others' lookups point at them.
    for (const name of LARGE) {
      const ok = await generateModuleRows(tdb.db, modules, modules.get(name)!, ROWS);
      expect(ok, `rows generated for ${name}`).toBe(true);
    }
    const batch = await tdb.db('formbatch').orderBy('id').first('id');
    const re = await tdb.db('form').groupBy('re').orderBy('re').first('re');
    ids = { batch: Number(batch.id), re: Number(re.re) };
  }, 240_000);
  afterAll(async () => {
    await tdb?.destroy();
  });

  const where = (s: ListSelect, viewId: number) => [...s.where, ...(EMBEDDED[viewId]?.(ids) ?? [])];

  it.each(selects.map((s) => [s.label, s] as const))('list %s: an index serves its order and conditions', async (label, { view, select }) => {
    const module = modules.get(select.module)!;
    const needs = indexesNeededBy({ ...view.properties, controller: { ...view.properties.controller, where: [...(view.properties.controller.where ?? []), ...((EMBEDDED[view.id]?.(ids) ?? []) as never[])] } }, modules);
    const need = needs.find((n) => n.module === select.module)!;
    if (SORTED[label]) {
      expect(need.unservable, SORTED[label]).toBeTruthy();
      return;
    }
    expect(servedBy(need, await tableIndexes(tdb.db, module.table)), `no index of ${describeNeed(need)}`).toBe(true);
    if (!LARGE.some((m) => modules.get(m)!.table === module.table)) return;
    for (const page of [1, 50]) {
      // The view's columns, as the client asks for them (with their lookups' joins).
      const fields = [...new Set([module.idField, ...view.properties.fields.map((f) => f.name)])].filter((n) => module.fields.has(n));
      const plan = planSelect(tdb.db, module, select.scoped ? ids.re : undefined, { fields, where: where(select, view.id), order: select.order, limit: 20, offset: (page - 1) * 20 });
      const found = await readPlan(tdb.db, dialect, compile(plan.rows()), page > 1, need);
      // A bounded match (a range or list filter, an entity's links, a batch's forms) may be found by its index and sorted.
      expect(found.sort && !found.searchedBy, `page ${page} sorts its rows:\n${found.plan}`).toBe(false);
      expect(found.scan, `page ${page} scans the whole table:\n${found.plan}`).toBe(false);
    }
  });
});
