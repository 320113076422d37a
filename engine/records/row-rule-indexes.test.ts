// Row rules that keep their index (docs/row-rules.md): a rule that only hides a few values of a
// column (`category is null or category not in (…)`) is counted as the rows without it less
// the hidden ones, and the help desk list's pages read the rule's column from the index
// (createon, id, category). Over a generated table with rows in every ruled category, for every demo caller the help desk rules limit: each page and the count are
// exactly the rows the rule's plain form selects, worked out here row by row. Deep pages that
// skip the hidden rows by their index (SQLite, from SKIP_HIDDEN_FROM on) are checked page by
// page against the same rows, in both directions, with ties and null times, and with half the rows hidden.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { testDialects } from '../testing/test-database.js';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { generateModuleRows } from '../testing/module-rows.js';
import { compile, compileTemplate, fillTemplate, selectCompiled } from '../db/compiled-statement.js';
import { userCaller } from '../jobs/job-caller.js';
import { engineContext } from '../runtime/engine-context.js';
import { accessModule } from './module-access.js';
import { planSelect, SKIP_HIDDEN_FROM } from './select-query.js';
import { anchoredRows } from './select.js';
import { applyRowLimit, hiddenValues } from './row-rules.js';
import { loadTableIndexes } from './index-hint.js';
import { bumpVersions } from '../db/change-versions.js';
import { BASE_ALIAS, type ResolvedModule } from '../metadata/module-registry.js';

const ROWS = 3_000;
const RULED = [100148, 1100805, 1103208, 10123];

