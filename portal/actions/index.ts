// The portal's actions, beside the engine's own (engine/actions/index.ts): filing, periods,
// templates, requests, threads, bulletins, dashboards, routine reports, PEOI, entity administration,
// registration, sub-users, profile verification, profile tabs and the Excel form export, import and validation report.
import type { AnyAction } from '../../engine/runtime/registry.js';
import { templateActions } from './templates/template-versions.js';
import { dashboardActions } from './dashboards/actions.js';
import { importActions } from '../jobs/form-import/actions.js';
import { formExportActions } from '../jobs/form-export/actions.js';
import { acceptedExtractActions } from '../jobs/accepted-extract/actions.js';
import { validationReportActions } from '../jobs/validation-report/actions.js';
import { bulletinActions } from './bulletins/bulletins.js';
import { threadActions } from './threads/query-status.js';
import { periodActions } from './periods/actions.js';
import { filingActions } from './filing/actions.js';
import { resubmissionActions } from './requests/resubmission.js';
import { routineReportActions } from './routine-reports/routine-reports.js';
import { peoiActions } from './peoi/peoi.js';
import { reAdminActions } from './re/re-admin.js';
import { peoiSetPrelimReason } from './peoi/prelim-reason.js';
import { register, registerSub } from './accounts/registration.js';
import { getProfileTabs } from './profile/profile-tabs.js';
import { setSubUserState } from './accounts/sub-users.js';
import { registrationOptions } from './accounts/registration-options.js';
import { verifyBizInfo, verifyOffice } from './accounts/profile-verification.js';
import { varianceActions } from './variance/variance-check.js';

export function portalActions(): readonly AnyAction[] {
  return [register, registerSub, setSubUserState, registrationOptions, verifyBizInfo, verifyOffice, getProfileTabs, ...templateActions, ...dashboardActions, ...formExportActions, ...acceptedExtractActions, ...validationReportActions, ...importActions, ...threadActions, ...bulletinActions, ...periodActions, ...filingActions, ...resubmissionActions, ...routineReportActions, ...peoiActions, ...reAdminActions, ...varianceActions, peoiSetPrelimReason];
}
