// The profile gate of seed 000 §2.2 on the server (docs/re-profile.md): the primary user of the
// current entity must have verified the entity's business profile, then its office details,
// before saving a form, importing from Excel or registering a sub user. The client sends the user
// to the profile first (client/src/auth/profile-gate.ts); this holds a hand-made call too.
import { AppError } from '../../engine/errors/catalogue.js';
import { isReUser, type ActionContext } from '../../engine/runtime/context.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'The profile gate reads the caller\'s own link to their current entity and that entity\'s confirmation stamps',
);

export const VERIFY_PROFILE = 'You need to verify your Profile before you can continue';
export const VERIFY_OFFICE = 'You need to verify your Details of Office before you can continue';

/** Refuses (E_NOPERMISSION, the seed's message) while the caller's entity is not verified by its primary user. */
export async function requireVerifiedProfile(ctx: ActionContext): Promise<void> {
  const caller = ctx.caller;
  if (!caller || !isReUser(caller) || caller.currentRe === null) return;
  const link = await ctx.db('re_user').where({ link_fk_re: caller.currentRe, link_fk_user: caller.userId }).first('isprimary');
  if (!Number(link?.isprimary ?? 0)) return;
  const re = await ctx.db('re').where({ id: caller.currentRe }).first('verifybizinfo', 'verifyoffice');
  if (!re) return;
  if (re.verifybizinfo === null || re.verifybizinfo === undefined) throw new AppError('E_NOPERMISSION', VERIFY_PROFILE);
  if (re.verifyoffice === null || re.verifyoffice === undefined) throw new AppError('E_NOPERMISSION', VERIFY_OFFICE);
}
