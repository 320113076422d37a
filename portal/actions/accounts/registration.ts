// REContact.register (self-registration, public) and REContact.registerSub (a primary user adds
// a sub user to its current entity). Both create an account pending e-mail verification.
import { Type } from '@sinclair/typebox';
import { requireVerifiedProfile } from '../../profile/profile-gate.js';
import { defineAction } from '../../../engine/runtime/registry.js';
import { text } from '../../../engine/protocol/envelope.js';
import { AppError } from '../../../engine/errors/catalogue.js';
import { formError, isChecked, MESSAGES, registrationProblems, registrationType, type RegistrationInput } from '../../../engine/accounts/registration-rules.js';
import { checkEntityNumber, checkIdentity, createPendingAccount, ENTITY_ROLE, entityByNumber, positionExists } from '../../../engine/accounts/registration.js';
import { Flag, FormText, RegistrationFields } from '../../../engine/actions/accounts/schemas.js';
import { beyondRules } from '../../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Adding a sub user checks that the caller is the primary user of their own current entity (their own re_user link)',
);

/** Rules of the payload alone, then the position list; one E_VALIDATION with every problem. */
async function checkForm(db: Parameters<typeof positionExists>[0], input: RegistrationInput, kind: 'self' | 'sub') {
  const problems = registrationProblems(input, kind);
  if (!problems.position2 && !(await positionExists(db, input.position2!))) problems.position2 = MESSAGES.position;
  if (Object.keys(problems).length) throw formError(problems);
  return registrationType(input, kind)!;
}

const override = (v: string | undefined) => (v ?? '').trim().toUpperCase() === 'Y';

export const register = defineAction({
  name: 'REContact.register',
  summary:
    'Self-registration of a reporting entity user: regtype "LL" (companyno required) or "BR" (otherno required) names an existing active entity; ' +
    'creates the user pending e-mail verification, linked as approver, and mails the verification link',
  args: [Type.Object({ regtype: FormText(2), ...RegistrationFields, role_approver: Flag }, { additionalProperties: false })],
  access: 'public',
  writes: true,
  answer: 'value 0: text, the new user id',
  errors: ['E_VALIDATION', 'E_NEEDOVERRIDEUSERID'],
  async handler([a], ctx) {
    const type = await checkForm(ctx.db, a, 'self');
    const entity = await entityByNumber(ctx.db, type, (type === 'LL' ? a.companyno : a.otherno)!);
    const email = a.email!.trim();
    const userid = a.userid!.trim();
    await checkIdentity(ctx.db, email, userid, override(a.newuserid));
    const user = await createPendingAccount(
      ctx.db,
      ctx.services,
      { userid, name: a.name!.trim(), email, contactno: a.contactno!.trim(), position2: Number(a.position2), password: a.password!, entity, role: ENTITY_ROLE.approver },
      null,
    );
    ctx.log.info({ user: user.id, re: entity }, 'registered, pending e-mail verification');
    return [text(user.userid)];
  },
});

export const registerSub = defineAction({
  name: 'REContact.registerSub',
  summary:
    "A primary user registers a sub user of its current entity, with exactly one of role_preparer, role_checker, role_approver; the user id is the e-mail",
  args: [Type.Object({ regtype: FormText(2), ...RegistrationFields, role_preparer: Flag, role_checker: Flag, role_approver: Flag }, { additionalProperties: false })],
  access: 'session',
  writes: true,
  answer: 'value 0: text, the new user id',
  errors: ['E_NOPERMISSION', 'E_VALIDATION', 'E_NEEDOVERRIDEUSERID'],
  async handler([a], ctx) {
    const caller = ctx.caller!;
    const entity = caller.currentRe;
    const primary = entity === null ? undefined : await ctx.db('re_user').where({ link_fk_re: entity, link_fk_user: caller.userId, isprimary: true }).first('link_id');
    if (entity === null || !primary) throw new AppError('E_NOPERMISSION', 'Only the primary user of the reporting entity can register sub users.');
    await requireVerifiedProfile(ctx);
    const type = await checkForm(ctx.db, a, 'sub');
    await checkEntityNumber(ctx.db, entity, type, (type === 'LL' ? a.companyno : a.otherno)!);
    const email = a.email!.trim();
    await checkIdentity(ctx.db, email, email, override(a.newuserid));
    const role = isChecked(a.role_preparer) ? ENTITY_ROLE.preparer : isChecked(a.role_checker) ? ENTITY_ROLE.checker : ENTITY_ROLE.approver;
    const user = await createPendingAccount(
      ctx.db,
      ctx.services,
      { userid: email, name: a.name!.trim(), email, contactno: a.contactno!.trim(), position2: Number(a.position2), password: a.password!, entity, role },
      caller.userId,
    );
    ctx.log.info({ user: user.id, re: entity, role }, 'sub user registered, pending e-mail verification');
    return [text(user.userid)];
  },
});
