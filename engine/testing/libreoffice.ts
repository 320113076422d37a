// LibreOffice headless as an independent spreadsheet engine: it opens an .xlsx, recalculates every
// formula (a fresh profile set to always recalculate on load, so no cached value is trusted) and
// saves it as .xlsx again; the saved cached values are its results, read back with exceljs.
// Starting LibreOffice is the slow part (seconds): give it one workbook holding every case.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';

/** A formula's result as LibreOffice saved it: a number, text, boolean, an error (`#DIV/0!`) or empty. */
export type SheetResult = number | string | boolean | { error: string } | null;

/** The formula cells of a recalculated workbook: sheet name → A1 address → result. */
export type RecalculatedWorkbook = Map<string, Map<string, SheetResult>>;

const CANDIDATES = ['/usr/bin/soffice', '/usr/lib/libreoffice/program/soffice', '/opt/libreoffice/program/soffice', '/Applications/LibreOffice.app/Contents/MacOS/soffice'];

/** The soffice program (SOFFICE overrides), or null when LibreOffice is not installed. */
export function sofficePath(): string | null {
  const configured = process.env.SOFFICE?.trim();
  if (configured) return existsSync(configured) ? configured : null;
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

// Calc's "Recalculation on file load" for Excel 2007+ and ODF files: 0 = always. The locale is
// English (United States) whatever the machine's, so TEXT's separators and DATEVALUE's readings
// are the same on every run.
const PROFILE_SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="ODFRecalcMode" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Setup/L10N"><prop oor:name="ooSetupSystemLocale" oor:op="fuse"><value>en-US</value></prop></item>
<item oor:path="/org.openoffice.Setup/L10N"><prop oor:name="ooLocale" oor:op="fuse"><value>en-US</value></prop></item>
</oor:items>
`;

const DAY_MS = 86_400_000;
const NULL_DATE_MS = Date.UTC(1899, 11, 30);

function resultOf(value: unknown): SheetResult {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  // exceljs turns a number under a date format into a Date (UTC): back to the serial it was.
  if (value instanceof Date) return (value.getTime() - NULL_DATE_MS) / DAY_MS;
  if (typeof value === 'object' && 'error' in value) return { error: String((value as { error: unknown }).error) };
  if (typeof value === 'object' && 'richText' in value) return (value as ExcelJS.CellRichTextValue).richText.map((r) => r.text).join('');
  return String(value);
}

/** The cached results of every formula cell of an .xlsx file. */
export async function formulaResults(file: string | Buffer): Promise<RecalculatedWorkbook> {
  const wb = new ExcelJS.Workbook();
  if (typeof file === 'string') await wb.xlsx.readFile(file);
  else await wb.xlsx.load(file as unknown as ArrayBuffer);
  const out: RecalculatedWorkbook = new Map();
  wb.eachSheet((ws) => {
    const cells = new Map<string, SheetResult>();
    ws.eachRow({ includeEmpty: false }, (row) =>
      row.eachCell({ includeEmpty: false }, (cell) => {
        // The model's result, not cell.value's, which drops a FALSE result. LibreOffice writes
        // an empty text result as an empty <v/>, which exceljs reads as no result.
        if (cell.type === ExcelJS.ValueType.Formula) cells.set(cell.address, cell.model.result === undefined ? '' : resultOf(cell.model.result));
      }),
    );
    out.set(ws.name, cells);
  });
  return out;
}

function run(program: string, args: string[], timeoutMs: number): Promise<{ code: number | null; output: string; timedOut: boolean }> {
  return new Promise((resolve, reject) => {
    // Its own process group, so a timeout ends soffice and the soffice.bin it starts together.
    const child = spawn(program, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let timedOut = false;
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`LibreOffice could not be started (${program}): ${e.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, timedOut });
    });
  });
}

export interface RecalculateOptions {
  /** Milliseconds before LibreOffice is stopped and the run fails (default 180 s). */
  timeoutMs?: number;
  /** The soffice program (default: sofficePath()). */
  soffice?: string;
}

/**
 * The workbook as LibreOffice saves it after opening it and recalculating every formula. Each run
 * gets a fresh, throw-away user profile, so the setting holds whatever the machine's own profile
 * says and two runs never share a lock.
 */
export async function resaveWorkbook(xlsx: Buffer, options: RecalculateOptions = {}): Promise<Buffer> {
  const soffice = options.soffice ?? sofficePath();
  if (!soffice) throw new Error('LibreOffice (soffice) is not installed: install libreoffice-calc-nogui or set SOFFICE.');
  const dir = mkdtempSync(join(tmpdir(), 'portal-soffice-'));
  try {
    const profile = join(dir, 'profile');
    mkdirSync(join(profile, 'user'), { recursive: true });
    writeFileSync(join(profile, 'user', 'registrymodifications.xcu'), PROFILE_SETTINGS);
    const input = join(dir, 'book.xlsx');
    const outdir = join(dir, 'out');
    mkdirSync(outdir);
    writeFileSync(input, xlsx);
    const timeoutMs = options.timeoutMs ?? 180_000;
    const r = await run(soffice, [`-env:UserInstallation=${pathToFileURL(profile).href}`, '--headless', '--norestore', '--nologo', '--nodefault', '--nolockcheck', '--convert-to', 'xlsx', '--outdir', outdir, input], timeoutMs);
    const output = join(outdir, 'book.xlsx');
    if (r.timedOut) throw new Error(`LibreOffice did not finish within ${timeoutMs} ms.`);
    if (r.code !== 0 || !existsSync(output)) throw new Error(`LibreOffice could not convert the workbook (exit ${r.code}): ${r.output.trim()}`);
    return readFileSync(output);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Has LibreOffice recalculate the workbook; answers the saved results of every formula cell. */
export async function recalculate(xlsx: Buffer, options: RecalculateOptions = {}): Promise<RecalculatedWorkbook> {
  return formulaResults(await resaveWorkbook(xlsx, options));
}
