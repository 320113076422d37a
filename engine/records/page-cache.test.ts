// A list's page read again is answered from memory while no table it reads has changed, and read
// again from the database after any write to them: its own table, a lookup it displays, through
// this engine process or another one. Pages of callers under other row rules are kept apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { connect } from '../db/connect.js';
import { bumpVersions } from '../db/change-versions.js';
import { buildEngine, type Engine } from '../server/app.js';
import { decodeXml } from '../protocol/envelope.js';
import { failure, ok, readBack, select } from '../testing/record-calls.js';
import { portal } from '../../portal/app.js';

const FIELDS = ['id', 'name', 'category', 're', 're_name_ind_field', 'createon'];
const AMLPU = 1100805;

describe.each(await testDialects())('kept pages of a list on %s', (dialect) => {
  let t: TestEngine;
  let second: Engine;
  let admin: string;
  let iru: string;
  let re: number;
  const statements: string[] = [];
  const onQuery = (q: { sql: string }) => {
    if (/^select/i.test(q.sql) && q.sql.includes('helpdesk') && !/count\(\*\)/i.test(q.sql)) statements.push(q.sql);
  };

  beforeAll(async () => {
    t = await startTestEngine(dialect, { PAGE_CACHE_MB: '32' });
    second = await buildEngine({ app: portal, config: t.config, db: connect(t.config), logger: pino({ level: 'silent' }) });
    [admin, iru] = await Promise.all([t.sessionFor('admin'), t.sessionFor('iru')]);
    const any = (await select(t, admin, { module: 'Helpdesk', fields: ['category', 're'], max: 1 })).rows[0];
    re = Number(any.re);
    const category = Number(any.category);
    for (let i = 0; i < 5; i++) {
      const cat = i === 2 ? AMLPU : category;
      ok(await t.call('Record.create', [{ module: 'Helpdesk', fields: ['category', 'name', 'description', 're'], values: [cat, `Kept page ${i}`, 'Body', re] }], admin));
    }
    t.database.db.on('query', onQuery);
  });
  afterAll(async () => {
    t?.database.db.off('query', onQuery);
    await second?.services.db.destroy();
    await t?.close();
  });

  const KEPT = [['name', 'like', 'Kept page%']];
  const page = async (cookie = admin) => {
    statements.length = 0;
    const answer = await select(t, cookie, { module: 'Helpdesk', fields: FIELDS, where: KEPT, order: 'id asc', max: 20 });
    return { rows: answer.rows, total: answer.total, read: statements.length };
  };
  const viaSecond = async (action: string, args: unknown[]) => {
    const res = await second.app.inject({ method: 'POST', url: '/process', headers: { 'content-type': 'application/json', cookie: admin }, payload: JSON.stringify({ action, args }) });
    return decodeXml(res.body);
  };

  it('answers a page read again without reading its rows, the same rows', async () => {
    const first = await page();
    expect(first.read).toBeGreaterThan(0);
    expect(first.rows.map((r) => r.name)).toEqual(['Kept page 0', 'Kept page 1', 'Kept page 2', 'Kept page 3', 'Kept page 4']);
    const again = await page();
    expect(again.rows).toEqual(first.rows);
    // PAGE_CACHE_VERIFY (the test kit's) reads the page once more to compare: one statement, not the usual ones.
    expect(again.read).toBeLessThanOrEqual(1);
    expect(statements.every((s) => s.includes('helpdesk'))).toBe(true);
  });

  it("reads the page again after a write to its own table through this process or another one", async () => {
    const before = await page();
    const row = before.rows[0];
    const [ctr] = (await t.database.db('helpdesk').where({ id: row.id }).pluck('updatectr')).map(Number);
    readBack(await t.call('Record.update', [{ module: 'Helpdesk', fields: ['id', 'updatectr', 'name'], values: [row.id, ctr, 'Kept page 0, renamed'] }], admin));
    expect((await page()).rows[0].name).toBe('Kept page 0, renamed');
    readBack(await viaSecond('Record.update', [{ module: 'Helpdesk', fields: ['id', 'updatectr', 'name'], values: [row.id, ctr + 1, 'Kept page 0, elsewhere'] }]));
    const after = await page();
    expect(after.read).toBeGreaterThan(0);
    expect(after.rows[0].name).toBe('Kept page 0, elsewhere');
    ok(await viaSecond('Record.create', [{ module: 'Helpdesk', fields: ['category', 'name', 'description', 're'], values: [Number(row.category), 'Kept page 5', 'Body', re] }]));
    const grown = await page();
    expect(grown.rows.map((r) => r.name)).toContain('Kept page 5');
    expect(grown.total).toBe(grown.rows.length);
  });

  it('reads the page again after a write to a table it only displays (the entity of a lookup)', async () => {
    const before = await page();
    const name = String(before.rows[0].re_name_ind_field);
    await t.database.db('re').where({ id: re }).update({ name: `${name} (renamed)` });
    await bumpVersions(t.database.db, ['re']);
    const after = await page();
    expect(after.rows.every((r) => r.re_name_ind_field === `${name} (renamed)`)).toBe(true);
    await t.database.db('re').where({ id: re }).update({ name });
    await bumpVersions(t.database.db, ['re']);
  });

  it('keeps the pages of callers under other row rules apart', async () => {
    await bumpVersions(t.database.db, ['helpdesk']);
    // Other regulator staff read the page first, afresh; their rules leave out rows the administrator sees (docs/row-rules.md).
    const staff = await page(iru);
    const all = await page(admin);
    expect(all.read).toBeGreaterThan(0);
    expect(staff.rows.length).toBeLessThan(all.rows.length);
    expect((await page(iru)).rows).toEqual(staff.rows);
    expect((await page(admin)).rows).toEqual(all.rows);
  });

  it('finds, under PAGE_CACHE_VERIFY, a write that did not bump the version of a table the page reads', async () => {
    await page();
    await page();
    const row = (await page()).rows[1];
    await t.database.db('helpdesk').where({ id: row.id }).update({ name: 'Kept page, unbumped' });
    const seen = failure(await t.call('Record.select', [{ module: 'Helpdesk', fields: FIELDS, where: KEPT, order: 'id asc', max: 20 }], admin));
    expect(seen.code).toBe('E_FAIL');
    await bumpVersions(t.database.db, ['helpdesk']);
    expect((await page()).rows[1].name).toBe('Kept page, unbumped');
  });
});
