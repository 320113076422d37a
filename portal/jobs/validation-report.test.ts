// The validation report through the protocol, on every dialect: a form's and a batch's report as
// .xlsx (read back with exceljs) and PDF (read back with poppler's pdftotext) name every rule with
// its outcome, message and values — the breaches Form.validate finds as Failed or Warning, the
// rest as Passed — with labels beside cell addresses and dates DD/MM/YYYY; an entity user reaches
// only its own forms, the regulator's teams the forms their row rules reach; the file is its
// submitter's alone.
import { execFileSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlDateTime } from '../../engine/db/clock.js';
import { recordsetObjects, type EnvelopeValue, type RecordsetValue } from '../../engine/protocol/envelope.js';
import { failure, ok, readBack } from '../../engine/testing/record-calls.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { addStaffUser } from '../../engine/testing/staff-users.js';
import { JobWorker } from '../../engine/jobs/job-worker.js';
import { download, textOf, type JobStatus } from '../../engine/jobs/testing/export-kit.js';

const rows = (values: EnvelopeValue[]) => recordsetObjects(ok(values)[0] as RecordsetValue);
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-raw', '-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');

describe.each(await testDialects())('validation reports on %s', (dialect) => {
  let t: TestEngine;
  let preparer: string;
  let re2: string;
  let iru: string;
  let worker: JobWorker;
  let batch: number;
  let bank: number;
  let insurer: number;

  beforeAll(async () => {
    t = await startTestEngine(dialect, { JOB_CONCURRENCY: '0' });
    worker = new JobWorker({ services: t.engine.services, concurrency: 1, pollMs: 3_600_000, leaseMs: 60_000, maxAttempts: 3, keepHours: 24 });
    [preparer, re2, iru] = await Promise.all(['preparer', 're2', 'iru'].map((u) => t.sessionFor(u)));
    const db = t.database.db;
    const createon = sqlDateTime();
    await db('formbatch').insert({ re: 1, name: 'Report batch', endon: '2026-01-31', duedate: '2026-02-15', state: 13, frozen_ind: false, createon });
    batch = Number((await db('formbatch').max({ id: 'id' }))[0].id);
    const newForm = async (code: string) => {
      const template = await db('formtemplate').where({ code }).first('id');
      await db('form').insert({ code, name: code, re: 1, formbatch: batch, state: 13, formtemplate: template.id, templateversion: 1, endon: '2026-01-31', createon });
      return Number((await db('form').max({ id: 'id' }))[0].id);
    };
    bank = await newForm('BNK-01');
    insurer = await newForm('INS-03');
    // The bank's assets and liabilities differ and its notes are half filled.
    readBack(await t.call('Form.saveData', [{ form: bank, updatectr: 1, cells: [
      ...['01', '02'].flatMap((tab) => [3, 4, 5, 6, 7].flatMap((r) => [{ tab, address: `B${r}`, value: tab === '01' ? 2 : 1 }, { tab, address: `C${r}`, value: 1 }])),
      { tab: '03', address: 'B2', value: '31-01-2026' },
    ] }], preparer));
    // The insurer's deduction is negative and its ratio unusually high (a tier-2 warning).
    readBack(await t.call('Form.saveData', [{ form: insurer, updatectr: 1, cells: [{ tab: '01', address: 'B2', value: 100_000 }, { tab: '01', address: 'B5', value: -5 }, { tab: '02', address: 'B2', value: 1 }] }], preparer));
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  async function report(args: Record<string, unknown>, who = preparer): Promise<{ status: JobStatus; body: Buffer; type: string; disposition: string }> {
    const id = Number(textOf(await t.call('Job.ValidationReport.submit', [args], who)));
    expect(await worker.drain()).toBe(1);
    const status = JSON.parse(textOf(await t.call('Job.ValidationReport.status', [{ id }], who))) as JobStatus;
    expect(status, status.result ?? '').toMatchObject({ state: 71, status: 'done', progress: 100 });
    expect(textOf(await t.call('Job.ValidationReport.download', [{ id }], who))).toBe(status.result);
    const res = await download(t, status.result!, who);
    expect(res.statusCode).toBe(200);
    return { status, body: res.rawPayload, type: String(res.headers['content-type']), disposition: String(res.headers['content-disposition']) };
  }

  const breachesOf = async (form: number) => rows(await t.call('Form.validate', [{ form }], preparer));

  async function sheets(body: Buffer) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(body as unknown as ArrayBuffer);
    const read = (name: string) => {
      const ws = wb.getWorksheet(name)!;
      const out: string[][] = [];
      ws.eachRow((row) => out.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
      return out;
    };
    return { summary: read('Summary'), rules: read('Rules') };
  }

  it("lists every rule of a form in the xlsx report: Form.validate's breaches failed, the rest passed, in words", async () => {
    const { body, type, status } = await report({ form_id: bank, format: 'xlsx' });
    expect(type).toContain('spreadsheetml');
    expect(status.result).toMatch(/^\/out\/\d+\.xlsx$/);
    const { summary, rules } = await sheets(body);
    expect(rules[0]).toEqual(['Form', 'Period end', 'Tab', 'Cell', 'Label', 'Rule', 'Outcome', 'Message', 'Values']);
    const lines = rules.slice(1).map(([form, period, tab, cell, label, rule, outcome, message, values]) => ({ form, period, tab, cell, label, rule, outcome, message, values }));
    expect(lines.every((l) => l.form === 'BNK-01' && l.period === '31/01/2026')).toBe(true);
    // Every breach Form.validate finds is a failed line with the same message.
    const breaches = await breachesOf(bank);
    expect(breaches.length).toBeGreaterThan(0);
    for (const b of breaches) {
      const cell = b.address === null ? '' : `${b.tab}!${b.address}`;
      expect(lines, `${cell} ${b.message}`).toContainEqual(expect.objectContaining({ cell, outcome: b.severity === 'warning' ? 'Warning' : 'Failed', message: b.message }));
    }
    expect(lines.filter((l) => l.outcome === 'Failed')).toHaveLength(breaches.filter((b) => b.severity === 'error').length);
    // Words, not codes: the label beside the address, the rule named, the date shown DD/MM/YYYY.
    expect(lines).toContainEqual(expect.objectContaining({ tab: '03 Notes', cell: '03!B3', label: 'Name of the external auditor', rule: 'Must be filled in', outcome: 'Failed', message: 'This cell must be filled in.', values: '(empty)' }));
    expect(lines).toContainEqual(expect.objectContaining({ cell: '03!B2', label: 'Date the statements were approved by the board', rule: 'Value of the right kind', outcome: 'Passed', values: '31/01/2026' }));
    expect(lines).toContainEqual(expect.objectContaining({ cell: '01!B3', rule: 'Must be filled in', outcome: 'Passed', values: '2' }));
    // The form check cites the cells it compares, with their values.
    const check = lines.find((l) => l.rule === 'Form check')!;
    expect(check.outcome).toBe('Failed');
    expect(check.values).toMatch(/\(01!B8\) = 10; .*\(02!B8\) = 5/);
    // Each formula cell's result is checked, and cited.
    expect(lines).toContainEqual(expect.objectContaining({ cell: '01!B8', rule: 'Calculated value fits', outcome: 'Passed', values: '10' }));
    // The optional time cell, left empty, has no rule that applies.
    expect(lines.some((l) => l.cell === '03!B4')).toBe(false);
    const passed = lines.filter((l) => l.outcome === 'Passed').length;
    expect(summary[1]).toEqual(['BNK-01', 'BNK-01', expect.any(String), '31/01/2026', 'Open', 'BNK-01 v1', String(passed), String(lines.length - passed), '0']);
  });

  it('prints the report of a whole batch as a PDF naming every rule and its outcome, warnings included', async () => {
    const { body, type, disposition } = await report({ formbatch_id: batch, format: 'pdf' });
    expect(type).toBe('application/pdf');
    expect(disposition).toContain('Validation report Report batch.pdf');
    const text = pdfText(body);
    expect(text).toContain('Validation report: Report batch');
    expect(text).toContain('period ending 31/01/2026');
    for (const form of [bank, insurer]) {
      for (const b of await breachesOf(form)) expect(text, b.message as string).toContain(b.message as string);
    }
    expect(text).toMatch(/Tier-2 check Warning A ratio above 1000% is unusual/);
    expect(text).toMatch(/03!B3 Name of the external auditor Must be filled in Failed This cell must be filled in\./);
    expect(text).toMatch(/01!B3 .*Must be filled in Passed Filled in\./);
    expect(text).toContain('Enter the deduction as a positive amount.');
    // The xlsx of the same batch holds both forms, one summary row each.
    const { summary } = await sheets((await report({ formbatch_id: batch, format: 'xlsx' })).body);
    expect(summary.slice(1, 3).map((r) => r[0])).toEqual(['BNK-01', 'INS-03']);
    expect(Number(summary[2][8])).toBe(1);
  });

  it("keeps to a regulator team's row rules: App I/II staff get the App I/II forms of a batch and no other", async () => {
    await addStaffUser(t, 'appstaff', [43]);
    const staff = await t.sessionFor('appstaff');
    const db = t.database.db;
    const createon = sqlDateTime();
    await db('formbatch').insert({ re: 1, name: 'Teams batch', endon: '2026-01-31', duedate: '2026-02-15', state: 13, frozen_ind: false, createon });
    const teams = Number((await db('formbatch').max({ id: 'id' }))[0].id);
    for (const [code, category] of [['BNK-01', null], ['INS-03', 73]] as const) {
      const template = await db('formtemplate').where({ code }).first('id');
      await db('form').insert({ code, name: code, re: 1, formbatch: teams, state: 13, formtemplate: template.id, templateversion: 1, endon: '2026-01-31', category, createon });
    }
    const outside = Number((await db('form').where({ formbatch: teams, code: 'BNK-01' }).first('id')).id);
    expect(failure(await t.call('Job.ValidationReport.submit', [{ form_id: outside, format: 'xlsx' }], staff))).toMatchObject({ code: 'E_NOTFOUND', message: 'Form not found.' });
    expect(failure(await t.call('Form.validate', [{ form: outside }], staff))).toMatchObject({ code: 'E_NOTFOUND', message: 'Form not found.' });
    const { summary } = await sheets((await report({ formbatch_id: teams, format: 'xlsx' }, staff)).body);
    expect(summary.slice(1).filter((r) => r[0]).map((r) => r[0])).toEqual(['INS-03', expect.stringContaining('Validation report')]);
  });

  it("gives the regulator any entity's report, another entity's user none, and the file to its submitter only", async () => {
    const { status } = await report({ form_id: bank, format: 'xlsx' }, iru);
    expect(failure(await t.call('Job.ValidationReport.submit', [{ form_id: bank, format: 'pdf' }], re2))).toMatchObject({ code: 'E_NOTFOUND', message: 'Form not found.' });
    expect((await download(t, status.result!, preparer)).statusCode).toBe(404);
    expect(failure(await t.call('Job.ValidationReport.submit', [{ form_id: bank, formbatch_id: batch, format: 'pdf' }], preparer)).code).toBe('E_BADREQUEST');
  });
});
