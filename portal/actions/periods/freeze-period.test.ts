// Freezing a period (FormBatch.freezePeriod, docs/filing-periods.md "Freezing a period") on every
// dialect: the preview names every submission of the period with its entity, state and forms and
// writes nothing; a freeze within the caller's rows (a relationship manager freezes only its banks'),
// kept, audited and mailed; a frozen form refuses its cells, its moves and an import with the one
// sentence naming the freeze; freezing twice changes nothing twice; unfreezing lets the forms move
// again; every argument wrong is named.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsetObjects, type EnvelopeValue, type RecordsetValue } from '../../../engine/protocol/envelope.js';
import { failure, ok } from '../../../engine/testing/record-calls.js';
import { testDialects } from '../../../engine/testing/test-database.js';
import { startTestEngine, type TestEngine } from '../../../engine/testing/test-engine.js';
import { JobWorker } from '../../../engine/jobs/job-worker.js';
import { attachUploads } from '../../../engine/jobs/testing/import-uploads.js';
import { contractWorkbook } from '../../jobs/form-import/testing/contract-workbook.js';
import { filedTemplate } from '../../filing/form-data.js';
import { sqlDate } from '../../../engine/db/clock.js';

const MONTHLY = 277;
const QUARTERLY = 278;
/** A quarter and a month no demo batch is in. */
const QUARTER = '2027-06-30';
const MONTH = '2027-04-30';
const FROZEN_MAIL = 1101210;
const UNFROZEN_MAIL = 1101211;

const rowsOf = (values: EnvelopeValue[]) => recordsetObjects(ok(values)[0] as RecordsetValue);
const textOf = (values: EnvelopeValue[], i = 0) => (ok(values)[i] as { text: string }).text;
const today = () => { const d = sqlDate(); return `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`; };

