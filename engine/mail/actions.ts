// Email.generate: queues the stored template of a type, filled with the caller's data, to the
// address in the data (seed 001 §7, seed 003 §7). The mail is sent only if the action commits.
import { Type } from '@sinclair/typebox';
import { defineAction } from '../runtime/registry.js';
import { text } from '../protocol/envelope.js';
import { errors } from '../errors/catalogue.js';
import { isMailAddress, queueTemplateMail } from './outbox.js';
import { subscriptionActions } from './subscription-actions.js';

const GenerateArgs = Type.Object(
  {
    type: Type.Integer({ minimum: 1 }),
    /** How the originals chose the alert channel (1004 = e-mail); accepted, mail is the only channel. */
    alerttype: Type.Optional(Type.Integer()),
    data: Type.Record(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }), Type.Union([Type.String({ maxLength: 10000 }), Type.Number()]), { maxProperties: 50 }),
  },
  { additionalProperties: false },
);

export const generate = defineAction({
  name: 'Email.generate',
  summary: 'Queues the e-mail template of `type` filled with `data` ({placeholder} → value) to data.to (or data.email)',
  args: [GenerateArgs],
  access: 'session',
  permission: 'Email.generate',
  writes: true,
  answer: 'value 0: text 1 (the mail is in the outbox)',
  errors: ['E_NOPERMISSION', 'E_VALIDATION', 'E_NOTFOUND', 'E_BADREQUEST'],
  async handler([a], ctx) {
    const to = String(a.data.to ?? a.data.email ?? '').trim();
    if (!isMailAddress(to)) throw errors.validation({ 'data.to': to ? 'Must be one e-mail address' : 'The recipient e-mail address is required' });
    const id = await queueTemplateMail(ctx.db, a.type, to, a.data);
    ctx.log.info({ mailId: id, type: a.type }, 'mail queued');
    return [text('1')];
  },
});

export const mailActions = [generate, ...subscriptionActions];
