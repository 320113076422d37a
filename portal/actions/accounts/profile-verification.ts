// RE.verifyBizInfo and RE.verifyOffice (seed 001 §7; seed 000 §2.2): the primary user of the
// session's current entity confirms the entity's business profile, then its office details.
// Until both are confirmed the client holds that user at the profile before a form, an Excel
// import or the sub-user creation page (client/src/auth/profile-gate.ts); the login info's
// VerifyBizInfo and VerifyOffice say where the entity stands.
import { Type } from '@sinclair/typebox';
import { recordId } from '../../../engine/runtime/record-arg.js';
import { defineAction } from '../../../engine/runtime/registry.js';
import { isReUser, type ActionContext } from '../../../engine/runtime/context.js';
import { text } from '../../../engine/protocol/envelope.js';
import { AppError, errors } from '../../../engine/errors/catalogue.js';

/** RE.verifyOffice's refusal while the entity has no office. */
export const NO_OFFICE_MESSAGE = 'Details of Office not found';
import { recordAudit } from '../../../engine/records/record-history.js';
import { sqlDateTime } from '../../../engine/db/clock.js';
import { beyondRules } from '../../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'The primary user confirms their own current entity: the link, office and entity rows read and stamped are those of the session\'s current entity, checked to be the caller\'s as primary user first',
);

/** The current entity, when the caller is its primary user; else E_NOPERMISSION. */
async function ownEntity(ctx: ActionContext, action: string): Promise<number> {
  const caller = ctx.caller!;
  const re = caller.currentRe;
  const refused = errors.noPermission(`${action}: only the primary user of the current reporting entity`);
  if (!isReUser(caller) || re === null || !caller.entities.includes(re)) throw refused;
  const link = await ctx.db('re_user').where({ link_fk_re: re, link_fk_user: caller.userId }).first('isprimary');
  if (!Number(link?.isprimary ?? 0)) throw refused;
  return re;
}

function verification(name: 'RE.verifyBizInfo' | 'RE.verifyOffice', column: 'verifybizinfo' | 'verifyoffice', what: string) {
  return defineAction({
    name,
    summary: `The primary user of the current reporting entity confirms its ${what}`,
    // The originals' payload is not known: the entity may be named (as `re` or `id`), and must then be the current one.
    args: [Type.Optional(Type.Object({ re: Type.Optional(recordId('RE', 'The entity (the current one)')), id: Type.Optional(recordId('RE', 'The entity (the current one)')) }, { additionalProperties: false }))],
    minArgs: 0,
    access: 'session',
    writes: true,
    answer: 'value 0: text 1',
    errors: name === 'RE.verifyOffice' ? ['E_NOPERMISSION', 'E_VALIDATION'] : ['E_NOPERMISSION'],
    async handler([a], ctx) {
      const re = await ownEntity(ctx, name);
      const named = a?.re ?? a?.id;
      if (named !== undefined && named !== re) throw errors.noPermission(`${name}: only the current reporting entity`);
      // Office details cannot be confirmed while there are none (seed 003's 'Details of Office not found').
      if (column === 'verifyoffice' && !(await ctx.db('re_office').where({ re }).first('id'))) throw new AppError('E_VALIDATION', NO_OFFICE_MESSAGE);
      const before = await ctx.db('re').where({ id: re }).first(column, `${column}by`, 'updatectr');
      const after = { [column]: sqlDateTime(), [`${column}by`]: ctx.caller!.userId };
      await ctx.db('re').where({ id: re }).update(after);
      // The stamps leave the counter alone (forms open on the entity keep theirs); the audit (and its change version) records them.
      await recordAudit(ctx.db, ctx.services.modules.get('RE')!, re, Number(before?.updatectr ?? 0), 'update', Object.keys(after), ctx.caller!.userId, { before, after });
      ctx.log.info({ re }, `${what} verified`);
      return [text('1')];
    },
  });
}

export const verifyBizInfo = verification('RE.verifyBizInfo', 'verifybizinfo', 'business profile');
export const verifyOffice = verification('RE.verifyOffice', 'verifyoffice', 'office details');
