// Assembles the registry of every action. A duplicate name fails here, at start-up.
import { ActionRegistry } from './registry.js';
import { recordActions } from './record/actions.js';
import { stateActions } from './state/actions.js';
import { systemActions } from './system/actions.js';
import { userActions } from './user/actions.js';
import { identityActions } from './identity/index.js';
import { accountActions } from './accounts/actions.js';
import { fileActions, removeReferenceActions } from './files/actions.js';
import { mailActions } from '../mail/actions.js';
import { screenActions } from './screens/actions.js';
import { templateActions } from '../../portal/actions/templates/template-versions.js';
import { dashboardActions } from '../../portal/actions/dashboards/actions.js';
import { jobActions } from '../jobs/actions.js';
import { importActions } from '../../portal/jobs/form-import/actions.js';
import { roleActions } from './roles/role-permissions.js';
import { bulletinActions } from '../../portal/actions/bulletins/bulletins.js';
import { threadActions } from '../../portal/actions/threads/query-status.js';
import { periodActions } from '../../portal/actions/periods/actions.js';
import { filingActions } from '../../portal/actions/filing/actions.js';
import { resubmissionActions } from '../../portal/actions/requests/resubmission.js';
import { routineReportActions } from '../../portal/actions/routine-reports/routine-reports.js';
import { peoiActions } from '../../portal/actions/peoi/peoi.js';
import { reportActions } from './reports/actions.js';
import { reAdminActions } from '../../portal/actions/re/re-admin.js';
import { peoiSetPrelimReason } from '../../portal/actions/peoi/prelim-reason.js';
import { ModuleRegistry } from '../metadata/module-registry.js';
import { MODULES_DIR } from '../metadata/paths.js';

/** `modules` decides the per-module actions ({Module}.removeReference); default: metadata/modules. */
export function buildRegistry(modules: ModuleRegistry = ModuleRegistry.fromDirectory(MODULES_DIR)): ActionRegistry {
  const registry = new ActionRegistry();
  registry.register(...recordActions, ...fileActions, ...stateActions, ...userActions, ...identityActions, ...accountActions, ...mailActions, ...screenActions, ...templateActions, ...dashboardActions, ...jobActions, ...importActions, ...threadActions, ...roleActions, ...bulletinActions, ...periodActions, ...filingActions, ...resubmissionActions, ...routineReportActions, ...peoiActions, ...reportActions, ...reAdminActions, peoiSetPrelimReason, ...removeReferenceActions(modules));
  for (const a of [...recordActions, ...fileActions]) registry.alias(a.name.replace('Record.', 'Record2.'), a.name);
  registry.register(...systemActions(registry));
  return registry;
}
