// My-User (engine/metadata/modules/My-User.json), the module of one's own profile (form 66), on every
// dialect: a `self` scope limits every caller, administrators included, to their own user row,
// and `writableFields` lets them change only their name, contact number and position.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { failure, ids, readBack, select } from '../testing/record-calls.js';

/** seeds/demo-users.ts */
const USER_ID = { admin: 1, iru: 2, re: 3, re2: 4 } as const;

describe.each(await testDialects())('one’s own profile (My-User) on %s', (dialect) => {
  let t: TestEngine;
  const cookies: Record<keyof typeof USER_ID, string> = { admin: '', iru: '', re: '', re2: '' };

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    for (const u of Object.keys(USER_ID) as (keyof typeof USER_ID)[]) cookies[u] = await t.sessionFor(u);
  });
  afterAll(async () => t?.close());

  const stored = (id: number) => t.database.db('user').where({ id }).first('name', 'contactno', 'email', 'userid', 'logintype', 'state', 'updatectr');
  const update = (who: keyof typeof USER_ID, fields: string[], values: unknown[]) => t.call('Record.update', [{ module: 'My-User', fields, values, read: ['id', 'name', 'contactno', 'updatectr'] }], cookies[who]);

  it('shows every kind of user their own user row and no other, whatever they ask for', async () => {
    for (const who of Object.keys(USER_ID) as (keyof typeof USER_ID)[]) {
      const page = await select(t, cookies[who], { module: 'My-User', fields: ['id', 'userid', 'name', 'email'] });
      expect(ids(page)).toEqual([USER_ID[who]]);
      expect(page.total).toBe(1);
      expect(page.rows[0].userid).toBe(who);
    }
    expect(ids(await select(t, cookies.re, { module: 'My-User', fields: ['id'], where: [['id', '=', USER_ID.re2]] }))).toEqual([]);
    expect(ids(await select(t, cookies.admin, { module: 'My-User', fields: ['id'], where: [['id', 'in', [1, 2, 3, 4]]] }))).toEqual([USER_ID.admin]);
  });

  it('never answers secret columns', async () => {
    expect(failure(await t.call('Record.select', [{ module: 'My-User', fields: ['id', 'password'] }], cookies.re)).code).toBe('E_INVALIDFIELD');
  });

  it('saves a user’s own name, contact number and position, and counts the update', async () => {
    const before = await stored(USER_ID.re);
    const row = readBack(await update('re', ['id', 'updatectr', 'name', 'contactno', 'position2'], [USER_ID.re, Number(before.updatectr), 'Renamed Officer', '+60 3 1234 5678', 303]));
    expect(row).toMatchObject({ id: USER_ID.re, name: 'Renamed Officer', contactno: '+60 3 1234 5678', updatectr: Number(before.updatectr) + 1 });
    const after = await stored(USER_ID.re);
    expect(after).toMatchObject({ name: 'Renamed Officer', contactno: '+60 3 1234 5678', email: before.email, userid: 're' });
  });

  it('refuses the user id, e-mail, login type and status as read-only, and changes nothing', async () => {
    const before = await stored(USER_ID.re2);
    const f = failure(await update('re2', ['id', 'updatectr', 'name', 'userid', 'email', 'logintype', 'state'], [USER_ID.re2, Number(before.updatectr), 'X', 'taken', 'x@example.com', 3, 4]));
    expect(f.code).toBe('E_VALIDATION');
    expect(f.details).toEqual({ userid: 'is read-only', email: 'is read-only', logintype: 'is read-only', state: 'is read-only' });
    expect(await stored(USER_ID.re2)).toEqual(before);
  });

  it('answers a write of another user’s row as for a missing user, to an administrator too', async () => {
    const other = await stored(USER_ID.re2);
    for (const who of ['re', 'iru', 'admin'] as const) {
      expect(failure(await update(who, ['id', 'updatectr', 'name'], [USER_ID.re2, Number(other.updatectr), 'Hijacked'])), who).toEqual({ code: 'E_NOTFOUND', message: `My-User #${USER_ID.re2} not found.` });
      expect(failure(await update(who, ['id', 'updatectr', 'name'], [987654, 1, 'Hijacked'])), who).toEqual({ code: 'E_NOTFOUND', message: 'My-User #987654 not found.' });
    }
    expect(await stored(USER_ID.re2)).toEqual(other);
  });

  it('creates and deletes nothing through My-User', async () => {
    const before = await t.database.db('user').count({ n: '*' });
    expect(failure(await t.call('Record.create', [{ module: 'My-User', fields: ['name'], values: ['New'] }], cookies.re)).code).toBe('E_NOPERMISSION');
    expect(failure(await t.call('Record.create', [{ module: 'My-User', fields: ['name'], values: ['New'] }], cookies.admin)).code).toBe('E_NOPERMISSION');
    const me = await stored(USER_ID.iru);
    expect(failure(await t.call('Record.delete', [{ module: 'My-User', fields: ['id', 'updatectr'], values: [USER_ID.iru, Number(me.updatectr)] }], cookies.iru)).code).toBe('E_NOPERMISSION');
    expect(await t.database.db('user').count({ n: '*' })).toEqual(before);
  });
});
