// Excel exports of forms through the protocol, on every dialect: a filled form's workbook read
// back cell by cell with exceljs and with Debian's python3-openpyxl as an independent reader
// (values, merges, number formats, each input's validation, formulas with cached values, locked
// cells on protected sheets and what the protection allows, a defined name per data cell, the
// veryHidden map); a blank template; a batch's .zip holding every form;
// refusals (another entity's form, approver-view-only templates, another user's file).
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlDateTime } from '../../engine/db/clock.js';
import { parseCellValue } from '../filing/cell-values.js';
import { filedTemplate, listValuesFor } from '../filing/form-data.js';
import { recordsetObjects, type EnvelopeValue, type RecordsetValue } from '../../engine/protocol/envelope.js';
import { failure, ok, readBack } from '../../engine/testing/record-calls.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { JobWorker } from '../../engine/jobs/job-worker.js';
import { readWithOpenpyxl } from './form-export/testing/openpyxl.js';
import { download, textOf, type JobStatus } from '../../engine/jobs/testing/export-kit.js';

async function readWithExcelJs(body: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb;
}

const rowsOf = (values: EnvelopeValue[]) => recordsetObjects(ok(values)[0] as RecordsetValue);

describe.each(await testDialects())('Excel exports of forms on %s', (dialect) => {
  let t: TestEngine;
  let preparer: string;
  let approver: string;
  let re2: string;
  let worker: JobWorker;
  let positions: string[];
  let calendars: string[];

  beforeAll(async () => {
    t = await startTestEngine(dialect, { JOB_CONCURRENCY: '0' });
    worker = new JobWorker({ services: t.engine.services, concurrency: 1, pollMs: 3_600_000, leaseMs: 60_000, maxAttempts: 3, keepHours: 24 });
    [preparer, approver, re2] = await Promise.all(['preparer', 'approver', 're2'].map((u) => t.sessionFor(u)));
    const db = t.database.db;
    const names = async (group: number) => (await db('list').where({ listgroup: group }).andWhere((q) => q.where('state', 33).orWhereNull('state')).orderBy('displayorder').pluck('name')).map(String);
    positions = await names(295);
    calendars = await names(80);
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  /** A new Open form of entity 1 on the demo template `code`, in a batch of its own or `batch`. */
  async function newForm(code: string, batch?: number): Promise<{ form: number; batch: number }> {
    const db = t.database.db;
    const template = await db('formtemplate').where({ code }).first('id');
    const createon = sqlDateTime();
    if (batch === undefined) {
      await db('formbatch').insert({ re: 1, name: `Export ${code}`, endon: '2026-01-31', duedate: '2026-02-15', state: 13, frozen_ind: false, createon });
      batch = Number((await db('formbatch').max({ id: 'id' }))[0].id);
    }
    await db('form').insert({ code, name: code, re: 1, formbatch: batch, state: 13, formtemplate: template.id, templateversion: 1, endon: '2026-01-31', createon });
    return { form: Number((await db('form').max({ id: 'id' }))[0].id), batch };
  }

  async function exportOf(args: Record<string, unknown>, who = preparer): Promise<{ status: JobStatus; body: Buffer; type: string }> {
    const id = Number(textOf(await t.call('Job.ExportToExcel.submit', [args], who)));
    expect(await worker.drain()).toBe(1);
    const status = JSON.parse(textOf(await t.call('Job.ExportToExcel.status', [{ id }], who))) as JobStatus;
    expect(status).toMatchObject({ state: 71, status: 'done', progress: 100 });
    expect(textOf(await t.call('Job.ExportToExcel.download', [{ id }], who))).toBe(status.result);
    const res = await download(t, status.result!, who);
    expect(res.statusCode).toBe(200);
    return { status, body: res.rawPayload, type: String(res.headers['content-type']) };
  }

  /** A register of two key persons and its period tab. */
  async function filledRegister(): Promise<number> {
    const { form } = await newForm('TRC-02');
    readBack(await t.call('Form.saveData', [{
      form, updatectr: 1, cells: [
        { tab: '01', address: 'A3', value: 'Aisha Rahman' }, { tab: '01', address: 'B3', value: positions[0] }, { tab: '01', address: 'C3', value: '15-03-2021' }, { tab: '01', address: 'D3', value: '1,500' }, { tab: '01', address: 'E3', value: '2.5' },
        { tab: '01', address: 'A4', value: '007 Holdings' }, { tab: '01', address: 'B4', value: positions[1] }, { tab: '01', address: 'C4', value: '2020-01-31' }, { tab: '01', address: 'D4', value: 200 }, { tab: '01', address: 'E4', value: '(1.25)' },
        { tab: '02', address: 'B2', value: calendars[0] },
      ],
    }], preparer));
    return form;
  }

  it('writes a filled form whose every cell exceljs reads back as Form.getData answers it, with formulas, formats, merges, lists, locks and the hidden map', async () => {
    const form = await filledRegister();
    const cells = rowsOf(await t.call('Form.getData', [{ form }], preparer));
    const { body, type, status } = await exportOf({ form_id: form, withData: true });
    expect(status.result).toMatch(/^\/out\/\d+\.xlsx$/);
    expect(type).toContain('spreadsheetml');
    const wb = await readWithExcelJs(body);
    // The positions are too long for an inline list: they sit on the veryHidden `_lists` sheet.
    expect(wb.worksheets.map((w) => [w.name, w.state])).toEqual([['KP', 'visible'], ['PER', 'visible'], ['_regportal', 'veryHidden'], ['_lists', 'veryHidden']]);

    const filed = await filedTemplate(t.database.db, { id: form, formtemplate: Number((await t.database.db('form').where({ id: form }).first('formtemplate')).formtemplate), templateversion: 1 });
    const lists = await listValuesFor(t.database.db, filed.layout);
    const sheetOf = { '01': wb.getWorksheet('KP')!, '02': wb.getWorksheet('PER')! } as Record<string, ExcelJS.Worksheet>;
    expect(cells.length).toBe(15);
    for (const c of cells) {
      const cell = filed.layout.byCodeOf(String(c.code))!.place.cell;
      const x = sheetOf[String(c.tab)].getCell(String(c.address));
      const raw = x.formula ? (x.result as ExcelJS.CellValue) : x.value;
      // The import's own parser turns the Excel value back into the stored one.
      const back = parseCellValue(cell, raw, { listValues: lists });
      expect(back, `${c.tab}!${c.address}`).toEqual({ ok: true, value: c.value });
      expect(x.protection?.locked ?? true, `${c.tab}!${c.address} locked`).toBe(c.readonly === true || c.readonly === '1');
    }
    const kp = sheetOf['01'];
    const per = sheetOf['02'];
    expect(kp.getCell('F3').formula).toBe('D3*E3');
    expect(kp.getCell('F3').result).toBe(3750);
    expect(kp.getCell('F4').result).toBe(-250);
    expect(per.getCell('B3').formula).toBe("SUM('KP'!D3:D4)");
    expect(per.getCell('B3').result).toBe(1700);
    expect(per.getCell('B4').result).toBe(3500);
    expect(kp.getCell('C3').numFmt).toBe('dd-mm-yyyy');
    expect(kp.getCell('E3').numFmt).toBe('#,##0.00');
    expect(kp.getCell('D3').numFmt).toBe('#,##0');
    expect(kp.getCell('A4').value).toBe('007 Holdings');
    expect(kp.getCell('A1').value).toBe('Person');
    expect(kp.getCell('A1').isMerged && kp.getCell('C1').isMerged && kp.getCell('D1').isMerged).toBe(true);
    expect(kp.getCell('C1').master.address).toBe('A1');
    expect(kp.getCell('F1').master.address).toBe('D1');
    expect(kp.getCell('B3').dataValidation).toMatchObject({ type: 'list', formulae: [`'_lists'!$A$1:$A$${positions.length}`] });
    expect(per.getCell('B2').dataValidation).toMatchObject({ type: 'list', formulae: [`"${calendars.join(',')}"`] });
    expect(wb.getWorksheet('_lists')!.getColumn(1).values.slice(1)).toEqual(positions);
    const map = wb.getWorksheet('_regportal')!;
    expect(map.getRow(1).values).toEqual([undefined, 'format', 'regportal-form', 1]);
    expect(map.getRow(2).values).toEqual([undefined, 'form', form, 'template', 'TRC-02', 'version', 1]);
    const mapped = Array.from({ length: map.rowCount - 3 }, (_, i) => (map.getRow(i + 4).values as unknown[]).slice(1));
    expect(mapped).toEqual(cells.map((c) => [c.tab, c.tab === '01' ? 'KP' : 'PER', c.address, c.code, c.type]));
  });

  it('writes a workbook that openpyxl, an independent reader, reads the same way', async () => {
    const form = await filledRegister();
    const { body } = await exportOf({ form_id: form, withData: true });
    const book = await readWithOpenpyxl(body);
    const [kp, per, map] = book.sheets;
    expect(book.sheets.map((s) => [s.name, s.state, s.protected])).toEqual([['KP', 'visible', true], ['PER', 'visible', true], ['_regportal', 'veryHidden', false], ['_lists', 'veryHidden', false]]);
    expect(kp.merges).toEqual(['A1:C1', 'D1:F1']);
    expect(kp.cells.A3).toMatchObject({ value: 'Aisha Rahman', type: 's', format: '@', locked: false });
    expect(kp.cells.C3).toMatchObject({ value: '2021-03-15 00:00:00', format: 'dd-mm-yyyy', locked: false });
    expect(kp.cells.D3).toMatchObject({ value: 1500, type: 'n', format: '#,##0', locked: false });
    expect(kp.cells.E4).toMatchObject({ value: -1.25, format: '#,##0.00' });
    expect(kp.cells.F3).toMatchObject({ value: '=D3*E3', type: 'f', locked: true });
    expect(per.cells.B3).toMatchObject({ value: "=SUM('KP'!D3:D4)", locked: true });
    expect(book.cached.KP.F3).toBe(3750);
    expect(book.cached.PER.B4).toBe(3500);
    const positionList = `'_lists'!$A$1:$A$${positions.length}`;
    // Each input column's type, over the two data rows and the room for lines down to the tab's 200.
    expect(kp.validations.map((v) => [v.type, v.sqref, v.formula, v.formula2, v.errorTitle, v.error, v.prompt])).toEqual([
      ['textLength', 'A3:A202', '4000', null, 'Text too long', 'Enter at most 4000 characters.', 'Name'],
      ['list', 'B3:B202', positionList, null, 'Not in the list', 'Choose one of the listed values.', 'Position'],
      ['date', 'C3:C202', '2', '2958465', 'Date', 'Enter a date as dd-mm-yyyy, such as 31-12-2025.', 'Appointed on'],
      ['whole', 'D3:D202', '-9999999999999999999', '9999999999999999999', 'Whole number', 'Shares held cannot be negative.', null],
      ['decimal', 'E3:E202', '-99999999999999999.99', '99999999999999999.99', 'Number', 'Enter a number, such as 1,234.56.', null],
    ]);
    expect(kp.validations.every((v) => v.allowBlank && v.showErrorMessage && v.errorStyle === 'stop')).toBe(true);
    expect(per.validations.map((v) => [v.type, v.formula, v.sqref])).toEqual([['list', `"${calendars.join(',')}"`, 'B2']]);
    // No password; columns and rows may be resized, and lines inserted or deleted on the register only.
    expect(kp.protection).toMatchObject({ password: false, formatColumns: false, formatRows: false, insertRows: false, deleteRows: false, selectLockedCells: false, selectUnlockedCells: false });
    expect(per.protection).toMatchObject({ password: false, formatColumns: false, insertRows: true, deleteRows: true });
    // A workbook-scoped name per data cell, at its first data row on the register.
    const cells = rowsOf(await t.call('Form.getData', [{ form }], preparer));
    const first = new Map<string, [string, string]>();
    const rowOf = (address: unknown) => Number(/\d+$/.exec(String(address))![0]);
    // Lowest row last, so each code keeps its first data row.
    for (const c of [...cells].sort((x, y) => rowOf(y.address) - rowOf(x.address))) first.set(String(c.code), [c.tab === '01' ? 'KP' : 'PER', String(c.address).replace(/^([A-Z]+)(\d+)$/, '$$$1$$$2')]);
    expect(book.names).toEqual(Object.fromEntries([...first].map(([code, at]) => [`RP_${code}`, [at]])));
    expect(map.cells.A2.value).toBe('form');
    expect(map.cells.B2.value).toBe(form);
  });

  it('writes a blank template at its current version with empty inputs and formulas over them', async () => {
    const template = Number((await t.database.db('formtemplate').where({ code: 'BNK-01' }).first('id')).id);
    const { body } = await exportOf({ ft_id: template, withData: false });
    const wb = await readWithExcelJs(body);
    const map = wb.getWorksheet('_regportal')!;
    expect(map.getRow(2).values).toEqual([undefined, 'form', undefined, 'template', 'BNK-01', 'version', 1]);
    const first = wb.worksheets[0];
    expect(first.getCell('A1').isMerged && first.getCell('A2').isMerged).toBe(true);
    expect(first.getCell('B1').value).toBe("Amount (RM'000)");
    expect(first.getCell('B3').value).toBeNull();
    expect(first.getCell('B3').protection?.locked).toBe(false);
    const totals = first.getCell('B8');
    expect(totals.formula).toBe('SUM(B3:B7)');
    expect(totals.result).toBe(0);
  });

  it('gives a batch as a .zip holding one workbook per form, each mapped to its form', async () => {
    const { form: one, batch } = await newForm('TRC-02');
    const { form: two } = await newForm('BNK-01', batch);
    const { body, type } = await exportOf({ formbatch_id: batch });
    expect(type).toContain('application/zip');
    const zip = await JSZip.loadAsync(body);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(['BNK-01 2026-01-31.xlsx', 'TRC-02 2026-01-31.xlsx']);
    const forms: number[] = [];
    for (const name of names) {
      const wb = await readWithExcelJs(Buffer.from(await zip.file(name)!.async('uint8array')));
      forms.push(Number(wb.getWorksheet('_regportal')!.getCell('B2').value));
    }
    expect(forms.sort()).toEqual([one, two].sort());
  });

  it("refuses another entity's form, a mistaken request, and another user's file", async () => {
    const { form } = await newForm('BNK-01');
    expect(failure(await t.call('Job.ExportToExcel.submit', [{ form_id: form }], re2))).toMatchObject({ code: 'E_NOTFOUND', message: 'Form not found.' });
    expect(failure(await t.call('Job.ExportToExcel.submit', [{ form_id: form, ft_id: 1 }], preparer)).code).toBe('E_BADREQUEST');
    expect(failure(await t.call('Job.ExportToExcel.submit', [{ form_id: form, sheet: 'x' }], preparer)).code).toBe('E_BADREQUEST');
    const { status } = await exportOf({ form_id: form });
    expect((await download(t, status.result!, re2)).statusCode).toBe(404);
    expect((await download(t, status.result!)).statusCode).toBe(401);
    expect((await download(t, status.result!.replace('.xlsx', '.zip'), preparer)).statusCode).toBe(404);
    const id = Number(/\d+/.exec(status.result!)![0]);
    expect(failure(await t.call('Job.ExportToExcel.status', [{ id }], re2))).toMatchObject({ code: 'E_NOTFOUND', message: `Job ${id} not found.` });
  });

  it('refuses forms of an approver-view-only template to a preparer and gives them to an approver', async () => {
    const { form } = await newForm('INS-03');
    const db = t.database.db;
    const template = (await db('form').where({ id: form }).first('formtemplate')).formtemplate;
    await db('formtemplate').where({ id: template }).update({ approverviewonly: true });
    try {
      expect(failure(await t.call('Job.ExportToExcel.submit', [{ form_id: form }], preparer)).code).toBe('E_NOPERMISSION');
      const { body } = await exportOf({ form_id: form }, approver);
      expect((await readWithExcelJs(body)).worksheets.map((w) => w.name)).toEqual(['SOL-A', 'SOL-R', 'SOL-C', '_regportal']);
    } finally {
      await db('formtemplate').where({ id: template }).update({ approverviewonly: false });
    }
  });
});
