// The defined names of an uploaded workbook that stand for data cells (`RP_<code>`, the workbook
// contract, form-export/cell-names.ts), read from `xl/workbook.xml` of the package zip-guard.ts
// passed: the streaming value reader does not give them. Spreadsheet programs move a name with
// its cell, so a name says where a cell's value is after rows, columns or sheets were inserted,
// deleted, renamed or moved. A name whose cell was deleted (`#REF!`) is kept as such: the value
// it stood for is gone. Parsed with fast-xml-parser without entity processing (a DOCTYPE, which
// no workbook part needs, is refused): no entity of the file is ever expanded.
import { XMLParser } from 'fast-xml-parser';
import { codeOfName } from '../form-export/cell-names.js';
import { parseAddress } from '../../filing/form-layout.js';
import type { PackagePart } from './zip-guard.js';
import { RefusedWorkbook } from './zip-guard.js';

/** Where a name points: a sheet and a cell (1-based row, 0-based column), or nowhere (deleted). */
export type NamedCell = { sheet: string; row: number; col: number; ref: string } | { sheet: null; ref: string };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  processEntities: false,
  htmlEntities: false,
  isArray: (name) => name === 'definedName',
});

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML's predefined entities and character references, the only ones a workbook part uses. */
function unescapeXml(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot|apos);/g, (_, e: string) => {
    if (e[0] !== '#') return ENTITIES[e];
    const n = e[1] === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1));
    return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '';
  });
}

const REFERENCE = /^(?:'((?:[^']|'')+)'|([^'!:]+))!\$?([A-Za-z]{1,3})\$?([0-9]{1,7})(?::\$?[A-Za-z]{1,3}\$?[0-9]{1,7})?$/;

/** `'Balance sheet'!$B$4` (a range: its first cell) → sheet and cell; anything else → nowhere. */
export function namedCell(ref: string): NamedCell {
  const m = REFERENCE.exec(ref.trim().replace(/^=/, ''));
  const at = m ? parseAddress(`${m[3].toUpperCase()}${m[4]}`) : null;
  if (!m || !at) return { sheet: null, ref };
  return { sheet: m[1] !== undefined ? m[1].replace(/''/g, "'") : m[2], row: at.row, col: at.col, ref };
}

/** The workbook-scoped `RP_<code>` names of the package, by code (the first of a repeated name). */
export function readCellNames(parts: readonly PackagePart[]): Map<string, NamedCell> {
  const out = new Map<string, NamedCell>();
  const part = parts.find((p) => p.name === 'xl/workbook.xml');
  if (!part) return out;
  const xml = part.bytes().toString('utf8');
  if (/<!DOCTYPE/i.test(xml)) throw new RefusedWorkbook('The workbook declares a document type (DOCTYPE), which no Excel workbook needs; it is refused.');
  if (!xml.includes('definedName')) return out;
  const doc = parser.parse(xml) as { workbook?: { definedNames?: { definedName?: unknown[] } } };
  for (const node of doc.workbook?.definedNames?.definedName ?? []) {
    if (!node || typeof node !== 'object') continue;
    const n = node as Record<string, unknown>;
    // A name scoped to one sheet is not one of the export's.
    if (n['@_localSheetId'] !== undefined) continue;
    const code = codeOfName(unescapeXml(String(n['@_name'] ?? '')));
    if (!code || out.has(code)) continue;
    out.set(code, namedCell(unescapeXml(String(n['#text'] ?? ''))));
  }
  return out;
}
