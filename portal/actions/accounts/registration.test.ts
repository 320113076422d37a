import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify } from '@node-rs/argon2';
import { startTestEngine, type TestEngine } from '../../../engine/testing/test-engine.js';
import { testDialects } from '../../../engine/testing/test-database.js';
import { failure } from '../../../engine/testing/record-calls.js';
import { companyNo, GOOD_PASSWORD, mailsTo, registration, uniqueUser } from '../../../engine/accounts/account-test-kit.js';
import { MESSAGES } from '../../../engine/accounts/registration-rules.js';
import { PASSWORD_RULE } from '../../../engine/accounts/password-policy.js';
import { createPendingAccount, EMAIL_IN_USE, ENTITY_MESSAGES, USERID_TAKEN } from '../../../engine/accounts/registration.js';

describe.each(await testDialects())('registration on %s', (dialect) => {
  let t: TestEngine;
  beforeAll(async () => {
    t = await startTestEngine(dialect);
  });
  afterAll(async () => t?.close());

  const userRow = (userid: unknown) => t.database.db('user').where({ userid }).first();
  const linkOf = (userId: number) => t.database.db('re_user').where({ link_fk_user: userId }).first();

  describe('REContact.register', () => {
    it('creates a user pending e-mail verification, linked as primary approver of an entity without a primary user', async () => {
      const payload = await registration(t, 3);
      const [v] = await t.call('REContact.register', [payload]);
      expect(v).toEqual({ type: 'text', text: payload.userid });
      const user = await userRow(payload.userid);
      expect(user).toMatchObject({ logintype: 2, state: 62, name: 'Nur Aisyah', email: payload.email, contactno: '0123456789', position2: 303 });
      expect(Boolean(Number(user.firsttimelogin))).toBe(true);
      expect(Boolean(Number(user.emailverified))).toBe(false);
      expect(user.pwchangedon).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(user.password).toMatch(/^\$argon2id\$/);
      expect(await verify(user.password, GOOD_PASSWORD)).toBe(true);
      const link = await linkOf(Number(user.id));
      expect({ re: Number(link.link_fk_re), role: Number(link.role), primary: Boolean(Number(link.isprimary)) }).toEqual({ re: 3, role: 27, primary: true });
      const roles = await t.database.db('user_role').where({ link_fk_user: user.id }).pluck('link_fk_role');
      expect(roles.map(Number)).toEqual([1]);
      const history = await t.database.db('state_history').where({ module: 'user', record_id: user.id }).select('from_state', 'to_state');
      expect(history.map((h) => [h.from_state, Number(h.to_state)])).toEqual([[null, 62]]);
    });

    it('queues the verification mail with a link, and no review notice before the e-mail is verified', async () => {
      const payload = await registration(t, 4);
      await t.call('REContact.register', [payload]);
      const [mail] = await mailsTo(t, String(payload.email));
      expect(mail.type).toBe(1003);
      expect(mail.body_text).toMatch(new RegExp(`http://${t.config.host}:${t.config.port}/verify-email\\?token=[A-Za-z0-9_-]{43}`));
      expect(mail.body_text).toContain('Nur Aisyah');
      const notices = await mailsTo(t, 'support@regportal.example', 1007);
      expect(notices.some((m) => m.body_text.includes(String(payload.userid)))).toBe(false);
      const tokens = await t.database.db('account_token').join('user', 'user.id', 'account_token.user_id').where('user.userid', String(payload.userid)).select('purpose', 'token_hash', 'usedon');
      expect(tokens).toEqual([{ purpose: 'verify', token_hash: expect.stringMatching(/^[0-9a-f]{64}$/), usedon: null }]);
      expect(mail.body_text).not.toContain(tokens[0].token_hash);
    });

    it('links a later registration of the same entity as a user that is not primary', async () => {
      const payload = await registration(t, 1);
      await t.call('REContact.register', [payload]);
      const link = await linkOf(Number((await userRow(payload.userid)).id));
      expect(Boolean(Number(link.isprimary))).toBe(false);
      expect(Number(link.role)).toBe(27);
    });

    it('finds the entity by its business registration number for type BR', async () => {
      const { otherno } = await companyNo(t, 7);
      const payload = await registration(t, 7, { regtype: 'BR', companyno: '', otherno: otherno.toLowerCase() });
      const [v] = await t.call('REContact.register', [payload]);
      expect(v.type).toBe('text');
      expect(Number((await linkOf(Number((await userRow(payload.userid)).id))).link_fk_re)).toBe(7);
    });

    it.each([
      ['LL without a company number', { regtype: 'LL', companyno: '  ' }, 'companyno', MESSAGES.companyno],
      ['BR without a registration number', { regtype: 'BR', otherno: '' }, 'otherno', MESSAGES.otherno],
      ['no role', { role_approver: false }, 'role_approver', MESSAGES.roleSelf],
      ['the role missing altogether', { role_approver: undefined }, 'role_approver', MESSAGES.roleSelf],
      ['a password of 7 characters', { password: 'Aa1!aaa' }, 'password', PASSWORD_RULE],
      ['a password of 17 characters', { password: 'Aa1!aaaaaaaaaaaaa' }, 'password', PASSWORD_RULE],
      ['a password without an uppercase letter', { password: 'secret@123' }, 'password', PASSWORD_RULE],
      ['a password without a lowercase letter', { password: 'SECRET@123' }, 'password', PASSWORD_RULE],
      ['a password without a digit', { password: 'Secret@abc' }, 'password', PASSWORD_RULE],
      ['a password without a symbol', { password: 'Secret1234' }, 'password', PASSWORD_RULE],
      ['no password', { password: undefined }, 'password', PASSWORD_RULE],
      ['an invalid e-mail', { email: 'someone@nowhere' }, 'email', MESSAGES.email],
      ['no e-mail', { email: '' }, 'email', MESSAGES.email],
      ['a contact number with letters', { contactno: '012-ABC-4567' }, 'contactno', MESSAGES.contactno],
      ['no contact number', { contactno: '' }, 'contactno', MESSAGES.contactno],
      ['a position outside list group 295', { position2: 33 }, 'position2', MESSAGES.position],
      ['no position', { position2: undefined }, 'position2', MESSAGES.position],
      ['no full name', { name: '   ' }, 'name', MESSAGES.name],
      ['no user id', { userid: '' }, 'userid', MESSAGES.userid],
      ['no registration type', { regtype: undefined }, 'regtype', MESSAGES.regtype],
    ] as [string, Record<string, unknown>, string, string][])('refuses %s with E_VALIDATION and the message for that field', async (_why, change, field, message) => {
      const payload: Record<string, unknown> = { ...(await registration(t, 3)), ...change };
      for (const [k, v] of Object.entries(change)) if (v === undefined) delete payload[k];
      const f = failure(await t.call('REContact.register', [payload]));
      expect(f).toEqual({ code: 'E_VALIDATION', message, details: { [field]: message } });
      expect(await t.database.db('user').where({ email: payload.email ?? '' }).count({ n: '*' }).first()).toMatchObject({ n: 0 });
    });

    it('answers every broken rule at once under the general form message', async () => {
      const payload = await registration(t, 3, { regtype: 'BR', otherno: '', role_approver: false, password: 'short' });
      const f = failure(await t.call('REContact.register', [payload]));
      expect(f).toEqual({
        code: 'E_VALIDATION',
        message: 'Please correct errors in the form to continue.',
        details: { otherno: MESSAGES.otherno, role_approver: MESSAGES.roleSelf, password: PASSWORD_RULE },
      });
    });

    it('refuses a company number that no active entity has, and creates no entity', async () => {
      const before = await t.database.db('re').count({ n: '*' }).first();
      const f = failure(await t.call('REContact.register', [await registration(t, 3, { companyno: 'LL-NO-SUCH' })]));
      expect(f).toEqual({ code: 'E_VALIDATION', message: ENTITY_MESSAGES.LL, details: { companyno: ENTITY_MESSAGES.LL } });
      // Entity 5 is inactive in the demo data.
      const inactive = failure(await t.call('REContact.register', [await registration(t, 5)]));
      expect(inactive.details).toEqual({ companyno: ENTITY_MESSAGES.LL });
      expect(await t.database.db('re').count({ n: '*' }).first()).toEqual(before);
    });

    it('asks to confirm with E_NEEDOVERRIDEUSERID when the e-mail has a user, then registers with newuserid Y', async () => {
      const payload = await registration(t, 3, { email: 're@regportal.example' });
      const f = failure(await t.call('REContact.register', [payload]));
      expect(f.code).toBe('E_NEEDOVERRIDEUSERID');
      expect(await userRow(payload.userid)).toBeUndefined();
      const [v] = await t.call('REContact.register', [{ ...payload, newuserid: 'Y' }]);
      expect(v).toEqual({ type: 'text', text: payload.userid });
      expect((await userRow(payload.userid)).email).toBe('re@regportal.example');
    });

    it('says that the e-mail address is in use without naming the user id that has it', async () => {
      const f = failure(await t.call('REContact.register', [await registration(t, 3, { email: 're@regportal.example' })]));
      expect(f).toMatchObject({ code: 'E_NEEDOVERRIDEUSERID', message: EMAIL_IN_USE });
      expect(f.message).not.toMatch(/\bre\b/);
    });

    it('compares e-mail addresses without case', async () => {
      const f = failure(await t.call('REContact.register', [await registration(t, 3, { email: 'RE2@RegPortal.Example' })]));
      expect(f).toMatchObject({ code: 'E_NEEDOVERRIDEUSERID', message: EMAIL_IN_USE });
    });

    it('refuses a user id already taken in any case (RE2 when re2 exists), even with newuserid Y', async () => {
      for (const userid of ['iru', 'IRU', 're2', 'RE2', 'Re2']) {
        const f = failure(await t.call('REContact.register', [await registration(t, 3, { userid, newuserid: 'Y' })]));
        expect(f).toEqual({ code: 'E_VALIDATION', message: USERID_TAKEN, details: { userid: USERID_TAKEN } });
      }
    });

    it('refuses a user id taken in another case also when a concurrent registration passed the check first', async () => {
      // The insert itself meets the database's unique index, which ignores case on both databases.
      const account = { userid: 'RE2', name: 'Late', email: uniqueUser().email, contactno: '0123456789', position2: 303, password: GOOD_PASSWORD, entity: 3, role: 27 };
      const insert = t.database.db.transaction((trx) => createPendingAccount(trx, t.engine.services, account, null));
      await expect(insert).rejects.toMatchObject({ code: 'E_VALIDATION', details: { userid: USERID_TAKEN } });
    });

    it('refuses arguments outside the payload with E_BADREQUEST', async () => {
      const f = failure(await t.call('REContact.register', [{ ...(await registration(t, 3)), isadmin: true }]));
      expect(f.code).toBe('E_BADREQUEST');
    });
  });

  describe('REContact.registerSub', () => {
    async function subPayload(overrides: Record<string, unknown> = {}) {
      const { email } = uniqueUser('sub');
      const { companyno } = await companyNo(t, 1);
      return { companyno, otherno: '', name: 'Sub User', contactno: '0198765432', email, password: GOOD_PASSWORD, position2: 314, userid: email, role_preparer: false, role_checker: true, role_approver: false, ...overrides };
    }

    it('creates a sub user of the caller’s current entity with the chosen role and answers its user id', async () => {
      const cookie = await t.sessionFor('re', 1);
      const payload = await subPayload();
      const [v] = await t.call('REContact.registerSub', [payload], cookie);
      expect(v).toEqual({ type: 'text', text: payload.email });
      const user = await userRow(payload.email);
      expect(user).toMatchObject({ state: 62, logintype: 2, email: payload.email });
      const link = await linkOf(Number(user.id));
      expect({ re: Number(link.link_fk_re), role: Number(link.role), primary: Boolean(Number(link.isprimary)) }).toEqual({ re: 1, role: 26, primary: false });
      expect((await mailsTo(t, String(payload.email), 1003)).length).toBe(1);
    });

    it.each([
      ['no role', { role_checker: false }],
      ['two roles', { role_preparer: true }],
      ['three roles', { role_preparer: 'Y', role_approver: 'true' }],
    ])('refuses %s with the role selection message', async (_why, change) => {
      const f = failure(await t.call('REContact.registerSub', [await subPayload(change)], await t.sessionFor('re', 1)));
      expect(f).toEqual({ code: 'E_VALIDATION', message: MESSAGES.roleSub, details: { role: MESSAGES.roleSub } });
    });

    it('refuses a caller who is not the primary user of the current entity with E_NOPERMISSION', async () => {
      // The demo user re is linked to entity 6 as a checker, not its primary user.
      const f = failure(await t.call('REContact.registerSub', [await subPayload()], await t.sessionFor('re', 6)));
      expect(f.code).toBe('E_NOPERMISSION');
      const iru = failure(await t.call('REContact.registerSub', [await subPayload()], await t.sessionFor('iru')));
      expect(iru.code).toBe('E_NOPERMISSION');
      const anonymous = failure(await t.call('REContact.registerSub', [await subPayload()]));
      expect(anonymous.code).toBe('E_ILLEGALACCESS');
    });

    it('refuses a company number that is not the current entity’s', async () => {
      const { companyno } = await companyNo(t, 2);
      const f = failure(await t.call('REContact.registerSub', [await subPayload({ companyno })], await t.sessionFor('re', 1)));
      expect(f).toEqual({ code: 'E_VALIDATION', message: ENTITY_MESSAGES.mismatch, details: { companyno: ENTITY_MESSAGES.mismatch } });
    });

    it('refuses a user id other than the e-mail', async () => {
      const f = failure(await t.call('REContact.registerSub', [await subPayload({ userid: 'someoneelse' })], await t.sessionFor('re', 1)));
      expect(f.details).toEqual({ userid: MESSAGES.useridIsEmail });
    });

    it('asks to confirm an e-mail already in use, like self-registration', async () => {
      const cookie = await t.sessionFor('re', 1);
      const first = await subPayload();
      await t.call('REContact.registerSub', [first], cookie);
      const again = failure(await t.call('REContact.registerSub', [{ ...first }], cookie));
      expect(again.code).toBe('E_NEEDOVERRIDEUSERID');
      // The user id is the e-mail, so confirming still meets the taken user id.
      const confirmed = failure(await t.call('REContact.registerSub', [{ ...first, newuserid: 'Y' }], cookie));
      expect(confirmed.details).toEqual({ userid: USERID_TAKEN });
    });
  });
});
