// The cell values of an uploaded workbook: all that an import reads from it (docs/excel.md). They
// are read with exceljs' streaming reader, which keeps only the values. The full model builds a
// Cell with its style for each of a large form's 115,000 cells. Over a batch of 20 such
// workbooks, the full model raised the engine's peak by 160 MB; values alone raised it by 66 MB.
//
// The streaming reader is not given the upload itself. Its zip parser reads entries in the order
// they are stored. Where a size follows the data (as exceljs and other streaming writers store
// it), it finds the end of an entry by searching for a signature that compressed bytes can also
// hold, and it has failed on such files now and then. It also parses a sheet at once only when
// the shared strings, the workbook part, its relationships and the styles came before it (a date
// is a number with a date format); otherwise it parks the sheet in a temporary file. So the reader
// gets a package rebuilt from the parts that passed zip-guard.ts: just the parts it reads, stored
// uncompressed with their sizes up front, in the order it needs them. A sheet part it would not
// recognise, or a sheet it cannot name, sends the workbook to exceljs' full reader instead.
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';
import { endOfDirectory, localHeader, type PackagePart } from './zip-guard.js';

export interface SheetValues {
  value(address: string): ExcelJS.CellValue;
  /** The value at sheet row `row` (1-based) and column `col` (0-based, A = 0): no address to build. */
  at(row: number, col: number): ExcelJS.CellValue;
  /** The last row that holds a cell. */
  readonly rowCount: number;
}

export interface WorkbookValues {
  /** The sheet of that exact name (as exceljs' getWorksheet finds it). */
  sheet(name: string): SheetValues | undefined;
}

/** The values of a workbook exceljs has read whole. */
export function valuesOfWorkbook(wb: ExcelJS.Workbook): WorkbookValues {
  return {
    sheet(name) {
      const ws = wb.getWorksheet(name);
      return ws ? { value: (address) => ws.getCell(address).value, at: (row, col) => ws.getCell(row, col + 1).value, rowCount: ws.rowCount } : undefined;
    },
  };
}

const SHEET_PART = /^xl\/worksheets\/sheet\d+\.xml$/;
const isSheetPart = (name: string) => name.startsWith('xl/worksheets/') && !name.startsWith('xl/worksheets/_rels/') && name.endsWith('.xml');
/** What the reader reads before any sheet, in this order. */
const LEAD_PARTS = ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/sharedStrings.xml'];
/** Without shared strings the reader would park every sheet: an empty table stands in. */
const NO_SHARED_STRINGS = Buffer.from('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>');

/** Whether the streaming reader can read every sheet of this package (it reads only `sheet{n}.xml` parts). */
export function streamable(parts: readonly PackagePart[]): boolean {
  return parts.every((p) => !isSheetPart(p.name) || SHEET_PART.test(p.name));
}

/** Slices the reader is fed: its XML parser turns a whole chunk into rows at once, so a sheet given in one piece would be held as objects whole. */
const CHUNK = 64 * 1024;

function* storedEntry(name: string, data: Buffer): Generator<Buffer> {
  const nameBytes = Buffer.from(name, 'utf8');
  yield localHeader({ nameLength: nameBytes.length, method: 0, crc: crc32(data), compressed: data.length, size: data.length });
  yield nameBytes;
  for (let at = 0; at < data.length; at += CHUNK) yield data.subarray(at, at + CHUNK);
}

/** The package the reader is given: the parts it reads, stored, in its order; each inflated only as the reader gets to it. */
function readerPackage(parts: readonly PackagePart[]): Readable {
  const byName = new Map(parts.map((p) => [p.name, p]));
  const sheets = parts.filter((p) => SHEET_PART.test(p.name));
  return Readable.from(
    (function* () {
      for (const name of LEAD_PARTS) {
        const part = byName.get(name);
        if (part) yield* storedEntry(name, part.bytes());
        else if (name === 'xl/sharedStrings.xml') yield* storedEntry(name, NO_SHARED_STRINGS);
      }
      for (const sheet of sheets) yield* storedEntry(sheet.name, sheet.bytes());
      // No central directory: the reader does not need one.
      yield endOfDirectory(0, 0, 0);
    })(),
    { objectMode: false },
  );
}

/** A sheet's values by row (1-based), each row's by column (0-based): no key string per cell. Plain data: it crosses a thread. */
export interface ReadSheet {
  rows: Map<number, ExcelJS.CellValue[]>;
  rowCount: number;
}

