// A workbook is untrusted input: before exceljs (and its zip reader) sees a byte, the file's
// zip directory is read here and every entry inflated once with a hard output cap, so a zip
// bomb, a macro, an external link or something that is no workbook at all is refused with a
// message naming what was found. Only what an .xlsx may hold passes.
import { inflateRawSync } from 'node:zlib';
import { sheetParts } from './sheet-parts.js';

export interface ZipLimits {
  /** Inflated bytes of all entries together. */
  maxTotal: number;
  /** Inflated bytes of one entry (sharedStrings.xml, a sheet). */
  maxEntry: number;
  /** Inflated / compressed of an entry above 1 MB inflated. */
  maxRatio: number;
  maxEntries: number;
  /** Sheets (worksheet parts) of a workbook. */
  maxSheets: number;
  /** Rows (`<row>` elements) of one sheet. */
  maxRows: number;
  /** Cells (`<c>` elements) of one sheet. */
  maxCells: number;
}

/**
 * The largest legitimate form: a template has at most 99 tabs (and the workbook the `_regportal`
 * map), an add-new-rows tab at most 100,000 lines below at most 10 header rows, a normal tab at
 * most 5,000 rows of 200 columns (template-schema.ts). With a margin: 120 sheets, 110,000 rows
 * and 1,000,000 cells a sheet. IMPORT_MAX_* (fastify.config.ts) set them.
 */
export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxTotal: 200 * 1024 * 1024, maxEntry: 100 * 1024 * 1024, maxRatio: 200, maxEntries: 10_000, maxSheets: 120, maxRows: 110_000, maxCells: 1_000_000 };

export class RefusedWorkbook extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedWorkbook';
  }
}

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;

/** A local file header (the 30 bytes before an entry's name); `method` 0 stored, 8 deflated. */
export function localHeader(e: { nameLength: number; method: number; crc: number; compressed: number; size: number }): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL, 0);
  header.writeUInt16LE(20, 4); // version needed
  header.writeUInt16LE(0x0800, 6); // names in UTF-8
  header.writeUInt16LE(e.method, 8);
  header.writeUInt32LE(e.crc, 14);
  header.writeUInt32LE(e.compressed, 18);
  header.writeUInt32LE(e.size, 22);
  header.writeUInt16LE(e.nameLength, 26);
  return header;
}

/** A central directory record of an entry whose local header is at `offset`. */
export function centralHeader(e: { nameLength: number; method: number; crc: number; compressed: number; size: number; offset: number }): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(CENTRAL, 0);
  header.writeUInt16LE(20, 4); // version made by
  header.writeUInt16LE(20, 6); // version needed
  header.writeUInt16LE(0x0800, 8);
  header.writeUInt16LE(e.method, 10);
  header.writeUInt32LE(e.crc, 16);
  header.writeUInt32LE(e.compressed, 20);
  header.writeUInt32LE(e.size, 24);
  header.writeUInt16LE(e.nameLength, 28);
  header.writeUInt32LE(e.offset, 42);
  return header;
}

/** The end of central directory record of a package of `count` entries. */
export function endOfDirectory(count: number, directoryBytes: number, directoryOffset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directoryBytes, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return end;
}

interface Entry {
  name: string;
  method: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

function centralDirectory(buf: Buffer): Entry[] {
  let end = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65_535); i--) {
    if (buf.readUInt32LE(i) === END) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new RefusedWorkbook('The file is damaged: its zip directory cannot be found.');
  const count = buf.readUInt16LE(end + 10);
  const at = buf.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff) throw new RefusedWorkbook('The file is too large to be a workbook this portal accepts (ZIP64).');
  const entries: Entry[] = [];
  let p = at;
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL) throw new RefusedWorkbook('The file is damaged: its zip directory is broken.');
    const nameLength = buf.readUInt16LE(p + 28);
    const entry = {
      method: buf.readUInt16LE(p + 10),
      crc: buf.readUInt32LE(p + 16),
      compressed: buf.readUInt32LE(p + 20),
      size: buf.readUInt32LE(p + 24),
      offset: buf.readUInt32LE(p + 42),
      name: buf.toString('utf8', p + 46, p + 46 + nameLength),
    };
    entries.push(entry);
    p += 46 + nameLength + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return entries;
}

