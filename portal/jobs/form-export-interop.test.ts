// Excel exports that other spreadsheet programs read as the portal does, on every dialect: a form of
// a template written for the check (every input type, a disabled cell, a cell with its own
// validation message, the functions Excel added after 2007, two add-new-rows tabs) exported through
// the protocol and read by openpyxl (formula texts with `_xlfn.`, each input's validation, locks and
// protection, room for added lines, a defined name per data cell), then opened, recalculated and
// saved by LibreOffice headless: it computes what the export cached, shows no #NAME?, and keeps the
// names, locks, protection and validations. Lines typed into the room below an add-new-rows tab's
// data rows are imported.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlDateTime } from '../../engine/db/clock.js';
import { cellCode } from '../filing/cell-codes.js';
import { checkTemplate } from '../filing/template-check.js';
import type { Cell, FormProperties } from '../filing/template-schema.js';
import { recordsetObjects, type EnvelopeValue, type RecordsetValue } from '../../engine/protocol/envelope.js';
import { formulaResults, resaveWorkbook } from '../../engine/testing/libreoffice.js';
import { ok, readBack } from '../../engine/testing/record-calls.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { DEFAULT_LINES } from './form-export/line-room.js';
import { readWithOpenpyxl, type PyBook } from './form-export/testing/openpyxl.js';
import { JobWorker } from '../../engine/jobs/job-worker.js';
import { download, textOf, type JobStatus } from '../../engine/jobs/testing/export-kit.js';
import { attachUploads } from '../../engine/jobs/testing/import-uploads.js';
import { formWords } from './form-import/testing/form-words.js';

const ITEM = 'XLI01';
const CALENDAR_GROUP = 80;
const code = (tab: string, n: number) => cellCode(ITEM, tab, n);

// Tab IN: one input of each kind in column B (rows 2–11), then formulas (rows 12–). Codes by row.
const INPUTS: [string, Cell][] = [
  ['Count', { editor: 'numeric' }],
  ['Rate', { editor: 'numeric', scale: 4, precision: 10 }],
  ['Amount', { editor: 'currency' }],
  ['Start', { editor: 'date' }],
  ['End', { editor: 'date' }],
  ['At', { editor: 'time' }],
  ['Name', { editor: 'text', label_map: 'Entity name' }],
  ['Period', { editor: 'dropdown', listgroup: CALENDAR_GROUP }],
  ['Closed', { editor: 'numeric', disabled: true }],
  ['Checked', { editor: 'numeric', validations: '=rc(0,0)>=0', validationmsg: 'Enter zero or more.' }],
];
const IN = (row: number) => code('01', row - 1);
const LINE = (col: number) => code('02', col + 1);
const NOTE = code('03', 1);
// A sheet name with an apostrophe: quoted and doubled in formulas and defined names.
const NOTES = "MGR'S NOTES";
// The formulas, each with the newer functions it uses (written `_xlfn.NAME` in the file).
const FORMULAS: [string, string, string[]][] = [
  ['Spread', `=STDEV.S(col(${LINE(2)}))`, ['STDEV.S']],
  ['Band', `=IFS(cell(${IN(2)})>10,1,cell(${IN(2)})>5,2,TRUE,3)`, ['IFS']],
  ['Days', `=DAYS(cell(${IN(6)}),cell(${IN(5)}))`, ['DAYS']],
  ['Found', `=IFNA(MATCH(99,col(${LINE(2)}),0),-1)`, ['IFNA']],
  ['Either', `=IF(XOR(cell(${IN(2)})>5,cell(${IN(3)})>2),1,0)`, ['XOR']],
  ['Pick', `=SWITCH(cell(${IN(2)}),7,70,8,80,0)`, ['SWITCH']],
  ['Largest', `=MAXIFS(col(${LINE(2)}),col(${LINE(1)}),">1")`, ['MAXIFS']],
  ['Smallest', `=MINIFS(col(${LINE(2)}),col(${LINE(1)}),">1")`, ['MINIFS']],
  ['Variance', `=VAR.S(col(${LINE(2)}))+VAR.P(col(${LINE(2)}))+STDEV.P(col(${LINE(2)}))`, ['VAR.S', 'VAR.P', 'STDEV.P']],
  ['Joined', `=LEN(TEXTJOIN("-",TRUE,cell(${IN(8)}),"x"))`, ['TEXTJOIN']],
  ['Bounds', `=CEILING.MATH(cell(${IN(3)})*10)+FLOOR.MATH(cell(${IN(3)})*10)`, ['CEILING.MATH', 'FLOOR.MATH']],
  ['Week', `=ISOWEEKNUM(cell(${IN(5)}))`, ['ISOWEEKNUM']],
  ['Total', `=SUM(cell(${IN(2)}):cell(${IN(4)}))+SUM(col(${LINE(3)}))`, []],
  ['Notes', `=COUNTA(col(${NOTE}))`, []],
];
const FIRST_FORMULA_ROW = INPUTS.length + 2;
const LINES_MAX = 10;

