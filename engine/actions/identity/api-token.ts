// ApiToken.*: administrators issue tokens for integrators' service users, list and revoke them.
// A token is shown once, in the answer of ApiToken.create; afterwards only its hash exists.
import { Type } from '@sinclair/typebox';
import { defineAction } from '../../runtime/registry.js';
import { recordset, text, type Cell } from '../../protocol/envelope.js';
import { AppError, errors } from '../../errors/catalogue.js';
import { sqlDateTime } from '../../db/clock.js';
import { issueApiToken } from '../../identity/api-tokens.js';
import { userByUserid, useridEquals } from '../../identity/userid-match.js';
import { beyondRules } from '../../db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Administrators list integrators\' tokens with the name of the service user each belongs to; holding ApiToken.select is the permission, and no entity data is read',
);

const ACTIVE = 33;

export const createToken = defineAction({
  name: 'ApiToken.create',
  summary: "Issues an API token for a user (Authorization: Bearer); the token carries that user's roles and scope",
  args: [Type.Object({ userid: Type.String({ minLength: 1, maxLength: 100 }), name: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false })],
  access: 'session',
  permission: 'ApiToken.create',
  writes: true,
  answer: 'value 0: text, the token (shown this once); value 1: text, its id',
  errors: ['E_NOTFOUND', 'E_VALIDATION', 'E_NOPERMISSION'],
  async handler([a], ctx) {
    const user = await userByUserid(ctx.db, a.userid.trim()).first('id', 'state');
    if (!user) throw errors.notFound('User');
    if (Number(user.state) !== ACTIVE) throw errors.validation({ userid: 'The user is not active' });
    const name = a.name.trim();
    if (!name) throw errors.validation({ name: 'is required' });
    const { id, token } = await issueApiToken(ctx.db, Number(user.id), name, ctx.caller!.userId);
    ctx.log.info({ tokenId: id, user: Number(user.id), by: ctx.caller!.userId }, 'API token issued');
    return [text(token), text(String(id))];
  },
});

export const revokeToken = defineAction({
  name: 'ApiToken.revoke',
  summary: 'Revokes an API token; every engine process refuses it from the next call on',
  args: [Type.Object({ id: Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[1-9][0-9]{0,14}$' })]) }, { additionalProperties: false })],
  access: 'session',
  permission: 'ApiToken.revoke',
  writes: true,
  answer: 'value 0: text 1',
  errors: ['E_NOTFOUND', 'E_NOPERMISSION'],
  async handler([a], ctx) {
    const id = Number(a.id);
    const row = await ctx.db('api_token').where({ id }).first('id', 'revokedon');
    if (!row) throw new AppError('E_NOTFOUND', 'API token not found.');
    // Revoking twice keeps the first revocation's time.
    if (row.revokedon === null) await ctx.db('api_token').where({ id }).update({ revokedon: sqlDateTime() });
    ctx.log.info({ tokenId: id, by: ctx.caller!.userId }, 'API token revoked');
    return [text('1')];
  },
});

const str = (v: unknown): Cell => (v === null || v === undefined ? null : String(v));

export const listTokens = defineAction({
  name: 'ApiToken.list',
  summary: 'The API tokens issued (never the tokens themselves), newest first; optionally of one user',
  args: [Type.Object({ userid: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) }, { additionalProperties: false })],
  minArgs: 0,
  access: 'session',
  permission: 'ApiToken.list',
  writes: false,
  answer: 'value 0: recordset id, userid, name, createon, createby, lastused, revokedon',
  errors: ['E_NOPERMISSION'],
  async handler([a], ctx) {
    const q = ctx.db({ t: 'api_token' })
      .join({ u: 'user' }, 'u.id', 't.user_id')
      .orderBy('t.id', 'desc')
      .select('t.id', 'u.userid', 't.name', 't.createon', 't.createby', 't.lastused', 't.revokedon');
    if (a?.userid) q.where(useridEquals(ctx.db, 'u.userid', a.userid.trim()));
    const rows: Record<string, unknown>[] = await q;
    return [
      recordset(
        [
          { name: 'id', type: 'integer' },
          { name: 'userid', type: 'string' },
          { name: 'name', type: 'string' },
          { name: 'createon', type: 'datetime' },
          { name: 'createby', type: 'integer' },
          { name: 'lastused', type: 'datetime' },
          { name: 'revokedon', type: 'datetime' },
        ],
        rows.map((r) => [str(r.id), str(r.userid), str(r.name), str(r.createon), str(r.createby), str(r.lastused), str(r.revokedon)]),
      ),
    ];
  },
});