describe.each(await testDialects())('freezing a period on %s', (dialect) => {
  let t: TestEngine;
  let worker: JobWorker;
  const s: Record<string, string> = {};
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await startTestEngine(dialect, { JOB_CONCURRENCY: '0' });
    worker = new JobWorker({ services: t.engine.services, concurrency: 1, pollMs: 3_600_000, leaseMs: 60_000, maxAttempts: 3, keepHours: 24 });
    for (const u of ['iru', 'rm', 'preparer']) s[u] = await t.sessionFor(u);
    // A quarterly return of every bank, which a relationship manager reaches for the banks it manages.
    const { id: _id, ...bnk } = await db()('formtemplate').where({ code: 'BNK-01' }).first();
    await db()('formtemplate').insert({ ...bnk, code: 'TS-FQ', name: 'Quarterly Bank Return', calendar: QUARTERLY, sector: 1, category: null, duedays: 20 });
    ok(await t.call('FormBatch.openPeriod', [{ calendar: QUARTERLY, endon: QUARTER }], s.iru));
    ok(await t.call('FormBatch.openPeriod', [{ calendar: MONTHLY, endon: MONTH }], s.iru));
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  const freeze = (args: Record<string, unknown>, who = s.iru) => t.call('FormBatch.freezePeriod', [args], who);
  const outcome = (values: EnvelopeValue[]) => ({ rows: rowsOf(values), summary: JSON.parse(textOf(values, 1)) });
  const frozenOf = async (endon: string) => Object.fromEntries((await db()('formbatch').where({ endon }).select('re', 'frozen_ind')).map((r) => [Number(r.re), [true, 1, '1'].includes(r.frozen_ind)]));
  const mails = async (type: number) => (await db()('email_outbox').where({ type }).pluck('recipient')).map(String);
  const userName = async (userid: string) => String((await db()('user').where({ userid }).first('name')).name);
  /** Entity 1's form of the monthly period, which the demo preparer fills. */
  const entityForm = async () => db()('form').where({ re: 1, endon: MONTH, code: 'BNK-01' }).first('id', 'updatectr', 'formbatch');

  it('previews every submission of the period with its entity, status and forms, and writes nothing', async () => {
    const { rows, summary } = outcome(await freeze({ endon: MONTH, calendar: MONTHLY, action: 'freeze', dryRun: true }));
    const stored = await db()('formbatch').where({ endon: MONTH, calendar: MONTHLY }).count({ n: '*' }).first();
    expect(rows.length).toBe(Number(stored!.n));
    expect(rows.every((r) => r.status === 'changes' && r.state === 'Open' && r.calendar === 'Monthly' && Number(r.forms) >= 1 && /^\d+ Open$/.test(String(r.formstates)))).toBe(true);
    expect(rows.map((r) => Number(r.re))).toContain(1);
    expect(summary).toMatchObject({ action: 'freeze', dryRun: true, record: null, batches: { changes: rows.length, already: 0 } });
    expect(summary.forms.changes).toBe(rows.reduce((n, r) => n + Number(r.forms), 0));
    expect(summary.sentence).toMatch(/^\d+ submissions of \d+ entities \(\d+ forms\) of the period ending 30\/04\/2027 would be frozen\.$/);
    expect(Object.values(await frozenOf(MONTH)).some(Boolean)).toBe(false);
    expect(Number((await db()('periodfreeze').count({ n: '*' }).first())!.n)).toBe(0);
  });

  it('refuses bad arguments, naming each field wrong with a sentence', async () => {
    const all = failure(await freeze({ endon: '2027-04-29', calendar: 999_999, sector: 999_999, action: 'melt' }));
    expect(all.code).toBe('E_VALIDATION');
    expect(Object.keys(all.details as object).sort()).toEqual(['action', 'calendar', 'endon', 'reason', 'sector']);
    expect(all.message).toMatch(/^The period cannot be frozen as asked: /);
    expect(all.details).toMatchObject({ endon: 'The period end must be the last day of a month.', action: 'Say whether to freeze or to unfreeze the period.' });
    const quarter = failure(await freeze({ endon: '2027-05-31', calendar: QUARTERLY, action: 'freeze', reason: 'Audit' }));
    expect(quarter).toMatchObject({ code: 'E_VALIDATION', details: { endon: 'The period end must close a 3-month period of the calendar year for the Quarterly calendar.' } });
    const noReason = failure(await freeze({ endon: MONTH, action: 'unfreeze', reason: '   ' }));
    expect(noReason).toMatchObject({ code: 'E_VALIDATION', message: 'Give the reason for unfreezing the period: the entities are told it.' });
    const long = failure(await freeze({ endon: MONTH, action: 'freeze', reason: 'x'.repeat(1001) }));
    expect(long.details).toEqual({ reason: 'Keep the reason within 1000 characters (it has 1001).' });
    const empty = failure(await freeze({ endon: '2019-01-31', action: 'freeze', reason: 'Audit' }));
    expect(empty).toMatchObject({ code: 'E_VALIDATION', message: 'You have no submission of the period ending 31/01/2019 in this scope: nothing to freeze.' });
    expect(failure(await freeze({ endon: MONTH, action: 'freeze', reason: 'Audit' }, s.preparer)).code).toBe('E_NOPERMISSION');
    expect(Object.values(await frozenOf(MONTH)).some(Boolean)).toBe(false);
  });

  it("freezes for a relationship manager only the submissions of the banks it manages, and keeps, audits and mails the move", async () => {
    const { rows, summary } = outcome(await freeze({ endon: QUARTER, calendar: QUARTERLY, sector: 1, action: 'freeze', reason: 'Under supervisory review' }, s.rm));
    expect([...new Set(rows.map((r) => Number(r.re)))].sort()).toEqual([1, 2, 3]);
    expect(summary).toMatchObject({ dryRun: false, batches: { changes: 3, already: 0 }, forms: { changes: 3, already: 0 }, entities: 3 });
    expect(summary.sentence).toBe('3 submissions of 3 entities (3 forms) of the period ending 30/06/2027 are now frozen.');
    const frozen = await frozenOf(QUARTER);
    expect([1, 2, 3].every((re) => frozen[re])).toBe(true);
    expect(Object.entries(frozen).filter(([re, f]) => f && ![1, 2, 3].includes(Number(re)))).toEqual([]);
    expect(Object.keys(frozen).length).toBeGreaterThan(3);
    // Kept: the history row (readable as FreezePeriod by regulator staff) and the batches it changed.
    const history = rowsOf(await t.call('Record.select', [{ module: 'FreezePeriod', fields: ['id', 'action', 'endon', 'calendar', 'sector', 'reason', 'batches', 'forms', 'entities', 'createby_name_ind_field'], where: [['id', '=', summary.record]] }], s.iru));
    expect(history[0]).toMatchObject({ action: 'freeze', reason: 'Under supervisory review', createby_name_ind_field: await userName('rm') });
    expect(String(history[0].endon).slice(0, 10)).toBe(QUARTER);
    expect([Number(history[0].batches), Number(history[0].calendar), Number(history[0].sector)]).toEqual([3, QUARTERLY, 1]);
    expect((await db()('periodfreeze_batch').where({ periodfreeze: summary.record }).pluck('formbatch')).map(Number).sort()).toEqual(rows.map((r) => Number(r.formbatch)).sort());
    // Audited: the move itself and each batch's flag.
    expect(await db()('record_audit').where({ module: 'periodfreeze', record_id: summary.record, action: 'create' }).first('id')).toBeTruthy();
    const flags = await db()('record_audit').where({ module: 'formbatch', action: 'update' }).whereIn('record_id', rows.map((r) => Number(r.formbatch))).pluck('fields');
    expect(flags.filter((f) => String(f).includes('frozen_ind')).length).toBe(3);
    // Mailed: the primary users and approvers of the three banks.
    expect((await mails(FROZEN_MAIL)).length).toBe(summary.recipients);
    expect(summary.recipients).toBeGreaterThan(0);
    const body = String((await db()('email_outbox').where({ type: FROZEN_MAIL }).first('body_text', 'subject')).subject);
    expect(body).toBe('Period ending 30/06/2027 frozen for ' + rows.find((r) => Number(r.re) === Number(rows[0].re))!.re_name);
  });

  it('lists submissions already frozen as such and changes nothing twice', async () => {
    const before = Number((await db()('periodfreeze').count({ n: '*' }).first())!.n);
    const mailed = (await mails(FROZEN_MAIL)).length;
    const { rows, summary } = outcome(await freeze({ endon: QUARTER, calendar: QUARTERLY, sector: 1, action: 'freeze', reason: 'Again' }, s.rm));
    expect(rows.every((r) => r.status === 'already' && r.frozen === true)).toBe(true);
    expect(summary).toMatchObject({ record: null, batches: { changes: 0, already: 3 } });
    expect(summary.sentence).toBe('Nothing to freeze in the period ending 30/06/2027: 3 submissions were already frozen and are left as they are.');
    // The regulator's own freeze of the period changes only the others.
    const all = outcome(await freeze({ endon: QUARTER, action: 'freeze', reason: 'Period closed' }));
    expect(all.rows.filter((r) => r.status === 'already').map((r) => Number(r.re)).sort()).toEqual([1, 2, 3]);
    expect(all.summary.batches.changes).toBe(all.rows.length - 3);
    expect(Number((await db()('periodfreeze').count({ n: '*' }).first())!.n)).toBe(before + 1);
    expect((await mails(FROZEN_MAIL)).length).toBe(mailed + all.summary.recipients);
  });

  it('makes a frozen form refuse its cells, its moves and an import with one sentence naming the freeze, and says so in its data', async () => {
    ok(await freeze({ endon: MONTH, calendar: MONTHLY, action: 'freeze', reason: 'Data under investigation' }));
    const sentence = `This period is frozen since ${today()} by ${await userName('iru')}: Data under investigation. Its forms cannot be changed until the regulator unfreezes it.`;
    const form = await entityForm();
    const id = Number(form.id);
    const saved = failure(await t.call('Form.saveData', [{ form: id, updatectr: Number(form.updatectr), cells: [{ tab: '01', address: 'B3', value: 1 }] }], s.preparer));
    expect(saved).toMatchObject({ code: 'E_STATETRANSITION', message: sentence });
    const moved = failure(await t.call('Record.update', [{ module: 'REForm', fields: ['id', 'updatectr', 'state'], values: [id, Number(form.updatectr), 78] }], s.preparer));
    expect(moved).toMatchObject({ code: 'E_STATETRANSITION', message: sentence });
    const reviewed = failure(await t.call('Record.update', [{ module: 'Form', fields: ['id', 'updatectr', 'name'], values: [id, Number(form.updatectr), 'Renamed'] }], s.iru));
    expect(reviewed).toMatchObject({ code: 'E_STATETRANSITION', message: sentence });
    // An import of a workbook for the form stops at the freeze and says why.
    const filed = await filedTemplate(db(), { id, formtemplate: Number((await db()('form').where({ id }).first('formtemplate')).formtemplate), templateversion: 1 });
    const cell = filed.layout.cells.find((c) => c.tab === '01' && !c.place.cell.editor?.startsWith('formula'))!;
    const bytes = await contractWorkbook({ form: id, template: 'BNK-01', version: 1, tabs: filed.properties.items, cells: [{ tab: '01', address: filed.layout.address(cell, 0, {}), code: cell.code, type: 'numeric', value: 7 }] });
    const created = rowsOf(await t.call('Record.create', [{ module: 'RE-ExcelImport', fields: ['name', 'reportingentity', 'importtype', 'form'], values: ['Frozen', 1, 1100855, id], read: ['id'] }], s.preparer));
    await attachUploads(db(), t.engine.services.config, Number(created[0].id), [{ name: 'frozen.xlsx', bytes }]);
    ok(await t.call('Job.ImportFromExcel.submit', [{ excelimport_id: Number(created[0].id) }], s.preparer));
    await worker.drain();
    const record = await db()('excelimport').where({ id: Number(created[0].id) }).first('state', 'description');
    expect(Number(record.state)).not.toBe(71);
    expect(String(record.description)).toContain(sentence);
    expect(Number((await db()('form').where({ id }).first('updatectr')).updatectr)).toBe(Number(form.updatectr));
    const data = JSON.parse(textOf(await t.call('Form.getData', [{ form: id }], s.preparer), 1));
    expect(data.frozen).toMatchObject({ by: await userName('iru'), reason: 'Data under investigation' });
    expect(String(data.frozen.since).slice(0, 10)).toBe(sqlDate());
  });

  it('unfreezes the period so that its forms take cells again, and mails the entities', async () => {
    const mailed = (await mails(UNFROZEN_MAIL)).length;
    const { summary } = outcome(await freeze({ endon: MONTH, calendar: MONTHLY, action: 'unfreeze', reason: 'Investigation closed' }));
    expect(summary).toMatchObject({ action: 'unfreeze', batches: { already: 0 } });
    expect(summary.sentence).toMatch(/of the period ending 30\/04\/2027 are now unfrozen\.$/);
    expect(Object.values(await frozenOf(MONTH)).some(Boolean)).toBe(false);
    expect((await mails(UNFROZEN_MAIL)).length).toBe(mailed + summary.recipients);
    const form = await entityForm();
    ok(await t.call('Form.saveData', [{ form: Number(form.id), updatectr: Number(form.updatectr), cells: [{ tab: '01', address: 'B3', value: 1 }] }], s.preparer));
    const data = JSON.parse(textOf(await t.call('Form.getData', [{ form: Number(form.id) }], s.preparer), 1));
    expect(data.frozen).toBeNull();
    // Unfreezing again names every submission as not frozen and keeps nothing.
    const again = outcome(await freeze({ endon: MONTH, calendar: MONTHLY, action: 'unfreeze', reason: 'Again' }));
    expect(again.summary).toMatchObject({ record: null, batches: { changes: 0 } });
    expect(again.summary.sentence).toMatch(/^Nothing to unfreeze in the period ending 30\/04\/2027: \d+ submissions were not frozen and are left as they are\.$/);
  });
});
