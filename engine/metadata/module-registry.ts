// Loads module definitions, validates them against the module schema, and resolves each into
// the shape the record engine works with: every column it may read or filter, where it lives
// (which table alias), and which joins the lookups need.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { ENGINE_MODULES_DIR } from '../paths.js';
import { resolveModuleRules, type ModuleRules } from './module-rules.js';
import type { EngineApp } from '../app/engine-app.js';
import type { ModuleHooks } from './module-hooks.js';
import { BASE_ALIAS, CHILD_ALIAS, ModuleRegistryError } from './module-aliases.js';
import { ModuleSchema, type FieldDef, type FieldType, type ModuleDef, type EntityScope, type NamedFilter, type DateRule, type RowRuleGroup } from './module-schema.js';

export { BASE_ALIAS, CHILD_ALIAS, ModuleRegistryError };
export const LOOKUP_SUFFIX = '_name_ind_field';

export interface ResolvedField {
  name: string;
  type: FieldType;
  def: FieldDef;
  /** Table alias and physical column this field is read from. */
  alias: string;
  column: string;
  /** The engine maintains it (id, updatectr, stamps, link columns); never written by callers. */
  system: boolean;
  writable: boolean;
  /** Set on `{field}_name_ind_field` display columns. */
  lookupOf?: string;
}

export interface LookupJoin {
  field: string;
  /** Alias of the joined table: `lk_{field}`. */
  alias: string;
  table: string;
  display: string;
  /** The column the join starts from. */
  fromAlias: string;
  fromColumn: string;
}

export interface ResolvedModule {
  name: string;
  def: ModuleDef;
  kind: 'table' | 'link' | 'attachment';
  table: string;
  idField: 'id' | 'link_id';
  ctrField: 'updatectr' | 'link_updatectr';
  fields: Map<string, ResolvedField>;
  /** Secret columns (password hashes, OTP secrets): stored, but never read, filtered or written through Record.*. */
  secretFields: Map<string, ResolvedField>;
  defaultFields: string[];
  defaultOrder: [string, 'asc' | 'desc'][];
  lookups: LookupJoin[];
  /** Link modules: the joined child table and the link's own column names. */
  child?: { table: string; module: string; linkColumn: string };
  link?: { parent: string; child: string; parentColumn: string; childColumn: string };
  /** `RE-X` variants: every caller is limited to the current entity. */
  alwaysScoped: boolean;
  entityScope?: EntityScope;
  /** A `parent` scope: the column pointing at the parent row and the module that scopes it. */
  scopeParent?: { column: string; module: ResolvedModule };
  /** Conditions every row reached through this module meets (ModuleDef.scopeWhere). */
  scopeWhere?: NonNullable<ModuleDef['scopeWhere']>;
  /** The app's behaviour for the module's table (EngineApp.moduleHooks): shared by its variants. */
  hooks?: ModuleHooks;
  /** Row rules by caller (ModuleDef.rowRules, a variant's own or its base's; engine/records/row-rules.ts). */
  rowRules?: RowRuleGroup[];
  /** The calling user's rows under rowRules: set on the per-caller copy accessModule returns, never on the registry's. */
  rowLimit?: import('../records/row-rules.js').RowLimit;
  /** Date rules checked on every write (ModuleDef.dateRules, a variant's own or its base's). */
  dateRules: DateRule[];
  shared: boolean;
  /** Transitions as from/to pairs; `permissions`: `"from>to"` → the `{permissionName}.x` a move needs. */
  stateMap?: { default: number; transitions: [number, number][]; permissions: Map<string, string> };
  filters: Record<string, NamedFilter>;
  /** Thread rules (replyTo, stateRequires, …), a variant's own or else its base module's (module-rules.ts). */
  rules?: ModuleRules;
  /** The name permissions are checked against (`{permissionName}.select`). */
  permissionName: string;
}

const SYSTEM_FIELDS: Record<string, FieldDef> = {
  id: { type: 'integer', readonly: true },
  updatectr: { type: 'integer', readonly: true },
  createon: { type: 'datetime', readonly: true, index: true },
  createby: { type: 'integer', readonly: true, lookup: { module: 'User' } },
  updateon: { type: 'datetime', readonly: true },
  updateby: { type: 'integer', readonly: true, lookup: { module: 'User' } },
};
export const SYSTEM_FIELD_NAMES = Object.keys(SYSTEM_FIELDS);

