// The RE_User link's behaviour on writes: an entity user's role on the link is a grant like any
// other, so nobody gives a role beyond what they hold (engine/actions/roles/privilege.ts).
import type { ModuleHooks } from '../../engine/metadata/module-hooks.js';
import { guardAccessWrite } from '../../engine/actions/roles/privilege.js';

export const entityRoleLinkHooks: ModuleHooks = {
  guard: (ctx, module, before, after) => guardAccessWrite(ctx, module.table, before, after),
};
