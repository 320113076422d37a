// The profile's definitions as metadata on every dialect (docs/re-profile.md "Tabs as metadata",
// docs/re-admin-actions.md): an administrator's edit of a tab's rule or of a per-sector business
// information rule applies to the next call; each save is a version (who, when, what changed)
// that can be restored; a bad definition is refused with a sentence naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { failure, readBack, select, type Row } from '../../engine/testing/record-calls.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { recordsetObjects, type EnvelopeValue } from '../../engine/protocol/envelope.js';

const ENTITY = 1;
const BCAF = 42;
/** Demo entity 7 is an insurer (sector 2). */
const INSURER = 7;

describe.each(await testDialects())('profile definitions as metadata on %s', (dialect) => {
  let t: TestEngine;
  let admin: string;
  let iru: string;

  const rows = (v: EnvelopeValue[]) => {
    if (v[0]?.type !== 'recordset') throw new Error(JSON.stringify(v));
    return recordsetObjects(v[0]);
  };
  const tabIds = async (cookie: string, re?: number) => rows(await t.call('RE.getProfileTabs', [re === undefined ? {} : { re }], cookie)).map((r) => Number(r.id));
  const stored = async (module: string, id: number, fields: string[]): Promise<Row> => (await select(t, admin, { module, fields: ['id', 'updatectr', ...fields], where: [['id', '=', id]] })).rows[0];
  const update = async (module: string, id: number, values: Record<string, unknown>, cookie = admin) => {
    const before = await stored(module, id, []);
    return t.call('Record.update', [{ module, fields: ['id', 'updatectr', ...Object.keys(values)], values: [id, before.updatectr, ...Object.values(values)], read: ['id', 'updatectr', ...Object.keys(values)] }], cookie);
  };
  const history = async (module: string, id: number) => rows(await t.call('Metadata.history', [{ module, id }], admin));

  beforeAll(async () => {
    t = await startTestEngine(dialect, { JOB_CONCURRENCY: '0' });
    admin = await t.sessionFor('admin');
    iru = await t.sessionFor('iru');
    // A bank of branch type B with no category: the BCAF tab's shipped rule (category 50 or 70) hides it.
    await t.database.db('re').where({ id: ENTITY }).update({ sector: 1, branchtype: 'B' });
    await t.database.db('re_recategory').where({ link_fk_re: ENTITY }).delete();
    await bumpVersions(t.database.db, ['re', 're_recategory']);
  });
  afterAll(async () => t?.close());

  it('seeds the shipped tabs and rules as version 1 of each, by nobody', async () => {
    const tabs = (await select(t, admin, { module: 'ProfileTab', fields: ['id', 'title'], max: 100 })).rows;
    expect(tabs.map((r) => Number(r.id)).slice(0, 2)).toEqual([38, 39]);
    expect(tabs.length).toBeGreaterThan(20);
    const v = await history('ProfileTab', BCAF);
    expect(v).toHaveLength(1);
    expect(v[0]).toMatchObject({ version: 1, action: 'create', createby: null });
    const branch = (await select(t, admin, { module: 'BusinessInfoField', fields: ['id', 'field', 'everysector', 'sectors'], where: [['field', '=', 'branchtype']] })).rows[0];
    expect(branch).toMatchObject({ field: 'branchtype', sectors: '1' });
  });

  it("shows the entity a tab once an administrator edits the tab's visibility rule, with the save kept as a version, and hides it again on restore", async () => {
    const re = await t.sessionFor('re', ENTITY);
    expect(await tabIds(re)).not.toContain(BCAF);
    const hidden = failure(await t.call('Record.select', [{ module: 'RE-REBCAF', fields: ['id'] }], re));
    expect(hidden.code).toBe('E_NOPERMISSION');

    const saved = readBack(await update('ProfileTab', BCAF, { show: JSON.stringify([{ sector: [1], parameter: { 'bank.bcaf.visible': '1' } }]) }));
    expect(Number(saved.updatectr)).toBe(2);
    expect(await tabIds(re)).toContain(BCAF);
    expect(await tabIds(iru, ENTITY)).toContain(BCAF);
    // The server's check of the tab's rows follows the same edit.
    expect((await select(t, re, { module: 'RE-REBCAF', fields: ['id'] })).rows).toBeDefined();

    const versions = await history('ProfileTab', BCAF);
    expect(versions.map((v) => Number(v.version))).toEqual([2, 1]);
    expect(versions[0]).toMatchObject({ action: 'update', createby_name: 'System Administrator', changed: 'show' });
    expect(String(versions[0].createon)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const v1 = JSON.parse(((await t.call('Metadata.version', [{ module: 'ProfileTab', id: BCAF, version: 1 }], admin))[0] as { text: string }).text);
    expect(v1.show[0].category).toEqual([50, 70]);

    await t.call('Metadata.restore', [{ module: 'ProfileTab', id: BCAF, version: 1, updatectr: 2 }], admin);
    expect(await tabIds(re)).not.toContain(BCAF);
    expect((await history('ProfileTab', BCAF)).map((v) => Number(v.version))).toEqual([3, 2, 1]);
  });

  it('refuses a bad tab definition with a sentence naming the field, and stores nothing', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ show: JSON.stringify([{ colour: [1] }]) }, 'show', /^Shown when: alternative 1: colour is not a fact a rule can test/],
      [{ show: JSON.stringify([{ sector: '1' }]) }, 'show', /^Shown when: alternative 1: sector must be a list of whole numbers/],
      [{ show: JSON.stringify({ sector: [1] }) }, 'show', /^Shown when: must be a list of alternatives/],
      [{ show: JSON.stringify([]) }, 'show', /^Shown when: lists no alternative/],
      [{ show: JSON.stringify([{ parameter: { 'no.such.parameter': '1' } }]) }, 'show', /^Shown when: alternative 1: there is no parameter no\.such\.parameter/],
      [{ re_list: null, iru_list: null }, 'iru_list', /^Regulator's list: a list tab needs the list it shows/],
      [{ audience: 'iru' }, 're_list', /^Entity users' list: a tab shown to the regulator only has no screen for entity users/],
    ];
    const before = await stored('ProfileTab', BCAF, ['show', 'audience', 're_list']);
    for (const [values, field, message] of cases) {
      const f = failure(await update('ProfileTab', BCAF, values));
      expect(f.code).toBe('E_VALIDATION');
      expect(f.message).toMatch(message);
      expect(Object.keys(f.details ?? {})).toEqual([field]);
    }
    // Not JSON at all: the record engine's own check names the field.
    expect(failure(await update('ProfileTab', BCAF, { show: '[{sector: 1' })).details).toEqual({ show: 'must be valid JSON' });
    expect(failure(await update('ProfileTab', BCAF, { re_list: 999_999 })).details).toMatchObject({ re_list: expect.stringContaining('does not exist') });
    expect(await stored('ProfileTab', BCAF, ['show', 'audience', 're_list'])).toEqual(before);
    expect(await history('ProfileTab', BCAF)).toHaveLength(3);
  });

  it('lets an insurer have its branch type changed once the rule names sector 2, and refuses a bad rule naming the field', async () => {
    const locked = async () => rows(await t.call('RE.getLockedFields', [{ id: INSURER }], iru)).map((r) => String(r.field));
    expect(await locked()).toContain('branchtype');
    const rule = (await select(t, admin, { module: 'BusinessInfoField', fields: ['id'], where: [['field', '=', 'branchtype']] })).rows[0];
    const id = Number(rule.id);
    expect(readBack(await update('BusinessInfoField', id, { sectors: '2,1' })).sectors).toBe('1, 2');
    expect(await locked()).not.toContain('branchtype');
    const insurer = (await select(t, iru, { module: 'RE', fields: ['id', 'updatectr', 'branchtype'], where: [['id', '=', INSURER]] })).rows[0];
    const changed = readBack(await t.call('Record.update', [{ module: 'RE', fields: ['id', 'updatectr', 'branchtype'], values: [INSURER, insurer.updatectr, insurer.branchtype === 'A' ? 'B' : 'A'], read: ['branchtype'] }], iru));
    expect(changed.branchtype).not.toBe(insurer.branchtype);
    expect((await history('BusinessInfoField', id))[0]).toMatchObject({ version: 2, changed: 'sectors', createby_name: 'System Administrator' });

    const refusals: [Record<string, unknown>, string, RegExp][] = [
      [{ field: 'colour' }, 'field', /^Field: colour is not a field of the entity record/],
      [{ field: 'updatectr' }, 'field', /^Field: updatectr is not a field of the entity record/],
      [{ sectors: '1, x' }, 'sectors', /^Also editable for sectors: must be sector numbers separated by commas.*"x" is not a number/],
      [{ sectors: '1, 99' }, 'sectors', /^Also editable for sectors: there is no sector 99/],
    ];
    for (const [values, field, message] of refusals) {
      const f = failure(await update('BusinessInfoField', id, values));
      expect(f.code).toBe('E_VALIDATION');
      expect(f.message).toMatch(message);
      expect(Object.keys(f.details ?? {})).toEqual([field]);
    }
    expect(await history('BusinessInfoField', id)).toHaveLength(2);
  });

  it('leaves the definitions to administrators: regulator staff read them but cannot change them', async () => {
    expect((await select(t, iru, { module: 'ProfileTab', fields: ['id'] })).rows.length).toBeGreaterThan(0);
    expect(failure(await update('ProfileTab', BCAF, { title: 'Renamed' }, iru)).code).toBe('E_NOPERMISSION');
    expect(failure(await t.call('Metadata.history', [{ module: 'RE', id: 1 }], admin)).code).toBe('E_BADREQUEST');
  });
});