/** A link of a table to itself (RE_RE, seed 001 §7) names its columns link_fk_parent and link_fk_child. */
export function linkColumnsOf(parentTable: string, childTable: string) {
  if (parentTable === childTable) return { parentColumn: 'link_fk_parent', childColumn: 'link_fk_child' };
  return { parentColumn: `link_fk_${parentTable}`, childColumn: `link_fk_${childTable}` };
}

/** Counts a module keeps of rows of another table (ModuleDef.counters), resolved to columns. */
export interface CounterSet {
  /** The table whose rows keep the counts, and its id column. */
  table: string;
  /** The counted table's column holding that id. */
  by: string;
  /** Count column → the states counted (null: every row). */
  columns: Record<string, number[] | null>;
}

export class ModuleRegistry {
  private readonly modules = new Map<string, ResolvedModule>();
  private readonly counters = new Map<string, CounterSet[]>();

  /** The app whose modules these are; an empty app when the registry was built from files alone. */
  readonly app: EngineApp;

  /**
   * `engineHooks`: the behaviour of the engine's own modules (engine/app/engine-module-hooks.ts);
   * `checkNames`: hooks and the metadata's `behaviour` names must agree (an app's registry,
   * engine/app/app-modules.ts).
   */
  constructor(defs: ModuleDef[], app: EngineApp = { name: 'engine', modulesDir: '' }, options: { engineHooks?: Readonly<Record<string, ModuleHooks>>; checkNames?: boolean } = {}) {
    this.app = app;
    const byName = new Map<string, ModuleDef>();
    for (const def of defs) {
      if (byName.has(def.name)) throw new ModuleRegistryError(`Module ${def.name} is defined twice`);
      byName.set(def.name, def);
    }
    for (const def of defs) this.modules.set(def.name, resolve(def, byName));
    for (const m of this.modules.values()) if (m.def.counters) this.addCounters(m, m.def.counters);
    for (const m of this.modules.values()) this.linkScopeParent(m);
    for (const m of this.modules.values()) m.rules = resolveModuleRules(m, (name) => this.modules.get(name));
    this.attachHooks(app, options.engineHooks ?? {}, options.checkNames ?? false);
  }

  /**
   * Each named module's hooks (the engine's own, then the app's) go to every module of its table
   * (its variants, its `RE-` views). With `checkNames`, a module's metadata names its behaviour
   * file exactly when hooks are registered for it, so the two never drift apart.
   */
  private attachHooks(app: EngineApp, engineHooks: Readonly<Record<string, ModuleHooks>>, checkNames: boolean): void {
    const byTable = new Map<string, ModuleHooks>();
    const add = (owner: string, byName: Readonly<Record<string, ModuleHooks>>, strict: boolean) => {
      for (const [name, hooks] of Object.entries(byName)) {
        const m = this.modules.get(name);
        // A registry of a few definitions (a unit test's) may lack the engine's own modules.
        if (!m && !strict) continue;
        if (!m) throw new ModuleRegistryError(`${owner} gives hooks to ${name}, which is not a module`);
        if (byTable.has(m.table)) throw new ModuleRegistryError(`${owner} gives hooks to table ${m.table} a second time (${name})`);
        byTable.set(m.table, hooks);
      }
    };
    add('The engine', engineHooks, false);
    add(`The app ${app.name}`, app.moduleHooks ?? {}, true);
    for (const m of this.modules.values()) m.hooks = byTable.get(m.table);
    if (!checkNames) return;
    for (const m of this.modules.values()) {
      if (m.def.variantOf) continue;
      if (m.hooks && !m.def.behaviour) throw new ModuleRegistryError(`Module ${m.name} has hooks registered but its metadata does not name its behaviour file ("behaviour")`);
      if (!m.hooks && m.def.behaviour) throw new ModuleRegistryError(`Module ${m.name} names its behaviour in ${m.def.behaviour}, but no hooks are registered for it`);
    }
  }

