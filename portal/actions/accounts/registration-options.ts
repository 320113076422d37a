// REContact.registrationOptions: what the public registration form needs before anyone is
// signed in — the positions to choose from (list group 295) and the support mailbox named in
// its success alert (Parameters row SUPPORT_EMAIL). Nothing else of either table is exposed.
import { defineAction } from '../../../engine/runtime/registry.js';
import { recordset, text } from '../../../engine/protocol/envelope.js';
import { registrationPositions } from '../../../engine/accounts/registration.js';

export const registrationOptions = defineAction({
  name: 'REContact.registrationOptions',
  summary: 'The positions a self-registration may choose (list group 295) and the support mailbox, readable without a session',
  args: [],
  access: 'public',
  writes: false,
  answer: 'value 0: recordset (id, name) of positions in display order; value 1: text, the support mailbox (empty when not set)',
  async handler(_a, ctx) {
    const positions = await registrationPositions(ctx.db);
    const support = await ctx.db('parameters').where({ code: 'SUPPORT_EMAIL', state: 33 }).first('value0');
    return [
      recordset(
        [
          { name: 'id', type: 'integer' },
          { name: 'name', type: 'string' },
        ],
        positions.map((p) => [String(p.id), p.name]),
      ),
      text(support?.value0 ? String(support.value0) : ''),
    ];
  },
});
