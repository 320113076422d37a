// The ExportListExcel job: the list's rows, page by page in the list's order (keyset paging),
// into one worksheet with the requested columns and titles. Runs as the submitter (job-caller.ts):
// a permission withdrawn since submitting fails the job; an RE user's export holds only the
// rows of the entity they worked for.
import { rm } from 'node:fs/promises';
import { Value } from '@sinclair/typebox/value';
import { AppError } from '../../errors/catalogue.js';
import { toCell } from '../../records/value-codec.js';
import { jobContext } from '../job-caller.js';
import { jobFileName, partPath, storeJobFile } from '../job-files.js';
import type { JobResult, JobRun } from '../job-run.js';
import { ExportArgs, MAX_SHEET_ROWS, planExport } from './export-plan.js';
import { keysOf, selectKeys, whereAfter, type KeyValues } from './keyset.js';
import { SheetWriter, sheetName } from './sheet-writer.js';
import { relabelStateGroups } from '../../records/state-groups.js';

export const EXPORT_LIST_EXCEL = 'ExportListExcel';

export function exportDownloadUrl(id: number): string {
  return `/out/${id}.xlsx`;
}

export async function runListExport(run: JobRun): Promise<JobResult> {
  const { job, services, signal } = run;
  const { config, db, dialect } = services;
  // Checked at submit; a row edited by hand since then must not reach the planner unchecked.
  if (!Value.Check(ExportArgs, job.args)) throw new AppError('E_BADREQUEST', 'The export arguments are not valid');
  const args = job.args;
  const ctx = await jobContext(services, job);
  const { module, plan, order, columns } = planExport(ctx, args, config.exportPageRows);

  const [{ n }] = (await plan.count()) as { n: number | string }[];
  const total = Number(n);
  if (total > MAX_SHEET_ROWS) throw new AppError('E_BADREQUEST', `The list has ${total} rows; an Excel sheet holds at most ${MAX_SHEET_ROWS}. Narrow the filter and export again.`);
  run.report({ processed: 0, total });

  const name = jobFileName(job.id, job.claimToken, 'xlsx');
  const part = await partPath(config.jobsDir, name);
  const sheet = await SheetWriter.open(part, { sheet: sheetName(args.title), columns, creator: ctx.caller?.name });
  let processed = 0;
  try {
    let after: KeyValues | null = null;
    for (;;) {
      signal.throwIfAborted();
      const qb = selectKeys(plan.rows(), order);
      if (after) whereAfter(db, qb, order, after, dialect);
      const rows = (await qb) as Record<string, unknown>[];
      // The sheet shows what Record.select answers: a variant's grouped states as their group (copies; the keys read the stored row).
      const shown = rows.map((r) => ({ ...r }));
      relabelStateGroups(module, shown);
      for (const row of shown) sheet.addRow(plan.fields.map((f) => toCell(row[f.name], f.type, f.def.scale)));
      processed += rows.length;
      // Rows added while exporting may take a list past the sheet's size; it also bounds the loop.
      if (processed > MAX_SHEET_ROWS) throw new AppError('E_BADREQUEST', `The list grew past ${MAX_SHEET_ROWS} rows while exporting; an Excel sheet holds no more. Narrow the filter and export again.`);
      run.report({ processed, total: Math.max(total, processed) });
      await sheet.settle(signal);
      if (rows.length < config.exportPageRows) break;
      after = keysOf(rows[rows.length - 1], order);
    }
    await sheet.finish();
    signal.throwIfAborted();
    await storeJobFile(services, name, part);
  } catch (e) {
    await sheet.finish().catch(() => undefined);
    await rm(part, { force: true });
    throw e;
  }
  return { result: exportDownloadUrl(job.id), file: name, processed };
}
