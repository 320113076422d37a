// User.setRE: switches the session's current reporting entity (seed 000 §6). Other tabs learn of
// the switch through E_RECHANGED, since every call carries the entity its tab believes current.
import { Type } from '@sinclair/typebox';
import { RECORD_KEYWORD } from '../../runtime/record-arg.js';
import { defineAction } from '../../runtime/registry.js';
import { text } from '../../protocol/envelope.js';
import { AppError, errors } from '../../errors/catalogue.js';
import { updateSession } from '../../identity/session-store.js';
import { beyondRules } from '../../db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Switching entity reads the caller\'s own links (re_user of the caller\'s user id) to check the entity is one of theirs',
);

export const setRe = defineAction({
  name: 'User.setRE',
  summary: "Makes one of the user's linked reporting entities the session's current entity",
  args: [Type.Object({ re: Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[1-9][0-9]{0,14}$' })], { description: 'The entity', [RECORD_KEYWORD]: 'RE' }) }, { additionalProperties: false })],
  access: 'session',
  writes: true,
  answer: 'value 0: text, JSON {re, role}: the entity and the entity-level role (25 preparer, 26 checker, 27 approver) there',
  errors: ['E_NOPERMISSION', 'E_BADREQUEST', 'E_RECHANGED'],
  async handler([a], ctx) {
    const caller = ctx.caller!;
    const re = Number(a.re);
    if (caller.auth === 'token') throw errors.badRequest('An API token has no session to switch: it works for its user\'s first linked entity');
    const link = await ctx.db('re_user').where({ link_fk_user: caller.userId, link_fk_re: re }).first('role');
    if (!link) throw new AppError('E_NOPERMISSION', 'You are not linked to this reporting entity');
    await updateSession(ctx.db, caller.sessionId, { current_re: re });
    ctx.log.info({ user: caller.userId, re }, 'current entity switched');
    return [text(JSON.stringify({ re, role: link.role === null ? null : Number(link.role) }))];
  },
});
