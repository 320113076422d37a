// Test support: a workbook as the workbook contract describes it (docs/excel.md), built with
// exceljs — one sheet per tab named by its code, cells at their template addresses, and the
// veryHidden `_regportal` map — so import tests need not wait for the export. Also the
// hostile files the import must refuse.
import ExcelJS from 'exceljs';
import { crc32, deflateRawSync } from 'node:zlib';
import { endOfDirectory, localHeader } from '../zip-guard.js';
import type { Tab } from '../../../filing/template-schema.js';
import { columnLetter, tabCells } from '../../../filing/template-grid.js';
import { MAP_SHEET, tabSheetNames } from '../../form-export/sheet-names.js';

export interface ContractCell {
  tab: string;
  address: string;
  code: string;
  type: string;
  /** What the user typed: a number, text, a Date, or `{ formula }`. */
  value: ExcelJS.CellValue;
}

/**
 * The workbook: each tab's labels where the export writes them (headings, the labels of each
 * line, on an add-new-rows tab of its first line; a summary as if the tab had `lines` lines), the
 * cells given, and the map unless `withoutMap`.
 */
export async function contractWorkbook(opts: { form: number | null; template: string; version: number; tabs: readonly Tab[]; cells: readonly ContractCell[]; withoutMap?: boolean; lines?: Record<string, number> }): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const names = new Map(tabSheetNames(opts.tabs).map((name, i) => [opts.tabs[i].id, name]));
  opts.tabs.forEach((tab, t) => {
    const ws = wb.addWorksheet(names.get(tab.id)!);
    const top = tab.header.items.length;
    const body = tab.type === 'add-new-rows' ? Math.max(1, opts.lines?.[tab.id] ?? 1) : tab.items.length;
    for (const p of tabCells(tab, t)) {
      if (p.data || p.covered || p.cell.value === undefined || p.cell.value === '') continue;
      const row = p.section === 'header' ? p.row + 1 : p.section === 'body' ? top + p.row + 1 : p.section === 'summary-header' ? top + body + 2 : top + body + 3;
      ws.getCell(`${columnLetter(p.col)}${row}`).value = p.cell.value as ExcelJS.CellValue;
    }
  });
  for (const c of opts.cells) {
    const ws = wb.getWorksheet(names.get(c.tab) ?? c.tab) ?? wb.addWorksheet(c.tab);
    ws.getCell(c.address).value = c.value;
  }
  if (!opts.withoutMap) {
    const map = wb.addWorksheet(MAP_SHEET, { state: 'veryHidden' });
    map.addRow(['format', 'regportal-form', 1]);
    map.addRow(['form', opts.form ?? '', 'template', opts.template, 'version', opts.version]);
    map.addRow([]);
    for (const c of opts.cells) map.addRow([c.tab, names.get(c.tab) ?? c.tab, c.address, c.code, c.type]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A zip of the given entries (deflated), enough to build hostile packages by hand. */
export function zipOf(entries: Record<string, Buffer | string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const raw = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const data = deflateRawSync(raw);
    const nameBytes = Buffer.from(name);
    const local = localHeader({ nameLength: nameBytes.length, method: 8, crc: crc32(raw), compressed: data.length, size: raw.length });
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  return Buffer.concat([...locals, cd, endOfDirectory(Object.keys(entries).length, cd.length, offset)]);
}

const CONTENT_TYPES = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>';

/** Hostile files, each with what the refusal must say. */
export function hostileFiles(): { what: string; name: string; bytes: Buffer; message: RegExp }[] {
  return [
    { what: 'an external link', name: 'linked.xlsx', bytes: zipOf({ '[Content_Types].xml': CONTENT_TYPES, 'xl/workbook.xml': '<workbook/>', 'xl/externalLinks/externalLink1.xml': '<externalLink/>' }), message: /external links are refused/ },
    { what: 'a macro part', name: 'macro.xlsx', bytes: zipOf({ '[Content_Types].xml': CONTENT_TYPES, 'xl/workbook.xml': '<workbook/>', 'xl/vbaProject.bin': Buffer.alloc(64) }), message: /contains macros/ },
    { what: 'huge shared strings (a zip bomb)', name: 'bomb.xlsx', bytes: zipOf({ '[Content_Types].xml': CONTENT_TYPES, 'xl/workbook.xml': '<workbook/>', 'xl/sharedStrings.xml': Buffer.alloc(150 * 1024 * 1024, 0x41) }), message: /refused/ },
    { what: 'content that is not a zip', name: 'text.xlsx', bytes: Buffer.from('just some text, not a workbook'), message: /not an Excel workbook \(\.xlsx\): its content is not a zip package/ },
    { what: 'an Excel 97-2003 (.xls) file', name: 'old.xls', bytes: Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]), message: /Excel 97-2003 workbook \(\.xls, BIFF format\)/ },
    { what: 'a zip that is no workbook', name: 'other.xlsx', bytes: zipOf({ 'readme.txt': 'hello' }), message: /zip package but not an Excel workbook/ },
  ];
}
