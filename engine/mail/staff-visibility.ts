// Which staff a notice about a row may reach (docs/row-rules.md): of the active
// regulator users who hold the next stage's task (staff-recipients.ts), only those who may read
// every row the notice is about, each read as that user through accessModule and the select
// plan, the path Record.select takes: the one row-rule evaluator (engine/records/row-rules.ts),
// no second copy. A staff member lacking the notice's module's select permission, or whose rules
// hide the row or a related one (a relationship manager and another manager's bank, ordinary
// staff and an App I/II entity or batch), is not mailed.
import { LOGIN_TYPE, type ActionContext, type Caller } from '../runtime/context.js';
import { AppError } from '../errors/catalogue.js';
import { accessModule } from '../records/module-access.js';
import { planSelect } from '../records/select-query.js';
import { loadAccess } from '../identity/session-store.js';
import { distinctAddresses, staffUsersHolding } from './staff-recipients.js';


/**
 * A row a notice is about: read through `module` as each recipient. `related`: a row the notice
 * names beside its own (the request's entity, submission, query): only the row rules decide it,
 * so a recommender without the module's select is still mailed unless the rules hide the row.
 */
export interface NoticeRow {
  module: string;
  id: number;
  related?: boolean;
}

/** Whether `caller` reads the row through its module (select permission, entity scope, row rules). */
async function reads(ctx: ActionContext, caller: Caller, row: NoticeRow): Promise<boolean> {
  let as: ActionContext = { ...ctx, caller };
  if (row.related) {
    const permission = `${ctx.services.modules.get(row.module)?.permissionName ?? row.module}.select`;
    as = { ...ctx, caller: { ...caller, permissions: new Set([...caller.permissions, permission]) } };
  }
  try {
    const { module, scopeRe } = accessModule(as, row.module, 'select');
    const plan = planSelect(ctx.db, module, scopeRe, { fields: [module.idField], where: [[module.idField, '=', row.id]], limit: 1, offset: 0 });
    return (await plan.rows()).length > 0;
  } catch (e) {
    if (e instanceof AppError && e.code === 'E_NOPERMISSION') return false;
    throw e;
  }
}

/** The addresses of the staff holding `permission` who may read every one of `rows`. */
export async function staffHoldingWhoRead(ctx: ActionContext, permission: string, rows: NoticeRow[]): Promise<string[]> {
  const out: unknown[] = [];
  for (const user of await staffUsersHolding(ctx.db, permission)) {
    const access = await loadAccess(ctx.db, user.id, null);
    const caller: Caller = { sessionId: `notice:${user.id}`, userId: user.id, userid: user.userid, name: user.name, loginType: LOGIN_TYPE.IRU, ...access, restriction: null };
    let all = true;
    for (const row of rows) if (!(all = await reads(ctx, caller, row))) break;
    if (all) out.push(user.email);
  }
  return distinctAddresses(out);
}
