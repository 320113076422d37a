// The late-submission button of the regulator's submission list (seed 001 §4.2, §8): the
// preliminary reason of a submission that is late (due date passed and not completed, or
// completed after it) is written on its non-compliance case, which is opened with it when the
// submission has none yet. docs/re-admin-actions.md.
import { Type } from '@sinclair/typebox';
import { defineAction } from '../../../engine/runtime/registry.js';
import { text, type EnvelopeValue } from '../../../engine/protocol/envelope.js';
import { AppError, errors } from '../../../engine/errors/catalogue.js';
import { rowsOf } from '../../../engine/records/scoped-rows.js';
import { recordId } from '../../../engine/runtime/record-arg.js';
import { createRecord } from '../../../engine/records/create.js';
import { updateRecord } from '../../../engine/records/update.js';
import { notLateReason, withLastSubmission } from '../../peoi/late-batches.js';
import { RE_ADMIN_MESSAGES as M } from '../../re/re-admin-rules.js';
import { beyondRules } from '../../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules('Finds the non-compliance case of a submission the caller reached (one case per submission, whoever can see it) to update it through the record engine, which applies the caller\'s rules');

export const peoiSetPrelimReason = defineAction({
  name: 'PEOI.setPrelimReason',
  summary: "Writes the preliminary reason of a late submission on its non-compliance case (PEOI.update), opening the case with it when there is none (PEOI.create)",
  args: [
    Type.Object(
      {
        formbatch: recordId('FormBatch', 'The late submission'),
        latereason: Type.Optional(Type.Union([Type.String({ maxLength: 65535 }), Type.Null()])),
      },
      { additionalProperties: false },
    ),
  ],
  access: 'session',
  writes: true,
  answer: "value 0: text JSON {id: the case, created: whether this call opened it}",
  errors: ['E_VALIDATION', 'E_NOPERMISSION', 'E_NOTFOUND', 'E_CONCURRENT'],
  async handler([a], ctx): Promise<EnvelopeValue[]> {
    // A batch the caller cannot list is answered as a missing one, before anything tells its state.
    const batch = await rowsOf(ctx, 'FormBatch').get(a.formbatch);
    const reason = (a.latereason ?? '').trim();
    if (!reason) throw new AppError('E_VALIDATION', M.prelimRequired, { latereason: M.prelimRequired });
    const notLate = notLateReason(await withLastSubmission(ctx.db, batch));
    if (notLate) throw errors.validation({ formbatch: notLate });
    const open = (await ctx.db('peoi').where({ formbatch: a.formbatch }).first('id', 'updatectr')) as { id: number; updatectr: number } | undefined;
    if (open) {
      await updateRecord(ctx, { module: 'PEOI', fields: ['id', 'updatectr', 'latereason'], values: [Number(open.id), Number(open.updatectr), reason], reason: 'preliminary reason' });
      return [text(JSON.stringify({ id: Number(open.id), created: false }))];
    }
    const [v] = await createRecord(ctx, { module: 'PEOI', fields: ['formbatch', 'latereason'], values: [Number(batch.id), reason], read: ['id'] }, { re: Number(batch.re) });
    const id = Number(v.type === 'recordset' ? v.rows[0][0] : NaN);
    return [text(JSON.stringify({ id, created: true }))];
  },
});
