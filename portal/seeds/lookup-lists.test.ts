// List groups 720, 78, 79 and 581 on every dialect (seed 003 §3, §9; seed 001 §9): seeded with
// the seeds' ids, read through the List module as the screens read them, and added only where
// missing when the seeds run again over a database seeded earlier.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { select } from '../../engine/testing/record-calls.js';
import { sqlDateTime } from '../../engine/db/clock.js';
import { IMPORT_TYPE_ENTRIES, LOOKUP_GROUPS, PERIOD_ENTRIES, SCHEDULE_ENTRIES, seedLookupLists, TITLE_ENTRIES } from './lookup-lists.js';

describe.each(await testDialects())('the lookup list groups on %s', (dialect) => {
  let t: TestEngine;
  let iru: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    iru = await t.sessionFor('iru');
  });
  afterAll(async () => t?.close());

  const entriesOf = async (group: number) =>
    (await select(t, iru, { module: 'List', fields: ['id', 'name', 'value0'], where: [['listgroup', '=', group]], order: 'displayorder asc' })).rows.map((r) => [Number(r.id), String(r.name), r.value0 === null || r.value0 === '' ? null : String(r.value0)]);

  it('has the four groups under the seeds\' ids', async () => {
    const groups = (await t.database.db('listgroup').whereIn('id', Object.values(LOOKUP_GROUPS)).orderBy('id').pluck('id')).map(Number);
    expect(groups).toEqual([78, 79, 581, 720]);
  });

  it('lists the import types 1100855 and 1100856 in group 720, by the names the import screens use', async () => {
    expect(await entriesOf(720)).toEqual([[1100855, 'Main forms', '1100855'], [1100856, 'App I/II forms', '1100856']]);
    expect(IMPORT_TYPE_ENTRIES.map(([id]) => id)).toEqual([1100855, 1100856]);
  });

  it("lists the routine reports' periods (78) by the periodicity a report stores, and their schedules (79)", async () => {
    expect(await entriesOf(78)).toEqual(PERIOD_ENTRIES);
    expect((await entriesOf(78)).map(([, , v]) => v)).toEqual(['monthly', 'quarterly', 'semiannual', 'annual']);
    expect(await entriesOf(79)).toEqual(SCHEDULE_ENTRIES);
  });

  it('lists the titles of persons in group 581', async () => {
    const titles = await entriesOf(581);
    expect(titles).toEqual(TITLE_ENTRIES);
    expect(titles.map(([, name]) => name)).toEqual(expect.arrayContaining(['Mr', 'Mrs', 'Ms', 'Dr']));
  });

  it('adds nothing when the seeds run again, and puts back an entry that went missing', async () => {
    const db = t.database.db;
    expect(await seedLookupLists(db, sqlDateTime())).toEqual({});
    await db('list').where({ id: 581001 }).delete();
    expect(await seedLookupLists(db, sqlDateTime())).toEqual({ list: 1 });
    expect((await db('list').where({ id: 581001 }).first('name', 'listgroup'))).toMatchObject({ name: 'Mr', listgroup: 581 });
  });
});
