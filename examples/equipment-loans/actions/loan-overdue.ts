// Loan.overdue: the approved loans not back by their due date, for the lab manager's round of
// reminders. Answers a recordset, the most overdue first.
import { Type } from '@sinclair/typebox';
import { defineAction } from '../../../engine/runtime/registry.js';
import { recordset } from '../../../engine/protocol/envelope.js';
import { errors } from '../../../engine/errors/catalogue.js';
import { sqlDate } from '../../../engine/db/clock.js';
import { LOAN_STATE } from '../states.js';

export const LOAN_OVERDUE_PERMISSION = 'Loan.overdue';

const DAY_MS = 86_400_000;

export const loanOverdue = defineAction({
  name: 'Loan.overdue',
  summary: 'Approved loans whose equipment was due back before a day (default today), with how many days late',
  args: [Type.Object({ asOf: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'The day loans are judged late against, YYYY-MM-DD; default today' })) }, { additionalProperties: false })],
  access: 'session',
  permission: LOAN_OVERDUE_PERMISSION,
  writes: false,
  answer: 'value 0: recordset (id, equipment, equipment_name, borrower, dueon, days_late), the most overdue first',
  errors: ['E_NOPERMISSION', 'E_VALIDATION'],
  async handler([a], ctx) {
    const asOf = a.asOf ?? sqlDate();
    if (Number.isNaN(Date.parse(`${asOf}T00:00:00Z`))) throw errors.validation({ asOf: 'is not a date (YYYY-MM-DD)' });
    const rows: { id: number; equipment: number; equipment_name: string; borrower: string; dueon: unknown }[] = await ctx
      .db({ l: 'lab_loan' })
      .join({ e: 'lab_equipment' }, 'e.id', 'l.equipment')
      .where('l.state', LOAN_STATE.approved)
      .andWhere('l.dueon', '<', asOf)
      .orderBy([{ column: 'l.dueon', order: 'asc' }, { column: 'l.id', order: 'asc' }])
      .select('l.id', 'l.equipment', { equipment_name: 'e.name' }, 'l.borrower', 'l.dueon');
    const day = (v: unknown) => (v instanceof Date ? sqlDate(v) : String(v).slice(0, 10));
    return [
      recordset(
        [{ name: 'id', type: 'integer' }, { name: 'equipment', type: 'integer' }, { name: 'equipment_name', type: 'string' }, { name: 'borrower', type: 'string' }, { name: 'dueon', type: 'date' }, { name: 'days_late', type: 'integer' }],
        rows.map((r) => [String(r.id), String(r.equipment), r.equipment_name, r.borrower, day(r.dueon), String(Math.round((Date.parse(`${asOf}T00:00:00Z`) - Date.parse(`${day(r.dueon)}T00:00:00Z`)) / DAY_MS))]),
      ),
    ];
  },
});
