// The ExportAccepted job: the bulk extract of a period as CSV or Parquet (docs/integrators.md
// "Accepted data"). Runs as the submitter (job-caller.ts): the forms are the ones their rules
// reach when the job runs. Pages of rows go to the file as they are read, so memory stays flat.
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { Value } from '@sinclair/typebox/value';
import { AppError } from '../../../engine/errors/catalogue.js';
import { jobContext } from '../../../engine/jobs/job-caller.js';
import { jobFileName, partPath, storeJobFile } from '../../../engine/jobs/job-files.js';
import type { JobResult, JobRun } from '../../../engine/jobs/job-run.js';
import { extractForms, extractPages } from '../../filing/accepted-extract.js';
import { StoredAcceptedArgs } from './extract-args.js';
import { CsvFile } from './csv-file.js';
import { ParquetFile } from './parquet-file.js';

export const EXPORT_ACCEPTED = 'ExportAccepted';

export function acceptedExtractUrl(id: number, format: 'csv' | 'parquet'): string {
  return `/out/${id}.${format}`;
}

export async function runAcceptedExtract(run: JobRun): Promise<JobResult> {
  const { job, services, signal } = run;
  if (!Value.Check(StoredAcceptedArgs, job.args)) throw new AppError('E_BADREQUEST', 'The extract arguments are not valid');
  const args = job.args;
  const ctx = await jobContext(services, job);
  const forms = await extractForms(ctx, args);
  const total = forms.reduce((n, f) => n + f.cells, 0);
  run.report({ processed: 0, total });
  const name = jobFileName(job.id, job.claimToken, args.format);
  const part = await partPath(services.config.jobsDir, name);
  let processed = 0;
  try {
    if (args.format === 'csv') {
      const file = createWriteStream(part);
      const closed = finished(file);
      const csv = new CsvFile(file);
      await csv.header();
      for await (const page of extractPages(ctx.db, forms)) {
        signal.throwIfAborted();
        await csv.rows(page);
        run.report({ processed: (processed += page.length), total });
      }
      file.end();
      await closed;
    } else {
      const parquet = new ParquetFile(part);
      for await (const page of extractPages(ctx.db, forms)) {
        signal.throwIfAborted();
        await parquet.rows(page);
        run.report({ processed: (processed += page.length), total });
      }
      parquet.finish();
    }
    signal.throwIfAborted();
    await storeJobFile(services, name, part);
  } catch (e) {
    await rm(part, { force: true });
    throw e;
  }
  ctx.log.info({ forms: forms.length, rows: processed, format: args.format }, 'accepted data extracted');
  return { result: acceptedExtractUrl(job.id, args.format), file: name, processed };
}
