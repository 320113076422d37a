// Helpers of the export tests: submit through /process, wait for the job, download through
// GET /out, and read the .xlsx back with exceljs as wire text (Record.select's cells), so a
// sheet and a recordset compare cell for cell.
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { ColumnType, EnvelopeValue, RecordsetValue } from '../../protocol/envelope.js';
import type { TestEngine } from '../../testing/test-engine.js';

export interface JobStatus {
  id: number;
  state: number;
  status: string;
  progress: number;
  processed: number;
  total: number | null;
  result: string | null;
}

export function textOf(values: EnvelopeValue[]): string {
  const [v] = values;
  if (v?.type !== 'text') throw new Error(`expected a text value, got ${JSON.stringify(values).slice(0, 500)}`);
  return v.text;
}

export async function submitExport(t: TestEngine, cookie: string, args: Record<string, unknown>): Promise<number> {
  return Number(textOf(await t.call('Job.ExportListExcel.submit', [args], cookie)));
}

export async function statusOf(t: TestEngine, cookie: string, id: number): Promise<JobStatus> {
  return JSON.parse(textOf(await t.call('Job.ExportListExcel.status', [{ id }], cookie))) as JobStatus;
}

/** Polls the status (as the client does, only faster) until the job is done or failed. */
export async function finished(t: TestEngine, cookie: string, id: number, timeoutMs = 60_000): Promise<JobStatus> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const s = await statusOf(t, cookie, id);
    if (s.state === 71 || s.state === 2) return s;
    if (Date.now() > until) throw new Error(`job ${id} still ${s.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function download(t: TestEngine, url: string, cookie?: string) {
  return t.engine.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

/** An Excel cell back as the wire text of its column's type. */
function wireText(v: ExcelJS.CellValue, type: ColumnType, scale: number): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) {
    const iso = v.toISOString();
    return type === 'date' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  }
  if (typeof v === 'number') return type === 'decimal' ? v.toFixed(scale) : String(v);
  if (typeof v === 'boolean') return v ? '1' : '0';
  return String(v);
}

export interface Sheet {
  name: string;
  header: string[];
  rows: (string | null)[][];
  /** The raw values of the first data row (types as Excel holds them). */
  firstRow: ExcelJS.CellValue[];
  numFmts: (string | undefined)[];
}

/** Reads the one sheet of an export; `columns` (a recordset's) give each column's wire type. */
export async function readSheet(body: Buffer, columns: RecordsetValue['columns'], scales: Record<string, number> = {}): Promise<Sheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  expect(wb.worksheets).toHaveLength(1);
  const ws = wb.worksheets[0];
  const width = columns.length;
  const cellsOf = (r: ExcelJS.Row) => Array.from({ length: width }, (_, i) => r.getCell(i + 1).value);
  const header = cellsOf(ws.getRow(1)).map(String);
  const rows: (string | null)[][] = [];
  for (let n = 2; n <= ws.rowCount; n++) {
    rows.push(cellsOf(ws.getRow(n)).map((v, i) => wireText(v, columns[i].type, scales[columns[i].name] ?? 2)));
  }
  const first = ws.rowCount >= 2 ? ws.getRow(2) : undefined;
  return {
    name: ws.name,
    header,
    rows,
    firstRow: first ? cellsOf(first) : [],
    numFmts: first ? Array.from({ length: width }, (_, i) => first.getCell(i + 1).numFmt) : [],
  };
}

/** Every row of a select, page by page (max 1000), as one recordset. */
export async function selectAll(t: TestEngine, cookie: string, args: Record<string, unknown>, action = 'Record.select'): Promise<RecordsetValue> {
  let all: RecordsetValue | undefined;
  for (let page = 1; ; page++) {
    const [set] = await t.call(action, [{ ...args, max: 1000, pageIndex: page }], cookie);
    if (set?.type !== 'recordset') throw new Error(`select failed: ${JSON.stringify(set)}`);
    all = all ? { ...all, rows: [...all.rows, ...set.rows] } : set;
    if (set.rows.length < 1000) return all;
  }
}
