// The ExportToExcel job: a form or a blank template as one .xlsx, a batch as a .zip holding one
// .xlsx per form. Runs as the submitter (job-caller.ts), so the target is reached again with their
// access as it is now: a form moved out of their reach since submitting fails the job.
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { finished, pipeline } from 'node:stream/promises';
import { Value } from '@sinclair/typebox/value';
import { AppError } from '../../../engine/errors/catalogue.js';
import { jobContext } from '../../../engine/jobs/job-caller.js';
import { jobFileName, partPath, storeJobFile } from '../../../engine/jobs/job-files.js';
import type { JobResult, JobRun } from '../../../engine/jobs/job-run.js';
import { StoredExportArgs, kindOf } from './export-args.js';
import { exportTarget } from './export-target.js';
import { writeFormWorkbook } from './form-workbook.js';
import { shownExternals } from '../../filing/external-values.js';
import type { ExternalSource } from '../../filing/external-sources.js';
import { releaseMemory } from './release-memory.js';

export const EXPORT_FORM_EXCEL = 'ExportToExcel';

export function formExportExtension(args: { formbatch_id?: number }): 'xlsx' | 'zip' {
  return args.formbatch_id !== undefined ? 'zip' : 'xlsx';
}

export function formExportUrl(id: number, ext: 'xlsx' | 'zip'): string {
  return `/out/${id}.${ext}`;
}

export async function runFormExport(run: JobRun): Promise<JobResult> {
  const { job, services, signal } = run;
  const { config } = services;
  if (!Value.Check(StoredExportArgs, job.args) || !kindOf(job.args)) throw new AppError('E_BADREQUEST', 'The export arguments are not valid');
  const args = job.args;
  const ctx = await jobContext(services, job);
  const target = await exportTarget(ctx, args);
  const total = target.items.length;
  run.report({ processed: 0, total });
  const { default: excel } = await import('exceljs');
  const ext = formExportExtension(args);
  const name = jobFileName(job.id, job.claimToken, ext);
  const part = await partPath(config.jobsDir, name);
  const options = { withData: args.withData, licenseKey: config.formulaLicenseKey ?? undefined, creator: ctx.caller?.name, shown: (e: ExternalSource[]) => shownExternals(ctx, e) };
  try {
    if (ext === 'xlsx') {
      const file = createWriteStream(part);
      const closed = finished(file);
      await writeFormWorkbook(excel, ctx.db, target.items[0], options, file);
      await closed;
    } else {
      // Each form's workbook goes to a file of its own as it is written (nothing of it stays in
      // memory), and the .zip is then streamed from those files, one after another.
      const { default: JSZip } = await import('jszip');
      const zip = new JSZip();
      const used = new Set<string>();
      let processed = 0;
      const pieces: string[] = [];
      try {
        for (const [i, item] of target.items.entries()) {
          signal.throwIfAborted();
          // Named `….part` too, so a run that died leaves nothing the sweep does not remove.
          const path = part.replace(/\.part$/, `.${i + 1}.part`);
          pieces.push(path);
          const file = createWriteStream(path);
          const closed = finished(file);
          await writeFormWorkbook(excel, ctx.db, item, options, file);
          await closed;
          // This form's garbage goes before the next form is built (release-memory.ts says why).
          releaseMemory();
          let entry = `${item.name}.xlsx`;
          for (let n = 2; used.has(entry.toLowerCase()); n++) entry = `${item.name} (${n}).xlsx`;
          used.add(entry.toLowerCase());
          // An .xlsx is already compressed: stored as it is, read from its file when the zip reaches it.
          zip.file(entry, createReadStream(path), { compression: 'STORE', binary: true });
          run.report({ processed: ++processed, total });
        }
        await pipeline(zip.generateNodeStream({ streamFiles: true, compression: 'STORE' }), createWriteStream(part));
      } finally {
        await Promise.all(pieces.map((p) => rm(p, { force: true })));
      }
    }
    signal.throwIfAborted();
    await storeJobFile(services, name, part);
  } catch (e) {
    await rm(part, { force: true });
    throw e;
  }
  return { result: formExportUrl(job.id, ext), file: name, processed: total };
}
