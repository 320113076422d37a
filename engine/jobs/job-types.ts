// Every kind of job the worker can run, by the `type` stored in its row. A row of an unknown
// type (written by a newer engine, say) fails with a message rather than running as anything.
import type { JobHandler } from './job-run.js';
import { EXPORT_LIST_EXCEL, runListExport } from './list-export/run-export.js';
import { IMPORT_FROM_EXCEL, runFormImport } from '../../portal/jobs/form-import/run-import.js';
import { EXPORT_FORM_EXCEL, runFormExport } from '../../portal/jobs/form-export/run-form-export.js';
import { VALIDATION_REPORT, runValidationReport } from '../../portal/jobs/validation-report/run-validation-report.js';

export const JOB_HANDLERS: Readonly<Record<string, JobHandler>> = {
  [EXPORT_LIST_EXCEL]: runListExport,
  [IMPORT_FROM_EXCEL]: runFormImport,
  [EXPORT_FORM_EXCEL]: runFormExport,
  [VALIDATION_REPORT]: runValidationReport,
};