describe.each(await testDialects())('row rules that keep their index on %s', (dialect) => {
  let t: TestEngine;
  let db: Knex;
  /** Every help desk row: id, createon, category, state. */
  let all: { id: number; createon: string | null; category: number | null; state: number }[];
  beforeAll(async () => {
    t = await startTestEngine(dialect);
    db = t.database.db;
    const modules = t.engine.services.modules;
    await generateModuleRows(db, modules, modules.get('Helpdesk')!, ROWS);
    // Rows in each ruled category (the column is required, so the rules' `is null` branch finds none).
    for (const [i, category] of RULED.entries()) await db('helpdesk').whereRaw('id % 37 = ?', [i]).update({ category });
    // Equal times, so the id tiebreaker decides within them.
    await db('helpdesk').whereRaw('id % 5 = 0').update({ createon: '2024-03-01 10:00:00' });
    // Rows without a time (written around the engine): last in a descending order, first in an ascending one.
    await db('helpdesk').whereRaw('id % 41 = 3').update({ createon: null });
    await bumpVersions(db, ['helpdesk']);
    await loadTableIndexes(db);
    all = await readAll();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  async function readAll() {
    const time = (v: unknown) => (v === null ? null : v instanceof Date ? v.toISOString().slice(0, 19).replace('T', ' ') : String(v));
    return (await db('helpdesk').select('id', 'createon', 'category', 'state')).map((r) => ({ id: Number(r.id), createon: time(r.createon), category: r.category === null ? null : Number(r.category), state: Number(r.state) }));
  }

  /** The list's order: createon (null the smallest, as both databases sort it), then id, in `dir`. */
  function ordered<T extends { id: number; createon: string | null }>(rows: T[], dir: 'asc' | 'desc', byId = false): number[] {
    const cmp = (a: T, b: T) => {
      if (!byId && a.createon !== b.createon) return a.createon === null ? -1 : b.createon === null ? 1 : a.createon < b.createon ? -1 : 1;
      return a.id - b.id;
    };
    return rows.sort((a, b) => (dir === 'asc' ? cmp(a, b) : cmp(b, a))).map((r) => r.id);
  }
  afterAll(async () => {
    await t?.close();
  });

  async function helpdeskOf(userid: string, amlpu: string): Promise<ResolvedModule> {
    await db('parameters').where({ code: 'amlpu.visible' }).update({ value0: amlpu });
    await bumpVersions(db, ['parameters']);
    const user = await db('user').where({ userid }).first('id');
    const caller = await userCaller(t.engine.services, Number(user.id), null, 'rule-index-test');
    return accessModule(engineContext(t.engine.services, db, caller, 'rule-index-test'), 'Helpdesk', 'select').module;
  }

  // [user, amlpu.visible, the categories the rule hides (null: a rule of another form), rows without a category listed]
  const cases: [string, string, number[] | null, boolean][] = [
    ['admin', '0', [1100805], true],
    ['iru', '1', [100148, 1100805, 1103208, 10123], true],
    ['iru', '0', [100148, 1100805, 1103208, 10123], true],
    ['peoiofficer', '0', [100148, 1100805, 1103208, 10123], true],
    ['appofficer', '1', null, false],
  ];

  it.each(cases)('%s with amlpu.visible %s: pages and count are the plain rule\'s rows', async (userid, amlpu, hides, nullsListed) => {
    const module = await helpdeskOf(userid, amlpu);
    expect(module.rowLimit, 'a rule is in force').toBeTruthy();
    const hidden = hiddenValues(module.rowLimit!);
    if (hides) expect(hidden?.values.slice().sort((a, b) => Number(a) - Number(b))).toEqual(hides.slice().sort((a, b) => a - b));
    else expect(hidden).toBeNull();
    // appofficer: category in (1100805, 1103208) while open, else 1103208 alone.
    const visible = (c: number | null) => (hides ? c === null || !hides.includes(c) : c !== null && (amlpu === '1' ? [1100805, 1103208] : [1103208]).includes(c));
    expect(nullsListed).toBe(visible(null));
    for (const where of [[], [['state', '=', all[0].state]], [['createon', '>=', '2024-01-01 00:00:00']]] as unknown[][]) {
      const keep = (r: (typeof all)[number]) => visible(r.category) && (where.length === 0 || (where[0] as unknown[])[0] !== 'state' || r.state === all[0].state) && (where.length === 0 || (where[0] as unknown[])[0] !== 'createon' || (r.createon !== null && r.createon >= '2024-01-01'));
      const expected = ordered(all.filter(keep), 'desc');
      // The plain form: the rule's own conditions on a bare count.
      const plain = db({ [BASE_ALIAS]: 'helpdesk' }).count({ n: '*' });
      applyRowLimit(db, plain, module, module.rowLimit!, BASE_ALIAS);
      if (where.length === 0) expect(Number((await plain)[0].n)).toBe(expected.length);
      const plan = (offset: number) => planSelect(db, module, undefined, { fields: ['id'], where, order: 'createon desc', limit: 40, offset });
      const count = compile(plan(0).count());
      if (hidden) expect(count.sql, 'counted as all rows less the hidden ones').toMatch(/ - /);
      expect(Number((await selectCompiled(db, count))[0].n), JSON.stringify(where)).toBe(expected.length);
      for (const offset of [0, 40, 400, Math.max(0, expected.length - 30)]) {
        const rows = await selectCompiled(db, compile(plan(offset).rows()));
        expect(rows.map((r) => Number(r.id)), `${JSON.stringify(where)} offset ${offset}`).toEqual(expected.slice(offset, offset + 40));
      }
    }
  });

  /** Every page of `module`'s list in `order` under `where` is `expected`'s, through the compiled statement and its template alike. */
  async function everyPage(module: ResolvedModule, where: unknown[], order: string, expected: number[], limit: number) {
    let skipped = 0;
    for (let offset = 0; offset <= expected.length + limit; offset += limit) {
      const plan = planSelect(db, module, undefined, { fields: ['id', 'name'], where, order, limit, offset });
      let rows: Record<string, unknown>[];
      if (plan.anchored) {
        skipped++;
        const { anchor, page } = plan.anchored;
        const [row] = await selectCompiled(db, compile(anchor.build()));
        // The page with the rows of a null time always, so every page checks the whole range from the anchor on.
        const statement = row ? compile(page(row, true).build()) : null;
        for (const s of row ? [anchor, page(row, false), page(row, true)] : [anchor]) {
          const template = compileTemplate(s.template(), s.values.length);
          expect(template && fillTemplate(template, s.values), 'the template is the statement').toEqual(compile(s.build()));
        }
        rows = statement ? await selectCompiled(db, statement) : [];
        expect(await anchoredRows(db, plan.anchored)).toEqual(rows);
      } else {
        const statement = compile(plan.rows());
        const template = compileTemplate(plan.rowsTemplate(), plan.rowsValues.length);
        expect(template && fillTemplate(template, plan.rowsValues), 'the template is the statement').toEqual(statement);
        rows = await selectCompiled(db, statement);
      }
      expect(rows.map((r) => Number(r.id)), `${order} ${JSON.stringify(where)} offset ${offset}`).toEqual(expected.slice(offset, offset + limit));
    }
    const deepPages = Math.max(0, Math.floor((expected.length + limit) / limit) + 1 - Math.ceil(SKIP_HIDDEN_FROM / limit));
    expect(skipped, 'deep pages skip the hidden rows by their index on SQLite').toBe(dialect === 'sqlite' ? deepPages : 0);
  }

  it.each([
    ['iru', '0', 'createon desc'],
    ['iru', '0', 'createon asc'],
    ['iru', '0', 'id desc'],
    ['admin', '0', 'createon desc'],
  ])('%s with amlpu.visible %s: every page in %s is the plain rule\'s page', async (userid, amlpu, order) => {
    const module = await helpdeskOf(userid, amlpu);
    const hides = hiddenValues(module.rowLimit!)!.values.map(Number);
    const [name, dir] = order.split(' ') as [string, 'asc' | 'desc'];
    for (const where of [[], [['state', '=', all[0].state]]] as unknown[][]) {
      const keep = (r: (typeof all)[number]) => (r.category === null || !hides.includes(r.category)) && (where.length === 0 || r.state === all[0].state);
      await everyPage(module, where, order, ordered(all.filter(keep), dir, name === 'id'), where.length ? 7 : 40);
    }
  });

  it('pages as the plain rule does when half the rows are hidden', async () => {
    const before = all;
    try {
      await db('helpdesk').whereRaw('id % 2 = 1').update({ category: 1100805 });
      await bumpVersions(db, ['helpdesk']);
      all = await readAll();
      const module = await helpdeskOf('admin', '0');
      for (const dir of ['desc', 'asc'] as const) await everyPage(module, [], `createon ${dir}`, ordered(all.filter((r) => r.category !== 1100805), dir), 20);
    } finally {
      for (const r of before) if (r.category !== null) await db('helpdesk').where({ id: r.id }).update({ category: r.category });
      await bumpVersions(db, ['helpdesk']);
      all = before;
    }
  });

  // SQLite's plan; MariaDB chooses among the indexes by the table's statistics (its figures: docs/benchmarks.md "Row rules").
  it('counts the hidden rows of a state or an entity through their own index', async () => {
    const module = await helpdeskOf('iru', '0');
    for (const [field, index] of [['state', 'helpdesk_state_category_index'], ['re', 'helpdesk_re_category_index']]) {
      const count = compile(planSelect(db, module, undefined, { fields: ['id'], where: [[field, '=', all[0].state]], order: 'createon desc', limit: 20, offset: 0 }).count());
      if (dialect !== 'sqlite') continue;
      const plan: { detail: string }[] = await db.raw(`explain query plan ${count.sql}`, count.bindings as Knex.Value[]);
      expect(plan.map((r) => r.detail).join('\n')).toContain(`COVERING INDEX ${index}`);
    }
  });

  it('reads the list\'s deep pages under the rule from the index alone', async () => {
    const module = await helpdeskOf('iru', '0');
    const statement = compile(planSelect(db, module, undefined, { fields: ['id', 'name'], where: [], order: 'createon desc', limit: 20, offset: 400 }).rows());
    if (dialect === 'sqlite') {
      const plan: { detail: string }[] = await db.raw(`explain query plan ${statement.sql}`, statement.bindings as Knex.Value[]);
      expect(plan.map((r) => r.detail).join('\n')).toMatch(/SCAN t USING COVERING INDEX helpdesk_createon_id_category_index/);
    } else {
      expect(statement.sql).toMatch(/force index \(`helpdesk_createon_id_category_index`\)/);
    }
  });
});