  private linkScopeParent(m: ResolvedModule): void {
    const scope = m.entityScope;
    if (!scope || !('parent' in scope)) return;
    const parent = this.modules.get(scope.parent.module);
    const field = m.fields.get(scope.parent.field);
    if (!parent || !field || field.alias !== BASE_ALIAS) throw new ModuleRegistryError(`Module ${m.name}: entityScope parent ${scope.parent.module} via ${scope.parent.field} does not exist`);
    // A chain of parent scopes is fine (QueryMessage_Reference → RE-QueryMessage → RE-Query) as long as it ends in a scope of its own.
    const seen = new Set([m.name]);
    for (let p: ModuleDef | undefined = parent.def; ; ) {
      const ps: EntityScope | undefined = p?.entityScope ?? (p?.variantOf ? this.modules.get(p.variantOf)?.def.entityScope : undefined);
      if (!p || !ps || seen.has(p.name)) throw new ModuleRegistryError(`Module ${m.name}: entityScope parent ${parent.name} needs a chain of parents ending in a scope of its own`);
      if (!('parent' in ps)) break;
      seen.add(p.name);
      p = this.modules.get(ps.parent.module)?.def;
    }
    m.scopeParent = { column: field.column, module: parent };
  }

  private addCounters(m: ResolvedModule, c: NonNullable<ModuleDef['counters']>): void {
    const counted = this.modules.get(c.of);
    const by = counted?.fields.get(c.by);
    if (!counted || !by) throw new ModuleRegistryError(`Module ${m.name}: counters count ${c.of}.${c.by}, which does not exist`);
    for (const [column, states] of Object.entries(c.columns)) {
      if (!m.fields.has(column)) throw new ModuleRegistryError(`Module ${m.name}: counter ${column} is not a field`);
      if (states && !counted.fields.has('state')) throw new ModuleRegistryError(`Module ${m.name}: counter ${column} counts states, but ${c.of} has no state`);
    }
    const list = this.counters.get(counted.table) ?? [];
    list.push({ table: m.table, by: by.column, columns: c.columns });
    this.counters.set(counted.table, list);
  }

  get(name: string): ResolvedModule | undefined {
    return this.modules.get(name);
  }

  /** The counts other tables keep of rows of `table` (FormBatch's of `form`). */
  countersOf(table: string): CounterSet[] {
    return this.counters.get(table) ?? [];
  }

  all(): ResolvedModule[] {
    return [...this.modules.values()];
  }

  /** The engine's modules and an app's, from the app's modules folder alone (no behaviour). */
  static fromDirectory(dir: string): ModuleRegistry {
    return new ModuleRegistry(appModuleDefs(dir));
  }

}

const validateModule = new Ajv({ allErrors: true, strict: false }).compile(ModuleSchema);

/**
 * The engine's own modules (engine/metadata/modules) and the app's in `dir`. An app's file named as
 * one of the engine's modules replaces it (the portal's List adds a row rule, say).
 */
export function appModuleDefs(dir: string): ModuleDef[] {
  const own = loadModuleDefs(dir);
  const replaced = new Set(own.map((d) => d.name));
  return [...loadModuleDefs(ENGINE_MODULES_DIR).filter((d) => !replaced.has(d.name)), ...own];
}

/** The module files of one folder, each checked against the module schema. */
export function loadModuleDefs(dir: string): ModuleDef[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const raw: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      if (!validateModule(raw)) {
        const first = validateModule.errors?.[0];
        throw new ModuleRegistryError(`${join(dir, file)}: ${first?.instancePath || '/'} ${first?.message ?? 'is invalid'}`);
      }
      return raw as ModuleDef;
    });
}