const ADDRESS = /^([A-Z]{1,3})([1-9][0-9]{0,6})$/;

/** `B12` → row 12, column 1; null for anything else. */
function rowCol(address: string): { row: number; col: number } | null {
  const m = ADDRESS.exec(address);
  if (!m) return null;
  let col = 0;
  for (let i = 0; i < m[1].length; i++) col = col * 26 + (m[1].charCodeAt(i) - 64);
  return { row: Number(m[2]), col: col - 1 };
}

/**
 * Whether the reader named every sheet part from the workbook: it matches a part to its sheet
 * only through a relationship whose target is exactly `worksheets/sheet{n}.xml`, and calls a
 * sheet it cannot match `Sheet{n}`, a name a real sheet may also have.
 */
function everySheetNamed(reader: ExcelJS.stream.xlsx.WorkbookReader, sheetParts: readonly string[]): boolean {
  const internals = reader as unknown as { workbookRels?: { Id: string; Target: string }[]; model?: { sheets?: { rId: string }[] } };
  const sheetIds = new Set((internals.model?.sheets ?? []).map((s) => s.rId));
  return sheetParts.every((part) => (internals.workbookRels ?? []).some((rel) => rel.Target === part.slice('xl/'.length) && sheetIds.has(rel.Id)));
}

/**
 * Reads the values of the workbook's sheets with the streaming reader, by sheet name. Answers
 * null when a sheet cannot be named that way (`everySheetNamed`); the caller then reads the
 * workbook whole.
 */
export async function streamSheets(parts: readonly PackagePart[]): Promise<Map<string, ReadSheet> | null> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(readerPackage(parts), { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
  const sheets = new Map<string, ReadSheet>();
  for await (const ws of reader) {
    const sheet: ReadSheet = { rows: new Map(), rowCount: 0 };
    for await (const row of ws) {
      let values: ExcelJS.CellValue[] | undefined;
      row.eachCell((cell, col) => {
        values ??= [];
        values[col - 1] = cell.value;
      });
      if (values) sheet.rows.set(row.number, values);
      sheet.rowCount = Math.max(sheet.rowCount, row.number);
    }
    const name = (ws as unknown as { name: string }).name;
    if (!sheets.has(name)) sheets.set(name, sheet);
  }
  return everySheetNamed(reader, parts.filter((p) => SHEET_PART.test(p.name)).map((p) => p.name)) ? sheets : null;
}

/** The values of a workbook exceljs has read whole, as the streaming reader gives them. */
export function sheetsOfWorkbook(wb: ExcelJS.Workbook): Map<string, ReadSheet> {
  const sheets = new Map<string, ReadSheet>();
  for (const ws of wb.worksheets) {
    const sheet: ReadSheet = { rows: new Map(), rowCount: ws.rowCount };
    ws.eachRow((row, number) => {
      const values: ExcelJS.CellValue[] = [];
      row.eachCell((cell, col) => {
        values[col - 1] = cell.value;
      });
      sheet.rows.set(number, values);
    });
    if (!sheets.has(ws.name)) sheets.set(ws.name, sheet);
  }
  return sheets;
}

/** The values of sheets read by name (streamSheets, sheetsOfWorkbook), as the import asks for them. */
export function valuesOfSheets(sheets: ReadonlyMap<string, ReadSheet>): WorkbookValues {
  return {
    sheet(name) {
      const s = sheets.get(name);
      if (!s) return undefined;
      const at = (row: number, col: number) => s.rows.get(row)?.[col] ?? null;
      return {
        value: (address) => {
          const rc = rowCol(address);
          return rc ? at(rc.row, rc.col) : null;
        },
        at,
        rowCount: s.rowCount,
      };
    },
  };
}

/** Reads the values of the workbook with the streaming reader; null as for streamSheets. */
export async function streamWorkbookValues(parts: readonly PackagePart[]): Promise<WorkbookValues | null> {
  const sheets = await streamSheets(parts);
  return sheets && valuesOfSheets(sheets);
}

/** The whole workbook, as exceljs reads it: for what needs more than values (a marked copy). */
export async function loadWholeWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}

/** The workbook's values by sheet, as plain data: streamed when its parts allow (`streamable`), else read whole. */
export async function readWorkbookSheets(bytes: Buffer, parts: readonly PackagePart[]): Promise<Map<string, ReadSheet>> {
  const streamed = streamable(parts) ? await streamSheets(parts) : null;
  return streamed ?? sheetsOfWorkbook(await loadWholeWorkbook(bytes));
}
