// The marked copy of an uploaded workbook: the upload's own package, every part copied as it is
// stored, with a note (a cell comment) on each bad cell. Only what a note needs is added or
// patched: a comments part and its VML drawing per marked sheet (or the sheet's own, extended),
// the sheet's relationships, a `<legacyDrawing>` element near the end of the sheet, and the
// content types. Nothing is parsed as a workbook: a copy costs about the upload's size and the
// marked sheets' XML, where exceljs' full model cost gigabytes on a large workbook.
import { writeFile } from 'node:fs/promises';
import { crc32, deflateRawSync } from 'node:zlib';
import type { CellProblem } from './workbook-cells.js';
import { sheetParts } from './sheet-parts.js';
import { centralHeader, endOfDirectory, localHeader, type GuardedPart } from './zip-guard.js';

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const COMMENTS_TYPE = `${REL}/comments`;
const VML_TYPE = `${REL}/vmlDrawing`;
const COMMENTS_CONTENT = 'application/vnd.openxmlformats-officedocument.spreadsheetml.comments+xml';
const VML_CONTENT = 'application/vnd.openxmlformats-officedocument.vmlDrawing';
const ADDRESS = /^([A-Z]{1,3})([1-9][0-9]{0,6})$/;

// Characters XML 1.0 does not allow (a message quoting a cell may hold them).
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const escapeXml = (s: string) => s.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `B12` → row 11, column 1 (both 0-based, as VML counts). */
function rowCol(address: string): { row: number; col: number } {
  const m = ADDRESS.exec(address)!;
  let col = 0;
  for (const ch of m[1]) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { row: Number(m[2]) - 1, col: col - 1 };
}

/** The part a relationship of `from` points at (relative to `from`'s folder, or absolute). */
function resolve(from: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const path = from.split('/').slice(0, -1);
  for (const piece of target.split('/')) {
    if (piece === '..') path.pop();
    else if (piece !== '.' && piece !== '') path.push(piece);
  }
  return path.join('/');
}

