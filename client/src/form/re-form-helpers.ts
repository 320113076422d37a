// Change handlers of the entity form (WebForms 58; docs/re-admin-actions.md): primary and relief
// relationship managers must differ (seed 001 §5.2); the same user twice clears the relief choice
// and says why. The server refuses the same pair on every write of `re` (portal/re/re-write-hooks.ts).
// On edit, the fields the server says the caller may not change on this entity (business
// information outside its sector's list; all but the managers for roles 35 and 37) show read-only.
import { registerHelper } from '../helpers/registry';
import { dialogs } from '../ui/dialogs';
import { rpc } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { managersProblem } from '../../../portal/re/re-admin-rules.js';

registerHelper('differentManagers', async (ctx) => {
  const r = ctx.record ?? {};
  const problem = managersProblem(r.smd1, r.smd2);
  if (!problem) return;
  ctx.setValue?.('smd2', null);
  await dialogs.alert('', problem, 'warning');
});

registerHelper('lockedEntityFields', async (ctx) => {
  const id = Number(ctx.record?.id);
  if (ctx.mode !== 'edit' || ctx.module !== 'RE' || !Number.isInteger(id) || id < 1) return;
  try {
    const values = await rpc.call('RE.getLockedFields' as string, { id } as never);
    const rows = values[0]?.type === 'recordset' ? values[0].rows : [];
    ctx.lockFields?.(rows.map((r) => String(r.field)));
  } catch (e) {
    await presentError(e);
  }
});
