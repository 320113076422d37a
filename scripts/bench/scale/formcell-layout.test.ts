// Migration 0042_formcell_clustered over a generated history, on both databases: a database laid
// out as an earlier release left it (the history, then two open forms filled by saves taking turns) keeps
// every cell with its value and answers Form.getData the same once formcell is clustered by
// (form, tab, address); saves through the portal go on working on the new layout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { testDialects, type TestDatabase } from '../../../engine/testing/test-database.js';
import { recordsetObjects, type RecordsetValue } from '../../../engine/protocol/envelope.js';
import type { Engine } from '../../../engine/server/app.js';
import { formcellClustered } from '../../../migrations/0042_formcell_clustered.js';
import { callerAs, generateScale, scaleDatabase, scaleEngine, SCALE_TEMPLATES, type GenerateResult } from './generate.js';

const TINY = { entities: 2, years: 1, seed: 11 };
const NEXT_MONTH = '2026-01-31';
const NEXT_QUARTER = '2026-03-31';

const cellsOf = (db: Knex) => db('formcell').orderBy(['form', 'tab', 'address']).select('form', 'tab', 'address', 'code', 'value');

async function formcellSql(db: Knex, dialect: string): Promise<string> {
  if (dialect === 'mysql') return String((await db.raw('SHOW CREATE TABLE formcell'))[0][0]['Create Table']);
  return (await db('sqlite_master').where({ tbl_name: 'formcell' }).orderBy('name').select('sql')).map((r: { sql: string | null }) => r.sql ?? '').join('\n');
}

describe.each(await testDialects())('migration 0042_formcell_clustered (%s)', (dialect) => {
  let database: TestDatabase;
  let engine: Engine;
  let config: Awaited<ReturnType<typeof scaleEngine>>['config'];
  let gen: GenerateResult;
  let preparer: Awaited<ReturnType<typeof callerAs>>;
  let open: number[];
  const dataOf = async (form: number) => recordsetObjects((await preparer('Form.getData', { form }))[0] as RecordsetValue);
  const saveOf = async (form: number, cells: { tab: unknown; address: unknown; value: string }[]) => {
    const ctr = Number((await database.db('form').where({ id: form }).first('updatectr')).updatectr);
    await preparer('Form.saveData', { form, updatectr: ctr, cells });
  };

  beforeAll(async () => {
    database = await scaleDatabase(dialect);
    ({ engine, config } = await scaleEngine(database));
    gen = await generateScale(database.db, dialect, engine.services.modules, TINY);
  }, 180_000);
  afterAll(async () => {
    await engine?.close();
    await database?.destroy();
  });

  it('keeps every cell and what Form.getData answers when formcell is clustered by form', async () => {
    const { db } = database;
    // The layout an earlier release left: on SQLite a rowid table in the order cells were saved.
    await formcellClustered.down(db);
    if (dialect === 'sqlite') expect(await formcellSql(db, dialect)).not.toMatch(/WITHOUT ROWID/i);
    // The first entity's next month and quarter opened and filled by saves of 100 cells taking turns.
    const iru = await callerAs(engine, config, db, gen.users.iru);
    preparer = await callerAs(engine, config, db, gen.users.preparer);
    await iru('FormBatch.openPeriod', { calendar: SCALE_TEMPLATES[0].calendar, endon: NEXT_MONTH });
    await iru('FormBatch.openPeriod', { calendar: SCALE_TEMPLATES[1].calendar, endon: NEXT_QUARTER });
    const firstRe = Number((await db('re').min({ m: 'id' }))[0].m);
    const accepted = (await db('form').where({ re: firstRe }).where('endon', '<', NEXT_MONTH).orderBy('id').pluck('id')).map(Number);
    open = (await db('form').where({ re: firstRe }).where('endon', '>=', NEXT_MONTH).orderBy('id').pluck('id')).map(Number);
    expect(open.length).toBe(2);
    const inputs = await Promise.all(open.map(async (form) => (await dataOf(form)).filter((c) => c.type !== 'formula')));
    for (let from = 0; from < Math.max(...inputs.map((l) => l.length)); from += 100)
      for (const [k, form] of open.entries())
        if (from < inputs[k].length) await saveOf(form, inputs[k].slice(from, from + 100).map((c, i) => ({ tab: c.tab, address: c.address, value: String((from + i) * 3 + k) })));
    const forms = [...accepted, ...open];
    const cells = await cellsOf(db);
    const data = new Map<number, unknown>();
    for (const form of forms) data.set(form, await dataOf(form));
    expect(cells.length).toBe(gen.cells + inputs[0].length + inputs[1].length);

    await formcellClustered.up(db);
    const sql = await formcellSql(db, dialect);
    if (dialect === 'sqlite') expect(sql).toMatch(/PRIMARY KEY \(`form`, `tab`, `address`\)\) WITHOUT ROWID/i);
    else expect(sql).toMatch(/PRIMARY KEY \(`form`,`tab`,`address`\)/);
    expect(sql).toMatch(/formcell_form_code_index/);
    expect(await cellsOf(db)).toEqual(cells);
    for (const form of forms) expect(await dataOf(form), `form ${form}`).toEqual(data.get(form));
  }, 180_000);

  it('saves, clears and reads cells through the portal on the clustered table', async () => {
    const { db } = database;
    const form = open[1];
    const inputs = (await dataOf(form)).filter((c) => c.type !== 'formula');
    const some = inputs.slice(200, 300);
    await saveOf(form, some.map((c, i) => ({ tab: c.tab, address: c.address, value: String(i + 5000) })));
    await saveOf(form, [{ tab: some[0].tab, address: some[0].address, value: '' }]);
    const after = new Map((await dataOf(form)).map((c) => [`${c.tab}!${c.address}`, c.value]));
    expect(after.get(`${some[0].tab}!${some[0].address}`) ?? null).toBeNull();
    for (const [i, c] of some.slice(1).entries()) expect(Number(after.get(`${c.tab}!${c.address}`))).toBe(i + 1 + 5000);
    expect(Number((await db('formcell').where({ form }).count({ n: '*' }))[0].n)).toBe(inputs.length - 1);
  }, 120_000);
});
