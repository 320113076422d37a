// Record.create / update / delete through the protocol, on every dialect: validation maps,
// relations and link modules, optimistic concurrency (also under a real race), and state maps
// with their recorded history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { failure, ids, readBack, select, type Row } from '../testing/record-calls.js';

const ADMIN_ID = 1;

/** A complete, valid entity; tests override what they look at. */
function entity(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    companyno: 'LL99001',
    otherno: 'BNK990001',
    name: 'Test Entity Ltd',
    email: 'compliance@test.example',
    owner: 'Test Holdings Group',
    dateincorporated: '2010-01-02',
    branchtype: 'A',
    comporigin: 'Malaysia',
    trustcompany: 'Keystone Trust Company Ltd',
    authorizedcapital: '1000000.00',
    divisionofauthorized: '1,000,000 ordinary shares of USD 1.00 each',
    bussnature: 'Banking and investment banking business',
    paupcapital: '500000.00',
    isscapital: '600000.00',
    divpaupcapital: '500,000 ordinary shares of USD 1.00 each',
    divisscapital: '600,000 ordinary shares of USD 1.00 each',
    fy: '31/12',
    shaalldate: '2011-01-02',
    sector: 1,
    ...over,
  };
}

const REQUIRED_RE_FIELDS = [
  'companyno', 'otherno', 'name', 'email', 'dateincorporated', 'branchtype', 'comporigin', 'trustcompany', 'authorizedcapital',
  'divisionofauthorized', 'bussnature', 'paupcapital', 'isscapital', 'divpaupcapital', 'divisscapital', 'fy', 'shaalldate', 'sector',
];

