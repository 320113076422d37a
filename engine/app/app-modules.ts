// An app's module registry: the engine's own modules and the app's (engine/metadata/modules, then
// its modulesDir), with the behaviour each registers for them, checked against the metadata's
// `behaviour` names.
import { appModuleDefs, ModuleRegistry } from '../metadata/module-registry.js';
import { checkRowRules } from '../records/row-rules.js';
import type { EngineApp } from './engine-app.js';
import { ENGINE_MODULE_HOOKS } from './engine-module-hooks.js';

export function appModules(app: EngineApp): ModuleRegistry {
  const modules = new ModuleRegistry(appModuleDefs(app.modulesDir), app, { engineHooks: ENGINE_MODULE_HOOKS, checkNames: true });
  // Every row rule plans (its fields, lookups and links exist): a broken one stops the start.
  checkRowRules((name) => modules.get(name), modules.all());
  return modules;
}
