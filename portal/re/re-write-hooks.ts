// Rules of the entity record kept on every write of `re`, whichever module or action it comes
// through (Record.update of RE or RE-RE, an integrator's call, the admin actions): primary and
// relief relationship managers differ, and the banks' relationship managers (roles 35 and 37)
// change nothing of an entity but those two fields (seed 001 §5.2, §6). Links between entities
// (RE_RE) never join an entity to itself, twice to one parent, or in a cycle. Business information
// fields change only where the entity's sector's list allows (business-info-fields.ts).
// docs/re-admin-actions.md.
import type { ModuleHooks } from '../../engine/metadata/module-hooks.js';
import type { ResolvedModule } from '../../engine/metadata/module-registry.js';
import type { Row } from '../../engine/records/write-values.js';
import { isReUser, type ActionContext } from '../../engine/runtime/context.js';
import { AppError, errors } from '../../engine/errors/catalogue.js';
import { differs } from '../../engine/records/update.js';
import { MANAGER_FIELDS, MANAGER_ROLES, managersProblem } from './re-admin-rules.js';
import { businessInfoRules, editableBusinessFields } from './business-info-fields.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Keeps the entity group graph free of cycles on every write of a parent link: it must see the whole graph, whoever writes',
);

function isManager(ctx: ActionContext): boolean {
  const caller = ctx.caller;
  return !!caller && !isReUser(caller) && MANAGER_ROLES.some((r) => caller.roles.has(r));
}

/** The fields `row` changes on `stored` (every given field on a create). */
function changedFields(module: ResolvedModule, stored: Row | null, row: Row): string[] {
  const out: string[] = [];
  for (const f of module.fields.values()) {
    if (!(f.column in row) || f.system) continue;
    if (stored === null || differs(f, stored[f.column], row[f.column])) out.push(f.name);
  }
  return out;
}

export const reHooks: ModuleHooks = {
  async beforeWrite(ctx, module, stored, row) {
    if (isManager(ctx)) {
      const others = changedFields(module, stored, row).filter((f) => !(MANAGER_FIELDS as readonly string[]).includes(f));
      if (stored === null || others.length) {
        throw errors.noPermission(`${module.permissionName}.update: relationship managers (roles 35 and 37) edit only smd1 and smd2 of an entity${others.length ? `, not ${others.join(', ')}` : ''}`);
      }
    }
    if (stored !== null) {
      // The country of origin action writes comporigin with countryorigin (read-only to Record.update).
      const byCountryAction = 'countryorigin' in row && differs(module.fields.get('countryorigin')!, stored.countryorigin, row.countryorigin);
      const rules = await businessInfoRules(ctx);
      const governed = new Set(rules.fields);
      const editable = editableBusinessFields(rules, stored.sector);
      const locked = changedFields(module, stored, row).filter((f) => governed.has(f) && !editable.has(f) && !(byCountryAction && f === 'comporigin'));
      if (locked.length) {
        const why = `is not editable for entities of sector ${String(stored.sector)}`;
        throw new AppError('E_VALIDATION', `Business information not editable for this entity's sector: ${locked.join(', ')}`, Object.fromEntries(locked.map((f) => [f, why])));
      }
    }
    if (module.fields.has('smd1') && module.fields.has('smd2')) {
      const merged = { ...(stored ?? {}), ...row };
      const problem = managersProblem(merged[module.fields.get('smd1')!.column], merged[module.fields.get('smd2')!.column]);
      if (problem) throw new AppError('E_VALIDATION', problem, { smd2: problem });
    }
    return [];
  },
};

/** Messages of a parent/child link refused (the seed gives none). */
export const LINK_MESSAGES = {
  self: 'an entity cannot be its own parent',
  twice: 'is already a child entity of this parent',
  cycle: 'is a parent of this entity, directly or through others: the link would make a cycle',
} as const;

/** Whether `ancestor` is `of` or a parent of it, directly or through other links (`except` left out). */
async function isAncestor(ctx: ActionContext, ancestor: number, of: number, except: number | null): Promise<boolean> {
  const seen = new Set<number>([of]);
  let frontier = [of];
  while (frontier.length) {
    if (frontier.includes(ancestor)) return true;
    const q = ctx.db('re_re').whereIn('link_fk_child', frontier).select('link_fk_parent');
    if (except !== null) q.whereNot('link_id', except);
    const parents = ((await q) as { link_fk_parent: number }[]).map((r) => Number(r.link_fk_parent)).filter((p) => !seen.has(p));
    for (const p of parents) seen.add(p);
    frontier = parents;
  }
  return false;
}

export const reLinkHooks: ModuleHooks = {
  async beforeWrite(ctx, _module, stored, row) {
    const merged = { ...(stored ?? {}), ...row };
    if (merged.link_fk_parent == null || merged.link_fk_child == null) return [];
    const parent = Number(merged.link_fk_parent);
    const child = Number(merged.link_fk_child);
    if (parent === child) throw errors.validation({ link_fk_child: LINK_MESSAGES.self });
    const self = stored ? Number(stored.link_id) : null;
    const twice = ctx.db('re_re').where({ link_fk_parent: parent, link_fk_child: child }).first('link_id');
    if (self !== null) twice.whereNot('link_id', self);
    if (await twice) throw errors.validation({ link_fk_child: LINK_MESSAGES.twice });
    if (await isAncestor(ctx, child, parent, self)) throw errors.validation({ link_fk_child: LINK_MESSAGES.cycle });
    return [];
  },
};
