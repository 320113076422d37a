// The regulator's reporting portal, as an app on the engine (docs/engine.md): its modules and
// their behaviour, its actions, the Excel form jobs, the print values of its letters, its seeds
// and the work it keeps on the clock.
import { defineApp } from '../engine/app/engine-app.js';
import { MODULES_DIR } from './paths.js';
import { PORTAL_MODULE_HOOKS } from './module-hooks.js';
import { portalActions } from './actions/index.js';
import { checkProfileTabRead } from './profile/profile-tab-access.js';
import { EXPORT_FORM_EXCEL, runFormExport } from './jobs/form-export/run-form-export.js';
import { IMPORT_FROM_EXCEL, runFormImport } from './jobs/form-import/run-import.js';
import { EXPORT_ACCEPTED, runAcceptedExtract } from './jobs/accepted-extract/run-extract.js';
import { VALIDATION_REPORT, runValidationReport } from './jobs/validation-report/run-validation-report.js';
import { PORTAL_PRINT_VALUES } from './print-values.js';
import { startReopening } from './requests/resubmission-reopen.js';
import { startDateDrivenStates } from './re-records/date-driven-states.js';
import { runSeeds } from './seeds/index.js';
import { PORTAL_MIGRATIONS } from './migrations/index.js';

export const portal = defineApp({
  name: 'regportal',
  modulesDir: MODULES_DIR,
  actions: portalActions,
  moduleHooks: PORTAL_MODULE_HOOKS,
  // An entity reads a profile tab's records only when the tab is shown to it (docs/re-profile.md).
  beforeSelect: checkProfileTabRead,
  jobs: {
    // A form's or a batch's workbook (a zip of them for a batch).
    [EXPORT_FORM_EXCEL]: { run: runFormExport, files: ['xlsx', 'zip'] },
    // An import's marked copy of a workbook with problems (a zip when several had them).
    [IMPORT_FROM_EXCEL]: { run: runFormImport, files: ['xlsx', 'zip'] },
    [VALIDATION_REPORT]: { run: runValidationReport, files: ['xlsx', 'pdf'] },
    // The extract of a period's accepted values for analysts.
    [EXPORT_ACCEPTED]: { run: runAcceptedExtract, files: ['csv', 'parquet'] },
  },
  printValues: PORTAL_PRINT_VALUES,
  migrations: PORTAL_MIGRATIONS,
  seed: (db, options) => runSeeds(db, options),
  // Resubmissions reopen their forms on their effective date; records whose dates now give
  // another state move to it (docs/resubmission-extension.md, docs/re-records.md).
  startup: [startReopening, startDateDrivenStates],
});