function resolve(def: ModuleDef, all: Map<string, ModuleDef>): ResolvedModule {
  const base = def.variantOf ? all.get(def.variantOf) : undefined;
  if (def.variantOf && !base) throw new ModuleRegistryError(`Module ${def.name}: variantOf ${def.variantOf} is unknown`);
  const source = base ?? def;
  const kind = source.kind ?? 'table';
  const fields = new Map<string, ResolvedField>();
  const secretFields = new Map<string, ResolvedField>();
  const lookups: LookupJoin[] = [];
  const add = (name: string, fd: FieldDef, alias: string, column: string, system: boolean) => {
    (fd.secret ? secretFields : fields).set(name, { name, type: fd.type, def: fd, alias, column, system, writable: !system && !fd.readonly && !fd.secret });
    if (fd.lookup && !fd.secret) {
      const target = all.get(fd.lookup.module);
      if (!target) throw new ModuleRegistryError(`Module ${def.name}: field ${name} looks up unknown module ${fd.lookup.module}`);
      const targetTable = (target.variantOf ? all.get(target.variantOf)?.table : undefined) ?? target.table;
      const lk = { field: name, alias: `lk_${name}`, table: targetTable, display: fd.lookup.display ?? 'name', fromAlias: alias, fromColumn: column };
      lookups.push(lk);
      const display = `${name}${LOOKUP_SUFFIX}`;
      // The display column is the target's: a secret one is never shown, a staff-only one (or the
      // display of a staff-only field) not to RE users.
      const shown = ((target.variantOf ? all.get(target.variantOf) : target)?.fields ?? {})[lk.display];
      if (shown?.secret) throw new ModuleRegistryError(`Module ${def.name}: field ${name} displays ${lk.display}, a secret column of ${target.name}`);
      fields.set(display, { name: display, type: 'string', def: { type: 'string', ...(shown?.staffOnly || fd.staffOnly ? { staffOnly: true } : {}) }, alias: lk.alias, column: lk.display, system: true, writable: false, lookupOf: name });
    }
  };

  let child: ResolvedModule['child'];
  let link: ResolvedModule['link'];
  if (kind === 'link') {
    if (!source.link) throw new ModuleRegistryError(`Module ${def.name}: a link module needs link.parent and link.child`);
    const parent = all.get(source.link.parent);
    const childDef = all.get(source.link.child);
    if (!parent || !childDef) throw new ModuleRegistryError(`Module ${def.name}: link names an unknown module`);
    const cols = linkColumnsOf(parent.table, childDef.table);
    link = { parent: parent.name, child: childDef.name, ...cols };
    add('link_id', { type: 'integer', readonly: true }, BASE_ALIAS, 'link_id', true);
    add('link_updatectr', { type: 'integer', readonly: true }, BASE_ALIAS, 'link_updatectr', true);
    add(cols.parentColumn, { type: 'integer', required: true, lookup: { module: parent.name } }, BASE_ALIAS, cols.parentColumn, false);
    add(cols.childColumn, { type: 'integer', required: true, lookup: { module: childDef.name } }, BASE_ALIAS, cols.childColumn, false);
    // The originals filtered relation lists by `fk_{parent}`: an alias of the link column.
    fields.set(`fk_${parent.table}`, { name: `fk_${parent.table}`, type: 'integer', def: { type: 'integer' }, alias: BASE_ALIAS, column: cols.parentColumn, system: true, writable: false });
    // The child's own columns come along (read-only here), so a relation list shows child rows.
    child = { table: childDef.table, module: childDef.name, linkColumn: cols.childColumn };
    for (const [name, fd] of Object.entries({ ...SYSTEM_FIELDS, ...childDef.fields })) {
      if (fd.secret || fields.has(name)) continue;
      fields.set(name, { name, type: fd.type, def: fd, alias: CHILD_ALIAS, column: name, system: true, writable: false });
    }
    for (const [name, fd] of Object.entries(source.fields)) add(name, fd, BASE_ALIAS, name, false);
  } else {
    for (const [name, fd] of Object.entries(SYSTEM_FIELDS)) add(name, fd, BASE_ALIAS, name, true);
    if (kind === 'attachment' && !source.attachmentOf) throw new ModuleRegistryError(`Module ${def.name}: an attachment module needs attachmentOf`);
    for (const [name, fd] of Object.entries(source.fields)) {
      if (SYSTEM_FIELDS[name]) throw new ModuleRegistryError(`Module ${def.name}: ${name} is a system field`);
      add(name, fd, BASE_ALIAS, name, false);
    }
  }

  for (const [name, lc] of Object.entries(def.lookupColumns ?? source.lookupColumns ?? {})) {
    const lk = lookups.find((l) => l.field === lc.lookup);
    const target = fields.get(lc.lookup)?.def.lookup && all.get(fields.get(lc.lookup)!.def.lookup!.module);
    const targetBase = target && target.variantOf ? all.get(target.variantOf) : target;
    const column = targetBase && (targetBase.fields[lc.column] ?? SYSTEM_FIELDS[lc.column]);
    if (!lk || !column || column.secret || fields.has(name)) throw new ModuleRegistryError(`Module ${def.name}: lookupColumns ${name} needs a lookup field and a readable column of its module`);
    fields.set(name, { name, type: column.type, def: { type: column.type, ...(column.staffOnly ? { staffOnly: true } : {}) }, alias: lk.alias, column: lc.column, system: true, writable: false, lookupOf: lc.lookup });
  }

  for (const name of def.readonlyFields ?? []) {
    const f = fields.get(name);
    if (!f) throw new ModuleRegistryError(`Module ${def.name}: readonlyFields names unknown field ${name}`);
    fields.set(name, { ...f, writable: false });
  }
  if (def.writableFields) {
    const allowed = new Set(def.writableFields);
    for (const name of allowed) if (!fields.has(name)) throw new ModuleRegistryError(`Module ${def.name}: writableFields names unknown field ${name}`);
    for (const [name, f] of fields) if (!allowed.has(name) && f.writable) fields.set(name, { ...f, writable: false });
  }

  const visible = [...fields.values()].filter((f) => !f.def.secret && !f.def.hidden).map((f) => f.name);
  const defaultFields = def.defaultFields ?? source.defaultFields ?? visible;
  const idField = kind === 'link' ? 'link_id' : 'id';
  const defaultOrder = def.defaultOrder ?? source.defaultOrder ?? [[idField, 'asc']];
  for (const name of [...defaultFields, ...defaultOrder.map((o) => o[0])]) {
    if (!fields.has(name)) throw new ModuleRegistryError(`Module ${def.name}: ${name} is not a field`);
  }
  const filters = { ...(source.filters ?? {}), ...(def.filters ?? {}) };
  for (const [fname, filter] of Object.entries(filters)) {
    for (const [field] of filter.where ?? []) {
      if (!fields.has(field)) throw new ModuleRegistryError(`Module ${def.name}: filter ${fname} names unknown field ${field}`);
    }
  }
  for (const [fname, filter] of Object.entries(filters)) {
    if (!filter.where && !filter.linked) throw new ModuleRegistryError(`Module ${def.name}: filter ${fname} needs where or linked`);
    if (filter.linked && !(filter.params ?? [])[filter.linked.param]) throw new ModuleRegistryError(`Module ${def.name}: filter ${fname} links by parameter ${filter.linked.param}, which it does not declare`);
  }
  const dateRules = def.dateRules ?? source.dateRules ?? [];
  for (const rule of dateRules) {
    for (const name of [rule.field, rule.after ?? rule.field]) {
      const f = fields.get(name);
      if (f?.alias !== BASE_ALIAS || (f.type !== 'date' && f.type !== 'datetime')) throw new ModuleRegistryError(`Module ${def.name}: dateRules names ${name}, not a date field of its own table`);
    }
  }
  for (const [field] of def.scopeWhere ?? []) {
    if (fields.get(field)?.alias !== BASE_ALIAS) throw new ModuleRegistryError(`Module ${def.name}: scopeWhere names ${field}, not a field of its own table`);
  }
  const entityScope = def.entityScope ?? source.entityScope;
  if (def.variantOf && !entityScope) throw new ModuleRegistryError(`Module ${def.name}: a variant needs entityScope`);
  const scopeColumn = entityScope && ('column' in entityScope ? entityScope.column : 'self' in entityScope ? entityScope.self : null);
  if (scopeColumn && !fields.has(scopeColumn)) {
    throw new ModuleRegistryError(`Module ${def.name}: entityScope column ${scopeColumn} is not a field`);
  }
  return {
    name: def.name,
    def,
    kind,
    table: source.table,
    idField,
    ctrField: kind === 'link' ? 'link_updatectr' : 'updatectr',
    fields,
    secretFields,
    defaultFields,
    defaultOrder,
    lookups,
    child,
    link,
    alwaysScoped: Boolean(def.variantOf),
    entityScope,
    scopeWhere: def.scopeWhere,
    rowRules: def.rowRules ?? base?.rowRules,
    dateRules,
    shared: Boolean(def.shared ?? source.shared),
    stateMap: resolveStateMap(def.stateMap ?? source.stateMap, def.name),
    filters,
    permissionName: def.name,
  };
}

/** The state map with its moves as pairs and the permission each gated move needs (`{Module}.{permission}`). */
function resolveStateMap(map: ModuleDef['stateMap'], permissionName: string): ResolvedModule['stateMap'] {
  if (!map) return undefined;
  const permissions = new Map<string, string>();
  const transitions = map.transitions.map((t) => {
    if (t.length === 3) permissions.set(`${t[0]}>${t[1]}`, `${permissionName}.${t[2].permission}`);
    return [t[0], t[1]] as [number, number];
  });
  return { default: map.default, transitions, permissions };
}
