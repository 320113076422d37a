// What the registry shares with the checks it calls (module-rules, row-rules): they import it from
// here, not from the registry, so that no module imports back the registry that calls it.

/** Alias of the module's own table in every query the engine builds. */
export const BASE_ALIAS = 't';
/** Alias of the child table joined by link modules. */
export const CHILD_ALIAS = 'c';

export class ModuleRegistryError extends Error {}
