// Test support for the Excel import: workbooks changed by LibreOffice, not only by exceljs. A
// workbook re-saved by `soffice --headless --convert-to xlsx` (engine/testing/libreoffice.ts), and one edited through
// LibreOffice's own API (libreoffice-edit.py, python3-uno: rows inserted, columns deleted, sheets
// renamed and moved, values typed). Each run gets a fresh LibreOffice profile.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { resaveWorkbook, sofficePath } from '../../../../engine/testing/libreoffice.js';

const run = promisify(execFile);

/** The python with LibreOffice's UNO bridge (Debian's python3-uno), UNO_PYTHON overrides. */
const unoPython = () => process.env.UNO_PYTHON?.trim() || '/usr/bin/python3';

async function inTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'rp-lo-'));
  try {
    return await fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The workbook opened and saved again as .xlsx by LibreOffice. */
export const resaveWithLibreOffice = (bytes: Buffer): Promise<Buffer> => resaveWorkbook(bytes);

export type LibreOfficeEdit =
  | { op: 'unprotect'; sheet: string }
  | { op: 'insertRows'; sheet: string; row: number; count?: number }
  | { op: 'deleteRows'; sheet: string; row: number; count?: number }
  | { op: 'deleteColumns'; sheet: string; col: number; count?: number }
  | { op: 'rename'; sheet: string; to: string }
  | { op: 'move'; sheet: string; to: number }
  | { op: 'set'; sheet: string; cell: string; value: number | string };

/** The workbook changed by LibreOffice through its API, edit by edit, and saved as .xlsx. */
export async function editWithLibreOffice(bytes: Buffer, edits: readonly LibreOfficeEdit[]): Promise<Buffer> {
  const program = sofficePath();
  if (!program) throw new Error('LibreOffice (soffice) is not installed');
  return inTempDir(async (dir) => {
    const input = join(dir, 'in.xlsx');
    const output = join(dir, 'out.xlsx');
    writeFileSync(input, bytes);
    const script = join(import.meta.dirname, 'libreoffice-edit.py');
    await run(unoPython(), [script, input, output, join(dir, 'profile'), JSON.stringify(edits)], { timeout: 180_000, env: { ...process.env, SOFFICE: program } });
    return readFileSync(output);
  });
}
