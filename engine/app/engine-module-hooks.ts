// The behaviour of the engine's own modules (engine/metadata/modules), attached before any app's.
import type { ModuleHooks } from '../metadata/module-hooks.js';
import { parameterHooks } from '../parameters/parameter-rules.js';
import { webReportHooks } from '../reports/report-write-hooks.js';
import { guardAccessWrite } from '../actions/roles/privilege.js';

/** Nobody gives more than they hold: role links, grants and a role's delete (docs/roles.md). */
const accessGuard: ModuleHooks = { guard: (ctx, module, before, after) => guardAccessWrite(ctx, module.table, before, after) };

export const ENGINE_MODULE_HOOKS: Readonly<Record<string, ModuleHooks>> = {
  // Business and system parameters: required fields and date values (docs/audit-log.md, Parameters).
  Parameters: parameterHooks,
  // A report definition is checked whole on every write (docs/reports.md).
  WebReport: webReportHooks,
  Role: accessGuard,
  User_Role: accessGuard,
  Role_PermissionTasks: accessGuard,
};
