// Reads a workbook with Debian's python3-openpyxl (openpyxl-read.py), an independent reader of
// what the export writes: the tests compare its JSON with what the form holds.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const PYTHON = process.env.OPENPYXL_PYTHON ?? '/usr/bin/python3';
const READER = join(import.meta.dirname, 'openpyxl-read.py');

export interface PyCell { value: string | number | boolean; type: string; format: string; locked: boolean }
export interface PyValidation {
  type: string; operator: string | null; formula: string; formula2: string | null; sqref: string; allowBlank: boolean; errorStyle: string;
  showErrorMessage: boolean; errorTitle: string; error: string; showInputMessage: boolean; prompt: string | null;
}
export interface PySheet { name: string; state: string; protected: boolean; protection: Record<string, boolean>; merges: string[]; validations: PyValidation[]; cells: Record<string, PyCell> }
/** `names`: each workbook-scoped defined name → its destinations `[sheet, '$A$3']`; `locked`: the cells asked for. */
export interface PyBook { sheets: PySheet[]; names: Record<string, [string, string][]>; locked: Record<string, boolean>; cached: Record<string, Record<string, unknown>> }

/** The workbook as openpyxl reads it; `cells` (`Sheet!A1`) asks for the locked flag of cells that may be empty. */
export async function readWithOpenpyxl(body: Buffer, cells: readonly string[] = []): Promise<PyBook> {
  const dir = await mkdtemp(join(tmpdir(), 'form-export-'));
  try {
    const file = join(dir, 'form.xlsx');
    await writeFile(file, body);
    const { stdout } = await run(PYTHON, [READER, file, '--cells', cells.join(',')], { maxBuffer: 64 * 1024 * 1024 });
    return JSON.parse(stdout) as PyBook;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
