// Start-up checks of the thread rules a module declares (replyTo, stateRequires, writableWhen,
// requiredWhen, closing, docs/threads.md; protectedRows, docs/roles.md): every field they name is one of the module's own
// columns, so a typo stops start-up instead of failing a user's write.
import { isRowOperator } from './row-conditions.js';
import { BASE_ALIAS, ModuleRegistryError } from './module-aliases.js';
import type { ResolvedModule } from './module-registry.js';
import type { ModuleDef } from './module-schema.js';

type Lookup = (name: string) => ResolvedModule | undefined;

function own(m: ResolvedModule, field: string, what: string): void {
  if (m.fields.get(field)?.alias !== BASE_ALIAS) throw new ModuleRegistryError(`Module ${m.name}: ${what} names ${field}, not a field of its own table`);
}

function conditions(m: ResolvedModule, list: readonly (readonly [string, string, unknown])[], what: string): void {
  for (const [field, op] of list) {
    own(m, field, what);
    if (!isRowOperator(op)) throw new ModuleRegistryError(`Module ${m.name}: ${what} uses operator ${op}, which row rules do not know`);
  }
}

export type ModuleRules = Pick<ModuleDef, 'replyTo' | 'stateRequires' | 'writableWhen' | 'requiredWhen' | 'closing' | 'protectedRows'>;
const RULE_KEYS = ['replyTo', 'stateRequires', 'writableWhen', 'requiredWhen', 'closing', 'protectedRows'] as const;

/** The module's rules (a variant's own, else its base module's), checked. */
export function resolveModuleRules(m: ResolvedModule, get: Lookup): ModuleRules {
  const base = m.def.variantOf ? get(m.def.variantOf)?.def : undefined;
  const def: ModuleRules = {};
  for (const key of RULE_KEYS) {
    const value = m.def[key] ?? base?.[key];
    if (value !== undefined) Object.assign(def, { [key]: value });
  }
  const reply = def.replyTo;
  if (reply) {
    own(m, reply.field, 'replyTo');
    const parent = get(reply.module);
    if (!parent || !parent.stateMap || !parent.fields.has('state')) throw new ModuleRegistryError(`Module ${m.name}: replyTo ${reply.module} needs a module with a state map`);
    for (const f of reply.stamp ?? []) own(parent, f, `replyTo ${reply.module} stamp`);
    if (reply.authorRole) own(m, reply.authorRole.field, 'replyTo authorRole');
  }
  for (const [state, list] of Object.entries(def.stateRequires ?? {})) {
    if (!m.stateMap) throw new ModuleRegistryError(`Module ${m.name}: stateRequires needs a state map`);
    conditions(m, list, `stateRequires ${state}`);
  }
  for (const [field, list] of Object.entries(def.writableWhen ?? {})) {
    own(m, field, 'writableWhen');
    conditions(m, list, `writableWhen ${field}`);
  }
  for (const [field, list] of Object.entries(def.requiredWhen ?? {})) {
    own(m, field, 'requiredWhen');
    conditions(m, list, `requiredWhen ${field}`);
  }
  for (const f of m.fields.values()) {
    const html = f.def.html;
    if (!html || f.alias !== BASE_ALIAS) continue;
    if (f.type !== 'string' && f.type !== 'text') throw new ModuleRegistryError(`Module ${m.name}: html is for string and text fields, not ${f.name}`);
    if (typeof html === 'object') own(m, html.field, `html of ${f.name}`);
  }
  if (m.def.restrictUnless) {
    if (!m.alwaysScoped) throw new ModuleRegistryError(`Module ${m.name}: restrictUnless needs a variant (its conditions apply through the entity scope)`);
    for (const [field] of m.def.restrictUnless.where) own(m, field, 'restrictUnless');
  }
  if (def.protectedRows) conditions(m, def.protectedRows.where, 'protectedRows');
  if (def.closing) {
    for (const f of [def.closing.stamp, def.closing.days, def.closing.by, ...Object.entries(def.closing.fill ?? {}).flat()]) if (f) own(m, f, 'closing');
  }
  return def;
}
