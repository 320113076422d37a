// The primary user of a reporting entity activates and deactivates the entity's sub-users
// (seed 001 §4.2: sub-user status buttons, for rows in 33 or 4). Checked here, not by the list:
// the caller must be an RE user on an entity they are the primary user of, and the target a
// user of that entity other than themselves.
import { Type } from '@sinclair/typebox';
import { recordId } from '../../../engine/runtime/record-arg.js';
import { defineAction } from '../../../engine/runtime/registry.js';
import { isReUser } from '../../../engine/runtime/context.js';
import { text } from '../../../engine/protocol/envelope.js';
import { errors } from '../../../engine/errors/catalogue.js';
import { findUserById, USER_STATE } from '../../../engine/identity/users.js';
import { moveUserState } from '../../../engine/accounts/lifecycle.js';
import { beyondRules } from '../../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'The primary user activates or deactivates a sub user of their own current entity: the links read are the caller\'s own and the sub user\'s on that entity',
);

export const SUB_USER_PERMISSIONS = ['REContact.setSubUserState'] as const;

export const setSubUserState = defineAction({
  name: 'REContact.setSubUserState',
  summary: "The current entity's primary user activates (4 → 33) or deactivates (33 → 4) a sub-user of that entity",
  args: [Type.Object({ user: recordId('User', 'The sub user'), state: Type.Union([Type.Literal(USER_STATE.active), Type.Literal(USER_STATE.inactive)]) }, { additionalProperties: false })],
  access: 'session',
  permission: 'REContact.setSubUserState',
  writes: true,
  answer: 'value 0: text OK',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND', 'E_STATETRANSITION', 'E_VALIDATION'],
  async handler([a], ctx) {
    const caller = ctx.caller!;
    const re = caller.currentRe;
    const refused = errors.noPermission('REContact.setSubUserState: only the primary user of the current reporting entity');
    if (!isReUser(caller) || re === null || !caller.entities.includes(re)) throw refused;
    // The caller's and the target's links to the entity, in one read.
    const links = await ctx.db('re_user').where({ link_fk_re: re }).whereIn('link_fk_user', [caller.userId, a.user]).select('link_fk_user', 'isprimary');
    const linkOf = (id: number) => links.find((l) => Number(l.link_fk_user) === id);
    if (!Number(linkOf(caller.userId)?.isprimary ?? 0)) throw refused;
    if (a.user === caller.userId) throw errors.validation({ user: 'You cannot change the status of your own account.' });
    const user = linkOf(a.user) ? await findUserById(ctx.db, a.user) : undefined;
    if (!user) throw errors.notFound('Sub-user');
    const from = a.state === USER_STATE.active ? USER_STATE.inactive : USER_STATE.active;
    await moveUserState(ctx.db, ctx.services.modules, user, from, a.state, { who: caller.userId });
    ctx.log.info({ user: user.id, re, state: a.state }, 'sub-user status changed');
    return [text('OK')];
  },
});
