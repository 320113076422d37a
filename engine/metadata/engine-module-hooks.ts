// The behaviour of the engine's own modules (engine/metadata/modules), attached before any app's.
import type { ModuleHooks } from './module-hooks.js';
import { parameterHooks } from '../parameters/parameter-rules.js';

export const ENGINE_MODULE_HOOKS: Readonly<Record<string, ModuleHooks>> = {
  // Business and system parameters: required fields and date values (docs/audit-log.md, Parameters).
  Parameters: parameterHooks,
};