function interopTemplate(): FormProperties {
  const label = (value: string): Cell => ({ value });
  const inputs = INPUTS.map(([name, cell], i) => [label(name), { ...cell, code: IN(i + 2) }]);
  const formulas = FORMULAS.map(([name, formula], i) => [label(name), { editor: 'formula' as const, formula, scale: 4, code: IN(FIRST_FORMULA_ROW + i) }]);
  return {
    id: 'XLI-01',
    title: 'Interchange check',
    items: [
      { id: '01', title: 'IN', display_name: 'Inputs', type: 'normal', header: { top: 1, left: 1, items: [[label('Item'), label('Value')]] }, items: [...inputs, ...formulas] },
      {
        id: '02', title: 'LINES', display_name: 'Lines', type: 'add-new-rows', maxrowsize: LINES_MAX,
        header: { top: 1, left: 0, items: [[label('Item'), label('Quantity'), label('Amount'), label('Total')]] },
        items: [[
          { editor: 'text', code: LINE(0) },
          { editor: 'numeric', code: LINE(1) },
          { editor: 'numeric', scale: 2, code: LINE(2) },
          { editor: 'formula', formula: '=rc(0,-2)*rc(0,-1)', scale: 2, code: LINE(3) },
        ]],
      },
      { id: '03', title: NOTES, display_name: 'Notes', type: 'add-new-rows', header: { top: 1, left: 0, items: [[label('Note')]] }, items: [[{ editor: 'text', code: NOTE }]] },
    ],
  };
}

const rowsOf = (values: EnvelopeValue[]) => recordsetObjects(ok(values)[0] as RecordsetValue);
const round = (n: number, scale: number) => Math.round(n * 10 ** scale) / 10 ** scale;

