// Staff-only user fields (docs/engine.md, `staffOnly`): an RE user reads its entity's users, and
// its own, through User, RE_User and My-User, but never their lock and failure counters, MFA
// settings, password age or first sign-in: for an RE user those fields do not exist, as a column,
// a condition or an order, and no default list has them. Regulator staff still read them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { failure, select } from '../testing/record-calls.js';
import { BASE_ALIAS, CHILD_ALIAS, ModuleRegistry } from '../metadata/module-registry.js';
import { MODULES_DIR } from '../../portal/paths.js';

const STAFF_ONLY = ['mfa', 'failedlogins', 'lockeduntil', 'pwchangedon', 'firsttimelogin'];
/** Every module an RE user (role 1, seeds/access.ts) may select that holds user rows. */
const USER_MODULES = ['User', 'RE_User', 'My-User'];
const RE_USER = 3;

describe('the metadata of staff-only user columns', () => {
  it('marks them staff-only wherever a module reaches them: own fields, a link’s child columns, lookups', () => {
    const modules = ModuleRegistry.fromDirectory(MODULES_DIR).all();
    const reached: string[] = [];
    for (const m of modules) {
      for (const f of m.fields.values()) {
        const table = f.alias === BASE_ALIAS ? m.table : f.alias === CHILD_ALIAS ? m.child?.table : m.lookups.find((l) => l.alias === f.alias)?.table;
        if (table !== 'user' || !STAFF_ONLY.includes(f.column)) continue;
        reached.push(`${m.name}.${f.name}`);
        expect(f.def.staffOnly, `${m.name}.${f.name}`).toBe(true);
      }
    }
    for (const name of USER_MODULES) for (const field of STAFF_ONLY) expect(reached).toContain(`${name}.${field}`);
  });

  it('carries the mark to a lookup’s display column and a lookup column that name one', () => {
    const registry = new ModuleRegistry([
      { name: 'User', table: 'user', fields: { name: { type: 'string' }, failedlogins: { type: 'integer', staffOnly: true } } },
      {
        name: 'Ticket',
        table: 'ticket',
        fields: { owner: { type: 'integer', lookup: { module: 'User', display: 'failedlogins' } } },
        lookupColumns: { owner_failures: { lookup: 'owner', column: 'failedlogins' } },
      },
    ]);
    const ticket = registry.get('Ticket')!;
    expect(ticket.fields.get('owner_name_ind_field')?.def.staffOnly).toBe(true);
    expect(ticket.fields.get('owner_failures')?.def.staffOnly).toBe(true);
    expect(ticket.fields.get('createby_name_ind_field')?.def.staffOnly).toBeUndefined();
  });
});

describe.each(await testDialects())('staff-only user fields on %s', (dialect) => {
  let t: TestEngine;
  let re: string;
  let iru: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    [re, iru] = await Promise.all([t.sessionFor('re'), t.sessionFor('iru')]);
    // Something to hide: the RE user has failed to sign in and is locked (its session predates it).
    await t.database.db('user').where({ id: RE_USER }).update({ failedlogins: 3, lockeduntil: '2030-01-01 00:00:00' });
  });
  afterAll(async () => t?.close());

  const call = (cookie: string, module: string, extra: Record<string, unknown>) => t.call('Record.select', [{ module, ...extra }], cookie);

  it('answers E_INVALIDFIELD when an RE user names one as a column, in every module of user rows', async () => {
    for (const module of USER_MODULES) {
      for (const field of STAFF_ONLY) {
        expect(failure(await call(re, module, { fields: ['name', field] })), `${module}.${field}`).toEqual({ code: 'E_INVALIDFIELD', message: `Field "${field}" is not a field of ${module}` });
      }
    }
  });

  it('answers E_INVALIDFIELD when an RE user filters or orders by one, so nothing can be inferred', async () => {
    for (const module of USER_MODULES) {
      expect(failure(await call(re, module, { fields: ['name'], where: [['failedlogins', '>', 0]] })).code).toBe('E_INVALIDFIELD');
      expect(failure(await call(re, module, { fields: ['name'], where: [['lockeduntil', 'is not null']] })).code).toBe('E_INVALIDFIELD');
      expect(failure(await call(re, module, { fields: ['name'], order: 'mfa desc' })).code).toBe('E_INVALIDFIELD');
    }
  });

  it('leaves them out of the columns an RE user gets by default, and still answers its users', async () => {
    for (const module of USER_MODULES) {
      const page = await select(t, re, { module });
      expect(page.total, module).toBeGreaterThan(0);
      expect(page.columns, module).toContain('name');
      for (const field of STAFF_ONLY) expect(page.columns, `${module}.${field}`).not.toContain(field);
    }
  });

  it('refuses an RE user’s own profile update that names one, as a field that does not exist', async () => {
    const before = await t.database.db('user').where({ id: RE_USER }).first('mfa', 'updatectr');
    expect(failure(await t.call('Record.update', [{ module: 'My-User', fields: ['id', 'updatectr', 'mfa'], values: [RE_USER, Number(before.updatectr), 2] }], re)).code).toBe('E_INVALIDFIELD');
    expect(await t.database.db('user').where({ id: RE_USER }).first('mfa', 'updatectr')).toEqual(before);
  });

  it('still shows them to regulator staff', async () => {
    const users = await select(t, iru, { module: 'User', fields: ['id', ...STAFF_ONLY], where: [['id', '=', RE_USER]] });
    expect(users.rows[0]).toMatchObject({ id: RE_USER, failedlogins: 3, lockeduntil: '2030-01-01 00:00:00' });
    const links = await select(t, iru, { module: 'RE_User', fields: ['link_fk_user', 'failedlogins'], where: [['link_fk_user', '=', RE_USER]] });
    expect(links.rows[0]).toMatchObject({ link_fk_user: RE_USER, failedlogins: 3 });
  });
});
