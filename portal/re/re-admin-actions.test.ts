// The regulator's admin actions on entities through the protocol, on every dialect (seed 001
// §2.6, §2.7, §4.2, §5.2, §6, §8; docs/re-admin-actions.md): country of origin, financial year
// end month, a late submission's preliminary reason, parent/child links and their unlink, and the
// entity record's rules for hand-made Record.update calls (relationship managers, roles 35/37).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { failure, readBack, select, type Row } from '../../engine/testing/record-calls.js';
import { addStaffUser } from '../../engine/testing/staff-users.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { sqlDateTime } from '../../engine/db/clock.js';
import { RE_ADMIN_MESSAGES as M } from './re-admin-rules.js';

const JANUARY = 284;
const DECEMBER = 295;
const MALAYSIA = 90001;
const SINGAPORE = 90003;

describe.each(await testDialects())('Admin actions on reporting entities on %s', (dialect) => {
  let t: TestEngine;
  let iru: string;
  let re: string;
  let manager37: string;
  let manager37Id: number;
  let iruId: number;

  const entity = async (id: number): Promise<Row> =>
    (await select(t, iru, { module: 'RE', fields: ['id', 'updatectr', 'name', 'fye', 'fye_name_ind_field', 'countryorigin', 'countryorigin_name_ind_field', 'comporigin', 'comporigindate'], where: [['id', '=', id]] })).rows[0];
  const audits = async (module: string, id: number) => t.database.db('record_audit').where({ module, record_id: id }).orderBy('id').select('action', 'fields', 'createby');

  async function batch(reId: number, duedate: string, submitteddate: string | null, state: number): Promise<number> {
    const row = { re: reId, name: `Admin test ${reId} ${Math.random().toString(36).slice(2, 7)}`, endon: '2023-06-30', duedate, submitteddate, state, updatectr: 1, createon: sqlDateTime() };
    const [inserted] = dialect === 'mysql' ? await t.database.db('formbatch').insert(row) : await t.database.db('formbatch').insert(row).returning('id');
    await bumpVersions(t.database.db, ['formbatch']);
    return Number(typeof inserted === 'object' ? (inserted as { id: number }).id : inserted);
  }

  beforeAll(async () => {
    t = await startTestEngine(dialect, { JOB_CONCURRENCY: '0' });
    manager37Id = await addStaffUser(t, 'manager37', [37]);
    iruId = Number((await t.database.db('user').where({ userid: 'iru' }).first('id')).id);
    iru = await t.sessionFor('iru');
    re = await t.sessionFor('re', 1);
    manager37 = await t.sessionFor('manager37');
  });
  afterAll(async () => t?.close());

  it('sets the country of origin with its date, refusing a missing date or country with the seed\'s words, and audits the change', async () => {
    const e = await entity(2);
    const both = failure(await t.call('RE.setCountryOrigin', [{ id: 2, updatectr: e.updatectr, date: '', country: null }], iru));
    expect(both).toMatchObject({ code: 'E_VALIDATION', message: 'Please enter date. Please select a country.', details: { date: M.enterDate, country: M.selectCountry } });
    expect(failure(await t.call('RE.setCountryOrigin', [{ id: 2, updatectr: e.updatectr, country: MALAYSIA }], iru))).toMatchObject({ code: 'E_VALIDATION', message: M.enterDate, details: { date: M.enterDate } });
    expect(failure(await t.call('RE.setCountryOrigin', [{ id: 2, updatectr: e.updatectr, date: '2020-01-31' }], iru))).toMatchObject({ code: 'E_VALIDATION', message: M.selectCountry, details: { country: M.selectCountry } });
    expect(failure(await t.call('RE.setCountryOrigin', [{ id: 2, updatectr: e.updatectr, date: '2020-02-31', country: MALAYSIA }], iru)).details).toEqual({ date: 'is not a date (YYYY-MM-DD)' });
    expect(failure(await t.call('RE.setCountryOrigin', [{ id: 2, updatectr: e.updatectr, date: '2020-01-31', country: JANUARY }], iru)).details).toEqual({ country: 'is not a country of list 90' });
    expect(failure(await t.call('RE.setCountryOrigin', [{ id: 2, updatectr: e.updatectr, date: '2020-01-31', country: 'Malaysia' }], iru)).code).toBe('E_BADREQUEST');
    expect(failure(await t.call('RE.setCountryOrigin', [{ id: 2, updatectr: e.updatectr, date: '2020-01-31', country: SINGAPORE }], re)).code).toBe('E_NOPERMISSION');
    expect(failure(await t.call('RE.setCountryOrigin', [{ id: 2, updatectr: Number(e.updatectr) + 5, date: '2020-01-31', country: SINGAPORE }], iru)).code).toBe('E_CONCURRENT');

    const back = readBack(await t.call('RE.setCountryOrigin', [{ id: 2, updatectr: e.updatectr, date: '2020-01-31', country: SINGAPORE }], iru));
    expect(back).toMatchObject({ countryorigin: SINGAPORE, countryorigin_name_ind_field: 'Singapore', comporigin: 'Singapore', comporigindate: '2020-01-31', updatectr: Number(e.updatectr) + 1 });
    const audit = (await audits('re', 2)).at(-1)!;
    expect(audit.action).toBe('update');
    expect(String(audit.fields)).toContain('countryorigin');
    // The columns are the action's: Record.update cannot write them around its rules.
    expect(failure(await t.call('Record.update', [{ module: 'RE', fields: ['id', 'updatectr', 'countryorigin'], values: [2, back.updatectr, MALAYSIA] }], iru)).details).toEqual({ countryorigin: 'is read-only' });
  });

  it('sets the financial year end month, refusing none, one outside 284-295 and the month it already has', async () => {
    let e = await entity(3);
    expect(failure(await t.call('RE.setFYE', [{ id: 3, updatectr: e.updatectr, fye: null }], iru))).toMatchObject({ code: 'E_VALIDATION', message: M.selectFye, details: { fye: M.selectFye } });
    expect(failure(await t.call('RE.setFYE', [{ id: 3, updatectr: e.updatectr }], iru)).message).toBe(M.selectFye);
    expect(failure(await t.call('RE.setFYE', [{ id: 3, updatectr: e.updatectr, fye: 296 }], iru)).code).toBe('E_BADREQUEST');
    expect(failure(await t.call('RE.setFYE', [{ id: 3, updatectr: e.updatectr, fye: DECEMBER }], re)).code).toBe('E_NOPERMISSION');
    const back = readBack(await t.call('RE.setFYE', [{ id: 3, updatectr: e.updatectr, fye: DECEMBER }], iru));
    expect(back).toMatchObject({ fye: DECEMBER, fye_name_ind_field: 'December' });
    const before = (await audits('re', 3)).length;
    e = await entity(3);
    expect(failure(await t.call('RE.setFYE', [{ id: 3, updatectr: e.updatectr, fye: DECEMBER }], iru))).toMatchObject({ code: 'E_VALIDATION', message: M.fyeUnchanged, details: { fye: M.fyeUnchanged } });
    expect(await audits('re', 3)).toHaveLength(before);
    expect((await entity(3)).updatectr).toBe(e.updatectr);
    readBack(await t.call('RE.setFYE', [{ id: 3, updatectr: e.updatectr, fye: JANUARY }], iru));
    expect(await entity(3)).toMatchObject({ fye: JANUARY, fye_name_ind_field: 'January' });
    expect(await audits('re', 3)).toHaveLength(before + 1);
  });

  it("writes a late submission's preliminary reason on its case, opening it once, and refuses an empty reason or a submission on time", async () => {
    const late = await batch(1, '2023-07-15', null, 13);
    const onTime = await batch(1, '2023-07-15', '2023-07-14 09:00:00', 71);
    expect(failure(await t.call('PEOI.setPrelimReason', [{ formbatch: late, latereason: '  ' }], iru))).toMatchObject({ code: 'E_VALIDATION', message: M.prelimRequired });
    expect(failure(await t.call('PEOI.setPrelimReason', [{ formbatch: onTime, latereason: 'Late' }], iru))).toMatchObject({ code: 'E_VALIDATION', details: { formbatch: 'This submission was completed on time.' } });
    expect(failure(await t.call('PEOI.setPrelimReason', [{ formbatch: 999999, latereason: 'Late' }], iru)).code).toBe('E_NOTFOUND');
    expect(failure(await t.call('PEOI.setPrelimReason', [{ formbatch: late, latereason: 'Late' }], re)).code).toBe('E_NOPERMISSION');
    const first = JSON.parse(((await t.call('PEOI.setPrelimReason', [{ formbatch: late, latereason: 'System outage' }], iru))[0] as { text: string }).text);
    expect(first.created).toBe(true);
    const second = JSON.parse(((await t.call('PEOI.setPrelimReason', [{ formbatch: late, latereason: 'System outage on 15/07' }], iru))[0] as { text: string }).text);
    expect(second).toEqual({ id: first.id, created: false });
    const c = (await select(t, iru, { module: 'PEOI', fields: ['id', 'latereason', 're', 'formbatch'], where: [['formbatch', '=', late]] })).rows;
    expect(c).toEqual([expect.objectContaining({ id: first.id, latereason: 'System outage on 15/07', re: 1 })]);
    expect((await audits('peoi', first.id)).map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('links a child entity to its parent, never to itself, and unlinks it with the link counter', async () => {
    expect(failure(await t.call('Record.create', [{ module: 'RE_RE', fields: ['link_fk_parent', 'link_fk_child'], values: [1, 1], read: ['link_id'] }], iru)).details).toEqual({ link_fk_child: 'an entity cannot be its own parent' });
    expect(failure(await t.call('Record.create', [{ module: 'RE_RE', fields: ['link_fk_parent', 'link_fk_child'], values: [1, 2], read: ['link_id'] }], re)).code).toBe('E_NOPERMISSION');
    const link = readBack(await t.call('Record.create', [{ module: 'RE_RE', fields: ['link_fk_parent', 'link_fk_child'], values: [1, 2], read: ['link_id', 'link_updatectr'] }], iru));
    const children = await select(t, iru, { module: 'RE_RE', fields: ['link_id', 'link_updatectr', 'id', 'name'], where: [['fk_re', '=', 1]] });
    expect(children.rows.map((r) => r.id)).toEqual([2]);
    expect(failure(await t.call('Record.delete', [{ module: 'RE_RE', fields: ['link_id', 'link_updatectr'], values: [link.link_id, Number(link.link_updatectr) + 1] }], iru)).code).toBe('E_CONCURRENT');
    expect(failure(await t.call('Record.delete', [{ module: 'RE_RE', fields: ['link_id', 'link_updatectr'], values: [link.link_id, link.link_updatectr] }], re)).code).toBe('E_NOPERMISSION');
    expect(await t.call('Record.delete', [{ module: 'RE_RE', fields: ['link_id', 'link_updatectr'], values: [link.link_id, link.link_updatectr] }], iru)).toEqual([{ type: 'text', text: '1' }]);
    expect((await select(t, iru, { module: 'RE_RE', fields: ['link_id'], where: [['fk_re', '=', 1]] })).rows).toEqual([]);
    expect((await audits('re_re', Number(link.link_id))).map((a) => a.action)).toEqual(['create', 'delete']);
  });

  it('lets a bank relationship manager (role 37) change no field of an entity but the two manager fields, even by hand-made Record.update', async () => {
    // The manager reaches only the entities it manages (docs/row-rules.md).
    await t.database.db('re').where({ id: 4 }).update({ smd1: manager37Id, smd2: null });
    await bumpVersions(t.database.db, ['re']);
    const e = await entity(4);
    const refused = failure(await t.call('Record.update', [{ module: 'RE', fields: ['id', 'updatectr', 'name'], values: [4, e.updatectr, 'Renamed by a manager'] }], manager37));
    expect(refused.code).toBe('E_NOPERMISSION');
    expect(refused.message).toContain('edit only smd1 and smd2');
    expect(failure(await t.call('RE.setFYE', [{ id: 4, updatectr: e.updatectr, fye: JANUARY }], manager37)).code).toBe('E_NOPERMISSION');
    expect((await entity(4)).name).toBe(e.name);
    // Sending a field back unchanged is not a change; the two manager fields are theirs to set.
    const back = readBack(await t.call('Record.update', [{ module: 'RE', fields: ['id', 'updatectr', 'name', 'smd1', 'smd2'], values: [4, e.updatectr, e.name, manager37Id, iruId], read: ['id', 'updatectr', 'smd1', 'smd2'] }], manager37));
    expect(back).toMatchObject({ smd1: manager37Id, smd2: iruId });
  });

  it('refuses the same user as primary and relief relationship manager, whoever writes and whichever field changes', async () => {
    const e = await select(t, iru, { module: 'RE', fields: ['id', 'updatectr', 'smd1', 'smd2'], where: [['id', '=', 5]] });
    const row = e.rows[0];
    const same = failure(await t.call('Record.update', [{ module: 'RE', fields: ['id', 'updatectr', 'smd1', 'smd2'], values: [5, row.updatectr, iruId, iruId] }], iru));
    expect(same).toMatchObject({ code: 'E_VALIDATION', message: M.managersDiffer, details: { smd2: M.managersDiffer } });
    const set = readBack(await t.call('Record.update', [{ module: 'RE', fields: ['id', 'updatectr', 'smd1', 'smd2'], values: [5, row.updatectr, iruId, manager37Id] }], iru));
    // Only the relief manager sent, equal to the stored primary one.
    expect(failure(await t.call('Record.update', [{ module: 'RE', fields: ['id', 'updatectr', 'smd2'], values: [5, set.updatectr, iruId] }], manager37)).message).toBe(M.managersDiffer);
    expect(failure(await t.call('Record.update', [{ module: 'RE', fields: ['id', 'updatectr', 'smd1'], values: [5, set.updatectr, manager37Id] }], iru)).message).toBe(M.managersDiffer);
    readBack(await t.call('Record.update', [{ module: 'RE', fields: ['id', 'updatectr', 'smd2'], values: [5, set.updatectr, null] }], iru));
  });
});
