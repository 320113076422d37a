// What happens on every write of a loan, whichever screen, action or integrator makes it: an
// approval is stamped and refused while the equipment is out on another loan; an approved loan
// marks its equipment out, a returned one marks it available again.
import type { ModuleHooks, Row } from '../../engine/metadata/module-hooks.js';
import type { ActionContext } from '../../engine/runtime/context.js';
import { errors } from '../../engine/errors/catalogue.js';
import { sqlDateTime } from '../../engine/db/clock.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { LOAN_STATE } from './states.js';

const EQUIPMENT_TABLE = 'lab_equipment';

async function equipmentOf(ctx: ActionContext, id: number): Promise<{ name: string; onloan: unknown } | undefined> {
  return ctx.db(EQUIPMENT_TABLE).where({ id }).first('name', 'onloan');
}

async function markEquipment(ctx: ActionContext, loanId: number, onloan: boolean): Promise<void> {
  const loan = await ctx.db('lab_loan').where({ id: loanId }).first('equipment');
  await ctx.db(EQUIPMENT_TABLE).where({ id: loan.equipment }).update({ onloan, updateon: sqlDateTime(), updateby: ctx.caller?.userId ?? null });
  // Lists and counts kept in memory are keyed by the tables' change versions.
  await bumpVersions(ctx.db, [EQUIPMENT_TABLE]);
}

export const loanHooks: ModuleHooks = {
  async beforeWrite(ctx, _module, stored, row: Row) {
    const to = row.state === undefined ? undefined : Number(row.state);
    if (!stored || to === undefined || to === Number(stored.state)) return [];
    if (to === LOAN_STATE.approved) {
      const equipment = await equipmentOf(ctx, Number(row.equipment ?? stored.equipment));
      if (equipment && Boolean(Number(equipment.onloan))) {
        throw errors.validation({ state: `${equipment.name} is out on another loan; approve this loan once that one is returned, or decline it` });
      }
      row.approvedby = ctx.caller?.userId ?? null;
      row.approvedon = sqlDateTime();
      return ['approvedby', 'approvedon'];
    }
    if (to === LOAN_STATE.returned) {
      row.returnedon = sqlDateTime();
      return ['returnedon'];
    }
    return [];
  },
  async afterStateChange(ctx, _module, id, _from, to) {
    if (to === LOAN_STATE.approved) await markEquipment(ctx, id, true);
    if (to === LOAN_STATE.returned) await markEquipment(ctx, id, false);
  },
};