describe.each(await testDialects())('Record writes on %s', (dialect) => {
  let t: TestEngine;
  let admin: string;
  let iru: string;
  let seq = 0;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    admin = await t.sessionFor('admin');
    iru = await t.sessionFor('iru');
  });
  afterAll(async () => t?.close());

  const create = (module: string, values: Record<string, unknown>, cookie = admin, extra: Record<string, unknown> = {}) =>
    t.call('Record.create', [{ module, fields: Object.keys(values), values: Object.values(values), ...extra }], cookie);
  const update = (module: string, values: Record<string, unknown>, cookie = admin, extra: Record<string, unknown> = {}) =>
    t.call('Record.update', [{ module, fields: Object.keys(values), values: Object.values(values), ...extra }], cookie);
  const remove = (module: string, values: Record<string, unknown>, cookie = admin) =>
    t.call('Record.delete', [{ module, fields: Object.keys(values), values: Object.values(values) }], cookie);

  /** Creates a fresh entity and answers its id (every call gets its own name). */
  async function newEntity(over: Record<string, unknown> = {}): Promise<number> {
    seq += 1;
    const row = readBack(await create('RE', entity({ name: `Test Entity ${seq} Ltd`, ...over })));
    return Number(row.id);
  }
  async function stored(module: string, id: number, fields?: string[]): Promise<Row | undefined> {
    const page = await select(t, admin, { module, fields, where: [['id', '=', id]] });
    return page.rows[0];
  }
  const count = async (table: string, where: Record<string, unknown> = {}) => Number(((await t.database.db(table).where(where).count({ n: '*' })) as { n: number }[])[0].n);

  describe('Record.create', () => {
    it('answers id and updatectr = 1 by default', async () => {
      const values = await create('RE', entity({ name: 'Fresh Entity Ltd' }));
      expect(values).toHaveLength(1);
      const set = values[0];
      expect(set.type === 'recordset' && set.columns).toEqual([{ name: 'id', type: 'integer' }, { name: 'updatectr', type: 'integer' }]);
      const row = readBack(values);
      expect(row.updatectr).toBe(1);
      expect(row.id).toBeGreaterThan(30);
      expect(await stored('RE', Number(row.id), ['name', 'createby', 'createby_name_ind_field'])).toEqual({ name: 'Fresh Entity Ltd', createby: ADMIN_ID, createby_name_ind_field: 'System Administrator' });
    });

    it('answers the read fields asked for, lookups included', async () => {
      const row = readBack(await create('RE', entity({ name: 'Read Back Ltd', sector: 4, authorizedcapital: 2500000 }), admin, { read: ['name', 'sector_name_ind_field', 'authorizedcapital', 'updatectr'] }));
      expect(row).toEqual({ name: 'Read Back Ltd', sector_name_ind_field: 'Fintech', authorizedcapital: '2500000.00', updatectr: 1 });
    });

    it('stores what was typed, exactly: markup, quotes and emoji come back unchanged', async () => {
      const name = `Tom & Jerry <Ltd> "quoted" 'single' 😀 ${seq}`;
      const row = readBack(await create('RE', entity({ name }), admin, { read: ['name'] }));
      expect(row.name).toBe(name);
    });

    it('answers E_VALIDATION with a field → message map naming every missing required field', async () => {
      const before = await count('re');
      const f = failure(await create('RE', { name: 'Only A Name Ltd' }));
      expect(f.code).toBe('E_VALIDATION');
      const expected = Object.fromEntries(REQUIRED_RE_FIELDS.filter((n) => n !== 'name').map((n) => [n, 'is required']));
      expect(f.details).toEqual(expected);
      expect(f.message).toContain('companyno (is required)');
      expect(await count('re')).toBe(before);
    });

    it('treats a blank required value as missing', async () => {
      const f = failure(await create('RE', entity({ name: '   ', email: null })));
      expect(f).toMatchObject({ code: 'E_VALIDATION', details: { name: 'is required', email: 'is required' } });
    });

    it('names the field and the rule when a value has the wrong type, length or option', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ authorizedcapital: 'lots' }, 'authorizedcapital', 'must be a number'],
        [{ authorizedcapital: '1.234' }, 'authorizedcapital', 'must have at most 2 decimal places'],
        [{ dateincorporated: '2020-02-30' }, 'dateincorporated', 'must be a date (YYYY-MM-DD)'],
        [{ companyno: 'X'.repeat(51) }, 'companyno', 'must be at most 50 characters'],
        [{ branchtype: 'Z' }, 'branchtype', 'must be one of A, B, C, D'],
        [{ sector: 'one' }, 'sector', 'must be a whole number'],
        [{ state: 61 }, 'state', 'must be one of 33, 4'],
        [{ name: { nested: true } }, 'name', 'must be text'],
      ];
      for (const [over, field, rule] of cases) {
        const f = failure(await create('RE', entity(over)));
        expect(f, field).toEqual({ code: 'E_VALIDATION', message: `${field}: ${rule}`, details: { [field]: rule } });
      }
    });

    it('refuses a lookup to a record that does not exist with E_VALIDATION', async () => {
      const before = await count('re');
      const f = failure(await create('RE', entity({ sector: 999 })));
      expect(f).toEqual({ code: 'E_VALIDATION', message: 'sector: refers to a record that does not exist (999)', details: { sector: 'refers to a record that does not exist (999)' } });
      expect(await count('re')).toBe(before);
    });

    it('refuses writing a read-only or system field with E_VALIDATION', async () => {
      const f = failure(await create('RE', entity({ createon: '2020-01-01 00:00:00', updatectr: 7 })));
      expect(f).toMatchObject({ code: 'E_VALIDATION', details: { createon: 'is read-only', updatectr: 'is read-only' } });
    });

    it('refuses an unknown field with E_INVALIDFIELD', async () => {
      expect(failure(await create('RE', entity({ nosuch: 1 }))).code).toBe('E_INVALIDFIELD');
    });

    it('refuses fields and values of different lengths with E_BADREQUEST', async () => {
      const f = failure(await t.call('Record.create', [{ module: 'Role', fields: ['name', 'issystem'], values: ['x'] }], admin));
      expect(f.code).toBe('E_BADREQUEST');
    });

    it('refuses a value already used by another record on a unique field with E_VALIDATION', async () => {
      const before = await count('permissiontasks');
      const f = failure(await create('PermissionTasks', { name: 'RE.select', code: 'select', module: 'RE' }));
      expect(f).toEqual({ code: 'E_VALIDATION', message: 'name: is already used by another record', details: { name: 'is already used by another record' } });
      expect(await count('permissiontasks')).toBe(before);

      const u = failure(await create('User', { userid: 'iru', name: 'Someone Else', email: 'else@test.example', logintype: 1 }));
      expect(u).toEqual({ code: 'E_VALIDATION', message: 'userid: is already used by another record', details: { userid: 'is already used by another record' } });
    });

    it('answers E_NOPERMISSION to a user without {Module}.create and writes nothing', async () => {
      const before = await count('sector');
      const f = failure(await create('Sector', { name: 'Not Allowed' }, iru));
      expect(f).toEqual({ code: 'E_NOPERMISSION', message: 'You do not have permission for Sector.create' });
      expect(await count('sector')).toBe(before);
    });
  });

  describe('relations', () => {
    it('relation type 1 puts the parent id into the named column', async () => {
      const row = readBack(
        await create('RE_Reference', { name: 'licence.pdf', description: 'Licence' }, admin, {
          relation: { relation_type: 1, parent_name: 'RE', parent_id: 2, modulecolumn_name: 'fk_re' },
          read: ['id', 'fk_re', 'fk_re_name_ind_field', 'name', 'referencetype'],
        }),
      );
      expect(row).toMatchObject({ fk_re: 2, fk_re_name_ind_field: 'Coral Reef Bank (L) Ltd', name: 'licence.pdf', referencetype: 11 });
    });

    it('relation type 1 refuses a parent that does not exist', async () => {
      const f = failure(await create('RE_Reference', { name: 'orphan.pdf' }, admin, { relation: { relation_type: 1, parent_name: 'RE', parent_id: 99999, modulecolumn_name: 'fk_re' } }));
      expect(f.code).toBe('E_NOTFOUND');
      expect(await count('re_reference', { name: 'orphan.pdf' })).toBe(0);
    });

    it('relation type 2 creates the child and the {Parent}_{Child} link row together', async () => {
      const role = readBack(await create('Role', { name: 'Auditor' }, admin, { relation: { relation_type: 2, parent_name: 'User', parent_id: 4 } }));
      const roleId = Number(role.id);
      expect(await count('role', { id: roleId })).toBe(1);
      const links = await select(t, admin, { module: 'User_Role', fields: ['link_fk_user', 'link_fk_role', 'name'], where: [['link_fk_user', '=', 4]], order: 'link_fk_role asc' });
      expect(links.rows).toEqual([
        { link_fk_user: 4, link_fk_role: 1, name: 'RE' },
        { link_fk_user: 4, link_fk_role: roleId, name: 'Auditor' },
      ]);
    });

    it('relation type 2 to a parent with no link module to the child is refused and creates nothing', async () => {
      const before = await count('role');
      const f = failure(await create('Role', { name: 'Nowhere' }, admin, { relation: { relation_type: 2, parent_name: 'Sector', parent_id: 1 } }));
      expect(f.code).toBe('E_BADREQUEST');
      expect(await count('role')).toBe(before);
    });

    it('relation type 2 runs in one transaction: when the link row fails, the child is not created either', async () => {
      const db = t.database.db;
      // A trigger makes the link insert fail after the child row was written.
      if (dialect === 'mysql') {
        await db.raw("CREATE TRIGGER user_role_refuse BEFORE INSERT ON user_role FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused'");
      } else {
        await db.raw("CREATE TRIGGER user_role_refuse BEFORE INSERT ON user_role BEGIN SELECT RAISE(ABORT, 'refused'); END");
      }
      try {
        const rolesBefore = await count('role');
        const [v] = await create('Role', { name: 'Half Written' }, admin, { relation: { relation_type: 2, parent_name: 'User', parent_id: 4 } });
        expect(v).toMatchObject({ type: 'exception', code: 'E_FAIL' });
        expect(await count('role')).toBe(rolesBefore);
        expect(await count('role', { name: 'Half Written' })).toBe(0);
      } finally {
        await db.raw('DROP TRIGGER user_role_refuse');
      }
    });
  });

  describe('link modules', () => {
    it("a select of User_Role by link_fk_user answers the links with the child Role's columns", async () => {
      const page = await select(t, admin, { module: 'User_Role', fields: ['link_id', 'link_updatectr', 'link_fk_user', 'link_fk_role', 'link_fk_role_name_ind_field', 'id', 'name', 'issystem'], where: [['link_fk_user', '=', 1]] });
      expect(page.total).toBe(1);
      expect(page.rows).toEqual([{ link_id: expect.any(Number), link_updatectr: 1, link_fk_user: 1, link_fk_role: 10, link_fk_role_name_ind_field: 'System Administrator', id: 10, name: 'System Administrator', issystem: true }]);
    });

    it('by default answers link_id, link_updatectr and the child columns', async () => {
      // The demo IRU officer holds IRU (2) and the demo's Access Administrator (seeds/demo-admin.ts).
      const page = await select(t, admin, { module: 'User_Role', where: [['link_fk_user', '=', 2], ['link_fk_role', '=', 2]] });
      expect(page.columns).toEqual(expect.arrayContaining(['link_id', 'link_updatectr', 'link_fk_user', 'link_fk_role', 'id', 'name', 'issystem']));
      expect(page.rows).toHaveLength(1);
      expect(page.rows[0]).toMatchObject({ link_updatectr: 1, link_fk_user: 2, link_fk_role: 2, id: 2, name: 'IRU' });
    });

    it('filters by the fk_{parent} alias as the original clients did', async () => {
      const a = await select(t, admin, { module: 'User_Role', fields: ['link_id'], where: [['fk_user', '=', 2]] });
      const b = await select(t, admin, { module: 'User_Role', fields: ['link_id'], where: [['link_fk_user', '=', 2]] });
      expect(a).toEqual(b);
      expect(a.total).toBe(Number((await t.database.db('user_role').where({ link_fk_user: 2 }).count({ n: '*' }).first())?.n));
      expect(a.total).toBeGreaterThan(0);
    });

    it('a link is created with link_updatectr 1 and deleted by link_id + link_updatectr, leaving the child', async () => {
      const link = readBack(await create('User_Role', { link_fk_user: 3, link_fk_role: 2 }, admin, { read: ['link_id', 'link_updatectr', 'name'] }));
      expect(link).toMatchObject({ link_updatectr: 1, name: 'IRU' });
      const linkId = Number(link.link_id);

      const stale = failure(await remove('User_Role', { link_id: linkId, link_updatectr: 5 }));
      expect(stale.code).toBe('E_CONCURRENT');
      expect(await count('user_role', { link_id: linkId })).toBe(1);

      expect(await remove('User_Role', { link_id: linkId, link_updatectr: 1 })).toEqual([{ type: 'text', text: '1' }]);
      expect(await count('user_role', { link_id: linkId })).toBe(0);
      expect(await count('role', { id: 2 })).toBe(1);
    });

    it('refuses a second identical link with E_VALIDATION', async () => {
      const f = failure(await create('User_Role', { link_fk_user: 4, link_fk_role: 1 }));
      expect(f.code).toBe('E_VALIDATION');
    });

    it('refuses a link to a record that does not exist with E_VALIDATION', async () => {
      const f = failure(await create('User_Role', { link_fk_user: 4, link_fk_role: 9999 }));
      expect(f).toMatchObject({ code: 'E_VALIDATION', details: { link_fk_role: 'refers to a record that does not exist (9999)' } });
    });
  });

  describe('Record.update', () => {
    it('writes the values and increments updatectr', async () => {
      const id = await newEntity();
      const row = readBack(await update('RE', { id, updatectr: 1, owner: 'New Owner Group' }, admin, { read: ['id', 'updatectr', 'owner', 'updateby'] }));
      expect(row).toEqual({ id, updatectr: 2, owner: 'New Owner Group', updateby: ADMIN_ID });
      const again = readBack(await update('RE', { id, updatectr: 2, owner: 'Newer Owner Group' }));
      expect(again).toEqual({ id, updatectr: 3 });
      expect(await stored('RE', id, ['owner', 'updatectr'])).toEqual({ owner: 'Newer Owner Group', updatectr: 3 });
    });

    it('clears an optional field given null or an empty string', async () => {
      const id = await newEntity();
      readBack(await update('RE', { id, updatectr: 1, owner: null }));
      expect(await stored('RE', id, ['owner'])).toEqual({ owner: null });
    });

    it('validates like create, but only the fields given', async () => {
      const id = await newEntity();
      const f = failure(await update('RE', { id, updatectr: 1, email: '', branchtype: 'Q' }));
      expect(f).toMatchObject({ code: 'E_VALIDATION', details: { email: 'is required', branchtype: 'must be one of A, B, C, D' } });
      expect(await stored('RE', id, ['updatectr', 'email'])).toEqual({ updatectr: 1, email: 'compliance@test.example' });
    });

    it('needs id and updatectr, answering E_VALIDATION naming what is missing', async () => {
      const f = failure(await update('RE', { owner: 'x' }));
      expect(f).toMatchObject({ code: 'E_VALIDATION', details: { id: expect.any(String), updatectr: expect.any(String) } });
    });

    it('answers E_NOTFOUND for an id that does not exist', async () => {
      expect(failure(await update('RE', { id: 99999, updatectr: 1, owner: 'x' })).code).toBe('E_NOTFOUND');
    });

    it('with a stale updatectr changes nothing and answers E_CONCURRENT with the stored record and the fields changed since', async () => {
      const id = await newEntity({ owner: 'Original Owner' });
      // Someone else saves twice: first the owner, then the e-mail and the owner again.
      readBack(await update('RE', { id, updatectr: 1, owner: 'Their Owner' }, iru));
      readBack(await update('RE', { id, updatectr: 2, email: 'their@test.example' }, iru));
      const before = await stored('RE', id);

      const f = failure(await update('RE', { id, updatectr: 1, owner: 'My Owner', fy: '30/06' }));
      expect(f.code).toBe('E_CONCURRENT');
      expect(f.message).toBe('This record was changed by someone else since you opened it. Reload it to see the changes.');
      const details = f.details as { record: Record<string, string | null>; changed: string[] };
      expect(details.changed).toEqual(['email', 'owner']);
      expect(details.record).toMatchObject({ id: String(id), updatectr: '3', owner: 'Their Owner', email: 'their@test.example', fy: '31/12', state: '33', state_name_ind_field: 'Active' });
      expect(await stored('RE', id)).toEqual(before);
    });

    it('lists in E_CONCURRENT only the fields whose values changed, not every field a form sent back', async () => {
      const id = await newEntity({ owner: 'Same Owner' });
      // The other writer's form sends every field back, but only the name differs.
      readBack(await update('RE', { id, updatectr: 1, ...entity({ name: `Renamed ${id} Ltd`, owner: 'Same Owner' }) }, iru));
      const f = failure(await update('RE', { id, updatectr: 1, owner: 'Mine' }));
      expect(f.code).toBe('E_CONCURRENT');
      expect((f.details as { changed: string[] }).changed).toEqual(['name']);
    });

    it('20 simultaneous updates with the same updatectr: exactly one wins, the other 19 get E_CONCURRENT', async () => {
      const id = await newEntity();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => update('RE', { id, updatectr: 1, owner: `Writer ${i}` }, i % 2 ? admin : iru, { read: ['owner', 'updatectr'] })),
      );
      const winners = answers.filter((v) => v[0].type === 'recordset');
      const losers = answers.filter((v) => v[0].type === 'exception');
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(19);
      const won = readBack(winners[0]);
      expect(won.updatectr).toBe(2);
      expect(await stored('RE', id, ['owner', 'updatectr'])).toEqual({ owner: won.owner, updatectr: 2 });
      for (const v of losers) {
        const f = failure(v);
        expect(f.code).toBe('E_CONCURRENT');
        const details = f.details as { record: Record<string, string | null>; changed: string[] };
        expect(details.record).toMatchObject({ owner: won.owner, updatectr: '2' });
        expect(details.changed).toEqual(['owner']);
      }
      expect(await count('record_audit', { module: 're', record_id: id, action: 'update' })).toBe(1);
    });
  });

  describe('Record.delete', () => {
    it('deletes the record and answers text 1', async () => {
      const id = await newEntity();
      expect(await remove('RE', { id, updatectr: 1 })).toEqual([{ type: 'text', text: '1' }]);
      expect(await stored('RE', id)).toBeUndefined();
    });

    it('with a stale updatectr answers E_CONCURRENT and the row is still there', async () => {
      const id = await newEntity();
      readBack(await update('RE', { id, updatectr: 1, owner: 'Moved On' }));
      const f = failure(await remove('RE', { id, updatectr: 1 }));
      expect(f.code).toBe('E_CONCURRENT');
      expect((f.details as { record: Row; changed: string[] }).changed).toEqual(['owner']);
      expect(await stored('RE', id, ['id', 'owner', 'updatectr'])).toEqual({ id, owner: 'Moved On', updatectr: 2 });
    });

    it('answers E_NOTFOUND for an id that does not exist', async () => {
      expect(failure(await remove('RE', { id: 99999, updatectr: 1 })).code).toBe('E_NOTFOUND');
    });

    it('takes only the id and the counter', async () => {
      const id = await newEntity();
      expect(failure(await remove('RE', { id, updatectr: 1, name: 'x' })).code).toBe('E_BADREQUEST');
      expect(await count('re', { id })).toBe(1);
    });

    it('answers E_NOPERMISSION to a user without {Module}.delete and keeps the row', async () => {
      const id = await newEntity();
      const f = failure(await remove('RE', { id, updatectr: 1 }, iru));
      expect(f).toEqual({ code: 'E_NOPERMISSION', message: 'You do not have permission for RE.delete' });
      expect(await count('re', { id })).toBe(1);
    });
  });

  describe('state maps', () => {
    it('getStateMap answers the (from, to) pairs and the default state', async () => {
      const values = await t.call('StateManagement.getStateMap', [{ module: 'RE' }], admin);
      expect(values).toEqual([
        { type: 'recordset', columns: [{ name: 'from', type: 'integer' }, { name: 'to', type: 'integer' }], rows: [['33', '4'], ['4', '33']] },
        { type: 'text', text: '33' },
      ]);
      const user = await t.call('StateManagement.getStateMap', [{ module: 'User' }], admin);
      expect(user[0].type === 'recordset' && user[0].rows).toEqual([['62', '61'], ['61', '33'], ['33', '4'], ['4', '33'], ['61', '23']]);
      expect(user[1]).toEqual({ type: 'text', text: '62' });
    });

    it('getStateMap of a module without a map answers no pairs and an empty default', async () => {
      const values = await t.call('StateManagement.getStateMap', [{ module: 'Role' }], admin);
      expect(values).toEqual([
        { type: 'recordset', columns: [{ name: 'from', type: 'integer' }, { name: 'to', type: 'integer' }], rows: [] },
        { type: 'text', text: '' },
      ]);
    });

    it('a created record starts in the default state, and that start is its first history entry', async () => {
      const id = await newEntity();
      expect(await stored('RE', id, ['state', 'state_name_ind_field'])).toEqual({ state: 33, state_name_ind_field: 'Active' });
      const [history] = await t.call('StateManagement.getHistory', [{ module: 'RE', id }], admin);
      expect(history.type).toBe('recordset');
      if (history.type !== 'recordset') return;
      const cols = history.columns.map((c) => c.name);
      expect(history.rows.map((r) => Object.fromEntries(cols.map((c, i) => [c, r[i]])))).toEqual([
        expect.objectContaining({ from_state: null, to_state: '33', to_state_name_ind_field: 'Active', reason: null, createby: String(ADMIN_ID) }),
      ]);
    });

    it('an update along a pair of the map works and is recorded with who, when, from, to and reason', async () => {
      const id = await newEntity();
      const started = Date.now();
      const row = readBack(await update('RE', { id, updatectr: 1, state: 4 }, iru, { reason: 'Licence surrendered', read: ['state', 'state_name_ind_field', 'updatectr'] }));
      expect(row).toEqual({ state: 4, state_name_ind_field: 'Inactive', updatectr: 2 });
      readBack(await update('RE', { id, updatectr: 2, state: 33 }, admin));

      const [history] = await t.call('StateManagement.getHistory', [{ module: 'RE', id }], admin);
      if (history.type !== 'recordset') throw new Error('expected a recordset');
      const cols = history.columns.map((c) => c.name);
      const rows = history.rows.map((r) => Object.fromEntries(cols.map((c, i) => [c, r[i]])));
      expect(rows.map((r) => [r.from_state, r.to_state, r.reason, r.createby_name_ind_field])).toEqual([
        [null, '33', null, 'System Administrator'],
        ['33', '4', 'Licence surrendered', 'IRU Officer'],
        ['4', '33', null, 'System Administrator'],
      ]);
      expect(rows[1]).toMatchObject({ from_state_name_ind_field: 'Active', to_state_name_ind_field: 'Inactive', createby: '2' });
      // createon is a UTC date-time of this very call.
      const when = Date.parse(`${rows[1].createon!.replace(' ', 'T')}Z`);
      expect(when).toBeGreaterThanOrEqual(Math.floor(started / 1000) * 1000 - 1000);
      expect(when).toBeLessThanOrEqual(Date.now() + 1000);
    });

    it('an update to a state not reachable from the current one answers E_STATETRANSITION and changes nothing', async () => {
      const user = readBack(await create('User', { userid: `state.user.${dialect}`, name: 'State User', email: 'state@test.example', logintype: 1 }, admin, { read: ['id', 'state'] }));
      expect(user.state).toBe(62);
      const id = Number(user.id);
      const f = failure(await update('User', { id, updatectr: 1, state: 33, name: 'Renamed' }));
      expect(f.code).toBe('E_STATETRANSITION');
      expect(f.message).toBe('User cannot go from state 62 to state 33');
      expect(await stored('User', id, ['state', 'name', 'updatectr'])).toEqual({ state: 62, name: 'State User', updatectr: 1 });

      readBack(await update('User', { id, updatectr: 1, state: 61 }));
      readBack(await update('User', { id, updatectr: 2, state: 33 }));
      const [history] = await t.call('StateManagement.getHistory', [{ module: 'User', id }], admin);
      expect(history.type === 'recordset' && history.rows.map((r) => [r[1], r[3]])).toEqual([[null, '62'], ['62', '61'], ['61', '33']]);
    });

    it('a create in a state not reachable from the default answers E_STATETRANSITION and creates nothing', async () => {
      const f = failure(await create('User', { userid: `early.user.${dialect}`, name: 'Early', email: 'early@test.example', logintype: 1, state: 33 }));
      expect(f.code).toBe('E_STATETRANSITION');
      expect(await count('user', { userid: `early.user.${dialect}` })).toBe(0);
    });

    it('an update that keeps the state is not a transition and records nothing', async () => {
      const id = await newEntity();
      readBack(await update('RE', { id, updatectr: 1, state: 33, owner: 'Same State' }));
      const [history] = await t.call('StateManagement.getHistory', [{ module: 'RE', id }], admin);
      expect(history.type === 'recordset' && history.rows).toHaveLength(1);
    });

    it('getHistory of a record that does not exist answers E_NOTFOUND', async () => {
      expect(failure(await t.call('StateManagement.getHistory', [{ module: 'RE', id: 99999 }], admin)).code).toBe('E_NOTFOUND');
    });
  });

  describe('Record2 writes', () => {
    it('Record2.create, update and delete behave as their Record twins', async () => {
      const created = readBack(await t.call('Record2.create', [{ module: 'Role', fields: ['name'], values: ['Twin Role'] }], admin));
      const id = Number(created.id);
      expect(created.updatectr).toBe(1);
      const updated = readBack(await t.call('Record2.update', [{ module: 'Role', fields: ['id', 'updatectr', 'name'], values: [id, 1, 'Twin Role 2'], read: ['name', 'updatectr'] }], admin));
      expect(updated).toEqual({ name: 'Twin Role 2', updatectr: 2 });
      expect(failure(await t.call('Record2.delete', [{ module: 'Role', fields: ['id', 'updatectr'], values: [id, 1] }], admin)).code).toBe('E_CONCURRENT');
      expect(await t.call('Record2.delete', [{ module: 'Role', fields: ['id', 'updatectr'], values: [id, 2] }], admin)).toEqual([{ type: 'text', text: '1' }]);
      expect(ids(await select(t, admin, { module: 'Role', fields: ['id'], where: [['id', '=', id]] }))).toEqual([]);
    });
  });
});
