// The values an import reads from a workbook are the values exceljs' full reader gives, read
// from the package rebuilt for the streaming reader (workbook-values.ts).
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { guardWorkbook } from './zip-guard.js';
import { readWorkbookSheets, streamable, streamWorkbookValues, valuesOfSheets, valuesOfWorkbook, type WorkbookValues } from './workbook-values.js';
import { zipOf } from './testing/contract-workbook.js';

async function sampleWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('T01');
  ws.getCell('B2').value = 1234.5;
  ws.getCell('B3').value = new Date(Date.UTC(2025, 0, 31));
  ws.getCell('B3').numFmt = 'dd-mm-yyyy';
  ws.getCell('B4').value = { richText: [{ text: 'plain ' }, { text: 'bold', font: { bold: true } }] };
  ws.getCell('B5').value = { formula: 'B2*2', result: 2469 };
  ws.getCell('B6').value = true;
  ws.getCell('B7').value = { error: '#N/A' } as ExcelJS.CellErrorValue;
  ws.getCell('D40').value = 'last row';
  wb.addWorksheet('T02').getCell('A1').value = 'second sheet';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A cell's value as the import uses it: rich text by its text (its runs' fonts aside). */
const comparable = (v: ExcelJS.CellValue) => (v && typeof v === 'object' && 'richText' in v ? v.richText.map((r) => r.text).join('') : v);

function cellsOf(values: WorkbookValues, sheet: string, addresses: string[]) {
  return addresses.map((a) => comparable(values.sheet(sheet)!.value(a)));
}

describe('the values of an uploaded workbook', () => {
  it('are what the full reader gives: numbers, dates, rich text, formulas, booleans, errors and blanks, with the last row', async () => {
    const bytes = await sampleWorkbook();
    const streamed = (await streamWorkbookValues(guardWorkbook(bytes, 'sample.xlsx')))!;
    const whole = new ExcelJS.Workbook();
    await whole.xlsx.load(bytes as unknown as ArrayBuffer);
    const full = valuesOfWorkbook(whole);
    const addresses = ['B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'C3', 'D40'];
    expect(cellsOf(streamed, 'T01', addresses)).toEqual(cellsOf(full, 'T01', addresses));
    expect(cellsOf(streamed, 'T01', ['B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'C3'])).toEqual([1234.5, new Date(Date.UTC(2025, 0, 31)), 'plain bold', { formula: 'B2*2', result: 2469 }, true, { error: '#N/A' }, null]);
    expect(streamed.sheet('T01')!.rowCount).toBe(40);
    expect(streamed.sheet('T02')!.value('A1')).toBe('second sheet');
    expect(streamed.sheet('t02')).toBeUndefined();
  });

  it('reads workbooks whose entry sizes follow their data, every time', async () => {
    // exceljs' writer stores sizes after the data; the reader's own zip parser once failed on some.
    for (let i = 0; i < 20; i++) {
      const bytes = await sampleWorkbook();
      const parts = guardWorkbook(bytes, 'sample.xlsx');
      expect(streamable(parts)).toBe(true);
      const values = valuesOfSheets(await readWorkbookSheets(bytes, parts));
      expect(values.sheet('T01')!.value('B2')).toBe(1234.5);
    }
  });

  it('reads a workbook without shared strings or styles', async () => {
    const bytes = zipOf({
      '[Content_Types].xml': '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
      'xl/workbook.xml': '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="T01" sheetId="1" r:id="rId1"/></sheets></workbook>',
      'xl/_rels/workbook.xml.rels': '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      'xl/worksheets/sheet1.xml': '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="3"><c r="C3"><v>42</v></c><c r="D3" t="inlineStr"><is><t>inline</t></is></c></row></sheetData></worksheet>',
    });
    const values = (await streamWorkbookValues(guardWorkbook(bytes, 'bare.xlsx')))!;
    expect(values.sheet('T01')!.value('C3')).toBe(42);
    expect(values.sheet('T01')!.rowCount).toBe(3);
  });

  it('sends a workbook to the full reader when a sheet part is named otherwise or a sheet cannot be named', async () => {
    const parts = (names: string[]) => names.map((name) => ({ name, bytes: () => Buffer.alloc(0) }));
    expect(streamable(parts(['xl/workbook.xml', 'xl/worksheets/sheet1.xml', 'xl/worksheets/_rels/sheet1.xml.rels']))).toBe(true);
    expect(streamable(parts(['xl/workbook.xml', 'xl/worksheets/Data.xml']))).toBe(false);
    // A relationship with an absolute target: the streaming reader finds no name for the sheet.
    const bytes = zipOf({
      '[Content_Types].xml': '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
      'xl/workbook.xml': '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="T01" sheetId="1" r:id="rId1"/></sheets></workbook>',
      'xl/_rels/workbook.xml.rels': '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/sheet1.xml"/></Relationships>',
      'xl/worksheets/sheet1.xml': '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1"><v>7</v></c></row></sheetData></worksheet>',
    });
    expect(await streamWorkbookValues(guardWorkbook(bytes, 'absolute.xlsx'))).toBeNull();
  });
});
