// Permissions and entity scoping through the protocol, on every dialect: {Module}.{verb}
// permissions, the current reporting entity of an RE user's session, and the refusal of every
// way to reach another entity's rows by guessing ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { failure, ids, range, readBack, select, sorted } from '../testing/record-calls.js';

// seeds/demo-users.ts: `re` (user 3) is linked to entities 1, 6 and 11, its session starting
// on 1; `re2` (user 4) to entity 2. `iru` (user 2) reads everything; `admin` (1) may do anything.
const RE_USER = 3;
const RE2_USER = 4;
/** The preparer, checker and approver of entity 1 (seeds/demo-users.ts). */
const ENTITY1_SIGNOFF = [6, 7, 8];

describe.each(await testDialects())('Permissions and entity scope on %s', (dialect) => {
  let t: TestEngine;
  let admin: string;
  let iru: string;
  /** The RE user on entity 1, and the same user switched to entity 6. */
  let re: string;
  let re6: string;
  /** Attachments of entities 1, 2 and 6, made by the administrator. */
  const attachment: Record<number, number> = {};

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    admin = await t.sessionFor('admin');
    iru = await t.sessionFor('iru');
    re = await t.sessionFor('re');
    re6 = await t.sessionFor('re', 6);
    for (const entity of [1, 2, 6]) {
      const row = readBack(await t.call('Record.create', [{ module: 'RE_Reference', fields: ['fk_re', 'name'], values: [entity, `report-${entity}.pdf`] }], admin));
      attachment[entity] = Number(row.id);
    }
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const reRow = (id: number) => db()('re').where({ id }).first('id', 'name', 'owner', 'updatectr');

  describe('module permissions', () => {
    it('answers E_NOPERMISSION to an RE user on RE.select, which it lacks', async () => {
      expect(failure(await t.call('Record.select', [{ module: 'RE' }], re))).toEqual({ code: 'E_NOPERMISSION', message: 'You do not have permission for RE.select' });
      expect(failure(await t.call('Record2.select', [{ module: 'RE' }], re)).code).toBe('E_NOPERMISSION');
    });

    it('answers E_NOPERMISSION to an RE user on User_Role.create and writes nothing', async () => {
      const before = await db()('user_role').count({ n: '*' });
      const f = failure(await t.call('Record.create', [{ module: 'User_Role', fields: ['link_fk_user', 'link_fk_role'], values: [RE_USER, 10] }], re));
      expect(f).toEqual({ code: 'E_NOPERMISSION', message: 'You do not have permission for User_Role.create' });
      expect(await db()('user_role').count({ n: '*' })).toEqual(before);
      expect(await db()('user_role').where({ link_fk_user: RE_USER, link_fk_role: 10 }).first()).toBeUndefined();
    });

    it('answers E_NOPERMISSION to an RE user on modules it may not write', async () => {
      expect(failure(await t.call('Record.update', [{ module: 'User', fields: ['id', 'updatectr', 'name'], values: [RE_USER, 1, 'Me'] }], re)).code).toBe('E_NOPERMISSION');
      expect(failure(await t.call('Record.delete', [{ module: 'RE-RE', fields: ['id', 'updatectr'], values: [1, 1] }], re)).code).toBe('E_NOPERMISSION');
      expect(failure(await t.call('Record.create', [{ module: 'PermissionTasks', fields: ['name'], values: ['Mine.select'] }], re)).code).toBe('E_NOPERMISSION');
      expect(await reRow(1)).toMatchObject({ id: 1, updatectr: 1 });
    });

    it('answers E_NOPERMISSION to the IRU user on writes it was not granted', async () => {
      const f = failure(await t.call('Record.update', [{ module: 'User', fields: ['id', 'updatectr', 'name'], values: [RE_USER, 1, 'Renamed'] }], iru));
      expect(f).toEqual({ code: 'E_NOPERMISSION', message: 'You do not have permission for User.update' });
      expect(await db()('user').where({ id: RE_USER }).first('name')).toEqual({ name: 'Demo Compliance Officer' });
    });

    it('lets an RE user read shared reference data', async () => {
      const sectors = await select(t, re, { module: 'Sector', fields: ['id', 'name'], order: 'id asc' });
      expect(sectors.total).toBe(6);
      expect(sectors.rows[0]).toEqual({ id: 1, name: 'Banking' });
    });

    it('refuses an RE user a module with neither an entity scope nor the shared flag, whatever its roles', async () => {
      // Role has no scope: even a granted Role.select would not open it to an RE user.
      expect(failure(await t.call('Record.select', [{ module: 'Role' }], re)).code).toBe('E_NOPERMISSION');
    });
  });

  describe('the current entity', () => {
    it('an RE user reading RE-RE sees only the current entity of its session', async () => {
      const page = await select(t, re, { module: 'RE-RE', fields: ['id', 'name', 'state_name_ind_field'] });
      expect(page.rows).toEqual([{ id: 1, name: 'Harbourline Bank Ltd', state_name_ind_field: 'Active' }]);
      expect(page.total).toBe(1);
    });

    it('conditions cannot widen the scope: an OR-group over other ids still sees only the current entity', async () => {
      const page = await select(t, re, { module: 'RE-RE', fields: ['id'], where: [{ or: [['id', 'in', [1, 2, 6]], ['id', '>', 0]] }], max: 1000 });
      expect(ids(page)).toEqual([1]);
      expect(page.total).toBe(1);
      const other = await select(t, re, { module: 'RE-RE', fields: ['id'], where: [['id', '=', 2]] });
      expect(other).toEqual({ columns: ['id'], rows: [], total: 0 });
    });

    it('a session switched to another entity (currentRe) shows that entity instead', async () => {
      expect(ids(await select(t, re6, { module: 'RE-RE', fields: ['id'] }))).toEqual([6]);
      expect(ids(await select(t, await t.sessionFor('re', 11), { module: 'RE-RE', fields: ['id'] }))).toEqual([11]);
      expect(ids(await select(t, await t.sessionFor('re2'), { module: 'RE-RE', fields: ['id'] }))).toEqual([2]);
    });

    it('a session whose current entity the RE user is no longer linked to reaches no rows of it', async () => {
      // re2 is linked to entity 2 only; a session left on entity 1 (e.g. after the link was removed) sees nothing.
      const stale = await t.sessionFor('re2', 1);
      expect(await select(t, stale, { module: 'RE-RE', fields: ['id'] })).toEqual({ columns: ['id'], rows: [], total: 0 });
      expect(await select(t, stale, { module: 'RE_Reference', fields: ['id'] })).toEqual({ columns: ['id'], rows: [], total: 0 });
      const before = await reRow(1);
      expect(failure(await t.call('Record.update', [{ module: 'RE-RE', fields: ['id', 'updatectr', 'owner'], values: [1, before.updatectr, 'Not mine'] }], stale))).toEqual({ code: 'E_NOTFOUND', message: 'RE-RE #1 not found.' });
      // A new row would be one the session cannot reach: a write out of reach, not a hidden row.
      expect(failure(await t.call('Record.create', [{ module: 'RE_Reference', fields: ['name'], values: ['stale.pdf'] }], stale)).code).toBe('E_NOPERMISSION');
      expect(await reRow(1)).toEqual(before);
    });

    it('RE-RE shows nothing to a user whose session has no current entity', async () => {
      expect(await select(t, iru, { module: 'RE-RE', fields: ['id'] })).toEqual({ columns: ['id'], rows: [], total: 0 });
    });

    it('an IRU user with RE.select sees every entity', async () => {
      const page = await select(t, iru, { module: 'RE', fields: ['id'], max: 1000 });
      expect(sorted(ids(page))).toEqual(range(1, 30));
      expect(page.total).toBe(30);
    });

    it('a call whose re differs from the session current entity answers E_RECHANGED and does nothing', async () => {
      const [v] = await t.call('Record.select', [{ module: 'RE-RE' }], re, { re: 6 });
      expect(v).toEqual({ type: 'exception', code: 'E_RECHANGED', message: 'The current reporting entity was changed in another window; reloading' });
      const before = await reRow(1);
      const [w] = await t.call('Record.update', [{ module: 'RE-RE', fields: ['id', 'updatectr', 'owner'], values: [1, before.updatectr, 'Stale Tab'] }], re, { re: 6 });
      expect(w).toMatchObject({ type: 'exception', code: 'E_RECHANGED' });
      expect(await reRow(1)).toEqual(before);
    });

    it('a call whose re matches the session current entity is answered', async () => {
      const page = asIds(await t.call('Record.select', [{ module: 'RE-RE', fields: ['id'] }], re6, { re: 6 }));
      expect(page).toEqual([6]);
    });
  });

  describe('rows of another entity', () => {
    it('an RE user updates its current entity through RE-RE', async () => {
      const { updatectr } = await reRow(1);
      const row = readBack(await t.call('Record.update', [{ module: 'RE-RE', fields: ['id', 'updatectr', 'owner'], values: [1, updatectr, 'Harbourline Holdings'], read: ['id', 'owner', 'updatectr'] }], re));
      expect(row).toEqual({ id: 1, owner: 'Harbourline Holdings', updatectr: Number(updatectr) + 1 });
    });

    it("an RE user cannot change its entity's identifiers, status or sector, but may send them back unchanged with an edit", async () => {
      const before = await t.database.db('re').where({ id: 1 }).first('updatectr', 'companyno', 'otherno', 'name', 'state', 'sector');
      const f = failure(await t.call('Record.update', [{ module: 'RE-RE', fields: ['id', 'updatectr', 'sector', 'state', 'companyno'], values: [1, before.updatectr, 2, 4, 'LL99999'] }], re));
      expect(f.code).toBe('E_VALIDATION');
      expect(f.details).toEqual({ sector: 'is read-only', state: 'is read-only', companyno: 'is read-only' });
      expect(await t.database.db('re').where({ id: 1 }).first('updatectr', 'companyno', 'otherno', 'name', 'state', 'sector')).toEqual(before);

      // The entity form sends every field back: the unchanged ones pass, the edit is written.
      const fields = ['companyno', 'otherno', 'name', 'state', 'sector'] as const;
      const row = readBack(
        await t.call('Record.update', [{ module: 'RE-RE', fields: ['id', 'updatectr', ...fields, 'owner'], values: [1, before.updatectr, ...fields.map((k) => before[k]), 'Harbourline Group'], read: ['id', 'owner', 'sector'] }], re),
      );
      expect(row).toEqual({ id: 1, owner: 'Harbourline Group', sector: Number(before.sector) });
      const audit = await t.database.db('record_audit').where({ module: 're', record_id: 1, version: Number(before.updatectr) + 1 }).first('fields');
      expect(JSON.parse(String(audit.fields))).toEqual(['owner']);
    });

    const updateEntity = async (cookie: string, id: number, ctr: unknown, owner: string) =>
      failure(await t.call('Record.update', [{ module: 'RE-RE', fields: ['id', 'updatectr', 'owner'], values: [id, ctr, owner] }], cookie));

    it('an RE user updating another entity through RE-RE is answered as for a missing entity, and the row is unchanged', async () => {
      const before = await reRow(2);
      for (const ctr of [before.updatectr, 999]) {
        // No E_CONCURRENT: that would hand over the other entity's record in its details.
        expect(await updateEntity(re, 2, ctr, 'Hijacked')).toEqual({ code: 'E_NOTFOUND', message: 'RE-RE #2 not found.' });
      }
      expect(await updateEntity(re, 987654, 1, 'Hijacked')).toEqual({ code: 'E_NOTFOUND', message: 'RE-RE #987654 not found.' });
      expect(await reRow(2)).toEqual(before);
    });

    it('an RE user cannot update even its own other entity while the session is on entity 1: it is not found', async () => {
      const before = await reRow(6);
      expect(await updateEntity(re, 6, before.updatectr, 'Not now')).toEqual({ code: 'E_NOTFOUND', message: 'RE-RE #6 not found.' });
      expect(await reRow(6)).toEqual(before);
    });

    it('an RE user sees only the attachments of its current entity', async () => {
      const page = await select(t, re, { module: 'RE_Reference', fields: ['id', 'fk_re', 'name'], max: 1000 });
      expect(page.rows).toEqual([{ id: attachment[1], fk_re: 1, name: 'report-1.pdf' }]);
      expect(page.total).toBe(1);
      const guessed = await select(t, re, { module: 'RE_Reference', fields: ['id'], where: [['id', 'in', Object.values(attachment)]] });
      expect(ids(guessed)).toEqual([attachment[1]]);
      expect(ids(await select(t, re6, { module: 'RE_Reference', fields: ['id'] }))).toEqual([attachment[6]]);
    });

    it("an RE user cannot delete another entity's attachment, which is not found as a missing one is, and it stays", async () => {
      const remove = async (cookie: string, id: number) => failure(await t.call('Record.delete', [{ module: 'RE_Reference', fields: ['id', 'updatectr'], values: [id, 1] }], cookie));
      for (const [cookie, entity] of [[re, 2], [re, 6], [re6, 1]] as const) {
        expect(await remove(cookie, attachment[entity]), `attachment of entity ${entity}`).toEqual({ code: 'E_NOTFOUND', message: `RE_Reference #${attachment[entity]} not found.` });
      }
      expect(await remove(re, 987654)).toEqual({ code: 'E_NOTFOUND', message: 'RE_Reference #987654 not found.' });
      expect(await db()('re_reference').whereIn('id', Object.values(attachment)).count({ n: '*' })).toEqual([{ n: 3 }]);
    });

    it("an RE user may delete its current entity's attachment", async () => {
      const row = readBack(await t.call('Record.create', [{ module: 'RE_Reference', fields: ['name'], values: ['scratch.pdf'], read: ['id', 'fk_re', 'updatectr'] }], re));
      expect(row.fk_re).toBe(1);
      expect(await t.call('Record.delete', [{ module: 'RE_Reference', fields: ['id', 'updatectr'], values: [row.id, row.updatectr] }], re)).toEqual([{ type: 'text', text: '1' }]);
      expect(await db()('re_reference').where({ id: row.id }).first()).toBeUndefined();
    });

    it('an RE user reading User sees only the users of its current entity', async () => {
      // The entity's preparer, checker and approver (seeds/demo-users.ts) share entity 1 with `re`.
      expect(ids(await select(t, re, { module: 'User', fields: ['id'], max: 1000 })).sort((a, b) => a - b)).toEqual([RE_USER, ...ENTITY1_SIGNOFF]);
      expect(await select(t, re, { module: 'User', fields: ['id', 'name'], where: [['id', '=', RE2_USER]] })).toEqual({ columns: ['id', 'name'], rows: [], total: 0 });
      expect(ids(await select(t, await t.sessionFor('re2'), { module: 'User', fields: ['id'], max: 1000 }))).toEqual([RE2_USER]);
    });

    it('an RE user reading RE_User sees only the links of its current entity, without its own (docs/row-rules.md)', async () => {
      const page = await select(t, re, { module: 'RE_User', fields: ['link_fk_re', 'link_fk_user', 'userid', 'isprimary'], max: 1000 });
      expect(page.rows).toEqual([
        ...ENTITY1_SIGNOFF.map((id, i) => ({ link_fk_re: 1, link_fk_user: id, userid: ['preparer', 'checker', 'approver'][i], isprimary: false })),
      ]);
      const guessed = await select(t, re, { module: 'RE_User', fields: ['link_id'], where: [['link_fk_re', '=', 2]] });
      expect(guessed.total).toBe(0);
      const on6 = await select(t, re6, { module: 'RE_User', fields: ['link_fk_re', 'link_fk_user', 'isprimary'], max: 1000 });
      expect(on6.rows).toEqual([]);
    });

    it("an RE user cannot read another entity's state history: it is not found, and RE itself is not permitted", async () => {
      const history = async (module: string, id: number) => failure(await t.call('StateManagement.getHistory', [{ module, id }], re));
      expect(await history('RE-RE', 2)).toEqual({ code: 'E_NOTFOUND', message: 'RE-RE #2 not found.' });
      expect(await history('RE-RE', 987654)).toEqual({ code: 'E_NOTFOUND', message: 'RE-RE #987654 not found.' });
      expect(await history('RE', 2)).toEqual({ code: 'E_NOPERMISSION', message: 'You do not have permission for RE.select' });
      const own = await t.call('StateManagement.getHistory', [{ module: 'RE-RE', id: 1 }], re);
      expect(own[0]?.type).toBe('recordset');
    });
  });

  describe('creating for another entity', () => {
    it('a row created without the scope column is stamped with the current entity', async () => {
      const row = readBack(await t.call('Record.create', [{ module: 'RE_Reference', fields: ['name'], values: ['stamped.pdf'], read: ['fk_re', 'name'] }], re6));
      expect(row).toEqual({ fk_re: 6, name: 'stamped.pdf' });
    });

    it('a row created with the current entity in the scope column is accepted', async () => {
      const row = readBack(await t.call('Record.create', [{ module: 'RE_Reference', fields: ['fk_re', 'name'], values: [1, 'own.pdf'], read: ['fk_re'] }], re));
      expect(row).toEqual({ fk_re: 1 });
    });

    it('a row created for another entity is refused with E_NOPERMISSION and nothing is written', async () => {
      for (const entity of [2, 6]) {
        const f = failure(await t.call('Record.create', [{ module: 'RE_Reference', fields: ['fk_re', 'name'], values: [entity, `forged-${entity}.pdf`] }], re));
        expect(f.code).toBe('E_NOPERMISSION');
        expect(await db()('re_reference').where({ name: `forged-${entity}.pdf` }).first()).toBeUndefined();
      }
    });

    it('a relation to another entity as parent is refused: the parent is not found through RE-RE, and RE is not permitted', async () => {
      const related = async (parent: string, id: number) =>
        failure(await t.call('Record.create', [{ module: 'RE_Reference', fields: ['name'], values: ['related.pdf'], relation: { relation_type: 1, parent_name: parent, parent_id: id, modulecolumn_name: 'fk_re' } }], re));
      expect(await related('RE-RE', 2)).toEqual({ code: 'E_NOTFOUND', message: 'RE-RE #2 not found.' });
      expect(await related('RE-RE', 987654)).toEqual({ code: 'E_NOTFOUND', message: 'RE-RE #987654 not found.' });
      expect(await db()('re_reference').where({ name: 'related.pdf' }).first()).toBeUndefined();
      expect(await related('RE', 2)).toEqual({ code: 'E_NOPERMISSION', message: 'You do not have permission for RE.select' });
    });

    it('a relation to the current entity as parent is accepted', async () => {
      const row = readBack(
        await t.call('Record.create', [{ module: 'RE_Reference', fields: ['name'], values: ['related-own.pdf'], relation: { relation_type: 1, parent_name: 'RE-RE', parent_id: 1, modulecolumn_name: 'fk_re' }, read: ['fk_re'] }], re),
      );
      expect(row).toEqual({ fk_re: 1 });
    });
  });
});

function asIds(values: Awaited<ReturnType<TestEngine['call']>>): number[] {
  const set = values[0];
  if (set?.type !== 'recordset') throw new Error(`expected a recordset, got ${JSON.stringify(set)}`);
  return set.rows.map((r) => Number(r[0]));
}
