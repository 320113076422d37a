// Excel imports that never misfile, drop or ignore (docs/excel.md, "How cells are found" and
// "What an import writes"), on every dialect, with workbooks the export wrote and then changed by
// exceljs and by LibreOffice itself: a value lands in its own cell after rows, columns and sheets
// moved (by the defined names), or is refused cell by cell (a workbook with only the map); lines
// added on an add-new-rows tab are imported up to its maximum; a value typed over a formula is a
// problem; an empty cell, an unchanged value and an unchanged disabled cell are no writes; a no-op
// writes no revision; "replace the whole form" clears what the workbook leaves empty.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlDateTime } from '../../engine/db/clock.js';
import { filedTemplate } from '../filing/form-data.js';
import { recordsetObjects, type EnvelopeValue, type RecordsetValue } from '../../engine/protocol/envelope.js';
import { ok, readBack } from '../../engine/testing/record-calls.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { JobWorker } from '../../engine/jobs/job-worker.js';
import { editWithLibreOffice, resaveWithLibreOffice } from './form-import/testing/libreoffice.js';
import { sofficePath } from '../../engine/testing/libreoffice.js';
import { download } from '../../engine/jobs/testing/export-kit.js';
import { attachUploads } from '../../engine/jobs/testing/import-uploads.js';
import { formWords } from './form-import/testing/form-words.js';

const rows = (values: EnvelopeValue[]) => recordsetObjects(ok(values)[0] as RecordsetValue);
const textOf = (values: EnvelopeValue[]) => (ok(values)[0] as { text: string }).text;
// In CI LibreOffice must be there: its absence fails these tests rather than skipping them.
const withLibreOffice = sofficePath() !== null || Boolean(process.env.CI);

/** SFP-A's five lines, current year then previous year: the current year totals 25,035. */
const ASSETS: Record<string, number> = { B3: 10_000, B4: 5_000, B5: 4_000, B6: 3_035, B7: 3_000, C3: 9_000, C4: 4_500, C5: 3_800, C6: 2_900, C7: 2_800 };
const NOTES = { B2: '2026-01-20', B3: 'Audit & Co LLP', B4: '10:30', B5: '1000000.50' };

