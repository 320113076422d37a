// What a write needs beyond the module's own permission, checked once the row before and after
// the write are known (null: a create's before, a delete's after), in the write's transaction:
// a protected row's permission (metadata `protectedRows`: system parameters need
// Parameters.updateSystem), and the module's own guard (ModuleHooks.guard: the access tables,
// that nobody gives more than they hold, engine/actions/roles/privilege.ts).
import { errors } from '../errors/catalogue.js';
import type { ResolvedModule } from '../metadata/module-registry.js';
import type { ActionContext } from '../runtime/context.js';
import { meetsAll } from '../metadata/row-conditions.js';
import type { Row } from './write-values.js';

export async function guardWrite(ctx: ActionContext, module: ResolvedModule, before: Row | null, after: Row | null): Promise<void> {
  const rule = module.rules?.protectedRows;
  // Before and after both count: a protected row may neither be changed nor made ordinary, nor an ordinary one made protected.
  if (rule && [before, after].some((row) => row && meetsAll(row, rule.where))) {
    const permission = `${module.permissionName}.${rule.permission}`;
    if (!ctx.caller?.permissions.has(permission)) throw errors.noPermission(permission);
  }
  await module.hooks?.guard?.(ctx, module, before, after);
}