/** The entry's stored bytes as they are (compressed or not), to be copied into another package unchanged. */
function storedBytes(buf: Buffer, e: Entry): Buffer {
  const start = e.offset + 30 + buf.readUInt16LE(e.offset + 26) + buf.readUInt16LE(e.offset + 28);
  return buf.subarray(start, start + e.compressed);
}

/** The entry's bytes, inflated with a cap of its declared size: a lying header cannot grow it. */
function inflate(buf: Buffer, e: Entry, limits: ZipLimits): Buffer {
  if (e.offset + 30 > buf.length || buf.readUInt32LE(e.offset) !== LOCAL) throw new RefusedWorkbook(`The file is damaged: entry ${e.name} cannot be read.`);
  const start = e.offset + 30 + buf.readUInt16LE(e.offset + 26) + buf.readUInt16LE(e.offset + 28);
  const data = buf.subarray(start, start + e.compressed);
  if (e.method === 0) return data;
  if (e.method !== 8) throw new RefusedWorkbook(`The file uses a zip compression this portal does not read (entry ${e.name}).`);
  try {
    const out = inflateRawSync(data, { maxOutputLength: Math.min(e.size, limits.maxEntry) + 1 });
    if (out.length !== e.size) throw new RefusedWorkbook(`The file is damaged: entry ${e.name} is not the size its directory says.`);
    return out;
  } catch (err) {
    if (err instanceof RefusedWorkbook) throw err;
    throw new RefusedWorkbook(`The file is damaged or inflates beyond what it declares (entry ${e.name}).`);
  }
}

const isSheetPart = (name: string) => name.startsWith('xl/worksheets/') && !name.startsWith('xl/worksheets/_rels/') && name.endsWith('.xml');

/** How many `<tag …>` elements (unprefixed, as exceljs reads them) the XML holds: counted on the bytes, nothing parsed. */
function countElements(xml: Buffer, tag: string): number {
  const needle = Buffer.from(`<${tag}`);
  let n = 0;
  for (let at = xml.indexOf(needle); at >= 0; at = xml.indexOf(needle, at + needle.length)) {
    const next = xml[at + needle.length];
    // `<c ` or `<c>` or `<c/>`, not `<col` or `<cfRule`.
    if (next === 0x20 || next === 0x3e || next === 0x2f || next === 0x09 || next === 0x0a || next === 0x0d) n++;
  }
  return n;
}

/** The rows and cells of a sheet part. Counted rather than taken from `<dimension ref>`, which any program may write wrong. */
export function sheetSize(xml: Buffer): { rows: number; cells: number } {
  return { rows: countElements(xml, 'row'), cells: countElements(xml, 'c') };
}

const thousands = (n: number) => n.toLocaleString('en-GB');

/** A part of a package that passed guardWorkbook: its name, and its bytes inflated on demand. */
export interface PackagePart {
  name: string;
  bytes(): Buffer;
}

/** A part as guardWorkbook answers it: also as the upload stores it, which a copy of the package keeps as it is. */
export interface GuardedPart extends PackagePart {
  stored(): { method: number; crc: number; size: number; data: Buffer };
}

/**
 * Throws RefusedWorkbook unless `buf` is an .xlsx without macros or external links whose
 * entries inflate within the limits. `fileName` only words the messages. Answers its parts, each
 * inflated again only when asked for (within the same limits).
 */
