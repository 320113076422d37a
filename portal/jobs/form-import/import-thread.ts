// What an import does with a workbook's bytes, on a thread of its own (engine/jobs/job-thread.ts):
// the zip checks and limits, the defined names, the values (`read`), and the marked copy
// (`mark`). The thread answers plain data; the form writes stay on the engine's thread. A
// workbook's parsing then costs the thread's heap and CPU, not the requests' (IMPORT_MEMORY_MB).
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../../engine/paths.js';
import { openTaskThread, serveThread } from '../../../engine/jobs/job-thread.js';
import { readCellNames, type NamedCell } from './cell-names.js';
import { writeMarkedCopy } from './marked-copy.js';
import type { CellProblem } from './workbook-cells.js';
import { readWorkbookSheets, type ReadSheet } from './workbook-values.js';
import { guardWorkbook, type ZipLimits } from './zip-guard.js';

export type ImportTask =
  | { op: 'read'; bytes: Uint8Array; fileName: string; limits: ZipLimits }
  | { op: 'mark'; bytes: Uint8Array; fileName: string; limits: ZipLimits; problems: CellProblem[]; path: string };

export interface ReadWorkbookAnswer {
  names: Map<string, NamedCell>;
  sheets: Map<string, ReadSheet>;
}

/** Does the task; throws RefusedWorkbook for a workbook the checks refuse. */
export async function importTask(task: ImportTask): Promise<ReadWorkbookAnswer | boolean> {
  // A buffer that crossed a thread arrives as a plain Uint8Array.
  const bytes = Buffer.isBuffer(task.bytes) ? task.bytes : Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  const parts = guardWorkbook(bytes, task.fileName, task.limits);
  if (task.op === 'mark') return writeMarkedCopy(parts, task.problems, task.path);
  return { names: readCellNames(parts), sheets: await readWorkbookSheets(bytes, parts) };
}

const ENTRY = join(PROJECT_ROOT, 'portal', 'jobs', 'form-import', 'import-thread.ts');

export interface ImportThread {
  run<T extends ReadWorkbookAnswer | boolean>(task: ImportTask, signal: AbortSignal): Promise<T>;
  close(): Promise<void>;
}

/** The thread of one import's workbooks, with a heap of `memoryMb`; 0 runs them on the calling thread (no isolation: for comparison and debugging). */
export function openImportThread(memoryMb: number): ImportThread {
  if (memoryMb === 0) return { run: (task) => importTask(task) as never, close: async () => {} };
  const thread = openTaskThread<ImportTask, ReadWorkbookAnswer | boolean>(ENTRY, memoryMb);
  return { run: (task, signal) => thread.run(task, signal) as never, close: () => thread.close() };
}

serveThread(importTask);