const relsOf = (part: string) => part.replace(/([^/]+)$/, '_rels/$1.rels');
const RELATIONSHIP = /<Relationship\b[^>]*?\/>/g;
const attr = (element: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`).exec(element)?.[1];

/** A comment as the note exceljs wrote had it: Excel's default note font. */
const comment = (ref: string, text: string) =>
  `<comment ref="${ref}" authorId="0"><text><r><rPr><sz val="9"/><color indexed="81"/><rFont val="Tahoma"/><family val="2"/></rPr><t xml:space="preserve">${escapeXml(text)}</t></r></text></comment>`;

/** The VML shape Excel draws for a note on the cell at (row, col), hidden until hovered. */
const shape = (id: number, row: number, col: number) =>
  `<v:shape id="_x0000_s${id}" type="#_x0000_t202" style="position:absolute;margin-left:59.25pt;margin-top:1.5pt;width:108pt;height:59.25pt;z-index:1;visibility:hidden" fillcolor="#ffffe1" o:insetmode="auto">` +
  '<v:fill color2="#ffffe1"/><v:shadow on="t" color="black" obscured="t"/><v:path o:connecttype="none"/><v:textbox style="mso-direction-alt:auto"><div style="text-align:left"></div></v:textbox>' +
  `<x:ClientData ObjectType="Note"><x:MoveWithCells/><x:SizeWithCells/><x:Anchor>${col + 1}, 15, ${Math.max(0, row - 1)}, 10, ${col + 3}, 15, ${row + 3}, 4</x:Anchor><x:AutoFill>False</x:AutoFill><x:Row>${row}</x:Row><x:Column>${col}</x:Column></x:ClientData></v:shape>`;

const SHAPE_TYPE =
  '<v:shapetype id="_x0000_t202" coordsize="21600,21600" o:spt="202" path="m,l,21600r21600,l21600,xe"><v:stroke joinstyle="miter"/><v:path gradientshapeok="t" o:connecttype="rect"/></v:shapetype>';

const newVml = (idmap: number, shapes: string) =>
  `<xml xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:x="urn:schemas-microsoft-com:office:excel"><o:shapelayout v:ext="edit"><o:idmap v:ext="edit" data="${idmap}"/></o:shapelayout>${SHAPE_TYPE}${shapes}</xml>`;

const newComments = (comments: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<comments xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><authors><author>Import</author></authors><commentList>${comments}</commentList></comments>`;

/** Elements that follow `<legacyDrawing>` in a worksheet (CT_Worksheet's order). */
const AFTER_LEGACY_DRAWING = ['legacyDrawingHF', 'drawingHF', 'picture', 'oleObjects', 'controls', 'webPublishItems', 'tableParts', 'extLst'];

/** The sheet with a `<legacyDrawing>` pointing at relationship `rid`, inserted where the schema puts it: only its tail is searched. */
function withLegacyDrawing(xml: Buffer, rid: string): Buffer {
  const head = xml.subarray(0, Math.min(xml.length, 4096)).toString('utf8');
  const prefix = /<([A-Za-z_][\w.-]*:)?worksheet\b/.exec(head)?.[1] ?? '';
  const dataEnd = Math.max(xml.lastIndexOf(`</${prefix}sheetData>`), xml.lastIndexOf(`<${prefix}sheetData/>`));
  if (dataEnd < 0) throw new Error('the sheet has no sheetData');
  const tail = xml.subarray(dataEnd).toString('utf8');
  let at = tail.lastIndexOf(`</${prefix}worksheet>`);
  for (const name of AFTER_LEGACY_DRAWING) {
    const m = new RegExp(`<${prefix}${name}[\\s/>]`).exec(tail);
    if (m && m.index < at) at = m.index;
  }
  const element = `<${prefix}legacyDrawing xmlns:r="${REL}" r:id="${rid}"/>`;
  return Buffer.concat([xml.subarray(0, dataEnd), Buffer.from(tail.slice(0, at) + element + tail.slice(at), 'utf8')]);
}

/** The notes to write, by sheet part: one text per cell (several problems of a cell, one under the other). */
function notesBySheet(parts: readonly GuardedPart[], problems: readonly CellProblem[]): Map<string, Map<string, string>> {
  const partOf = new Map<string, string>();
  for (const s of sheetParts(parts)) if (!partOf.has(s.sheet)) partOf.set(s.sheet, s.part);
  const out = new Map<string, Map<string, string>>();
  for (const p of problems) {
    const part = p.sheet ? partOf.get(p.sheet) : undefined;
    if (!part || !p.address || !ADDRESS.test(p.address)) continue;
    const notes = out.get(part) ?? new Map<string, string>();
    out.set(part, notes);
    const text = p.note ?? p.message;
    notes.set(p.address, notes.has(p.address) ? `${notes.get(p.address)}\n${text}` : text);
  }
  return out;
}

/** A free part name `{stem}{n}{ext}`. */
function freeName(used: Set<string>, stem: string, ext: string): string {
  for (let n = 1; ; n++) {
    const name = `${stem}${n}${ext}`;
    if (!used.has(name.toLowerCase())) {
      used.add(name.toLowerCase());
      return name;
    }
  }
}

/**
 * Writes to `path` the package of `parts` with a note on each problem's cell. Answers false (and
 * writes nothing) when no problem names a cell of a sheet the package has.
 */
export async function writeMarkedCopy(parts: readonly GuardedPart[], problems: readonly CellProblem[], path: string): Promise<boolean> {
  const bySheet = notesBySheet(parts, problems);
  if (!bySheet.size) return false;
  const byName = new Map(parts.map((p) => [p.name, p]));
  const used = new Set(parts.map((p) => p.name.toLowerCase()));
  const changed = new Map<string, Buffer>();
  const overrides: string[] = [];
  let idmap = 900;
  for (const [sheetPart, notes] of bySheet) {
    idmap++;
    const relsName = relsOf(sheetPart);
    let rels = (byName.get(relsName)?.bytes().toString('utf8') ?? `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>`).replace(/<Relationships\b([^>]*?)\s*\/>\s*$/, '<Relationships$1></Relationships>');
    const relations = [...rels.matchAll(RELATIONSHIP)].map((m) => m[0]);
    const target = (type: string) => relations.find((r) => attr(r, 'Type') === type);
    const ids = new Set(relations.map((r) => attr(r, 'Id')));
    const newId = () => {
      let n = 1;
      while (ids.has(`rIdNote${n}`)) n++;
      ids.add(`rIdNote${n}`);
      return `rIdNote${n}`;
    };
    const addRel = (type: string, part: string) => {
      const id = newId();
      const relative = part.startsWith('xl/') ? `../${part.slice(3)}` : `/${part}`;
      rels = rels.replace(/<\/Relationships>\s*$/, `<Relationship Id="${id}" Type="${type}" Target="${relative}"/></Relationships>`);
      return id;
    };

    // Comments: the sheet's own part, a cell's note added to, or a new part.
    const commentsRel = target(COMMENTS_TYPE);
    const commentsPart = commentsRel ? resolve(sheetPart, attr(commentsRel, 'Target') ?? '') : null;
    const vmlRel = target(VML_TYPE);
    const vmlPart = vmlRel ? resolve(sheetPart, attr(vmlRel, 'Target') ?? '') : null;
    let commentsXml = commentsPart ? byName.get(commentsPart)?.bytes().toString('utf8') : undefined;
    const fresh: string[] = [];
    const shapes: string[] = [];
    let shapeId = idmap * 1024 + 1;
    for (const [address, text] of notes) {
      const { row, col } = rowCol(address);
      const existing = commentsXml ? new RegExp(`<comment\\b[^>]*\\bref="${address}"[^>]*>[\\s\\S]*?</text>`).exec(commentsXml) : null;
      if (commentsXml && existing) {
        const run = `<r><t xml:space="preserve">\n${escapeXml(text)}</t></r>`;
        commentsXml = commentsXml.slice(0, existing.index + existing[0].length - '</text>'.length) + run + commentsXml.slice(existing.index + existing[0].length - '</text>'.length);
        continue;
      }
      fresh.push(comment(address, text));
      shapes.push(shape(shapeId++, row, col));
    }
    if (commentsXml && commentsPart) {
      changed.set(commentsPart, Buffer.from(commentsXml.replace(/<\/commentList>/, `${fresh.join('')}</commentList>`).replace(/<commentList\/>/, `<commentList>${fresh.join('')}</commentList>`), 'utf8'));
    } else {
      const name = freeName(used, 'xl/comments', '.xml');
      changed.set(name, Buffer.from(newComments(fresh.join('')), 'utf8'));
      overrides.push(`<Override PartName="/${name}" ContentType="${COMMENTS_CONTENT}"/>`);
      addRel(COMMENTS_TYPE, name);
    }
    const vml = vmlPart ? byName.get(vmlPart)?.bytes().toString('utf8') : undefined;
    if (vml && vmlPart) {
      changed.set(vmlPart, Buffer.from(vml.includes('_x0000_t202') ? vml.replace(/<\/xml>\s*$/, `${shapes.join('')}</xml>`) : vml.replace(/<\/xml>\s*$/, `${SHAPE_TYPE}${shapes.join('')}</xml>`), 'utf8'));
    } else {
      const name = freeName(used, 'xl/drawings/vmlDrawing', '.vml');
      changed.set(name, Buffer.from(newVml(idmap, shapes.join('')), 'utf8'));
      overrides.push(`<Override PartName="/${name}" ContentType="${VML_CONTENT}"/>`);
      const rid = addRel(VML_TYPE, name);
      changed.set(sheetPart, withLegacyDrawing(byName.get(sheetPart)!.bytes(), rid));
    }
    changed.set(relsName, Buffer.from(rels, 'utf8'));
  }
  if (overrides.length) {
    const types = byName.get('[Content_Types].xml')!.bytes().toString('utf8');
    changed.set('[Content_Types].xml', Buffer.from(types.replace(/<\/Types>\s*$/, `${overrides.join('')}</Types>`), 'utf8'));
  }

  // The package: each part stored as the upload stores it, unless changed (deflated anew); new parts last.
  const chunks: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const add = (name: string, e: { method: number; crc: number; size: number; data: Buffer }) => {
    const nameBytes = Buffer.from(name, 'utf8');
    const header = { nameLength: nameBytes.length, method: e.method, crc: e.crc, compressed: e.data.length, size: e.size };
    chunks.push(localHeader(header), nameBytes, e.data);
    centrals.push(centralHeader({ ...header, offset }), nameBytes);
    offset += 30 + nameBytes.length + e.data.length;
  };
  const deflated = (raw: Buffer) => ({ method: 8, crc: crc32(raw), size: raw.length, data: deflateRawSync(raw) });
  for (const p of parts) add(p.name, changed.has(p.name) ? deflated(changed.get(p.name)!) : p.stored());
  for (const [name, raw] of changed) if (!byName.has(name)) add(name, deflated(raw));
  const directory = Buffer.concat(centrals);
  await writeFile(path, [...chunks, directory, endOfDirectory(parts.length + [...changed.keys()].filter((n) => !byName.has(n)).length, directory.length, offset)]);
  return true;
}
