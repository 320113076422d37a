// FormBatch.lateNotify: the regulator's Late notify row button on the submission lists
// (seed 002 §4; docs/filing-periods.md), on a batch of the caller's rows. The work is
// portal/filing/late-notice.ts.
import { Type } from '@sinclair/typebox';
import { recordId } from '../../../engine/runtime/record-arg.js';
import { defineAction } from '../../../engine/runtime/registry.js';
import { text } from '../../../engine/protocol/envelope.js';
import { sendLateNotice } from '../../filing/late-notice.js';
import { filingRowsOf } from '../../filing/filing-rows.js';
import { PERIOD_PERMISSIONS } from './permissions.js';

export const formBatchLateNotify = defineAction({
  name: 'FormBatch.lateNotify',
  summary: "E-mails a late submission's entity (its primary user and approvers) the batch, period, due date and outstanding forms; at most once a day per batch",
  args: [Type.Object({ id: recordId('FormBatch', 'The submission (FormBatch id)') }, { additionalProperties: false })],
  access: 'session',
  permission: PERIOD_PERMISSIONS.lateNotify,
  writes: true,
  answer: 'value 0: text JSON {recipients: [e-mail addresses], outstanding: number of forms not yet submitted}',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND', 'E_VALIDATION'],
  async handler([a], ctx) {
    const sent = await sendLateNotice(ctx.db, filingRowsOf(ctx), a.id, ctx.caller?.userId ?? null);
    ctx.log.info({ formbatch: a.id, recipients: sent.recipients.length }, 'late notice queued');
    return [text(JSON.stringify(sent))];
  },
});