describe.each(await testDialects())('Excel exports other programs read as we do, on %s', (dialect) => {
  let t: TestEngine;
  let preparer: string;
  let worker: JobWorker;
  let form: number;
  let periods: string[];
  let exported: Buffer;
  let book: PyBook;

  beforeAll(async () => {
    t = await startTestEngine(dialect, { JOB_CONCURRENCY: '0' });
    worker = new JobWorker({ services: t.engine.services, concurrency: 1, pollMs: 3_600_000, leaseMs: 60_000, maxAttempts: 3, keepHours: 24 });
    preparer = await t.sessionFor('preparer');
    const db = t.database.db;
    const checked = checkTemplate(interopTemplate(), { itemcode: ITEM, listGroups: [CALENDAR_GROUP] });
    if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
    const createon = sqlDateTime();
    const properties = JSON.stringify(checked.template);
    const etlproperties = JSON.stringify(checked.extracts);
    await db('formtemplate').insert({ code: 'XLI-01', name: 'Interchange check', itemcode: ITEM, properties, etlproperties, version: 1, state: 33, createon });
    const template = Number((await db('formtemplate').where({ code: 'XLI-01' }).first('id')).id);
    await db('formtemplate_version').insert({ template, version: 1, properties, etlproperties, createon });
    await db('formbatch').insert({ re: 1, name: 'Interchange', endon: '2026-01-31', duedate: '2026-02-15', state: 13, frozen_ind: false, createon });
    const batch = Number((await db('formbatch').max({ id: 'id' }))[0].id);
    await db('form').insert({ code: 'XLI-01', name: 'Interchange check', re: 1, formbatch: batch, state: 13, formtemplate: template, templateversion: 1, endon: '2026-01-31', createon });
    form = Number((await db('form').max({ id: 'id' }))[0].id);
    periods = (await db('list').where({ listgroup: CALENDAR_GROUP }).andWhere((q) => q.where('state', 33).orWhereNull('state')).orderBy('displayorder').pluck('name')).map(String);
    const at = (tab: string, address: string, value: unknown) => ({ tab, address, value });
    readBack(await t.call('Form.saveData', [{
      form, updatectr: 1, cells: [
        at('01', 'B2', 7), at('01', 'B3', '1.2345'), at('01', 'B4', '1,500.50'), at('01', 'B5', '28-02-2024'), at('01', 'B6', '01-03-2024'),
        at('01', 'B7', '14:30'), at('01', 'B8', 'Acme'), at('01', 'B9', periods[0]), at('01', 'B11', 5),
        at('02', 'A2', 'first'), at('02', 'B2', 1), at('02', 'C2', '10.5'),
        at('02', 'A3', 'second'), at('02', 'B3', 2), at('02', 'C3', '20.25'),
        at('02', 'A4', 'third'), at('02', 'B4', 3), at('02', 'C4', 30),
        at('03', 'A2', 'A note'),
      ],
    }], preparer));
    const id = Number(textOf(await t.call('Job.ExportToExcel.submit', [{ form_id: form }], preparer)));
    expect(await worker.drain()).toBe(1);
    const status = JSON.parse(textOf(await t.call('Job.ExportToExcel.status', [{ id }], preparer))) as JobStatus;
    expect(status.state).toBe(71);
    exported = (await download(t, status.result!, preparer)).rawPayload;
    book = await readWithOpenpyxl(exported, ['LINES!A5', 'LINES!C11', 'LINES!D5', 'LINES!A12', `${NOTES}!A3`, `${NOTES}!A${DEFAULT_LINES + 1}`, `${NOTES}!A${DEFAULT_LINES + 2}`]);
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  const sheet = (name: string) => book.sheets.find((s) => s.name === name)!;

  it('writes newer functions with their _xlfn. prefix, as Excel writes them', () => {
    const cells = sheet('IN').cells;
    FORMULAS.forEach(([name, , newer], i) => {
      const text = String(cells[`B${FIRST_FORMULA_ROW + i}`].value);
      for (const fn of newer) expect(text, name).toContain(`_xlfn.${fn}(`);
      expect(text.replace(/_xlfn\.[A-Z.]+\(/g, ''), name).not.toMatch(/STDEV\.S|IFS\(|DAYS\(|IFNA|XOR|SWITCH|MAXIFS|MINIFS|VAR\.|STDEV\.P|TEXTJOIN|\.MATH|ISOWEEKNUM/);
    });
    expect(cells[`B${FIRST_FORMULA_ROW + 2}`].value).toBe('=_xlfn.DAYS(B6,B5)');
    expect(cells[`B${FIRST_FORMULA_ROW + FORMULAS.length - 1}`].value).toBe("=COUNTA('MGR''S NOTES'!A2:A2)");
    expect(cells[`B${FIRST_FORMULA_ROW}`].value).toBe("=_xlfn.STDEV.S('LINES'!C2:C4)");
  });

  it('gives each input cell its type as a data validation with the cell’s message, and formula, label and disabled cells none', () => {
    const byCell = new Map(sheet('IN').validations.flatMap((v) => v.sqref.split(' ').map((r) => [r, v] as const)));
    const view = (address: string) => {
      const v = byCell.get(address);
      return v && [v.type, v.operator, v.formula, v.formula2, v.error, v.prompt];
    };
    expect(view('B2')).toEqual(['whole', null, '-9999999999999999999', '9999999999999999999', 'Enter a whole number, such as 1,234.', null]);
    expect(view('B3')).toEqual(['decimal', null, '-999999.9999', '999999.9999', 'Enter a number, such as 1,234.56.', null]);
    expect(view('B4')).toEqual(['decimal', null, '-99999999999999999.99', '99999999999999999.99', 'Enter a number, such as 1,234.56.', null]);
    expect(byCell.get('B5:B6') && view('B5:B6')).toEqual(['date', null, '2', '2958465', 'Enter a date as dd-mm-yyyy, such as 31-12-2025.', null]);
    expect(view('B7')).toEqual(['time', null, '0', String(86399 / 86400), 'Enter a time as hh:mm (24-hour), such as 14:30.', null]);
    expect(view('B8')).toEqual(['textLength', 'lessThanOrEqual', '4000', null, 'Enter at most 4000 characters.', 'Entity name']);
    expect(view('B9')).toEqual(['list', null, `"${periods.join(',')}"`, null, 'Choose one of the listed values.', null]);
    expect(view('B11')).toEqual(['whole', null, '-9999999999999999999', '9999999999999999999', 'Enter zero or more.', null]);
    // The disabled cell and every formula have none; every validation stops a wrong value and allows a blank.
    const ranges = [...byCell.keys()];
    expect(ranges.sort()).toEqual(['B2', 'B3', 'B4', 'B5:B6', 'B7', 'B8', 'B9', 'B11'].sort());
    expect(sheet('IN').validations.every((v) => v.allowBlank && v.showErrorMessage && v.errorStyle === 'stop')).toBe(true);
  });

  it('protects every tab with exactly its input cells unlocked, and room for added lines down to the tab’s maximum', () => {
    const inSheet = sheet('IN');
    for (let row = 2; row < FIRST_FORMULA_ROW + FORMULAS.length; row++) {
      const input = row < FIRST_FORMULA_ROW && row !== 10;
      expect(inSheet.cells[`B${row}`]?.locked ?? true, `B${row}`).toBe(!input);
      if (inSheet.cells[`A${row}`]) expect(inSheet.cells[`A${row}`].locked, `A${row}`).toBe(true);
    }
    expect(inSheet.cells.A1.locked).toBe(true);
    expect(book.sheets.filter((s) => !s.name.startsWith('_')).map((s) => [s.name, s.protected, s.protection.password, s.protection.formatColumns, s.protection.selectLockedCells, s.protection.insertRows])).toEqual([
      ['IN', true, false, false, false, true],
      ['LINES', true, false, false, false, false],
      [NOTES, true, false, false, false, false],
    ]);
    const lines = sheet('LINES');
    expect(lines.cells.A2.locked).toBe(false);
    expect(lines.cells.D2.locked).toBe(true);
    // Rows 5–11: room for lines 4–10 (the tab's maximum); its formula column and row 12 locked.
    expect(book.locked).toMatchObject({ 'LINES!A5': false, 'LINES!C11': false, 'LINES!D5': true, 'LINES!A12': true });
    expect(lines.validations.map((v) => [v.type, v.sqref])).toEqual([['textLength', 'A2:A11'], ['whole', 'B2:B11'], ['decimal', 'C2:C11']]);
    // A tab without a maximum: room down to DEFAULT_LINES lines.
    expect(book.locked).toMatchObject({ [`${NOTES}!A3`]: false, [`${NOTES}!A${DEFAULT_LINES + 1}`]: false, [`${NOTES}!A${DEFAULT_LINES + 2}`]: true });
    expect(sheet(NOTES).validations.map((v) => v.sqref)).toEqual([`A2:A${DEFAULT_LINES + 1}`]);
  });

  it('names every data cell RP_<code>, workbook-wide, at its place (an add-new-rows cell at its first data row)', () => {
    const expected: Record<string, [string, string][]> = {};
    INPUTS.forEach((_, i) => (expected[`RP_${IN(i + 2)}`] = [['IN', `$B$${i + 2}`]]));
    FORMULAS.forEach((_, i) => (expected[`RP_${IN(FIRST_FORMULA_ROW + i)}`] = [['IN', `$B$${FIRST_FORMULA_ROW + i}`]]));
    ['A', 'B', 'C', 'D'].forEach((col, i) => (expected[`RP_${LINE(i)}`] = [['LINES', `$${col}$2`]]));
    expected[`RP_${NOTE}`] = [[NOTES, '$A$2']];
    expect(book.names).toEqual(expected);
  });

  it('is recomputed by LibreOffice to the values the export cached, without #NAME?, and keeps its names, locks and validations', async () => {
    const ours = new ExcelJS.Workbook();
    await ours.xlsx.load(exported as unknown as ArrayBuffer);
    const back = await resaveWorkbook(exported);
    const theirs = await formulaResults(back);
    const cached = (sheetName: string, address: string) => {
      const v = ours.getWorksheet(sheetName)!.getCell(address).value as ExcelJS.CellFormulaValue;
      return v.result;
    };
    const compared: string[] = [];
    for (const [name, results] of theirs) {
      if (name.startsWith('_')) continue;
      for (const [address, result] of results) {
        expect(result, `${name}!${address}`).not.toEqual({ error: '#NAME?' });
        expect(typeof result, `${name}!${address} ${JSON.stringify(result)}`).toBe('number');
        const scale = name === 'IN' ? 4 : 2;
        expect(round(result as number, scale), `${name}!${address}`).toBe(cached(name, address));
        compared.push(`${name}!${address}`);
      }
    }
    // Every formula of the form: the IN tab's and the three lines' totals.
    expect(compared.sort()).toEqual([...FORMULAS.map((_, i) => `IN!B${FIRST_FORMULA_ROW + i}`), 'LINES!D2', 'LINES!D3', 'LINES!D4'].sort());
    // The names survive a program that rewrites the file.
    const reread = await readWithOpenpyxl(back, Object.keys(book.locked));
    expect(reread.names).toEqual(book.names);
    // So do the locks, each tab's protection and every validation with its message and prompt.
    expect(reread.locked).toEqual(book.locked);
    // (LibreOffice writes a bound as a double: -1E+019 for -9999999999999999999.)
    const bound = (f: string) => (Number.isFinite(Number(f)) ? Number(f) : f);
    const guards = (b: PyBook) => b.sheets.filter((s) => !s.name.startsWith('_')).map((s) => [s.name, s.protected, s.protection, s.validations.map((v) => [v.sqref, v.type, bound(v.formula), v.error, v.prompt]).sort()]);
    expect(guards(reread)).toEqual(guards(book));
  });

  it('imports the lines an entity types into the room for added lines', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported as unknown as ArrayBuffer);
    const lines = wb.getWorksheet('LINES')!;
    [['fourth', 4, 1.5], ['fifth', 5, 2]].forEach((line, i) => line.forEach((value, c) => (lines.getCell(5 + i, c + 1).value = value)));
    const id = Number(readBack(await t.call('Record.create', [{ module: 'RE-ExcelImport', fields: ['name', 'reportingentity', 'importtype'], values: ['Added lines', 1, 1100855], read: ['id'] }], preparer)).id);
    await attachUploads(t.database.db, t.engine.services.config, id, [{ name: 'lines.xlsx', bytes: Buffer.from(await wb.xlsx.writeBuffer()) }]);
    textOf(await t.call('Job.ImportFromExcel.submit', [{ excelimport_id: id }], preparer));
    await worker.drain();
    const record = rowsOf(await t.call('Record.select', [{ module: 'RE-ExcelImport', fields: ['state', 'description'], where: [['id', '=', id]] }], preparer))[0];
    expect([Number(record.state), record.description]).toEqual([71, `lines.xlsx: 6 cells written into ${formWords(form, 'XLI-01 Interchange check')}.`]);
    const cells = rowsOf(await t.call('Form.getData', [{ form }], preparer)).filter((c) => c.tab === '02');
    const value = (address: string) => cells.find((c) => c.address === address)?.value;
    expect(['A5', 'B5', 'C5', 'D5', 'A6', 'D6'].map(value)).toEqual(['fourth', '4', '1.50', '6.00', 'fifth', '10.00']);
  });
});
