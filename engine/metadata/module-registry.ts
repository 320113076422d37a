// Loads module definitions, validates them against the module schema, and resolves each into
// the shape the record engine works with: every column it may read or filter, where it lives
// (which table alias), and which joins the lookups need.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { ModuleSchema, type FieldDef, type FieldType, type ModuleDef, type EntityScope, type NamedFilter } from './module-schema.js';

/** Alias of the module's own table in every query the engine builds. */
export const BASE_ALIAS = 't';
/** Alias of the child table joined by link modules. */
export const CHILD_ALIAS = 'c';
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
  shared: boolean;
  stateMap?: { default: number; transitions: [number, number][] };
  filters: Record<string, NamedFilter>;
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

export class ModuleRegistryError extends Error {}

export function linkColumnsOf(parentTable: string, childTable: string) {
  return { parentColumn: `link_fk_${parentTable}`, childColumn: `link_fk_${childTable}` };
}

export class ModuleRegistry {
  private readonly modules = new Map<string, ResolvedModule>();

  constructor(defs: ModuleDef[]) {
    const byName = new Map<string, ModuleDef>();
    for (const def of defs) {
      if (byName.has(def.name)) throw new ModuleRegistryError(`Module ${def.name} is defined twice`);
      byName.set(def.name, def);
    }
    for (const def of defs) this.modules.set(def.name, resolve(def, byName));
  }

  get(name: string): ResolvedModule | undefined {
    return this.modules.get(name);
  }

  all(): ResolvedModule[] {
    return [...this.modules.values()];
  }

  static fromDirectory(dir: string): ModuleRegistry {
    return new ModuleRegistry(loadModuleDefs(dir));
  }
}

const validateModule = new Ajv({ allErrors: true, strict: false }).compile(ModuleSchema);

export function loadModuleDefs(dir: string): ModuleDef[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const raw: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      if (!validateModule(raw)) {
        const first = validateModule.errors?.[0];
        throw new ModuleRegistryError(`metadata/modules/${file}: ${first?.instancePath || '/'} ${first?.message ?? 'is invalid'}`);
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
      fields.set(display, { name: display, type: 'string', def: { type: 'string' }, alias: lk.alias, column: lk.display, system: true, writable: false, lookupOf: name });
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

  for (const name of def.readonlyFields ?? []) {
    const f = fields.get(name);
    if (!f) throw new ModuleRegistryError(`Module ${def.name}: readonlyFields names unknown field ${name}`);
    fields.set(name, { ...f, writable: false });
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
    for (const [field] of filter.where) {
      if (!fields.has(field)) throw new ModuleRegistryError(`Module ${def.name}: filter ${fname} names unknown field ${field}`);
    }
  }
  const entityScope = def.entityScope ?? source.entityScope;
  if (def.variantOf && !entityScope) throw new ModuleRegistryError(`Module ${def.name}: a variant needs entityScope`);
  if (entityScope && 'column' in entityScope && !fields.has(entityScope.column)) {
    throw new ModuleRegistryError(`Module ${def.name}: entityScope column ${entityScope.column} is not a field`);
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
    shared: Boolean(def.shared ?? source.shared),
    stateMap: def.stateMap ?? source.stateMap,
    filters,
    permissionName: def.name,
  };
}