export function guardWorkbook(buf: Buffer, fileName: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): GuardedPart[] {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(OLE)) {
    throw new RefusedWorkbook(`${fileName} is an Excel 97-2003 workbook (.xls, BIFF format), which this portal cannot read faithfully: open it in Excel, save it as an Excel Workbook (.xlsx) and upload that.`);
  }
  if (buf.length < 4 || buf.readUInt32LE(0) !== LOCAL) throw new RefusedWorkbook(`${fileName} is not an Excel workbook (.xlsx): its content is not a zip package.`);
  const entries = centralDirectory(buf);
  if (entries.length > limits.maxEntries) throw new RefusedWorkbook(`${fileName} holds ${entries.length} parts; a workbook this portal accepts holds at most ${limits.maxEntries}.`);
  const names = new Set(entries.map((e) => e.name));
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) throw new RefusedWorkbook(`${fileName} is a zip package but not an Excel workbook (.xlsx).`);
  for (const e of entries) {
    const lower = e.name.toLowerCase();
    if (/vbaproject|\.bin$|^xl\/macrosheets\//.test(lower)) throw new RefusedWorkbook(`${fileName} contains macros (${e.name}); workbooks with macros are refused. Save it as an Excel Workbook (.xlsx) without macros.`);
    if (lower.startsWith('xl/externallinks/')) throw new RefusedWorkbook(`${fileName} links to other workbooks (${e.name}); external links are refused. Break the links (Data › Edit Links) and upload it again.`);
  }
  const sheetCount = entries.filter((e) => isSheetPart(e.name)).length;
  if (sheetCount > limits.maxSheets) throw new RefusedWorkbook(`${fileName} has ${thousands(sheetCount)} sheets; an import takes at most ${thousands(limits.maxSheets)} sheets per workbook.`);
  const sizes = new Map<string, { rows: number; cells: number }>();
  let total = 0;
  for (const e of entries) {
    if (e.size > limits.maxEntry) throw new RefusedWorkbook(`${fileName} is refused: its part ${e.name} would take ${e.size} bytes once unpacked (at most ${limits.maxEntry}).`);
    if (e.size > 1024 * 1024 && e.size / Math.max(1, e.compressed) > limits.maxRatio) throw new RefusedWorkbook(`${fileName} is refused as a zip bomb: its part ${e.name} unpacks ${Math.round(e.size / Math.max(1, e.compressed))} times larger than it is stored.`);
    total += e.size;
    if (total > limits.maxTotal) throw new RefusedWorkbook(`${fileName} is refused: it would take more than ${thousands(limits.maxTotal / (1024 * 1024))} MB once unpacked; an import takes at most that.`);
    const bytes = inflate(buf, e, limits);
    if (e.name === '[Content_Types].xml' && /macroEnabled|vbaProject|externalLink/i.test(bytes.toString('utf8'))) {
      throw new RefusedWorkbook(`${fileName} declares macro or external-link content; such workbooks are refused. Save it as an Excel Workbook (.xlsx) without macros or links.`);
    }
    if (isSheetPart(e.name)) sizes.set(e.name, sheetSize(bytes));
  }
  const parts: GuardedPart[] = entries.map((e) => ({ name: e.name, bytes: () => inflate(buf, e, limits), stored: () => ({ method: e.method, crc: e.crc, size: e.size, data: storedBytes(buf, e) }) }));
  // Refused here, before any reader builds a row: the sheet by its name when the workbook gives one.
  const sheetNames = new Map(sheetParts(parts).map((s) => [s.part, s.sheet]));
  for (const [part, size] of sizes) {
    const sheet = sheetNames.has(part) ? `Sheet "${sheetNames.get(part)}"` : `Sheet part ${part}`;
    if (size.rows > limits.maxRows) throw new RefusedWorkbook(`${sheet} has ${thousands(size.rows)} rows; an import takes at most ${thousands(limits.maxRows)} rows per sheet.`);
    if (size.cells > limits.maxCells) throw new RefusedWorkbook(`${sheet} has ${thousands(size.cells)} cells; an import takes at most ${thousands(limits.maxCells)} cells per sheet.`);
  }
  return parts;
}
