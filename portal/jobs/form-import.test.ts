// Excel imports on every dialect: a workbook following the workbook contract is written into its
// form through Form.saveData's pipeline and reads back equal; a workbook with bad cells lists
// each of them and changes nothing; hostile files are refused with their messages; RE users
// reach only their entity's imports. The engine's own worker is off: each test drains the queue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlDateTime } from '../../engine/db/clock.js';
import { filedTemplate } from '../filing/form-data.js';
import { recordsetObjects, type EnvelopeValue, type RecordsetValue } from '../../engine/protocol/envelope.js';
import { failure, ok, readBack } from '../../engine/testing/record-calls.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { JobWorker } from '../../engine/jobs/job-worker.js';
import { contractWorkbook, hostileFiles, type ContractCell } from './form-import/testing/contract-workbook.js';
import { download } from '../../engine/jobs/testing/export-kit.js';
import ExcelJS from 'exceljs';
import { attachUploads } from '../../engine/jobs/testing/import-uploads.js';
import { formWords } from './form-import/testing/form-words.js';

const rows = (values: EnvelopeValue[]) => recordsetObjects(ok(values)[0] as RecordsetValue);
const textOf = (values: EnvelopeValue[]) => (ok(values)[0] as { text: string }).text;

describe.each(await testDialects())('Excel imports on %s', (dialect) => {
  let t: TestEngine;
  let preparer: string;
  let re2: string;
  let worker: JobWorker;

  beforeAll(async () => {
    t = await startTestEngine(dialect, { JOB_CONCURRENCY: '0' });
    worker = new JobWorker({ services: t.engine.services, concurrency: 1, pollMs: 3_600_000, leaseMs: 60_000, maxAttempts: 3, keepHours: 24 });
    preparer = await t.sessionFor('preparer');
    re2 = await t.sessionFor('re2');
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  /** A new Open form of entity 1 on version 1 of the demo template `code`. */
  async function newForm(code: string) {
    const db = t.database.db;
    const template = await db('formtemplate').where({ code }).first('id');
    const createon = sqlDateTime();
    await db('formbatch').insert({ re: 1, name: `Import ${code}`, endon: '2026-01-31', duedate: '2026-02-15', state: 13, frozen_ind: false, createon });
    const batch = Number((await db('formbatch').max({ id: 'id' }))[0].id);
    await db('form').insert({ code, name: code, re: 1, formbatch: batch, state: 13, formtemplate: template.id, templateversion: 1, endon: '2026-01-31', createon });
    const form = Number((await db('form').max({ id: 'id' }))[0].id);
    const filed = await filedTemplate(db, { id: form, formtemplate: Number(template.id), templateversion: 1 });
    return { form, layout: filed.layout, tabs: filed.properties.items };
  }

  /** An import record of the preparer's entity with these workbooks attached (stored as an upload stores them). */
  async function newImport(files: { name: string; bytes: Buffer }[], who = preparer, form?: number): Promise<number> {
    const [fields, values] = form === undefined ? [['name', 'reportingentity', 'importtype'], ['Returns', 1, 1100855]] : [['name', 'reportingentity', 'importtype', 'form'], ['Returns', 1, 1100855, form]];
    const created = readBack(await t.call('Record.create', [{ module: 'RE-ExcelImport', fields, values, read: ['id', 'state'] }], who));
    expect(Number(created.state)).toBe(50);
    const id = Number(created.id);
    await attachUploads(t.database.db, t.engine.services.config, id, files);
    return id;
  }

  async function runImport(id: number, who = preparer) {
    const job = Number(textOf(await t.call('Job.ImportFromExcel.submit', [{ excelimport_id: id }], who)));
    await worker.drain();
    const status = JSON.parse(textOf(await t.call('Job.ImportFromExcel.status', [{ id: job }], who)));
    const record = rows(await t.call('Record.select', [{ module: 'RE-ExcelImport', fields: ['id', 'state', 'description'], where: [['id', '=', id]] }], who))[0];
    return { job, status, state: Number(record.state), description: String(record.description ?? '') };
  }

  const formCells = async (form: number) => rows(await t.call('Form.getData', [{ form }], preparer));

  it('writes a filled workbook into its form: Form.getData answers what was typed, formulas computed by the template', async () => {
    const { form, layout, tabs } = await newForm('BNK-01');
    const cells: ContractCell[] = [];
    for (const cell of layout.cells) {
      const address = layout.address(cell, 0, {});
      const editor = cell.place.cell.editor;
      // A formula cell carries a formula and a cached value, as the export writes it; the import ignores both.
      const value = editor === 'formula' ? ({ formula: 'SUM(1,2)', result: 999_999 } as ExcelJS.CellValue) : editor === 'date' ? new Date(Date.UTC(2026, 0, 31)) : editor === 'time' ? 0.5 : editor === 'text' ? 'Audit & Co <LLP>' : cell.tab === '03' ? 1_000_000.5 : cell.tab === '01' ? 1 : 2;
      cells.push({ tab: cell.tab, address, code: cell.code, type: editor ?? 'text', value });
    }
    const bytes = await contractWorkbook({ form, template: 'BNK-01', version: 1, tabs, cells });
    const outcome = await runImport(await newImport([{ name: 'bnk.xlsx', bytes }]));
    expect(outcome.status).toMatchObject({ status: 'done' });
    expect(outcome.state).toBe(71);
    expect(outcome.description).toBe(`bnk.xlsx: ${cells.filter((c) => c.type !== 'formula').length} cells written into ${formWords(form, 'BNK-01')}.`);
    expect(JSON.parse(outcome.status.result)).toMatchObject({ state: 71, written: 1, problems: 0, download: null });
    const read = await formCells(form);
    for (const c of cells) {
      const got = read.find((r) => r.tab === c.tab && r.address === c.address)!;
      if (c.type === 'formula') expect(got.value).not.toBe('999999');
      else if (c.type === 'date') expect(got.value).toBe('2026-01-31');
      else if (c.type === 'time') expect(got.value).toBe('12:00');
      else if (c.type === 'text') expect(got.value).toBe('Audit & Co <LLP>');
      else expect(Number(got.value)).toBe(Number(c.value));
    }
  });

  it('lists every bad cell of a workbook by its tab and label, with the sheet and cell of the workbook beside (wrong type, unknown code, formula, precision, bad dropdown), and changes nothing', async () => {
    const { form, layout, tabs } = await newForm('TRC-02');
    const kp = layout.cells.filter((c) => c.tab === '01');
    const [name, position, appointed, shares] = kp.map((c) => c.code);
    const before = await formCells(form);
    const cells: ContractCell[] = [
      { tab: '01', address: 'A3', code: name, type: 'text', value: 'Aminah' },
      { tab: '01', address: 'B3', code: position, type: 'dropdown', value: 'Emperor of Mars' },
      { tab: '01', address: 'C3', code: appointed, type: 'date', value: { formula: 'TODAY()', date1904: false } as never },
      { tab: '01', address: 'D3', code: shares, type: 'numeric', value: 'many' },
      { tab: '01', address: 'D4', code: shares, type: 'numeric', value: 1.5 },
      { tab: '01', address: 'H3', code: 'TRC0201999', type: 'text', value: 'nobody' },
    ];
    const bytes = await contractWorkbook({ form, template: 'TRC-02', version: 1, tabs, cells });
    const outcome = await runImport(await newImport([{ name: 'kp.xlsx', bytes }]));
    expect(outcome.state).toBe(2);
    const result = JSON.parse(outcome.status.result);
    expect(result).toMatchObject({ state: 2, written: 0, download: `/out/${outcome.job}.xlsx` });
    const lines = outcome.description.split('\n');
    const line = (cell: string) => lines.find((l) => l.includes(`(sheet "KP", cell ${cell})`)) ?? `(no line for ${cell})`;
    expect(line('B3')).toBe('Tab KP, Position (sheet "KP", cell B3): Choose one of the listed values.');
    expect(line('C3')).toBe('Tab KP, Appointed on (sheet "KP", cell C3): Formulas are not read from an imported workbook: type the value itself.');
    expect(line('D3')).toBe('Tab KP, Shares held (sheet "KP", cell D3): Enter a whole number, such as 1,234.');
    expect(line('D4')).toBe('Tab KP, Shares held (sheet "KP", cell D4): Enter a whole number, without decimals.');
    expect(line('H3')).toBe('Tab KP, Code TRC0201999 (sheet "KP", cell H3): The form has no cell with this code.');
    expect(line('A3')).toBe('(no line for A3)');
    expect(await formCells(form)).toEqual(before);
    // The copy for the submitter marks each bad cell with a comment naming its rule.
    expect((await download(t, result.download, re2)).statusCode).toBe(404);
    const res = await download(t, result.download, preparer);
    expect(res.statusCode).toBe(200);
    // It downloads under the import's name, saying what it is.
    expect(String(res.headers['content-disposition'])).toContain('filename="Returns - problems marked.xlsx"');
    const copy = new ExcelJS.Workbook();
    await copy.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const note = (address: string) => {
      const n = copy.getWorksheet('KP')!.getCell(address).note;
      return typeof n === 'string' ? n : (n?.texts ?? []).map((x) => x.text).join('');
    };
    expect(note('B3')).toBe('Choose one of the listed values.');
    expect(note('D3')).toMatch(/^Enter a whole number/);
    expect(note('A3')).toBe('');
  });

  it('reads every data row of an add-new-rows tab from a workbook without the map, by sheet name and address, down to the first empty row', async () => {
    const { form, layout, tabs } = await newForm('TRC-02');
    const [name, , , shares] = layout.cells.filter((c) => c.tab === '01').map((c) => c.code);
    const cells: ContractCell[] = [];
    for (const [i, r] of [3, 4, 5].entries()) {
      cells.push({ tab: '01', address: `A${r}`, code: name, type: 'text', value: `Director ${i + 1}` });
      cells.push({ tab: '01', address: `D${r}`, code: shares, type: 'numeric', value: (i + 1) * 100 });
    }
    const bytes = await contractWorkbook({ form: null, template: 'TRC-02', version: 1, tabs, cells, withoutMap: true });
    const outcome = await runImport(await newImport([{ name: 'nomap.xlsx', bytes }], preparer, form));
    expect(outcome.state, outcome.description).toBe(71);
    const answer = ok(await t.call('Form.getData', [{ form }], preparer));
    expect(JSON.parse((answer[1] as { text: string }).text).rows).toMatchObject({ '01': 3 });
    const read = recordsetObjects(answer[0] as RecordsetValue).filter((r) => r.tab === '01');
    const at = (address: string) => read.find((r) => r.address === address)?.value;
    expect([at('A3'), at('A4'), at('A5')]).toEqual(['Director 1', 'Director 2', 'Director 3']);
    expect([at('D3'), at('D4'), at('D5')].map(Number)).toEqual([100, 200, 300]);
  });

  it('refuses a value below the first empty line of an add-new-rows tab, naming the sheet and rows, rather than leave it behind', async () => {
    const { form, layout, tabs } = await newForm('TRC-02');
    const name = layout.cells.find((c) => c.tab === '01')!.code;
    const cells: ContractCell[] = [
      { tab: '01', address: 'A3', code: name, type: 'text', value: 'Director 1' },
      { tab: '01', address: 'A5', code: name, type: 'text', value: 'after the gap' },
    ];
    const bytes = await contractWorkbook({ form: null, template: 'TRC-02', version: 1, tabs, cells, withoutMap: true });
    const outcome = await runImport(await newImport([{ name: 'gap.xlsx', bytes }], preparer, form));
    expect(outcome.state).toBe(2);
    expect(outcome.description).toContain('Sheet "KP" has a value on row 5, below the first empty line of tab KP (row 4): the lines end at the first empty line, so it would not be imported.');
    expect((await formCells(form)).filter((c) => c.tab === '01' && String(c.address).startsWith('A') && c.value !== null)).toEqual([]);
  });

  it('imports a workbook the export wrote and the user filled in Excel: the form reads back what was typed', async () => {
    const { form, layout } = await newForm('BNK-01');
    const job = Number(textOf(await t.call('Job.ExportToExcel.submit', [{ form_id: form }], preparer)));
    await worker.drain();
    const exported = JSON.parse(textOf(await t.call('Job.ExportToExcel.status', [{ id: job }], preparer)));
    expect(exported, JSON.stringify(exported)).toMatchObject({ status: 'done' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await download(t, exported.result, preparer)).rawPayload as unknown as ArrayBuffer);
    // Fill every input cell through the map, as a user would in Excel, and move a sheet to the end.
    const map = wb.getWorksheet('_regportal')!;
    const typed = new Map<string, string>();
    for (let r = 4; r <= map.rowCount; r++) {
      const [tab, sheet, address, code] = [1, 2, 3, 4].map((c) => String(map.getRow(r).getCell(c).value ?? ''));
      const cell = layout.byCodeOf(code);
      if (!cell || cell.place.cell.editor === 'formula') continue;
      const editor = cell.place.cell.editor;
      const value = editor === 'date' ? new Date(Date.UTC(2026, 0, 15)) : editor === 'time' ? 0.25 : editor === 'text' ? `note ${r}` : r * 3;
      wb.getWorksheet(sheet)!.getCell(address).value = value;
      typed.set(`${tab}!${address}`, editor === 'date' ? '2026-01-15' : editor === 'time' ? '06:00' : editor === 'text' ? `note ${r}` : String(r * 3));
    }
    expect(typed.size).toBeGreaterThan(10);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const outcome = await runImport(await newImport([{ name: 'filled.xlsx', bytes }]));
    expect(outcome.description, outcome.description).toBe(`filled.xlsx: ${typed.size} cells written into ${formWords(form, 'BNK-01')}.`);
    expect(outcome.state).toBe(71);
    const read = await formCells(form);
    for (const [at, value] of typed) {
      const got = read.find((c) => `${c.tab}!${c.address}` === at)!;
      expect(got.value === null ? null : /^\d/.test(value) && !value.includes('-') && !value.includes(':') ? String(Number(got.value)) : got.value, at).toBe(value);
    }
  });

  for (const hostile of hostileFiles()) {
    it(`refuses ${hostile.what} with a message and fails the import, not the engine`, async () => {
      const outcome = await runImport(await newImport([{ name: hostile.name, bytes: hostile.bytes }]));
      expect(outcome.state).toBe(2);
      expect(outcome.description).toMatch(hostile.message);
      expect(outcome.status.status).toBe('done');
    });
  }

  it("lets regulator staff import into the forms of the entity they choose, recorded as theirs, and makes them choose one", async () => {
    const iru = await t.sessionFor('iru');
    const { form, layout, tabs } = await newForm('BNK-01');
    const cells: ContractCell[] = layout.cells
      .filter((c) => c.place.cell.editor !== 'formula' && c.tab === '01' && (c.place.cell.editor ?? 'numeric') === 'numeric')
      .slice(0, 3)
      .map((c, i) => ({ tab: c.tab, address: layout.address(c, 0, {}), code: c.code, type: 'numeric', value: 41 + i }));
    expect(cells.length).toBe(3);
    const bytes = await contractWorkbook({ form, template: 'BNK-01', version: 1, tabs, cells });
    const attach = (id: number) => attachUploads(t.database.db, t.engine.services.config, id, [{ name: 'bnk.xlsx', bytes }]);

    // Without an entity, the import cannot say whose forms it fills.
    expect(failure(await t.call('Record.create', [{ module: 'ExcelImport', fields: ['name', 'importtype'], values: ['No entity', 1100855], read: ['id'] }], iru))).toMatchObject({ code: 'E_VALIDATION' });

    const id = Number(readBack(await t.call('Record.create', [{ module: 'ExcelImport', fields: ['name', 'reportingentity', 'importtype'], values: ['For entity 1', 1, 1100855], read: ['id'] }], iru)).id);
    await attach(id);
    const job = Number(textOf(await t.call('Job.ImportFromExcel.submit', [{ excelimport_id: id }], iru)));
    await worker.drain();
    expect(JSON.parse(textOf(await t.call('Job.ImportFromExcel.status', [{ id: job }], iru)))).toMatchObject({ status: 'done' });
    const record = rows(await t.call('Record.select', [{ module: 'ExcelImport', fields: ['state', 'description'], where: [['id', '=', id]] }], iru))[0];
    expect([Number(record.state), record.description]).toEqual([71, `bnk.xlsx: 3 cells written into ${formWords(form, 'BNK-01')}.`]);
    const read = await formCells(form);
    for (const c of cells) expect(Number(read.find((r) => r.tab === c.tab && r.address === c.address)?.value)).toBe(c.value);
    // The write is the staff member's, in the form's history.
    const updateby = await t.database.db('form').where({ id: form }).first('updateby');
    expect(Number(updateby.updateby)).toBe(2);
  });

  it('lets an RE user submit only its own entity\'s imports and the submitter alone see the job', async () => {
    const id = await newImport([]);
    const other = failure(await t.call('Job.ImportFromExcel.submit', [{ excelimport_id: id }], re2));
    expect(other.code).toBe('E_NOTFOUND');
    const seen = rows(await t.call('Record.select', [{ module: 'RE-ExcelImport', fields: ['id'], where: [['id', '=', id]] }], re2));
    expect(seen).toEqual([]);
    const outcome = await runImport(id);
    expect(outcome.state).toBe(2);
    expect(outcome.description).toMatch(/Please upload at least one excel files\./);
    expect(failure(await t.call('Job.ImportFromExcel.status', [{ id: outcome.job }], re2))).toMatchObject({ code: 'E_NOTFOUND', message: `Job ${outcome.job} not found.` });
  });
});
