// Identity state lives in the database, so two engine processes on one database (MariaDB in
// production) agree on sessions, entity switches, locks and revoked tokens at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { connect } from '../db/connect.js';
import { buildEngine, type Engine } from '../server/app.js';
import { DEMO_PASSWORD } from '../../portal/seeds/demo-users.js';
import { callEngine, codeOf, insertUser, jsonOf, type CallOptions } from './testing/identity-calls.js';
import { portal } from '../../portal/app.js';

describe.each(await testDialects())('identity across engine processes (%s)', (dialect) => {
  let t: TestEngine;
  let second: Engine;
  const onFirst = (action: string, args: unknown[], o?: CallOptions) => callEngine(t.engine, action, args, o);
  const onSecond = (action: string, args: unknown[], o?: CallOptions) => callEngine(second, action, args, o);

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    // Its own connection pool, caches and login limiter: another process as far as identity goes.
    second = await buildEngine({ app: portal, config: t.config, db: connect(t.config), logger: pino({ level: 'silent' }) });
    await second.app.ready();
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.services.db.destroy();
    await t?.close();
  });

  it('accepts a session signed in on one process on the other, and ends it for both at logout', async () => {
    const { cookie } = await onFirst('User.login', [{ userid: 'iru', password: DEMO_PASSWORD }]);
    // Both processes have now served (and keep in memory) the session.
    expect(jsonOf(await onFirst('User.current', [], { cookie }))).toMatchObject({ userid: 'iru' });
    expect(jsonOf(await onSecond('User.current', [], { cookie }))).toMatchObject({ userid: 'iru' });
    expect((await onSecond('User.logout', [], { cookie })).values).toEqual([{ type: 'text', text: 'OK' }]);
    expect(codeOf(await onFirst('User.current', [], { cookie }))).toBe('E_ILLEGALACCESS');
    expect(codeOf(await onSecond('User.current', [], { cookie }))).toBe('E_ILLEGALACCESS');
  });

  it('shows an entity switch made on one process to a tab served by the other', async () => {
    const { cookie } = await onFirst('User.login', [{ userid: 're', password: DEMO_PASSWORD }]);
    expect(jsonOf(await onFirst('User.current', [], { cookie })).currentRE).toBe(1);
    expect(jsonOf(await onSecond('User.setRE', [{ re: 11 }], { cookie, re: 1 }))).toEqual({ re: 11, role: 25 });
    expect(codeOf(await onFirst('Record.select', [{ module: 'RE-RE', fields: ['id'] }], { cookie, re: 1 }))).toBe('E_RECHANGED');
    expect(jsonOf(await onFirst('User.current', [], { cookie })).currentRE).toBe(11);
  });

  it('ends the sessions of a user deactivated on one process at once on the other', async () => {
    const id = await insertUser(t.database.db, { userid: 'soon-gone', password: 'Tr1cky&Secret' });
    const { cookie } = await onFirst('User.login', [{ userid: 'soon-gone', password: 'Tr1cky&Secret' }]);
    expect(jsonOf(await onSecond('User.current', [], { cookie }))).toMatchObject({ userid: 'soon-gone' });
    const admin = await t.sessionFor('admin');
    const [row] = (await onFirst('Record.select', [{ module: 'User', fields: ['id', 'updatectr'], where: [['id', '=', id]] }], { cookie: admin })).values;
    const updatectr = row.type === 'recordset' ? Number(row.rows[0][1]) : NaN;
    expect(codeOf(await onFirst('Record.update', [{ module: 'User', fields: ['id', 'updatectr', 'state'], values: [id, updatectr, 4] }], { cookie: admin }))).toBe('ok');
    expect(codeOf(await onSecond('User.current', [], { cookie }))).toBe('E_ILLEGALACCESS');
    expect(codeOf(await onFirst('User.current', [], { cookie }))).toBe('E_ILLEGALACCESS');
  });

  it('holds a lock that failures on one process set, on the other', async () => {
    await insertUser(t.database.db, { userid: 'spread-out', password: 'Tr1cky&Secret' });
    for (let i = 0; i < 5; i++) await (i % 2 ? onFirst : onSecond)('User.login', [{ userid: 'spread-out', password: `guess ${i}` }]);
    expect(codeOf(await onFirst('User.login', [{ userid: 'spread-out', password: 'Tr1cky&Secret' }]))).toBe('E_LOCKED');
    expect(codeOf(await onSecond('User.login', [{ userid: 'spread-out', password: 'Tr1cky&Secret' }]))).toBe('E_LOCKED');
  });

  it('refuses on the other process a token revoked on one, from the next call', async () => {
    const admin = await t.sessionFor('admin');
    const issued = await onFirst('ApiToken.create', [{ userid: 'iru', name: 'both sides' }], { cookie: admin });
    const [token, id] = issued.values.map((v) => (v.type === 'text' ? v.text : ''));
    expect(codeOf(await onSecond('User.current', [], { bearer: token }))).toBe('ok');
    expect(codeOf(await onFirst('ApiToken.revoke', [{ id: Number(id) }], { cookie: admin }))).toBe('ok');
    expect(codeOf(await onSecond('User.current', [], { bearer: token }))).toBe('E_ILLEGALACCESS');
  });
});
