// The defined names of an uploaded workbook that stand for data cells (`RP_<code>`, the workbook
// contract, form-export/cell-names.ts), read from `xl/workbook.xml` of the package zip-guard.ts
// passed: the streaming value reader does not give them. Spreadsheet programs move a name with
// its cell, so a name says where a cell's value is after rows, columns or sheets were inserted,
// deleted, renamed or moved. A name whose cell was deleted (`#REF!`) is kept as such: the value
// it stood for is gone.
//
// Read by a strict scanner of the `<definedNames>` element, not a general XML parser:
// fast-xml-parser took 0.3-0.5 s over the 19,000 names of the large benchmark form (more than
// the rest of its import), the scanner a few milliseconds. Nothing of the file is expanded: a
// part declaring a DOCTYPE is refused, and only XML's predefined entities and character
// references are decoded; an element the scanner does not recognise is no name (the map, or the
// template address, is used instead).
import { codeOfName } from '../form-export/cell-names.js';
import { parseAddress } from '../../filing/form-layout.js';
import type { PackagePart } from './zip-guard.js';
import { RefusedWorkbook } from './zip-guard.js';
import { unescapeXml } from './xml-text.js';

/** Where a name points: a sheet and a cell (1-based row, 0-based column), or nowhere (deleted). */
export type NamedCell = { sheet: string; row: number; col: number; ref: string } | { sheet: null; ref: string };

const REFERENCE = /^(?:'((?:[^']|'')+)'|([^'!:]+))!\$?([A-Za-z]{1,3})\$?([0-9]{1,7})(?::\$?[A-Za-z]{1,3}\$?[0-9]{1,7})?$/;

/** `'Balance sheet'!$B$4` (a range: its first cell) → sheet and cell; anything else → nowhere. */
export function namedCell(ref: string): NamedCell {
  const m = REFERENCE.exec(ref.trim().replace(/^=/, ''));
  const at = m ? parseAddress(`${m[3].toUpperCase()}${m[4]}`) : null;
  if (!m || !at) return { sheet: null, ref };
  return { sheet: m[1] !== undefined ? m[1].replace(/''/g, "'") : m[2], row: at.row, col: at.col, ref };
}

/** The `definedNames` element (any namespace prefix) and each `definedName` in it. */
const NAMES_ELEMENT = /<(?:[A-Za-z_][\w.-]*:)?definedNames\b[^>]*>([\s\S]*?)<\/(?:[A-Za-z_][\w.-]*:)?definedNames>/;
const NAME_ELEMENT = /<(?:[A-Za-z_][\w.-]*:)?definedName\b([^>]*?)(?:\/>|>([^<]*)<\/(?:[A-Za-z_][\w.-]*:)?definedName>)/g;
const ATTRIBUTE = /([A-Za-z_][\w:.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The `name` attribute of a definedName's attributes (the last one, as a map of them would keep); null for a name scoped to one sheet (`localSheetId`). */
function workbookName(text: string): string | null {
  let name = '';
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(text); m; m = ATTRIBUTE.exec(text)) {
    if (m[1] === 'localSheetId') return null;
    if (m[1] === 'name') name = m[2] ?? m[3] ?? '';
  }
  return unescapeXml(name);
}

/** The workbook-scoped `RP_<code>` names of the package, by code (the first of a repeated name). */
export function readCellNames(parts: readonly PackagePart[]): Map<string, NamedCell> {
  const out = new Map<string, NamedCell>();
  const part = parts.find((p) => p.name === 'xl/workbook.xml');
  if (!part) return out;
  const xml = part.bytes().toString('utf8');
  if (/<!DOCTYPE/i.test(xml)) throw new RefusedWorkbook('The workbook declares a document type (DOCTYPE), which no Excel workbook needs; it is refused.');
  const element = NAMES_ELEMENT.exec(xml);
  if (!element) return out;
  for (const m of element[1].matchAll(NAME_ELEMENT)) {
    // A name scoped to one sheet is not one of the export's.
    const name = workbookName(m[1]);
    if (name === null) continue;
    const code = codeOfName(name);
    if (!code || out.has(code)) continue;
    out.set(code, namedCell(unescapeXml(m[2] ?? '')));
  }
  return out;
}
