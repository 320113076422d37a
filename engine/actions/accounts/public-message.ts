// PublicMessage.get: the notices shown above the sign-in box (seed 000 §2.2), readable without
// a session: active messages (state 33) whose start and end dates include today (UTC).
import { defineAction } from '../../runtime/registry.js';
import { recordset } from '../../protocol/envelope.js';
import { sqlDate } from '../../db/clock.js';

export const getPublicMessages = defineAction({
  name: 'PublicMessage.get',
  summary: 'Active public messages (HTML) for the sign-in page, within their start and end dates',
  args: [],
  access: 'public',
  writes: false,
  answer: 'value 0: recordset with column message (HTML text), newest start first',
  async handler(_a, ctx) {
    const today = sqlDate();
    const rows: { message: string }[] = await ctx
      .db('publicmessage')
      .where('state', 33)
      .andWhere((q) => q.whereNull('startdate').orWhere('startdate', '<=', today))
      .andWhere((q) => q.whereNull('enddate').orWhere('enddate', '>=', today))
      .orderBy([{ column: 'startdate', order: 'desc' }, { column: 'id', order: 'desc' }])
      .select('message');
    return [recordset([{ name: 'message', type: 'string' }], rows.map((r) => [r.message]))];
  },
});