describe.each(await testDialects())('Excel imports that never misfile, drop or ignore, on %s', (dialect) => {
  let t: TestEngine;
  let preparer: string;
  let worker: JobWorker;

  beforeAll(async () => {
    t = await startTestEngine(dialect, { JOB_CONCURRENCY: '0' });
    worker = new JobWorker({ services: t.engine.services, concurrency: 1, pollMs: 3_600_000, leaseMs: 60_000, maxAttempts: 3, keepHours: 24 });
    preparer = await t.sessionFor('preparer');
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  async function newForm(code: string, templateId?: number) {
    const db = t.database.db;
    const template = templateId ?? Number((await db('formtemplate').where({ code }).first('id')).id);
    const createon = sqlDateTime();
    await db('formbatch').insert({ re: 1, name: `Fidelity ${code}`, endon: '2026-01-31', duedate: '2026-02-15', state: 13, frozen_ind: false, createon });
    const batch = Number((await db('formbatch').max({ id: 'id' }))[0].id);
    await db('form').insert({ code, name: code, re: 1, formbatch: batch, state: 13, formtemplate: template, templateversion: 1, endon: '2026-01-31', createon });
    const form = Number((await db('form').max({ id: 'id' }))[0].id);
    const filed = await filedTemplate(db, { id: form, formtemplate: template, templateversion: 1 });
    return { form, layout: filed.layout };
  }

  const counter = async (form: number) => Number((await t.database.db('form').where({ id: form }).first('updatectr')).updatectr);
  const revisions = async (form: number) => (await t.database.db('formrevision').where({ form }).orderBy('revision').select('revision', 'changes')).map((r: { revision: number; changes: unknown }) => ({ revision: Number(r.revision), changes: typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes }));

  async function save(form: number, cells: { tab: string; address: string; value: unknown }[], extra: Record<string, unknown> = {}) {
    ok(await t.call('Form.saveData', [{ form, updatectr: await counter(form), cells, ...extra }], preparer));
  }

  /** A BNK-01 form with SFP-A and the notes filled (SFP-L empty). */
  async function filledBalanceSheet() {
    const made = await newForm('BNK-01');
    await save(made.form, [...Object.entries(ASSETS).map(([address, value]) => ({ tab: '01', address, value })), ...Object.entries(NOTES).map(([address, value]) => ({ tab: '03', address, value }))]);
    return made;
  }

  async function exported(args: Record<string, unknown>): Promise<Buffer> {
    const job = Number(textOf(await t.call('Job.ExportToExcel.submit', [args], preparer)));
    await worker.drain();
    const status = JSON.parse(textOf(await t.call('Job.ExportToExcel.status', [{ id: job }], preparer)));
    expect(status, JSON.stringify(status)).toMatchObject({ status: 'done' });
    return (await download(t, status.result, preparer)).rawPayload;
  }

  async function edited(bytes: Buffer, edit: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    edit(wb);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }

  async function runImport(bytes: Buffer, opts: { form?: number; replace?: boolean } = {}) {
    const fields = ['name', 'reportingentity', 'importtype', 'replaceall', ...(opts.form ? ['form'] : [])];
    const values = ['Fidelity', 1, 1100855, opts.replace ?? false, ...(opts.form ? [opts.form] : [])];
    const id = Number(readBack(await t.call('Record.create', [{ module: 'RE-ExcelImport', fields, values, read: ['id'] }], preparer)).id);
    await attachUploads(t.database.db, t.engine.services.config, id, [{ name: 'return.xlsx', bytes }]);
    const job = Number(textOf(await t.call('Job.ImportFromExcel.submit', [{ excelimport_id: id }], preparer)));
    await worker.drain();
    const status = JSON.parse(textOf(await t.call('Job.ImportFromExcel.status', [{ id: job }], preparer)));
    expect(status.status).toBe('done');
    const record = rows(await t.call('Record.select', [{ module: 'RE-ExcelImport', fields: ['state', 'description', 'replaceall'], where: [['id', '=', id]] }], preparer))[0];
    return { state: Number(record.state), description: String(record.description ?? ''), replaceall: record.replaceall };
  }

  /** Form.getData's values as `tab!address` → value (numbers as numbers). */
  async function formValues(form: number): Promise<Record<string, string | number | null>> {
    const out: Record<string, string | number | null> = {};
    for (const c of rows(await t.call('Form.getData', [{ form }], preparer))) {
      const v = c.value === null ? null : String(c.value);
      out[`${c.tab}!${c.address}`] = v !== null && /^-?\d+(\.\d+)?$/.test(v) && c.tab !== '03' ? Number(v) : v;
    }
    return out;
  }

  /** The workbook without its defined names: what a workbook has when only the `_regportal` map says where cells are. */
  async function withoutNames(bytes: Buffer): Promise<Buffer> {
    const zip = await JSZip.loadAsync(bytes);
    const xml = await zip.file('xl/workbook.xml')!.async('string');
    zip.file('xl/workbook.xml', xml.replace(/<definedNames>[\s\S]*?<\/definedNames>|<definedNames\/>/, ''));
    return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  }

  const userEdits = [
    { op: 'unprotect', sheet: 'SFP-A' },
    { op: 'insertRows', sheet: 'SFP-A', row: 3, count: 1 },
    { op: 'unprotect', sheet: 'SFP-L' },
    { op: 'deleteColumns', sheet: 'SFP-L', col: 0, count: 1 },
    // "Deposits from customers", current year: B3 before column A went.
    { op: 'set', sheet: 'SFP-L', cell: 'A3', value: 7_777 },
    { op: 'rename', sheet: 'SFP-N', to: 'Board notes' },
    { op: 'move', sheet: 'Board notes', to: 0 },
    { op: 'unprotect', sheet: 'Board notes' },
    { op: 'set', sheet: 'Board notes', cell: 'B3', value: 'New Auditor LLP' },
  ] as const;

  it.skipIf(!withLibreOffice)('lands every value in its own cell after LibreOffice inserts a row above the data, deletes a column and renames and moves a sheet: total assets stays 25,035', async () => {
    const { form } = await filledBalanceSheet();
    const before = await formValues(form);
    expect(before['01!B8']).toBe(25_035);
    const bytes = await editWithLibreOffice(await exported({ form_id: form }), userEdits);
    const revs = (await revisions(form)).length;
    const outcome = await runImport(bytes);
    expect(outcome.state, outcome.description).toBe(71);
    expect(outcome.description).toBe(`return.xlsx: 2 cells written into ${formWords(form, 'BNK-01')}.`);
    const after = await formValues(form);
    expect(after).toEqual({ ...before, '02!B3': 7_777, '02!B8': 7_777, '03!B3': 'New Auditor LLP' });
    expect(after['01!B8']).toBe(25_035);
    const written = await revisions(form);
    expect(written.length).toBe(revs + 1);
    expect(written.at(-1)!.changes).toEqual({ '02!B3': [null, '7777'], '03!B3': ['Audit & Co LLP', 'New Auditor LLP'] });
  }, 240_000);

  it.skipIf(!withLibreOffice)('refuses cell by cell the values a workbook with only the map has at moved addresses, and writes none into a neighbour', async () => {
    const { form } = await filledBalanceSheet();
    const before = await formValues(form);
    const ctr = await counter(form);
    const bytes = await editWithLibreOffice(await withoutNames(await exported({ form_id: form })), userEdits);
    const outcome = await runImport(bytes);
    expect(outcome.state).toBe(2);
    const lines = outcome.description.split('\n');
    const line = (cell: string) => lines.find((l) => l.includes(`(sheet "SFP-A", cell ${cell}): `)) ?? `(no line for ${cell})`;
    // The row inserted above SFP-A's data: B4 now holds the first line's value, not the second's.
    expect(line('B4')).toMatch(/^Tab SFP-A, Deposits and placements with banks \(Current year\) \(sheet "SFP-A", cell B4\): The template's label "Deposits and placements with banks" should be in cell A4 of sheet "SFP-A", but that cell holds "Cash and short-term funds": rows or columns were inserted, deleted or moved, so this value is not imported\./);
    for (const at of ['B5', 'B6', 'B7', 'C4', 'C7']) expect(line(at)).toMatch(/rows or columns were inserted, deleted or moved, so this value is not imported/);
    // The total's cell now holds the last line's typed value: moved, not "typed over a formula".
    expect(line('B8')).toMatch(/^Tab SFP-A, Total assets \(Current year\) \(sheet "SFP-A", cell B8\): The template's label "Total assets"/);
    // The column deleted from SFP-L: its headings moved left. No value sits where the map looks
    // (the typed one is in column A now), and still the sheet is refused, not left behind.
    expect(lines).toContainEqual(expect.stringMatching(/^Sheet "SFP-L" \(tab SFP-L\) is not laid out as the form was exported: the template's label "Item" should be in cell A1 of sheet "SFP-L", but that cell holds "Amount \(RM'000\)"\. Rows or columns were inserted, deleted or moved, so none of its values is imported/));
    expect(lines).toContainEqual(expect.stringMatching(/^Sheet "SFP-A" \(tab SFP-A\) is not laid out as the form was exported/));
    expect(lines).toContain('The workbook has no sheet "SFP-N" (tab SFP-N): it was renamed or deleted, so its values cannot be found. Give the sheet back its name, or export the form again.');
    expect(await formValues(form)).toEqual(before);
    expect(await counter(form)).toBe(ctr);
  }, 240_000);

  it.skipIf(!withLibreOffice)('imports an export filled in and saved again by LibreOffice (soffice --convert-to xlsx)', async () => {
    const { form } = await filledBalanceSheet();
    const before = await formValues(form);
    const filled = await edited(await exported({ form_id: form }), (wb) => {
      wb.getWorksheet('SFP-L')!.getCell('C5').value = 1_234;
      wb.getWorksheet('SFP-N')!.getCell('B3').value = 'Second Auditor';
    });
    const outcome = await runImport(await resaveWithLibreOffice(filled));
    expect(outcome.description).toBe(`return.xlsx: 2 cells written into ${formWords(form, 'BNK-01')}.`);
    expect(outcome.state).toBe(71);
    expect(await formValues(form)).toEqual({ ...before, '02!C5': 1_234, '02!C8': 1_234, '03!B3': 'Second Auditor' });
  }, 240_000);

  it.skipIf(!withLibreOffice)('takes each line of an add-new-rows tab whole after LibreOffice inserts a line between others, and removes a deleted line only when replacing the whole form', async () => {
    const { form } = await newForm('TRC-02');
    await save(form, [
      { tab: '01', address: 'A3', value: 'Director 1' },
      { tab: '01', address: 'D3', value: 100 },
      { tab: '01', address: 'A4', value: 'Director 2' },
      { tab: '01', address: 'D4', value: 200 },
      { tab: '01', address: 'A5', value: 'Director 3' },
    ]);
    const kp = async () => {
      const values = await formValues(form);
      const answer = ok(await t.call('Form.getData', [{ form }], preparer));
      const lines = Number(JSON.parse((answer[1] as { text: string }).text).rows['01']);
      return Array.from({ length: lines }, (_, i) => [values[`01!A${i + 3}`], values[`01!D${i + 3}`]]);
    };
    const inserted = await editWithLibreOffice(await exported({ form_id: form }), [
      { op: 'unprotect', sheet: 'KP' },
      { op: 'insertRows', sheet: 'KP', row: 4, count: 1 },
      { op: 'set', sheet: 'KP', cell: 'A4', value: 'New director' },
    ]);
    const outcome = await runImport(inserted);
    expect(outcome.state, outcome.description).toBe(71);
    // The new line's empty shares empty the line it lands on; no line is a mix of two.
    expect(await kp()).toEqual([['Director 1', 100], ['New director', null], ['Director 2', 200], ['Director 3', null]]);

    const firstDeleted = await editWithLibreOffice(await exported({ form_id: form }), [
      { op: 'unprotect', sheet: 'KP' },
      { op: 'deleteRows', sheet: 'KP', row: 3, count: 1 },
    ]);
    const kept = await runImport(firstDeleted);
    expect(kept.state).toBe(2);
    expect(kept.description.split('\n')).toContain('Tab KP had 4 lines when this workbook was exported and has 3 now: an import removes lines only when it replaces the whole form. Choose "Replace the whole form" on the import, or delete the lines in the portal.');
    expect((await kp()).length).toBe(4);
    const replaced = await runImport(firstDeleted, { replace: true });
    expect(replaced.state, replaced.description).toBe(71);
    expect(await kp()).toEqual([['New director', null], ['Director 2', 200], ['Director 3', null]]);
  }, 240_000);

  it("reads a tab's summary by its name, and by the map where the summary's labels are in place", async () => {
    const { form, layout } = await newForm('INS-03');
    const summary = layout.cells.find((c) => c.tab === '02' && c.place.section === 'summary' && c.place.cell.editor === 'dropdown')!;
    const address = layout.address(summary, 0, {});
    const bytes = await exported({ form_id: form });
    const typed = (wb: ExcelJS.Workbook) => void (wb.getWorksheet('SOL-R')!.getCell(address).value = 'Quarterly');
    const byName = await runImport(await edited(bytes, typed));
    expect(byName.description).toBe(`return.xlsx: 1 cell written into ${formWords(form, 'INS-03')}.`);
    expect((await formValues(form))[`02!${address}`]).toBe('Quarterly');
    const byMap = await runImport(await edited(await withoutNames(bytes), (wb) => void (wb.getWorksheet('SOL-R')!.getCell(address).value = 'Monthly')));
    expect(byMap.description).toBe(`return.xlsx: 1 cell written into ${formWords(form, 'INS-03')}.`);
    expect((await formValues(form))[`02!${address}`]).toBe('Monthly');
  });

  it('imports the lines added on an add-new-rows tab of an export (the map present), and names the tab and its maximum beyond it', async () => {
    const { form, layout } = await newForm('TRC-02');
    const [name, , , shares] = layout.cells.filter((c) => c.tab === '01').map((c) => c.code);
    expect([name, shares].every(Boolean)).toBe(true);
    await save(form, [
      { tab: '01', address: 'A3', value: 'Director 1' },
      { tab: '01', address: 'D3', value: 100 },
      { tab: '01', address: 'A4', value: 'Director 2' },
      { tab: '01', address: 'D4', value: 200 },
    ]);
    const bytes = await exported({ form_id: form });
    const added = await edited(bytes, (wb) => {
      const ws = wb.getWorksheet('KP')!;
      for (const r of [5, 6, 7]) {
        ws.getCell(`A${r}`).value = `Director ${r - 2}`;
        ws.getCell(`D${r}`).value = r * 100;
      }
    });
    const outcome = await runImport(added);
    expect(outcome.description).toBe(`return.xlsx: 6 cells written into ${formWords(form, 'TRC-02')}.`);
    const answer = ok(await t.call('Form.getData', [{ form }], preparer));
    expect(JSON.parse((answer[1] as { text: string }).text).rows).toMatchObject({ '01': 5 });
    const values = await formValues(form);
    expect([3, 4, 5, 6, 7].map((r) => values[`01!A${r}`])).toEqual(['Director 1', 'Director 2', 'Director 3', 'Director 4', 'Director 5']);
    expect([3, 4, 5, 6, 7].map((r) => values[`01!D${r}`])).toEqual([100, 200, 500, 600, 700]);

    const ctr = await counter(form);
    const tooMany = await edited(bytes, (wb) => {
      const ws = wb.getWorksheet('KP')!;
      for (let r = 3; r <= 203; r++) ws.getCell(`A${r}`).value = `Person ${r - 2}`;
    });
    const refused = await runImport(tooMany);
    expect(refused.state).toBe(2);
    expect(refused.description.split('\n')).toEqual([`return.xlsx: not imported, so ${formWords(form, 'TRC-02')} is unchanged.`, 'Tab KP takes at most 200 lines, but sheet "KP" has more (line 201 is on row 203): remove the lines beyond the 200th.']);
    expect(await counter(form)).toBe(ctr);
  });

  it("refuses a value typed over a formula cell, naming it by tab and label with the sheet's name and cell, and takes a formula cell holding any formula", async () => {
    const { form } = await filledBalanceSheet();
    const before = await formValues(form);
    const bytes = await exported({ form_id: form });
    const typedOver = await edited(bytes, (wb) => {
      const ws = wb.getWorksheet('SFP-A')!;
      ws.getCell('B8').value = 99;
      ws.getCell('B5').value = 'about four';
    });
    const refused = await runImport(typedOver);
    expect(refused.state).toBe(2);
    expect(refused.description.split('\n').sort()).toEqual(
      [
        `return.xlsx: not imported, so ${formWords(form, 'BNK-01')} is unchanged.`,
        `Tab SFP-A, Total assets (Current year) (sheet "SFP-A", cell B8): This cell is calculated by the template's formula; a value typed over it is not imported.`,
        `Tab SFP-A, Financial assets at fair value (Current year) (sheet "SFP-A", cell B5): Enter a whole number, such as 1,234.`,
      ].sort(),
    );
    expect(await formValues(form)).toEqual(before);

    const otherFormula = await edited(bytes, (wb) => {
      const ws = wb.getWorksheet('SFP-A')!;
      ws.getCell('B8').value = { formula: 'SUM(B3:B7)*2', result: 1 } as ExcelJS.CellValue;
      ws.getCell('B3').value = 11_000;
    });
    const outcome = await runImport(otherFormula);
    expect(outcome.description).toBe(`return.xlsx: 1 cell written into ${formWords(form, 'BNK-01')}.`);
    expect(await formValues(form)).toEqual({ ...before, '01!B3': 11_000, '01!B8': 26_035 });
  });

  it('writes only the cells typed into a blank export and clears nothing; "replace the whole form" clears what the workbook leaves empty', async () => {
    const { form } = await filledBalanceSheet();
    const before = await formValues(form);
    const template = Number((await t.database.db('formtemplate').where({ code: 'BNK-01' }).first('id')).id);
    const blank = await exported({ ft_id: template });
    const typed = await edited(blank, (wb) => {
      const ws = wb.getWorksheet('SFP-L')!;
      ws.getCell('B3').value = 20_000;
      ws.getCell('B4').value = 3_000;
      ws.getCell('B5').value = 2_035;
    });
    const revs = (await revisions(form)).length;
    const outcome = await runImport(typed, { form });
    expect(outcome.description).toBe(`return.xlsx: 3 cells written into ${formWords(form, 'BNK-01')}.`);
    expect(await formValues(form)).toEqual({ ...before, '02!B3': 20_000, '02!B4': 3_000, '02!B5': 2_035, '02!B8': 25_035 });
    const written = await revisions(form);
    expect(written.length).toBe(revs + 1);
    expect(Object.keys(written.at(-1)!.changes).sort()).toEqual(['02!B3', '02!B4', '02!B5']);

    const replaced = await runImport(typed, { form, replace: true });
    expect(replaced.replaceall === true || Number(replaced.replaceall) === 1).toBe(true);
    // The ten SFP-A inputs and the four notes were not in the workbook: cleared.
    expect(replaced.description).toBe(`return.xlsx: 14 cells written into ${formWords(form, 'BNK-01')}.`);
    const after = await formValues(form);
    for (const address of Object.keys(ASSETS)) expect(after[`01!${address}`]).toBeNull();
    for (const address of Object.keys(NOTES)) expect(after[`03!${address}`]).toBeNull();
    expect([after['02!B3'], after['02!B4'], after['02!B5'], after['01!B8']]).toEqual([20_000, 3_000, 2_035, 0]);
    expect((await revisions(form)).length).toBe(revs + 2);
  });

  it('imports its own unchanged export of a template with a disabled input cell, and refuses a changed disabled cell', async () => {
    const db = t.database.db;
    const base = await db('formtemplate').where({ code: 'BNK-01' }).first();
    const properties = JSON.parse(String(base.properties));
    // The notes' auditor (03, B3) is disabled in this template.
    properties.items[2].items[1][1].disabled = true;
    const text = JSON.stringify(properties);
    const id = Number((await db('formtemplate').max({ id: 'id' }))[0].id) + 1;
    const createon = sqlDateTime();
    await db('formtemplate').insert({ ...base, id, code: `BNK-01D-${dialect}`, properties: text, createon, updateon: createon });
    await db('formtemplate_version').insert({ template: id, version: 1, properties: text, etlproperties: base.etlproperties, createon });
    const { form, layout } = await newForm(`BNK-01D-${dialect}`, id);
    const auditor = layout.cells.find((c) => c.tab === '03' && c.place.row === 1)!;
    expect(auditor.place.cell.disabled).toBe(true);
    await db('formcell').insert({ form, tab: '03', address: 'B3', code: auditor.code, value: 'Set by the regulator' });
    await save(form, [{ tab: '01', address: 'B3', value: 500 }]);
    const ctr = await counter(form);
    const bytes = await exported({ form_id: form });

    const unchanged = await runImport(bytes);
    expect(unchanged.state).toBe(71);
    expect(unchanged.description).toBe(`return.xlsx: Nothing changed: every value in it is already in ${formWords(form, `BNK-01D-${dialect}`)}, so nothing was written.`);
    expect(await counter(form)).toBe(ctr);

    const changed = await runImport(await edited(bytes, (wb) => void (wb.getWorksheet('SFP-N')!.getCell('B3').value = 'Someone else')));
    expect(changed.state).toBe(2);
    expect(changed.description).toContain(`Tab SFP-N, Name of the external auditor (sheet "SFP-N", cell B3): This cell is disabled in the template; a changed value is not imported.`);
    expect(await counter(form)).toBe(ctr);
  });

  it('writes no revision for an import that changes nothing and says so in words; one that changes cells writes exactly one revision', async () => {
    const { form } = await filledBalanceSheet();
    const before = await formValues(form);
    const ctr = await counter(form);
    const revs = (await revisions(form)).length;
    const bytes = await exported({ form_id: form });
    const noop = await runImport(bytes);
    expect(noop.state).toBe(71);
    expect(noop.description).toBe(`return.xlsx: Nothing changed: every value in it is already in ${formWords(form, 'BNK-01')}, so nothing was written.`);
    expect([await counter(form), (await revisions(form)).length]).toEqual([ctr, revs]);
    expect(await formValues(form)).toEqual(before);

    const two = await edited(bytes, (wb) => {
      wb.getWorksheet('SFP-A')!.getCell('C3').value = 9_500;
      wb.getWorksheet('SFP-L')!.getCell('B7').value = 10;
    });
    const outcome = await runImport(two);
    expect(outcome.description).toBe(`return.xlsx: 2 cells written into ${formWords(form, 'BNK-01')}.`);
    expect(await counter(form)).toBe(ctr + 1);
    const written = await revisions(form);
    expect(written.length).toBe(revs + 1);
    expect(written.at(-1)!.changes).toEqual({ '01!C3': ['9000', '9500'], '02!B7': [null, '10'] });
  });
});
