// An entity reads a profile tab's rows only while the tab is shown to it (seed 001 §6;
// docs/re-profile.md). Record.select calls this after the module's permission and scope: for an
// RE user and a table that some profile tab lists (through its WebList's module and views), one
// of those tabs must be visible to the entity, else E_NOPERMISSION. Tables no tab lists pass at
// the cost of one lookup in a map kept per change version of the tab and screen tables.
import { errors } from '../../engine/errors/catalogue.js';
import { isReUser, type ActionContext } from '../../engine/runtime/context.js';
import type { ResolvedModule } from '../../engine/metadata/module-registry.js';
import { entityFacts, PROFILE_TAB_TABLE, profileTabs, TAB_KIND, visibleTabs } from './profile-tabs.js';

// The tabs' own rows and the screens they name: a change to either rebuilds the map.
const SCREEN_TABLES = [PROFILE_TAB_TABLE, 'weblist', 'weblistview'];
// Per database (a process may serve more than one: the tests run both dialects side by side).
const cache = new WeakMap<object, { key: string; tables: Map<string, Set<number>> }>();

function parse(v: unknown): Record<string, unknown> {
  if (typeof v === 'string') {
    try {
      return JSON.parse(v) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
}

/** Table → the ids of the list tabs showing it, from each tab's lists' modules and their views' modules. */
async function tabTables(ctx: ActionContext): Promise<Map<string, Set<number>>> {
  const key = await ctx.versions.key(SCREEN_TABLES);
  const cached = cache.get(ctx.services.db);
  if (cached?.key === key) return cached.tables;
  const byList = new Map<number, number[]>();
  for (const tab of (await profileTabs(ctx)).tabs) {
    if (tab.kind !== TAB_KIND.list && tab.kind !== TAB_KIND.office) continue;
    for (const list of new Set([tab.re?.list, tab.iru?.list])) if (list !== undefined) byList.set(list, [...(byList.get(list) ?? []), tab.id]);
  }
  const tables = new Map<string, Set<number>>();
  const add = (moduleName: unknown, tabs: number[]) => {
    const module = typeof moduleName === 'string' ? ctx.services.modules.get(moduleName) : undefined;
    if (!module) return;
    const set = tables.get(module.table) ?? new Set<number>();
    for (const t of tabs) set.add(t);
    tables.set(module.table, set);
  };
  const lists: { id: number; module: unknown; properties: unknown }[] = byList.size ? await ctx.db('weblist').whereIn('id', [...byList.keys()]).select('id', 'module', 'properties') : [];
  const viewOf = new Map<number, number[]>();
  for (const l of lists) {
    const tabs = byList.get(Number(l.id)) ?? [];
    add(l.module, tabs);
    const views = parse(l.properties).list_id;
    for (const v of Array.isArray(views) ? views : []) {
      const id = Number((v as { id?: unknown }).id);
      if (Number.isInteger(id)) viewOf.set(id, tabs);
    }
  }
  if (viewOf.size) {
    const views: { id: number; properties: unknown }[] = await ctx.db('weblistview').whereIn('id', [...viewOf.keys()]).select('id', 'properties');
    for (const v of views) {
      const controller = parse(v.properties).controller as { module?: unknown } | undefined;
      add(controller?.module, viewOf.get(Number(v.id)) ?? []);
    }
  }
  cache.set(ctx.services.db, { key, tables });
  return tables;
}

/** Refuses an RE user's read of a table whose every profile tab is hidden from the current entity. */
export async function checkProfileTabRead(ctx: ActionContext, module: ResolvedModule): Promise<void> {
  const caller = ctx.caller;
  if (!caller || !isReUser(caller)) return;
  const tabs = (await tabTables(ctx)).get(module.table);
  if (!tabs) return;
  const re = caller.currentRe;
  const file = await profileTabs(ctx);
  const facts = re === null ? null : await entityFacts(ctx.db, re, file);
  const shown = facts ? visibleTabs(file, 're', facts) : [];
  if (!shown.some((t) => tabs.has(t.id))) throw errors.noPermission(`${module.name}.select: this profile tab is not shown to the entity`);
}
