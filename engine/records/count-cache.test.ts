// A kept list total follows this process's own inserts by counting only the new rows; any other
// write (an update, a delete, another process's insert, a transaction that did more than
// insert) makes the next request count the whole list again, and every total is the true one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import type { Knex } from 'knex';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { connect } from '../db/connect.js';
import { bumpVersion, bumpVersions, readVersions } from '../db/change-versions.js';
import { insertsBetween, journalInsert } from '../db/insert-journal.js';
import { buildEngine, type Engine } from '../server/app.js';
import { decodeXml } from '../protocol/envelope.js';
import { ok, readBack, select } from '../testing/record-calls.js';
import { portal } from '../../portal/app.js';

describe.each(await testDialects())('list totals after inserts on %s', (dialect) => {
  let t: TestEngine;
  let second: Engine;
  let admin: string;
  let category: number;
  let re: number;
  const counts: string[] = [];
  const onQuery = (q: { sql: string }) => {
    if (/count\(\*\)/i.test(q.sql) && q.sql.includes('helpdesk')) counts.push(q.sql);
  };

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    second = await buildEngine({ app: portal, config: t.config, db: connect(t.config), logger: pino({ level: 'silent' }) });
    admin = await t.sessionFor('admin');
    const any = await select(t, admin, { module: 'Helpdesk', fields: ['category', 're'], max: 1 });
    category = Number(any.rows[0].category);
    re = Number(any.rows[0].re);
    t.database.db.on('query', onQuery);
  });
  afterAll(async () => {
    t?.database.db.off('query', onQuery);
    await second?.services.db.destroy();
    await t?.close();
  });

  const JOURNAL = [['name', 'like', 'Journal%']];
  const total = async (where: unknown[] = JOURNAL) => {
    counts.length = 0;
    const page = await select(t, admin, { module: 'Helpdesk', fields: ['id'], where, max: 1 });
    return { total: page.total, counted: [...counts] };
  };
  const stored = async () => Number((await t.database.db('helpdesk').where('name', 'like', 'Journal%').count({ n: '*' }))[0].n);
  const create = async (name: string) =>
    readBack(await t.call('Record.create', [{ module: 'Helpdesk', fields: ['category', 'name', 'description', 're'], values: [category, name, 'Body', re] }], admin));
  /** A count narrowed to the inserted rows by primary key, not a count of the table. */
  const narrowed = (sql: string) => /[`"]t[`"]\.[`"]id[`"] in \(/i.test(sql);

  it('adds the matching rows this process inserts to a kept total, counting only them', async () => {
    await create('Journal first');
    const kept = await total();
    expect(kept.total).toBe(await stored());
    expect((await total()).counted).toEqual([]);
    await create('Journal second');
    await create('Other subject');
    const after = await total();
    expect(after.total).toBe(kept.total + 1);
    expect(after.total).toBe(await stored());
    expect(after.counted).toHaveLength(1);
    expect(narrowed(after.counted[0])).toBe(true);
    // The list without a filter took both rows in, the same way.
    const all = await total([]);
    await create('Journal third');
    const allAfter = await total([]);
    expect(allAfter.total).toBe(all.total + 1);
    expect(narrowed(allAfter.counted[0])).toBe(true);
  });

  it('counts the new rows of each list with its own values, and many new rows at once', async () => {
    const OTHER = [['name', 'like', 'Other%']];
    const storedOther = async () => Number((await t.database.db('helpdesk').where('name', 'like', 'Other%').count({ n: '*' }))[0].n);
    await total();
    await total(OTHER);
    // One statement shape, two lists' values: each list adds only its own new rows.
    await create('Journal among');
    await create('Other among');
    const journal = await total();
    const other = await total(OTHER);
    expect([journal.total, other.total]).toEqual([await stored(), await storedOther()]);
    expect([...journal.counted, ...other.counted].every(narrowed)).toBe(true);
    // More new rows than a statement is kept for: counted among them all the same.
    for (let i = 0; i < 20; i++) await create(i % 2 ? `Journal batch ${i}` : `Other batch ${i}`);
    const many = await total();
    expect(many.total).toBe(journal.total + 10);
    expect(many.total).toBe(await stored());
    expect(many.counted.every(narrowed)).toBe(true);
  });

  it('counts the whole list again after an update or a delete, and the totals are true', async () => {
    const row = await create('Journal to move');
    const kept = await total();
    const [moved] = ok(await t.call('Record.update', [{ module: 'Helpdesk', fields: ['id', 'updatectr', 'name'], values: [row.id, row.updatectr, 'Moved away'] }], admin));
    expect(moved.type).toBe('recordset');
    const afterUpdate = await total();
    expect(afterUpdate.total).toBe(kept.total - 1);
    expect(afterUpdate.total).toBe(await stored());
    expect(afterUpdate.counted.some(narrowed)).toBe(false);
    const gone = await create('Journal to delete');
    await total();
    const [deleted] = await t.call('Record.delete', [{ module: 'Helpdesk', fields: ['id', 'updatectr'], values: [gone.id, gone.updatectr] }], admin);
    expect(deleted).toEqual({ type: 'text', text: '1' });
    const afterDelete = await total();
    expect(afterDelete.total).toBe(await stored());
    expect(afterDelete.counted.some(narrowed)).toBe(false);
  });

  it('counts the whole list again after another engine process inserts', async () => {
    const kept = await total();
    const res = await second.app.inject({
      method: 'POST',
      url: '/process',
      headers: { 'content-type': 'application/json', cookie: admin },
      payload: JSON.stringify({ action: 'Record.create', args: [{ module: 'Helpdesk', fields: ['category', 'name', 'description', 're'], values: [category, 'Journal elsewhere', 'Body', re] }] }),
    });
    ok(decodeXml(res.body));
    await create('Journal here');
    const after = await total();
    expect(after.total).toBe(kept.total + 2);
    expect(after.total).toBe(await stored());
    expect(after.counted.some(narrowed)).toBe(false);
  });

  describe('the journal', () => {
    const TABLE = 'journal_probe';
    const version = async (db: Knex) => (await readVersions(db)).get(TABLE) ?? 0;
    const settled = () => new Promise((r) => setTimeout(r, 0));

    it('has a bump answer the version it made, for a table bumped before and for a new one', async () => {
      const db = t.database.db;
      const fresh = `probe_${Date.now()}`;
      expect(await bumpVersion(db, fresh)).toBe(1);
      expect(await bumpVersion(db, fresh)).toBe(2);
      await bumpVersions(db, [fresh]);
      expect(await db.transaction((trx) => bumpVersion(trx, fresh))).toBe(4);
      expect((await readVersions(db)).get(fresh)).toBe(4);
    });

    it('names an insert once its transaction commits, if that was the only bump of the table', async () => {
      const db = t.database.db;
      const from = await version(db);
      let askedWhilePending: Promise<number[] | null> | undefined;
      let answeredWhilePending = false;
      await db.transaction(async (trx) => {
        expect(await bumpVersion(trx, TABLE)).toBe(from + 1);
        journalInsert(trx, TABLE, from + 1, 41);
        // A reader that met the version before this process saw the commit waits for it.
        askedWhilePending = insertsBetween(db, TABLE, from, from + 1);
        void askedWhilePending.then(() => (answeredWhilePending = true));
        await settled();
        expect(answeredWhilePending).toBe(false);
      });
      expect(await askedWhilePending).toEqual([41]);
      expect(await insertsBetween(db, TABLE, from, from + 1)).toEqual([41]);
      expect(await insertsBetween(second.services.db, TABLE, from, from + 1)).toBeNull();
    });

    it('names nothing for a transaction that bumps the table again, rolls back, or runs without a transaction', async () => {
      const db = t.database.db;
      const from = await version(db);
      let askedWhilePending: Promise<number[] | null> | undefined;
      await db.transaction(async (trx) => {
        journalInsert(trx, TABLE, await bumpVersion(trx, TABLE), 42);
        askedWhilePending = insertsBetween(db, TABLE, from, from + 1);
        await trx.transaction(async (inner) => bumpVersions(inner, [TABLE]));
      });
      expect(await askedWhilePending).toBeNull();
      expect(await version(db)).toBe(from + 2);
      expect(await insertsBetween(db, TABLE, from, from + 1)).toBeNull();
      expect(await insertsBetween(db, TABLE, from, from + 2)).toBeNull();
      await db
        .transaction(async (trx) => {
          journalInsert(trx, TABLE, await bumpVersion(trx, TABLE), 43);
          askedWhilePending = insertsBetween(db, TABLE, from + 2, from + 3);
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      expect(await askedWhilePending).toBeNull();
      expect(await version(db)).toBe(from + 2);
      journalInsert(db, TABLE, await bumpVersion(db, TABLE), 44);
      expect(await insertsBetween(db, TABLE, from + 2, from + 3)).toBeNull();
    });
  });

  // Last: it leaves the help desk table written through two slots.
  describe('writer slots', () => {
    const slotOf = async (db: Knex) => (dialect === 'mysql' ? Number(((await db.raw('select @@global.auto_increment_offset as s')) as [{ s: number }[]])[0][0].s) : 1);

    it("sums a table's version over the slots it was written through, a bump writing its node's slot", async () => {
      const db = t.database.db;
      const fresh = `slots_${Date.now()}`;
      const slot = await slotOf(db);
      expect(await bumpVersion(db, fresh)).toBe(1);
      expect(await db('change_version').where({ name: fresh }).select('slot')).toEqual([{ slot }]);
      expect((await readVersions(db)).spread.has(fresh)).toBe(false);
      // As another node of a cluster would: its own row, which no bump here touches.
      await db('change_version').insert({ name: fresh, slot: slot + 1, version: 5 });
      const versions = await readVersions(db);
      expect(versions.get(fresh)).toBe(6);
      expect(versions.spread.has(fresh)).toBe(true);
      expect(await bumpVersion(db, fresh)).toBe(2);
      expect((await readVersions(db)).get(fresh)).toBe(7);
    });

    it('counts a list whose table another node wrote in full, never adding inserts to a sum', async () => {
      const db = t.database.db;
      await create('Journal before another node');
      const kept = await total();
      // Another node's insert and its bump in its own slot.
      await db('helpdesk').insert({ ...(await db('helpdesk').where('name', 'like', 'Journal%').first('category', 're', 'createon', 'updateon')), name: 'Journal from another node', description: 'Body', updatectr: 1 });
      await db('change_version').insert({ name: 'helpdesk', slot: (await slotOf(db)) + 7, version: 1 });
      await create('Journal after another node');
      const after = await total();
      expect(after.total).toBe(kept.total + 2);
      expect(after.total).toBe(await stored());
      expect(after.counted.some(narrowed)).toBe(false);
      await create('Journal later still');
      const later = await total();
      expect(later.total).toBe(kept.total + 3);
      expect(later.counted.length).toBeGreaterThan(0);
      expect(later.counted.some(narrowed)).toBe(false);
    });
  });
});
