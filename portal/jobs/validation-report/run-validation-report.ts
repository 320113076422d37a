// The ValidationReport job: the validation report of a form or of every form of a batch the
// submitter can reach, as one .xlsx or one PDF (printed by the engine's Chromium, as reports
// are). Runs as the submitter (job-caller.ts): the forms are reached again with their access as
// it is now, and each form is checked as Form.validate checks it.
import { rm, writeFile } from 'node:fs/promises';
import { Value } from '@sinclair/typebox/value';
import { sqlDateTime } from '../../../engine/db/clock.js';
import { AppError } from '../../../engine/errors/catalogue.js';
import { formValidationReport, type FormReport } from '../../filing/validation-report.js';
import { displayText } from '../../../engine/reports/display.js';
import { reportPrinting } from '../../../engine/reports/report-store.js';
import { exportTarget } from '../form-export/export-target.js';
import { kindOf } from '../form-export/export-args.js';
import { jobContext } from '../../../engine/jobs/job-caller.js';
import { jobFileName, partPath, storeJobFile } from '../../../engine/jobs/job-files.js';
import type { JobResult, JobRun } from '../../../engine/jobs/job-run.js';
import { StoredReportArgs } from './report-args.js';
import { validationHtml } from './report-html.js';
import { validationWorkbook } from './report-xlsx.js';

export const VALIDATION_REPORT = 'ValidationReport';

export function validationReportUrl(id: number, format: 'xlsx' | 'pdf'): string {
  return `/out/${id}.${format}`;
}

export async function runValidationReport(run: JobRun): Promise<JobResult> {
  const { job, services, signal } = run;
  if (!Value.Check(StoredReportArgs, job.args) || kindOf(job.args) === null) throw new AppError('E_BADREQUEST', 'The report arguments are not valid');
  const args = job.args;
  const ctx = await jobContext(services, job);
  const target = await exportTarget(ctx, args);
  const total = target.items.length;
  run.report({ processed: 0, total });
  const reports: FormReport[] = [];
  for (const item of target.items) {
    signal.throwIfAborted();
    if (item.form) reports.push(await formValidationReport(ctx, item.form));
    run.report({ processed: reports.length, total });
  }
  // Words and DD/MM/YYYY in the heading; the file name keeps the export's (sortable) name.
  const about = target.kind === 'form' && reports[0] ? `${reports[0].code}, period ending ${reports[0].period}` : target.title;
  const meta = { title: `Validation report: ${about}`, printedAt: displayText(sqlDateTime(), 'datetime'), printedBy: ctx.caller?.name ?? '' };
  let body: Uint8Array;
  if (args.format === 'xlsx') {
    const { default: excel } = await import('exceljs');
    body = await validationWorkbook(excel, reports, meta);
  } else {
    body = await reportPrinting(services).print(validationHtml(reports, meta), { paper: 'A4', landscape: true }).then((p) => p.pdf);
  }
  signal.throwIfAborted();
  const name = jobFileName(job.id, job.claimToken, args.format);
  const part = await partPath(services.config.jobsDir, name);
  try {
    await writeFile(part, body);
    await storeJobFile(services, name, part);
  } catch (e) {
    await rm(part, { force: true });
    throw e;
  }
  return { result: validationReportUrl(job.id, args.format), file: name, processed: total };
}
