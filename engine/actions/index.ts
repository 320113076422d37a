// Assembles the registry of every action. A duplicate name fails here, at start-up.
import { ActionRegistry } from './registry.js';
import { recordActions } from './record/actions.js';
import { stateActions } from './state/actions.js';
import { systemActions } from './system/actions.js';
import { userActions } from './user/actions.js';

export function buildRegistry(): ActionRegistry {
  const registry = new ActionRegistry();
  registry.register(...recordActions, ...stateActions, ...userActions);
  for (const a of recordActions) registry.alias(a.name.replace('Record.', 'Record2.'), a.name);
  registry.register(...systemActions(registry));
  return registry;
}
