// Which part of a package holds which sheet: `xl/workbook.xml` names each sheet and its
// relationship id, `xl/_rels/workbook.xml.rels` gives that relationship's target part. Read by
// small scanners (as cell-names.ts reads the names), so a sheet can be named in a message, or
// found for a marked copy, without parsing the package.
import { unescapeXml } from './xml-text.js';
import type { PackagePart } from './zip-guard.js';

export interface SheetPart {
  /** The sheet's name as the workbook shows it. */
  sheet: string;
  /** Its part, `xl/worksheets/sheet1.xml`. */
  part: string;
}

const ATTRIBUTE = /([A-Za-z_][\w:.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const SHEET = /<(?:[A-Za-z_][\w.-]*:)?sheet\b([^>]*?)\/?>/g;
const RELATIONSHIP = /<(?:[A-Za-z_][\w.-]*:)?Relationship\b([^>]*?)\/?>/g;

function attributes(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(ATTRIBUTE)) out.set(m[1], unescapeXml(m[2] ?? m[3] ?? ''));
  return out;
}

/** A relationship target resolved against `xl/` (targets are relative to the workbook part, or absolute from the package root). */
function partOf(target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const path: string[] = ['xl'];
  for (const piece of target.split('/')) {
    if (piece === '..') path.pop();
    else if (piece !== '.' && piece !== '') path.push(piece);
  }
  return path.join('/');
}

/** Every sheet of the package that has a part, in the workbook's order. */
export function sheetParts(parts: readonly PackagePart[]): SheetPart[] {
  const workbook = parts.find((p) => p.name === 'xl/workbook.xml');
  const rels = parts.find((p) => p.name === 'xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) return [];
  const targets = new Map<string, string>();
  for (const m of rels.bytes().toString('utf8').matchAll(RELATIONSHIP)) {
    const a = attributes(m[1]);
    const id = a.get('Id');
    const target = a.get('Target');
    if (id && target) targets.set(id, partOf(target));
  }
  const out: SheetPart[] = [];
  for (const m of workbook.bytes().toString('utf8').matchAll(SHEET)) {
    const a = attributes(m[1]);
    const id = a.get('r:id') ?? [...a].find(([k]) => k.endsWith(':id'))?.[1];
    const part = id ? targets.get(id) : undefined;
    const sheet = a.get('name');
    if (part && sheet !== undefined) out.push({ sheet, part });
  }
  return out;
}
