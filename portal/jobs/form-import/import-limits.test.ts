// The size of an uploaded workbook is checked on its zip, before any reader builds a row: sheets,
// rows and cells a sheet, bytes unpacked, each refused with a message naming the limit.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../fastify.config.js';
import { importLimits } from './run-import.js';
import { DEFAULT_ZIP_LIMITS, guardWorkbook, sheetSize } from './zip-guard.js';
import { zipOf } from './testing/contract-workbook.js';

const CONTENT_TYPES = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';
const WORKBOOK = '<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="01" sheetId="1" r:id="rId1"/><sheet name="Notes &amp; more" sheetId="2" r:id="rId2"/></sheets></workbook>';
const RELS = '<Relationships><Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="worksheet" Target="/xl/worksheets/sheet2.xml"/></Relationships>';

/** A sheet of `rows` rows of `cols` cells, then (when `broken`) XML no parser would read. */
function sheetXml(rows: number, cols: number, broken = false): Buffer {
  const out: string[] = ['<worksheet><dimension ref="A1:A1"/><cols><col min="1" max="2"/></cols><sheetData>'];
  for (let r = 1; r <= rows; r++) {
    out.push(`<row r="${r}">`);
    for (let c = 0; c < cols; c++) out.push(`<c r="${String.fromCharCode(65 + c)}${r}"><v>${r}</v></c>`);
    out.push('</row>');
  }
  out.push(broken ? '</sheetData><<<not xml' : '</sheetData><conditionalFormatting><cfRule/></conditionalFormatting></worksheet>');
  return Buffer.from(out.join(''));
}

const workbook = (sheet1: Buffer, sheet2: Buffer = sheetXml(1, 1)) =>
  zipOf({ '[Content_Types].xml': CONTENT_TYPES, 'xl/workbook.xml': WORKBOOK, 'xl/_rels/workbook.xml.rels': RELS, 'xl/worksheets/sheet1.xml': sheet1, 'xl/worksheets/sheet2.xml': sheet2 });

describe('the limits of an imported workbook', () => {
  it('counts rows and cells from the sheet XML, whatever its dimension says, and not <col> or <cfRule>', () => {
    expect(sheetSize(sheetXml(3, 2))).toEqual({ rows: 3, cells: 6 });
  });

  it('refuses a sheet with more rows than the limit by its name, before reading it (its XML would not even parse)', () => {
    const bytes = workbook(sheetXml(250_000, 1, true));
    expect(() => guardWorkbook(bytes, 'big.xlsx')).toThrow('Sheet "01" has 250,000 rows; an import takes at most 110,000 rows per sheet.');
  });

  it('refuses a sheet with more cells than the limit, naming the sheet as the workbook shows it', () => {
    const bytes = workbook(sheetXml(1, 1), sheetXml(20, 5));
    expect(() => guardWorkbook(bytes, 'wide.xlsx', { ...DEFAULT_ZIP_LIMITS, maxCells: 99 })).toThrow('Sheet "Notes & more" has 100 cells; an import takes at most 99 cells per sheet.');
  });

  it('refuses a workbook with more sheets, or more unpacked bytes, than the limits', () => {
    const bytes = workbook(sheetXml(10, 1));
    expect(() => guardWorkbook(bytes, 'many.xlsx', { ...DEFAULT_ZIP_LIMITS, maxSheets: 1 })).toThrow('many.xlsx has 2 sheets; an import takes at most 1 sheets per workbook.');
    expect(() => guardWorkbook(bytes, 'many.xlsx', { ...DEFAULT_ZIP_LIMITS, maxTotal: 1024 * 1024, maxEntry: 1024 * 1024 })).not.toThrow();
    expect(() => guardWorkbook(bytes, 'many.xlsx', { ...DEFAULT_ZIP_LIMITS, maxTotal: 500 })).toThrow(/once unpacked; an import takes at most that/);
  });

  it('passes a workbook within every limit', () => {
    expect(guardWorkbook(workbook(sheetXml(100, 3)), 'fine.xlsx').map((p) => p.name)).toContain('xl/worksheets/sheet1.xml');
  });

  it('are configuration: IMPORT_MAX_SHEETS, IMPORT_MAX_ROWS, IMPORT_MAX_CELLS and IMPORT_MAX_UNPACKED_MB, the format\'s largest form by default', () => {
    expect(importLimits(loadConfig({}))).toMatchObject({ maxSheets: 120, maxRows: 110_000, maxCells: 1_000_000, maxTotal: 200 * 1024 * 1024 });
    const set = importLimits(loadConfig({ IMPORT_MAX_SHEETS: '12', IMPORT_MAX_ROWS: '20000', IMPORT_MAX_CELLS: '300000', IMPORT_MAX_UNPACKED_MB: '50' }));
    expect(set).toMatchObject({ maxSheets: 12, maxRows: 20_000, maxCells: 300_000, maxTotal: 50 * 1024 * 1024 });
    expect(() => guardWorkbook(workbook(sheetXml(20_001, 1)), 'big.xlsx', set)).toThrow('Sheet "01" has 20,001 rows; an import takes at most 20,000 rows per sheet.');
  });
});
