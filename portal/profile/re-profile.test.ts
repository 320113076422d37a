// The Reporting Entity Profile on every dialect (seed 001 §2.4, §2.5, §6; seed 000 §2.2;
// docs/re-profile.md): the tabs each login type is shown over a matrix of sectors, branch types,
// licence types, categories and parameters; a hidden tab's rows refused to Record.select; office
// verification refused without an office; the profile gate on form saves, Excel imports and
// sub-user creation; MIDA totals computed by the server and its PDF's text.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { failure, select } from '../../engine/testing/record-calls.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { recordsetObjects, type EnvelopeValue } from '../../engine/protocol/envelope.js';
import { VERIFY_OFFICE, VERIFY_PROFILE } from './profile-gate.js';
import { NO_OFFICE_MESSAGE } from '../actions/accounts/profile-verification.js';

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');

// Tab ids of the shipped tab definitions (portal/metadata/profile-tabs.json, seeded as ProfileTab rows).
const TAB = { bizinfo: 38, office: 39, bcaf: 42, board: 43, committee: 45, funds: 49, insurerFunds: 50, moneyBroker: 51, mida: 52 } as const;
// The lists those tabs show (a list tab whose list does not exist is not shown).
const LIST_OF: Record<number, number> = { [TAB.bcaf]: 180, [TAB.board]: 302, [TAB.committee]: 304, [TAB.funds]: 330, [TAB.insurerFunds]: 182, [TAB.moneyBroker]: 333 };

interface Tab {
  id: number;
  title: string;
  kind: number;
  list: number | null;
  form: number | null;
}

const tabsOf = (v: EnvelopeValue[]): Tab[] => {
  if (v[0]?.type !== 'recordset') throw new Error(JSON.stringify(v));
  return recordsetObjects(v[0]).map((r) => ({ id: Number(r.id), title: String(r.title), kind: Number(r.kind), list: r.list === null ? null : Number(r.list), form: r.form === null ? null : Number(r.form) }));
};

