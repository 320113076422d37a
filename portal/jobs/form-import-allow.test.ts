// The regulator's Import Allow rules on every dialect (docs/excel.md "Who may import"): with no
// rule every import is allowed; the most specific rule in force on the day decides; a refused
// workbook is that workbook's problem and nothing of it is written; the submit refuses up front;
// the rules are staff data, team-scoped by entity, and bad rules are refused before writing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sqlDate, sqlDateTime } from '../../engine/db/clock.js';
import { filedTemplate } from '../filing/form-data.js';
import { addDays } from '../filing/period-dates.js';
import { shownDay } from '../filing/return-mail.js';
import { recordsetObjects, type EnvelopeValue, type RecordsetValue } from '../../engine/protocol/envelope.js';
import { failure, ok, readBack } from '../../engine/testing/record-calls.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { JobWorker } from '../../engine/jobs/job-worker.js';
import { contractWorkbook } from './form-import/testing/contract-workbook.js';
import { attachUploads } from '../../engine/jobs/testing/import-uploads.js';
import { decide, type AllowRule } from './form-import/import-allow-rules.js';

const rows = (values: EnvelopeValue[]) => recordsetObjects(ok(values)[0] as RecordsetValue);
const textOf = (values: EnvelopeValue[]) => (ok(values)[0] as { text: string }).text;
const today = sqlDate();
const BNK01 = 'BNK-01 Statement of Financial Position';
const HARBOURLINE = 'Harbourline Bank Ltd';

describe('which Import Allow rule decides', () => {
  const rule = (r: Partial<AllowRule>): AllowRule => ({ id: 1, re: null, sector: null, formtemplate: null, allowed: false, validfrom: null, validto: null, ...r });
  const bank = { id: 1, sector: 1 };

  it('allows while no rule is in force, and counts both ends of a rule\'s days', () => {
    const rules = [rule({ re: 1, validfrom: '2026-03-01', validto: '2026-03-31' })];
    expect(decide(rules, bank, 7, '2026-02-28')).toEqual({ allowed: true });
    expect(decide(rules, bank, 7, '2026-03-01')).toMatchObject({ allowed: false, until: '2026-04-01' });
    expect(decide(rules, bank, 7, '2026-03-31')).toMatchObject({ allowed: false, until: '2026-04-01' });
    expect(decide(rules, bank, 7, '2026-04-01')).toEqual({ allowed: true });
  });

  it('puts the entity over its sector over every entity, and within each a template over every template', () => {
    const everyone = rule({ id: 1, allowed: false });
    const sectorAllows = rule({ id: 2, sector: 1, allowed: true });
    const entityRefusesAll = rule({ id: 3, re: 1, allowed: false });
    const sectorAllowsTemplate = rule({ id: 4, sector: 1, formtemplate: 7, allowed: true });
    expect(decide([everyone], bank, 7, today)).toMatchObject({ allowed: false });
    expect(decide([everyone, sectorAllows], bank, 7, today)).toEqual({ allowed: true });
    expect(decide([everyone, sectorAllows], { id: 9, sector: 2 }, 7, today)).toMatchObject({ allowed: false });
    // The entity's own rule for every template wins over its sector's rule naming the template.
    expect(decide([sectorAllowsTemplate, entityRefusesAll], bank, 7, today)).toMatchObject({ allowed: false, rule: { id: 3 } });
    expect(decide([entityRefusesAll, rule({ id: 5, re: 1, formtemplate: 7, allowed: true })], bank, 7, today)).toEqual({ allowed: true });
    // Two equally specific rules in force: the refusal.
    expect(decide([rule({ id: 6, re: 1, allowed: true }), entityRefusesAll], bank, 7, today)).toMatchObject({ allowed: false, rule: { id: 3 } });
  });

  it('says until the first day import is allowed again: when the refusal ends, or a rule allowing it starts, or never', () => {
    const sectorRefuses = rule({ id: 1, sector: 1, validto: '2026-06-30' });
    const everyoneRefuses = rule({ id: 2, validto: '2026-09-30' });
    expect(decide([sectorRefuses, everyoneRefuses], bank, 7, '2026-05-01')).toMatchObject({ until: '2026-10-01' });
    expect(decide([sectorRefuses, rule({ id: 3, re: 1, allowed: true, validfrom: '2026-05-10' })], bank, 7, '2026-05-01')).toMatchObject({ until: '2026-05-10' });
    expect(decide([rule({ id: 4, re: 1 })], bank, 7, '2026-05-01')).toMatchObject({ allowed: false, until: null });
  });
});

