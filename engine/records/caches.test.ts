// The in-memory caches (a caller's access, list totals) are keyed by change versions read from
// the database, so no write — by this process or another one — is ever answered stale.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { connect } from '../db/connect.js';
import { buildEngine, type Engine } from '../server/app.js';
import { decodeXml } from '../protocol/envelope.js';
import { ok, select } from '../testing/record-calls.js';
import { portal } from '../../portal/app.js';

describe.each(await testDialects())('cached access and counts on %s', (dialect) => {
  let t: TestEngine;
  let second: Engine;
  let admin: string;
  beforeAll(async () => {
    t = await startTestEngine(dialect);
    // A second engine process on the same database, with its own connection pool and caches.
    second = await buildEngine({ app: portal, config: t.config, db: connect(t.config), logger: pino({ level: 'silent' }) });
    admin = await t.sessionFor('admin');
  });
  afterAll(async () => {
    await second?.services.db.destroy();
    await t?.close();
  });

  const sectorCount = async () => (await select(t, admin, { module: 'Sector', fields: ['id'], max: 1 })).total;

  it('counts a row created through this process on the next page', async () => {
    const before = await sectorCount();
    expect(await sectorCount()).toBe(before);
    ok(await t.call('Record.create', [{ module: 'Sector', fields: ['name'], values: ['Islamic Banking'] }], admin));
    expect(await sectorCount()).toBe(before + 1);
  });

  it('counts a row created through another engine process', async () => {
    const before = await sectorCount();
    const res = await second.app.inject({
      method: 'POST',
      url: '/process',
      headers: { 'content-type': 'application/json', cookie: admin },
      payload: JSON.stringify({ action: 'Record.create', args: [{ module: 'Sector', fields: ['name'], values: ['Pension Funds'] }] }),
    });
    ok(decodeXml(res.body));
    expect(await sectorCount()).toBe(before + 1);
  });

  it('applies a role taken away through the record engine at once, also on another process', async () => {
    const iru = await t.sessionFor('iru');
    expect((await select(t, iru, { module: 'RE', fields: ['id'], max: 1 })).total).toBeGreaterThan(0);
    const iruId = (await t.database.db('user').where({ userid: 'iru' }).first('id')).id;
    const links = await select(t, admin, { module: 'User_Role', fields: ['link_id', 'link_updatectr'], where: [['link_fk_user', '=', iruId]] });
    expect(links.total).toBeGreaterThan(0);
    for (const link of links.rows) {
      const [done] = await t.call('Record.delete', [{ module: 'User_Role', fields: ['link_id', 'link_updatectr'], values: [link.link_id, link.link_updatectr] }], admin);
      expect(done).toEqual({ type: 'text', text: '1' });
    }
    const [here] = await t.call('Record.select', [{ module: 'RE', fields: ['id'] }], iru);
    expect(here).toMatchObject({ type: 'exception', code: 'E_NOPERMISSION' });
    const res = await second.app.inject({
      method: 'POST',
      url: '/process',
      headers: { 'content-type': 'application/json', cookie: iru },
      payload: JSON.stringify({ action: 'Record.select', args: [{ module: 'RE', fields: ['id'] }] }),
    });
    expect(decodeXml(res.body)[0]).toMatchObject({ type: 'exception', code: 'E_NOPERMISSION' });
  });
});