describe.each(await testDialects())('the reporting entity profile on %s', (dialect) => {
  let t: TestEngine;
  let iru: string;
  let lists: Set<number>;
  // Entity 1: its primary user is `re` (seeds/demo-users.ts).
  const ENTITY = 1;

  async function setEntity(values: Record<string, unknown>, categories: number[] = []) {
    const db = t.database.db;
    await db('re').where({ id: ENTITY }).update(values);
    await db('re_recategory').where({ link_fk_re: ENTITY }).delete();
    for (const c of categories) {
      if (!(await db('recategory').where({ id: c }).first('id'))) await db('recategory').insert({ id: c, name: `Category ${c}`, state: 33, updatectr: 1 });
      await db('re_recategory').insert({ link_fk_re: ENTITY, link_fk_recategory: c, link_updatectr: 1 });
    }
    await bumpVersions(db, ['re', 're_recategory', 'recategory']);
  }

  async function setParameter(code: string, value: string | null) {
    const db = t.database.db;
    if (value === null) await db('parameters').where({ code }).delete();
    else if (await db('parameters').where({ code }).first('id')) await db('parameters').where({ code }).update({ value0: value });
    else await db('parameters').insert({ code, name: code, value0: value, state: 33, issystem: false, updatectr: 1 });
    await bumpVersions(db, ['parameters']);
  }

  const tabs = async (cookie: string, re?: number) => tabsOf(await t.call('RE.getProfileTabs', [re === undefined ? {} : { re }], cookie));
  const ids = async (cookie: string, re?: number) => (await tabs(cookie, re)).map((x) => x.id);
  /** Whether a list tab can show at all: its list exists. */
  const listed = (tab: number) => LIST_OF[tab] === undefined || lists.has(LIST_OF[tab]);

  beforeAll(async () => {
    t = await startTestEngine(dialect, { REPORT_PAGES: '1', JOB_CONCURRENCY: '0' });
    iru = await t.sessionFor('iru');
    lists = new Set((await t.database.db('weblist').pluck('id')).map(Number));
  });
  afterAll(async () => t?.close());

  it('shows the regulator Business Info (form 58) and Details of Office first, and the entity its own Business Info (form 370)', async () => {
    const staff = await tabs(iru, 1);
    expect(staff[0]).toMatchObject({ id: TAB.bizinfo, title: 'Business Info', kind: 2, form: 58 });
    expect(staff[1]).toMatchObject({ id: TAB.office, title: 'Details of Office', kind: 3 });
    const own = await tabs(await t.sessionFor('re', 1));
    expect(own[0]).toMatchObject({ id: TAB.bizinfo, kind: 2, form: 370 });
    expect(own.map((x) => x.id)).toContain(TAB.office);
  });

  describe('decides every visibility rule of seed 001 §6 on the server', () => {
    // sector, branch type letter (A=1, B=2 …), licence type, categories, bank.bcaf.visible, mida.visible
    const MATRIX: [number, string, number | null, number[], string | null, string | null][] = [];
    for (const sector of [1, 2, 4, 5, 7]) {
      for (const branch of ['A', 'B']) {
        for (const params of [['1', '1'], ['0', null]] as const) {
          MATRIX.push([sector, branch, sector === 2 && branch === 'B' ? 9500 : null, branch === 'B' ? [50] : [70], params[0], params[1]]);
        }
      }
    }
    MATRIX.push([1, 'B', null, [], '1', '1'], [2, 'A', 9500, [], '1', '1'], [9, 'C', null, [], null, '1']);

    it.each(MATRIX)('sector %i, branch type %s, licence %s, categories %j, bcaf %s, mida %s', async (sector, branch, licence, categories, bcaf, mida) => {
      await setEntity({ sector, branchtype: branch, licensetype: licence }, categories);
      await setParameter('bank.bcaf.visible', bcaf);
      await setParameter('mida.visible', mida);
      const branchValue = { A: 1, B: 2, C: 3, D: 4 }[branch]!;
      const staff = await ids(iru, ENTITY);
      const entity = await ids(await t.sessionFor('re', ENTITY));

      const expectTab = (list: number[], tab: number, shown: boolean) => (shown && listed(tab) ? expect(list).toContain(tab) : expect(list).not.toContain(tab));
      // MIDA: the regulator only, sectors 1, 2, 4, 5, with mida.visible = 1.
      expectTab(staff, TAB.mida, [1, 2, 4, 5].includes(sector) && mida === '1');
      // Money Broker: the regulator only (sectors 5 and 9).
      expectTab(staff, TAB.moneyBroker, [5, 9].includes(sector));
      // Board Composition and Committee: sector 1 only with branch type 2.
      expectTab(staff, TAB.board, sector !== 1 || branchValue === 2);
      expectTab(staff, TAB.committee, sector !== 1 || branchValue === 2);
      // BCAF: sector 1, bank.bcaf.visible = 1, branch type not 1, a category 50 or 70.
      expectTab(staff, TAB.bcaf, sector === 1 && bcaf === '1' && branchValue !== 1 && categories.some((c) => c === 50 || c === 70));
      // Insurers' funds: sector 2 with licence type 9500; the standard Funds tab the reverse.
      expectTab(staff, TAB.insurerFunds, sector === 2 && licence === 9500);
      expectTab(staff, TAB.funds, !(sector === 2 && licence === 9500));
      expect(staff.slice(0, 2)).toEqual([TAB.bizinfo, TAB.office]);
      // The entity sees the same tabs less the regulator's own.
      expect(entity).toEqual(staff.filter((x) => x !== TAB.mida && x !== TAB.moneyBroker));
    });

    it('never shows an entity user the regulator-only tabs, whatever its sector and the parameters', async () => {
      await t.database.db('re').where({ id: 1 }).update({ sector: 5 });
      await bumpVersions(t.database.db, ['re']);
      await setParameter('mida.visible', '1');
      const own = await ids(await t.sessionFor('re', 1));
      expect(own).not.toContain(TAB.mida);
      expect(own).not.toContain(TAB.moneyBroker);
      expect(await ids(iru, 1)).toContain(TAB.mida);
    });
  });

  it("answers an entity user asking another entity's tabs, and anyone naming an unknown entity, not found", async () => {
    const re = await t.sessionFor('re', 1);
    expect(failure(await t.call('RE.getProfileTabs', [{ re: 2 }], re)).code).toBe('E_NOTFOUND');
    expect(failure(await t.call('RE.getProfileTabs', [{ re: 999_999 }], iru)).code).toBe('E_NOTFOUND');
    expect(failure(await t.call('RE.getProfileTabs', [{ re: 'x' }], iru)).code).toBe('E_BADREQUEST');
  });

  it("refuses Record.select of a hidden tab's rows to the entity, and answers them once the tab is shown", async () => {
    if (!lists.has(180)) return;
    const module = String((await t.database.db('weblist').where({ id: 180 }).first('module')).module);
    const re = await t.sessionFor('re', 1);
    await t.database.db('re').where({ id: 1 }).update({ sector: 1, branchtype: 'B' });
    await t.database.db('re_recategory').where({ link_fk_re: 1 }).delete();
    if (!(await t.database.db('recategory').where({ id: 50 }).first('id'))) await t.database.db('recategory').insert({ id: 50, name: 'Category 50', state: 33, updatectr: 1 });
    await t.database.db('re_recategory').insert({ link_fk_re: 1, link_fk_recategory: 50, link_updatectr: 1 });
    await bumpVersions(t.database.db, ['re', 're_recategory', 'recategory']);
    await setParameter('bank.bcaf.visible', '0');
    const variant = `RE-${module}`;
    const hidden = failure(await t.call('Record.select', [{ module: variant, fields: ['id'] }], re));
    expect(hidden.code).toBe('E_NOPERMISSION');
    expect(hidden.message).toContain('not shown');
    // The regulator reads them whatever the tab rules say.
    expect((await select(t, iru, { module, fields: ['id'] })).rows).toBeDefined();
    await setParameter('bank.bcaf.visible', '1');
    expect(await ids(re)).toContain(TAB.bcaf);
    expect((await select(t, re, { module: variant, fields: ['id'] })).rows).toBeDefined();
  });

  it("refuses RE.verifyOffice with 'Details of Office not found' while the entity has no office", async () => {
    const db = t.database.db;
    const primary = await db('re_user').where({ link_fk_re: 1, isprimary: true }).first('link_fk_user');
    const offices = await db('re_office').where({ re: 1 }).select('*');
    await db('re_office').where({ re: 1 }).delete();
    await db('re').where({ id: 1 }).update({ verifyoffice: null, verifyofficeby: null });
    await bumpVersions(db, ['re', 're_office']);
    const re = await t.sessionFor('re', 1);
    const f = failure(await t.call('RE.verifyOffice', [{}], re));
    expect(f).toMatchObject({ code: 'E_VALIDATION', message: NO_OFFICE_MESSAGE });
    expect((await db('re').where({ id: 1 }).first('verifyoffice')).verifyoffice).toBeNull();
    for (const o of offices) await db('re_office').insert(o);
    await bumpVersions(db, ['re_office']);
    expect((await t.call('RE.verifyOffice', [{}], re))[0]).toEqual({ type: 'text', text: '1' });
    expect(Number(primary?.link_fk_user)).toBeGreaterThan(0);
  });

  it('holds an unverified primary user back from form saves, creating and submitting Excel imports and sub-user creation, with the seed messages', async () => {
    const db = t.database.db;
    const re = await t.sessionFor('re', 1);
    const form = await db('form').where({ re: 1 }).first('id', 'updatectr');
    const saveForm = () => t.call('Form.saveData', [{ form: Number(form?.id ?? 1), updatectr: Number(form?.updatectr ?? 1), cells: [], dryRun: true }], re);
    const importJob = () => t.call('Job.ImportFromExcel.submit', [{ excelimport_id: 1 }], re);
    const importCreate = () => t.call('Record.create', [{ module: 'RE-ExcelImport', fields: ['name', 'importtype', 'reportingentity'], values: ['Gate check', 1100855, 1], read: ['id'] }], re);
    const subUser = () =>
      t.call('REContact.registerSub', [{ regtype: 'LL', name: 'Sub User', email: 'sub.gate@example.test', contactno: '0123456789', position2: '10001', password: 'Str0ng!Passw0rd#', role_preparer: '1' }], re);

    await db('re').where({ id: 1 }).update({ verifybizinfo: null, verifyoffice: null });
    await bumpVersions(db, ['re']);
    for (const call of [saveForm, importCreate, importJob, subUser]) expect(failure(await call())).toMatchObject({ code: 'E_NOPERMISSION', message: VERIFY_PROFILE });

    await db('re').where({ id: 1 }).update({ verifybizinfo: '2025-01-01 00:00:00' });
    await bumpVersions(db, ['re']);
    for (const call of [saveForm, importCreate, importJob, subUser]) expect(failure(await call())).toMatchObject({ code: 'E_NOPERMISSION', message: VERIFY_OFFICE });

    await db('re').where({ id: 1 }).update({ verifyoffice: '2025-01-01 00:00:00' });
    await bumpVersions(db, ['re']);
    // Past the gate: whatever the calls answer now, it is not the gate's refusal.
    for (const call of [saveForm, importCreate, importJob, subUser]) {
      const values = await call();
      const message = values[0]?.type === 'exception' ? values[0].message : '';
      expect([VERIFY_PROFILE, VERIFY_OFFICE]).not.toContain(message);
    }
  });

  describe('MIDA staff counts', () => {
    const FIELDS = ['id', 'updatectr', 're', 'my_management', 'fo_management', 'management_total', 'my_techsv', 'fo_techsv', 'techsv_total', 'my_skilled', 'fo_skilled', 'skilled_total', 'my_unskilled', 'fo_unskilled', 'unskilled_total', 'my_general', 'fo_general', 'general_total', 'my_total', 'fo_total'];
    let id: number;

    it('computes every total on the server, ignoring totals the caller sends, and stores empty counts as 0', async () => {
      const created = await t.call('Record.create', [{ module: 'StaffClass', fields: ['re', 'my_management', 'fo_management', 'management_total', 'my_skilled', 'fo_unskilled', 'my_total'], values: [2, 10, 3, 999, 40, 7, 1] }], iru);
      if (created[0]?.type !== 'recordset') throw new Error(JSON.stringify(created));
      id = Number(created[0].rows[0][0]);
      const row = (await select(t, iru, { module: 'StaffClass', fields: FIELDS, where: [['id', '=', id]] })).rows[0];
      expect(row).toMatchObject({ re: 2, my_management: 10, fo_management: 3, management_total: 13, my_techsv: 0, fo_techsv: 0, techsv_total: 0, my_skilled: 40, skilled_total: 40, fo_unskilled: 7, unskilled_total: 7, general_total: 0, my_total: 50, fo_total: 10 });

      const updated = await t.call('Record.update', [{ module: 'StaffClass', fields: ['id', 'updatectr', 'my_general', 'fo_total'], values: [id, Number(row.updatectr), 5, 0] }], iru);
      expect(updated[0]?.type).toBe('recordset');
      const after = (await select(t, iru, { module: 'StaffClass', fields: FIELDS, where: [['id', '=', id]] })).rows[0];
      expect(after).toMatchObject({ my_general: 5, general_total: 5, my_total: 55, fo_total: 10, management_total: 13 });
    });

    it('refuses a negative count, a second record for the entity, and every write by an entity user', async () => {
      const neg = failure(await t.call('Record.create', [{ module: 'StaffClass', fields: ['re', 'my_general'], values: [4, -1] }], iru));
      expect(neg).toMatchObject({ code: 'E_VALIDATION', details: { my_general: 'must be 0 or more' } });
      expect(failure(await t.call('Record.create', [{ module: 'StaffClass', fields: ['re'], values: [2] }], iru)).code).toBe('E_VALIDATION');
      const re = await t.sessionFor('re', 1);
      expect(failure(await t.call('Record.create', [{ module: 'StaffClass', fields: ['re'], values: [1] }], re)).code).toBe('E_NOPERMISSION');
      expect(failure(await t.call('Record.select', [{ module: 'StaffClass' }], re)).code).toBe('E_NOPERMISSION');
    });

    it('prints the MIDA table as a PDF whose text holds the rows, columns and totals', async () => {
      const res = await t.engine.app.inject({ method: 'GET', url: `/out/MIDA.pdf?action=report.print&report=MIDA&format=pdf&WHERE=${encodeURIComponent(`id=${id}`)}`, headers: { cookie: iru } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      const text = pdfText(res.rawPayload);
      for (const label of ['MIDA - Potential Employment', 'Managerial & Professional', 'Technical & Supervisory', 'Production & Operation Workers', 'Skilled Workers', 'Unskilled Workers', 'Clerical & General Workers', 'Malaysian', 'Foreign', 'Total']) expect(text).toContain(label);
      expect(text).toMatch(/Managerial & Professional\s+10\s+3\s+13/);
      expect(text).toMatch(/Total\s+55\s+10\s+65/);
      const re = await t.sessionFor('re', 2);
      const refused = await t.engine.app.inject({ method: 'GET', url: `/out/MIDA.pdf?WHERE=${encodeURIComponent(`id=${id}`)}`, headers: { cookie: re } });
      expect(refused.headers['content-type']).not.toContain('application/pdf');
    });
  });

  it("prints the entity's own Business Info PDF (report RE-RE) for its user", async () => {
    const re = await t.sessionFor('re', 1);
    const res = await t.engine.app.inject({ method: 'GET', url: `/out/RE-RE.pdf?action=report.print&WHERE=${encodeURIComponent('id=1')}`, headers: { cookie: re } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(pdfText(res.rawPayload)).toContain('Reporting Entity Profile');
  });
});
