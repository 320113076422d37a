// The entity record's own rules, through the protocol on every dialect
// (docs/re-admin-actions.md): business information fields editable per sector
// (the BusinessInfoField rows seeded from portal/metadata/re-business-info.json) for hand-made Record.update calls and RE.getLockedFields,
// relationship managers that entity users neither read nor write, and parent/child links that are
// never made twice nor in a cycle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { failure, readBack, select, type Row } from '../../engine/testing/record-calls.js';
import { addStaffUser } from '../../engine/testing/staff-users.js';
import { LINK_MESSAGES } from './re-write-hooks.js';

/** Demo entities: 1-5 sector 1 (banks), 6-10 sector 2, 11-15 sector 3. */
const BANK = 3;
const INSURER = 7;
const CAPITAL_MARKET = 12;

describe.each(await testDialects())('Business information per sector, managers and links on %s', (dialect) => {
  let t: TestEngine;
  let iru: string;
  let re: string;
  let manager37: string;

  const entity = async (id: number): Promise<Row> => (await select(t, iru, { module: 'RE', fields: ['id', 'updatectr', 'sector', 'branchtype', 'trustcompany', 'owner'], where: [['id', '=', id]] })).rows[0];
  const update = (cookie: string, id: number, ctr: unknown, values: Record<string, unknown>, module = 'RE') =>
    t.call('Record.update', [{ module, fields: ['id', 'updatectr', ...Object.keys(values)], values: [id, ctr, ...Object.values(values)], read: ['id', 'updatectr', ...Object.keys(values)] }], cookie);
  const locked = async (cookie: string, id: number) => {
    const values = await t.call('RE.getLockedFields', [{ id }], cookie);
    const first = values[0] as { type: string; rows?: unknown[][] };
    expect(first.type).toBe('recordset');
    return (first.rows ?? []).map((r) => String(r[0]));
  };

  beforeAll(async () => {
    t = await startTestEngine(dialect, { JOB_CONCURRENCY: '0' });
    const managerId = await addStaffUser(t, 'manager37b', [37]);
    await t.database.db('re').where({ id: BANK }).update({ smd1: managerId, smd2: null });
    iru = await t.sessionFor('iru');
    re = await t.sessionFor('re', 1);
    manager37 = await t.sessionFor('manager37b');
  });
  afterAll(async () => t?.close());

  it('refuses a business information field outside the entity sector\'s list, naming it, and takes the fields the list allows', async () => {
    const insurer = await entity(INSURER);
    expect(Number(insurer.sector)).toBe(2);
    const refused = failure(await update(iru, INSURER, insurer.updatectr, { branchtype: insurer.branchtype === 'A' ? 'B' : 'A', owner: 'Owner changed' }));
    expect(refused.code).toBe('E_VALIDATION');
    expect(refused.details).toEqual({ branchtype: 'is not editable for entities of sector 2' });
    expect(failure(await update(iru, INSURER, insurer.updatectr, { trustcompany: 'A new trustee' })).details).toEqual({ trustcompany: 'is not editable for entities of sector 2' });
    expect((await entity(INSURER)).owner).toBe(insurer.owner);
    // Sent back unchanged is no change; fields every sector edits go through.
    const back = readBack(await update(iru, INSURER, insurer.updatectr, { branchtype: insurer.branchtype, owner: 'Owner changed' }));
    expect(back.owner).toBe('Owner changed');

    const bank = await entity(BANK);
    expect(readBack(await update(iru, BANK, bank.updatectr, { branchtype: bank.branchtype === 'B' ? 'C' : 'B' })).branchtype).not.toBe(bank.branchtype);
    expect(failure(await update(iru, BANK, (await entity(BANK)).updatectr, { trustcompany: 'A new trustee' })).details).toEqual({ trustcompany: 'is not editable for entities of sector 1' });
    const market = await entity(CAPITAL_MARKET);
    expect(readBack(await update(iru, CAPITAL_MARKET, market.updatectr, { trustcompany: 'Capital Trustees Ltd' })).trustcompany).toBe('Capital Trustees Ltd');
  });

  it('tells a form which fields are locked: per sector for staff, all but the managers for roles 35 and 37', async () => {
    expect((await locked(iru, INSURER)).sort()).toEqual(['branchtype', 'trustcompany']);
    expect(await locked(iru, BANK)).toEqual(['trustcompany']);
    expect(await locked(iru, CAPITAL_MARKET)).toEqual(['branchtype']);
    const managerLocks = await locked(manager37, BANK);
    expect(managerLocks).toContain('name');
    expect(managerLocks).not.toContain('smd1');
    expect(managerLocks).not.toContain('smd2');
    expect(failure(await t.call('RE.getLockedFields', [{ id: 1 }], re)).code).toBe('E_NOPERMISSION');
    expect(failure(await t.call('RE.getLockedFields', [{ id: 999999 }], iru)).code).toBe('E_NOTFOUND');
  });

  it('keeps the relationship managers from entity users: they neither read nor write them', async () => {
    expect(failure(await t.call('Record.select', [{ module: 'RE-RE', fields: ['id', 'smd1'] }], re)).code).toBe('E_INVALIDFIELD');
    const own = (await select(t, re, { module: 'RE-RE', fields: ['id', 'updatectr'] })).rows[0];
    expect(failure(await update(re, Number(own.id), own.updatectr, { smd2: 1 }, 'RE-RE')).code).toBe('E_INVALIDFIELD');
    const all = (await select(t, re, { module: 'RE-RE' })).rows[0];
    expect(Object.keys(all)).not.toContain('smd1');
    expect(Object.keys(all)).not.toContain('smd1_name_ind_field');
    // Staff read them.
    expect(Object.keys((await select(t, iru, { module: 'RE', fields: ['id', 'smd1', 'smd2'], where: [['id', '=', BANK]] })).rows[0])).toEqual(['id', 'smd1', 'smd2']);
  });

  it('links an existing entity as a child once, never in a cycle', async () => {
    const link = async (parent: number, child: number) => t.call('Record.create', [{ module: 'RE_RE', fields: ['link_fk_parent', 'link_fk_child'], values: [parent, child], read: ['link_id'] }], iru);
    readBack(await link(11, 12));
    readBack(await link(12, 13));
    expect(failure(await link(11, 12)).details).toEqual({ link_fk_child: LINK_MESSAGES.twice });
    expect(failure(await link(12, 11)).details).toEqual({ link_fk_child: LINK_MESSAGES.cycle });
    expect(failure(await link(13, 11)).details).toEqual({ link_fk_child: LINK_MESSAGES.cycle });
    expect(failure(await link(13, 13)).details).toEqual({ link_fk_child: LINK_MESSAGES.self });
    // Another parent for the same child is not a cycle.
    readBack(await link(14, 13));
    const children = await select(t, iru, { module: 'RE_RE', fields: ['link_id', 'id'], where: [['fk_re', '=', 12]] });
    expect(children.rows.map((r) => Number(r.id))).toEqual([13]);
  });
});