describe.each(await testDialects())('Import Allow on %s', (dialect) => {
  let t: TestEngine;
  let preparer: string;
  let iru: string;
  let rm: string;
  let worker: JobWorker;
  let bnk01: number;

  beforeAll(async () => {
    t = await startTestEngine(dialect, { JOB_CONCURRENCY: '0' });
    worker = new JobWorker({ services: t.engine.services, concurrency: 1, pollMs: 3_600_000, leaseMs: 60_000, maxAttempts: 3, keepHours: 24 });
    preparer = await t.sessionFor('preparer');
    iru = await t.sessionFor('iru');
    rm = await t.sessionFor('rm');
    bnk01 = Number((await t.database.db('formtemplate').where({ code: 'BNK-01' }).first('id')).id);
    // Entity 1 files on two templates, entity 2 (a bank too) on BNK-01, entity 6 (an insurer) on INS-03.
    await newForm(1, 'TRC-02');
    await newForm(2, 'BNK-01');
    await newForm(6, 'INS-03');
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });
  beforeEach(async () => {
    await t.database.db('import_allow').delete();
  });

  /** A rule made by staff through Record.create; answers its id. */
  async function addRule(values: Record<string, unknown>, who = iru): Promise<number> {
    const created = readBack(await t.call('Record.create', [{ module: 'ImportAllow', fields: Object.keys(values), values: Object.values(values), read: ['id'] }], who));
    return Number(created.id);
  }

  /** A new Open form of the entity on version 1 of the demo template `code`. */
  async function newForm(re: number, code: string): Promise<number> {
    const db = t.database.db;
    const createon = sqlDateTime();
    const template = Number((await db('formtemplate').where({ code }).first('id')).id);
    await db('formbatch').insert({ re, name: 'Import allow', endon: '2026-01-31', duedate: '2026-02-15', state: 13, frozen_ind: false, createon });
    const batch = Number((await db('formbatch').max({ id: 'id' }))[0].id);
    await db('form').insert({ code, name: code, re, formbatch: batch, state: 13, formtemplate: template, templateversion: 1, endon: '2026-01-31', createon });
    return Number((await db('form').max({ id: 'id' }))[0].id);
  }

  /** A new Open form of entity 1 on BNK-01, and a workbook typing 7 into its first input cell. */
  async function formAndWorkbook() {
    const db = t.database.db;
    const form = await newForm(1, 'BNK-01');
    const filed = await filedTemplate(db, { id: form, formtemplate: bnk01, templateversion: 1 });
    const cell = filed.layout.cells.find((c) => c.place.cell.editor === 'numeric')!;
    const bytes = await contractWorkbook({ form, template: 'BNK-01', version: 1, tabs: filed.properties.items, cells: [{ tab: cell.tab, address: filed.layout.address(cell, 0, {}), code: cell.code, type: 'numeric', value: 7 }] });
    return { form, bytes, code: cell.code };
  }

  async function newImport(bytes: Buffer, form?: number): Promise<number> {
    const fields = ['name', 'reportingentity', 'importtype', ...(form ? ['form'] : [])];
    const created = readBack(await t.call('Record.create', [{ module: 'RE-ExcelImport', fields, values: ['Returns', 1, 1100855, ...(form ? [form] : [])], read: ['id'] }], preparer));
    await attachUploads(t.database.db, t.engine.services.config, Number(created.id), [{ name: 'bnk.xlsx', bytes }]);
    return Number(created.id);
  }

  async function runImport(id: number) {
    ok(await t.call('Job.ImportFromExcel.submit', [{ excelimport_id: id }], preparer));
    await worker.drain();
    const record = rows(await t.call('Record.select', [{ module: 'RE-ExcelImport', fields: ['state', 'description'], where: [['id', '=', id]] }], preparer))[0];
    return { state: Number(record.state), description: String(record.description ?? '') };
  }

  const storedValue = async (form: number, code: string) => (await t.database.db('formcell').where({ form, code }).first('value'))?.value ?? null;
  const allowance = async (who = preparer, args: unknown[] = [{}]) => JSON.parse(textOf(await t.call('Job.ImportFromExcel.allowance', args, who)));

  it('allows every import while no rule concerns the entity', async () => {
    expect(await allowance()).toEqual({ none: null, refused: [] });
    const { form, bytes, code } = await formAndWorkbook();
    const outcome = await runImport(await newImport(bytes));
    expect(outcome.state).toBe(71);
    expect(Number(await storedValue(form, code))).toBe(7);
  });

  it('refuses a workbook of a template excepted for the entity, saying until when and writing nothing, then imports it once the exception has ended', async () => {
    const rule = await addRule({ re: 1, formtemplate: bnk01, allowed: false, validfrom: addDays(today, -5), validto: addDays(today, 10), reason: 'Restated figures expected from the auditor' });
    const sentence = `Excel import is not allowed for ${BNK01} of ${HARBOURLINE} until ${shownDay(addDays(today, 11))}.`;
    const { form, bytes, code } = await formAndWorkbook();
    const before = await t.database.db('form').where({ id: form }).first('updatectr');
    const id = await newImport(bytes);
    const refused = await runImport(id);
    expect(refused.state).toBe(2);
    expect(refused.description.split('\n')).toEqual([expect.stringMatching(/^bnk\.xlsx: not imported, so BNK-01 of Harbourline Bank Ltd, period ending 31\/01\/2026 \(form \d+\) is unchanged\.$/), sentence]);
    expect(await storedValue(form, code)).toBeNull();
    expect((await t.database.db('form').where({ id: form }).first('updatectr')).updatectr).toBe(before.updatectr);
    const told = await allowance();
    expect(told.none).toBeNull();
    expect(told.refused).toEqual([{ template: bnk01, label: BNK01, until: addDays(today, 11), message: sentence }]);

    // The exception's last day passes (staff set it to yesterday): the same import goes through.
    const updatectr = Number((await t.database.db('import_allow').where({ id: rule }).first('updatectr')).updatectr);
    ok(await t.call('Record.update', [{ module: 'ImportAllow', fields: ['id', 'updatectr', 'validto'], values: [rule, updatectr, addDays(today, -1)] }], iru));
    const allowed = await runImport(id);
    expect(allowed.state).toBe(71);
    expect(Number(await storedValue(form, code))).toBe(7);
  });

  it('lets the entity\'s own rule win over its sector\'s: the sector refused, the entity allowed, another bank of the sector refused', async () => {
    await addRule({ sector: 1, allowed: false, reason: 'Banks file through the new return this quarter' });
    await addRule({ re: 1, formtemplate: bnk01, allowed: true, reason: 'Pilot entity' });
    const { form, bytes, code } = await formAndWorkbook();
    expect((await runImport(await newImport(bytes))).state).toBe(71);
    expect(Number(await storedValue(form, code))).toBe(7);
    const other = await allowance(iru, [{ re: 2 }]);
    expect(other.none).toBe('Excel import is not allowed for Coral Reef Bank (L) Ltd.');
    expect(other.refused.map((r: { label: string }) => r.label)).toContain(BNK01);
    // Entity 1 may still import every template but BNK-01's allowed one: TRC-02 falls under the sector's refusal.
    expect((await allowance()).refused.map((r: { label: string }) => r.label)).not.toContain(BNK01);
    // An entity of another sector is untouched.
    expect(await allowance(iru, [{ re: 6 }])).toEqual({ none: null, refused: [] });
  });

  it('refuses the submit up front with E_NOPERMISSION when the import names a refused form, or the entity may import none of its templates', async () => {
    await addRule({ re: 1, formtemplate: bnk01, allowed: false, reason: 'Under review' });
    const { form, bytes } = await formAndWorkbook();
    const named = await newImport(bytes, form);
    expect(failure(await t.call('Job.ImportFromExcel.submit', [{ excelimport_id: named }], preparer))).toMatchObject({ code: 'E_NOPERMISSION', message: `Excel import is not allowed for ${BNK01} of ${HARBOURLINE}.` });
    // Without a form named, the entity still has other templates: queued (the job refuses the workbook).
    const unnamed = await newImport(bytes);
    ok(await t.call('Job.ImportFromExcel.submit', [{ excelimport_id: unnamed }], preparer));
    await worker.drain();

    await addRule({ re: 1, allowed: false, validto: addDays(today, 2), reason: 'Licence suspended' });
    const every = await newImport(bytes);
    const f = failure(await t.call('Job.ImportFromExcel.submit', [{ excelimport_id: every }], preparer));
    expect(f).toEqual({ code: 'E_NOPERMISSION', message: `Excel import is not allowed for ${HARBOURLINE} until ${shownDay(addDays(today, 3))}.` });
    expect(Number((await t.database.db('excelimport').where({ id: every }).first('state')).state)).toBe(50);
    expect((await allowance()).none).toBe(f.message);
  });

  it('shows relationship managers (role 37) only the rules of the entities their team covers, besides those of a sector or every entity, and refuses them another team\'s entity', async () => {
    const own = await addRule({ re: 1, allowed: false, reason: 'Own bank' });
    const others = await addRule({ re: 6, allowed: false, reason: 'An insurer' });
    const sector = await addRule({ sector: 2, allowed: false, reason: 'Insurers' });
    const everyone = await addRule({ allowed: true, reason: 'Default made explicit' });
    const listed = (who: string) => t.call('Record.select', [{ module: 'ImportAllow', fields: ['id'], order: [['id', 'asc']] }], who).then((v) => rows(v).map((r) => Number(r.id)));
    expect(await listed(iru)).toEqual(expect.arrayContaining([own, sector, everyone]));
    expect(await listed(rm)).toEqual([own, sector, everyone]);
    expect(failure(await t.call('Record.update', [{ module: 'ImportAllow', fields: ['id', 'updatectr', 'reason'], values: [others, 1, 'Mine now'] }], rm)).code).toBe('E_NOTFOUND');
    expect(failure(await t.call('Record.create', [{ module: 'ImportAllow', fields: ['re', 'allowed', 'reason'], values: [6, false, 'Not my bank'] }], rm))).toMatchObject({ code: 'E_NOPERMISSION', message: 'This reporting entity is not one your team covers: choose one of the entities offered' });
    expect(await t.database.db('import_allow').where({ reason: 'Not my bank' }).first('id')).toBeUndefined();
  });

  it('refuses bad rules before writing: an entity and a sector together, an end before the start, no reason, an entity that does not exist; entity users may neither read nor write them', async () => {
    const bad = async (values: Record<string, unknown>) => failure(await t.call('Record.create', [{ module: 'ImportAllow', fields: Object.keys(values), values: Object.values(values) }], iru));
    expect(await bad({ re: 1, sector: 1, allowed: false, reason: 'x' })).toMatchObject({ code: 'E_VALIDATION', details: { sector: 'choose a reporting entity or a sector, not both (neither: every entity)' } });
    expect(await bad({ re: 1, allowed: false, validfrom: '2026-05-10', validto: '2026-05-09', reason: 'x' })).toMatchObject({ code: 'E_VALIDATION', details: { validto: 'cannot be before Valid from' } });
    expect(await bad({ re: 1, allowed: false })).toMatchObject({ code: 'E_VALIDATION', details: { reason: expect.any(String) } });
    expect((await bad({ re: 999_999, allowed: false, reason: 'x' })).code).toMatch(/^E_(VALIDATION|NOTFOUND)$/);
    expect(await bad({ re: 1, allowed: false, validto: 'next week', reason: 'x' })).toMatchObject({ code: 'E_VALIDATION' });
    expect(await t.database.db('import_allow').count({ n: '*' }).first()).toMatchObject({ n: expect.anything() });
    expect(Number((await t.database.db('import_allow').count({ n: '*' }).first())!.n)).toBe(0);
    expect(failure(await t.call('Record.select', [{ module: 'ImportAllow', fields: ['id'] }], preparer)).code).toBe('E_NOPERMISSION');
    expect(failure(await t.call('Record.create', [{ module: 'ImportAllow', fields: ['allowed', 'reason'], values: [true, 'x'] }], preparer)).code).toBe('E_NOPERMISSION');
    expect(failure(await t.call('Job.ImportFromExcel.allowance', [{ re: 'one' }], iru)).code).toBe('E_BADREQUEST');
    expect(failure(await t.call('Job.ImportFromExcel.allowance', [{}], iru))).toEqual({ code: 'E_BADREQUEST', message: 'Choose the reporting entity whose forms this import fills.' });
  });
});
