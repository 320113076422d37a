// MariaDB is told the index a list's page is read through when that index serves the order and
// every narrowing condition and the rest (row rules included) only leaves rows out here and
// there; the hint never changes which rows a page holds; SQLite is never told.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { testDialects } from '../testing/test-database.js';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { generateModuleRows } from '../testing/module-rows.js';
import { compile, selectCompiled } from '../db/compiled-statement.js';
import { userCaller } from '../jobs/job-caller.js';
import { engineContext } from '../runtime/engine-context.js';
import { accessModule } from './module-access.js';
import { planSelect, type SelectInput } from './select-query.js';
import { hintableNeed, loadTableIndexes } from './index-hint.js';
import { normaliseWhere } from './where-compiler.js';
import { parseOrder } from './order-parser.js';
import type { ResolvedModule } from '../metadata/module-registry.js';
import { bumpVersions } from '../db/change-versions.js';

const FORCE = /force index \(`(\w+)`\)/;

describe.each(await testDialects())('index hints on %s', (dialect) => {
  let t: TestEngine;
  let db: Knex;
  /** Help desk as the administrator reaches it: under the rule `category is null or category not in (AMLPU)`. */
  let helpdesk: ResolvedModule;
  let reHelpdesk: ResolvedModule;
  beforeAll(async () => {
    t = await startTestEngine(dialect);
    db = t.database.db;
    const modules = t.engine.services.modules;
    await generateModuleRows(db, modules, modules.get('Helpdesk')!, 3_000);
    // The AMLPU category closed (amlpu.visible 0): its rule is in force for every caller.
    await db('parameters').where({ code: 'amlpu.visible' }).update({ value0: '0' });
    await bumpVersions(db, ['parameters']);
    const admin = await db('user').where({ userid: 'admin' }).first('id');
    const caller = await userCaller(t.engine.services, Number(admin.id), null, 'index-hint-test');
    helpdesk = accessModule(engineContext(t.engine.services, db, caller, 'index-hint-test'), 'Helpdesk', 'select').module;
    reHelpdesk = modules.get('RE-Helpdesk')!;
  });
  afterAll(async () => {
    await t?.close();
  });

  const need = (m: ResolvedModule, where: unknown[], scoped = false) => hintableNeed(m, normaliseWhere(where, m), parseOrder('createon desc', m), scoped);
  const rowsOf = (m: ResolvedModule, input: Partial<SelectInput>, scopeRe?: number) => compile(planSelect(db, m, scopeRe, { fields: ['id', 'name', 'category_name_ind_field', 'createon'], order: 'createon desc', limit: 20, offset: 0, ...input }).rows());
  const hintOf = (s: { sql: string }) => FORCE.exec(s.sql)?.[1] ?? null;

  it('finds a need only where every condition is served by an index or only leaves rows out', () => {
    expect(helpdesk.rowLimit, 'the administrator is under a help desk row rule').toBeTruthy();
    expect(need(helpdesk, [])).toMatchObject({ table: 'helpdesk', equal: [], order: [{ column: 'createon', desc: false }], narrowing: [] });
    expect(need(helpdesk, [['state', '=', 54]])).toMatchObject({ equal: ['state'] });
    expect(need(helpdesk, [['createon', 'between', ['2024-01-01 00:00:00', '2024-01-31 23:59:59']]])).toMatchObject({ narrowing: ['createon'] });
    expect(need(helpdesk, [['state', 'not in', [13]], { or: [['re', 'is null'], ['state', '!=', 44]] }])).toMatchObject({ equal: [] });
    expect(need(reHelpdesk, [], true)).toMatchObject({ equal: ['re'] });
    // A contains search, a lookup's column, an `or` of equalities may keep only a few rows: the planner chooses.
    expect(need(helpdesk, [['name', 'like', '%G1%']])).toBeNull();
    expect(need(helpdesk, [['category_name_ind_field', '=', 'General']])).toBeNull();
    expect(need(helpdesk, [{ or: [['state', '=', 13], ['state', '=', 44]] }])).toBeNull();
    // A list by id is one row.
    expect(need(helpdesk, [['id', '=', 5]])).toBeNull();
  });

  it(dialect === 'mysql' ? 'names the index that serves the order and the equalities' : 'names no index to SQLite', () => {
    const deep = rowsOf(helpdesk, { offset: 400 });
    const byState = rowsOf(helpdesk, { where: [['state', '=', 54]], offset: 20 });
    const scoped = rowsOf(reHelpdesk, {}, 1);
    if (dialect !== 'mysql') {
      for (const s of [deep, byState, scoped]) expect(hintOf(s)).toBeNull();
      return;
    }
    // The order's index that also holds the rule's category: the rule is tested from the index.
    expect(hintOf(deep)).toBe('helpdesk_createon_id_category_index');
    expect(hintOf(rowsOf(helpdesk, {}))).toBe('helpdesk_createon_id_category_index');
    expect(hintOf(byState)).toBe('helpdesk_state_createon_index');
    expect(hintOf(scoped)).toBe('helpdesk_re_createon_index');
    expect(hintOf(rowsOf(helpdesk, { where: [['name', 'like', '%G1%']], offset: 20 }))).toBeNull();
  });

  it.each([
    ['a deep page', {}, 400],
    ['a deep page of one state', { where: [['state', '=', 54]] }, 20],
    // The generated rows are a minute apart from 1 January 2023.
    ['a day', { where: [['createon', 'between', ['2023-01-02 00:00:00', '2023-01-02 23:59:59']]] }, 0],
  ] as const)('answers %s with the same rows as the planner does unhinted', async (_name, input, offset) => {
    const hinted = rowsOf(helpdesk, { ...input, offset } as Partial<SelectInput>);
    const plain = { sql: hinted.sql.replace(/ force index \(`\w+`\)/g, ''), bindings: hinted.bindings };
    const a = await selectCompiled(db, hinted);
    expect(a.length).toBe(20);
    expect(a).toEqual(await selectCompiled(db, plain));
  });

  it('reads a deep page through the order\'s index without a sort', async () => {
    const s = rowsOf(helpdesk, { offset: 400 });
    if (dialect === 'sqlite') {
      const plan: { detail: string }[] = await db.raw(`explain query plan ${s.sql}`, s.bindings as Knex.Value[]);
      // The order's index, or the one that holds the rule's category after it (docs/row-rules.md).
      expect(plan.some((r) => /helpdesk_createon(_id_category)?_index/.test(r.detail)), JSON.stringify(plan)).toBe(true);
      expect(plan.some((r) => r.detail.includes('TEMP B-TREE')), JSON.stringify(plan)).toBe(false);
      return;
    }
    const [plan] = (await db.raw(`explain ${s.sql}`, s.bindings as Knex.Value[])) as [{ table: string; key: string | null; Extra: string | null }[]];
    const keys = plan.find((r) => /^helpdesk_createon(_id_category)?_index$/.test(r.key ?? ''));
    expect(keys, JSON.stringify(plan)).toBeTruthy();
    expect(keys!.Extra ?? '').not.toMatch(/filesort/);
  });

  it('names no index that holds only a prefix of a column (it cannot give the order)', async () => {
    const byName = () => hintOf(compile(planSelect(db, helpdesk, undefined, { fields: ['id', 'name'], order: 'name asc', limit: 20, offset: 40 }).rows()));
    const mysql = dialect === 'mysql';
    await db.raw(mysql ? 'create index hd_name_prefix on helpdesk (name(20))' : 'create index hd_name_prefix on helpdesk (name)');
    try {
      await loadTableIndexes(db);
      expect(byName()).toBeNull();
      await db.raw(mysql ? 'drop index hd_name_prefix on helpdesk' : 'drop index hd_name_prefix');
      await db.raw('create index hd_name_whole on helpdesk (name)');
      await loadTableIndexes(db);
      expect(byName()).toBe(mysql ? 'hd_name_whole' : null);
    } finally {
      await db.raw(mysql ? 'drop index if exists hd_name_prefix on helpdesk' : 'drop index if exists hd_name_prefix');
      await db.raw(mysql ? 'drop index if exists hd_name_whole on helpdesk' : 'drop index if exists hd_name_whole');
      await loadTableIndexes(db);
    }
  });

  it('reads again which indexes there are after a named one was dropped', async () => {
    const iru = await t.sessionFor('admin');
    const select = () => t.call('Record.select', [{ module: 'Helpdesk', fields: ['id', 'createon'], where: [['state', '=', 54]], order: 'createon desc', max: 5, pageIndex: 3 }], iru);
    expect((await select())[0]).toMatchObject({ type: 'recordset' });
    await db.schema.alterTable('helpdesk', (tb) => tb.dropIndex([], 'helpdesk_state_createon_index'));
    try {
      // On MariaDB the first read after the drop names the index it knew: it is answered without
      // the name, and the next ones are planned without it.
      for (let i = 0; i < 3; i++) {
        const after = await select();
        expect(after[0]).toMatchObject({ type: 'recordset' });
        expect((after[0] as { rows: unknown[] }).rows.length).toBe(5);
      }
    } finally {
      await db.schema.alterTable('helpdesk', (tb) => tb.index(['state', 'createon'], 'helpdesk_state_createon_index'));
    }
  });
});
