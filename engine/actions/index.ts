// Assembles the registry of every action: the engine's own and the app's. A duplicate name fails
// here, at start-up.
import { ActionRegistry } from '../runtime/registry.js';
import { recordActions } from './record/actions.js';
import { stateActions } from './state/actions.js';
import { systemActions } from './system/actions.js';
import { userActions } from './user/actions.js';
import { identityActions } from './identity/index.js';
import { accountActions } from './accounts/actions.js';
import { fileActions, removeReferenceActions } from './files/actions.js';
import { mailActions } from '../mail/actions.js';
import { screenActions } from './screens/actions.js';
import { jobActions } from '../jobs/actions.js';
import { roleActions } from './roles/role-permissions.js';
import { reportActions } from './reports/actions.js';
import type { ModuleRegistry } from '../metadata/module-registry.js';

/** `modules` is the app's registry: it brings the app's actions and decides the per-module ones ({Module}.removeReference). */
export function buildRegistry(modules: ModuleRegistry): ActionRegistry {
  const registry = new ActionRegistry();
  registry.register(...recordActions, ...fileActions, ...stateActions, ...userActions, ...identityActions, ...accountActions, ...mailActions, ...screenActions, ...jobActions, ...roleActions, ...reportActions, ...(modules.app.actions?.(modules) ?? []), ...removeReferenceActions(modules));
  for (const a of [...recordActions, ...fileActions]) registry.alias(a.name.replace('Record.', 'Record2.'), a.name);
  registry.register(...systemActions(registry));
  return registry;
}
