// The whole account journey through the protocol, as a new reporting-entity user lives it,
// against a real SMTP server: register → the verification link from the RECEIVED mail →
// verify (text endpoint) → an administrator activates → sign in → enrol MFA with codes
// computed independently of otplib → change the password → sign out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { SmtpSink, type ReceivedMail } from '../mail/testing/smtp-sink.js';
import { codeFor } from '../identity/testing/totp-reference.js';
import { call, codeOf, login, messageOf } from '../identity/testing/identity-calls.js';
import { processString, registration } from './account-test-kit.js';
import { asPage, ok } from '../testing/record-calls.js';

const NEW_PASSWORD = 'Changed#2026';

describe.each(await testDialects())('a new user’s whole journey on %s', (dialect) => {
  let t: TestEngine;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await SmtpSink.start();
    t = await startTestEngine(dialect, { SMTP_URL: sink.url, MAIL_POLL_MS: '100', PUBLIC_URL: 'https://portal.example.test' });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.down();
  });

  /** The first mail received for `to` whose text matches `pattern`. */
  async function receivedMail(to: string, pattern: RegExp): Promise<ReceivedMail> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const mail = sink.received.find((m) => m.envelopeTo.includes(to) && pattern.test(m.text));
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${pattern}; received ${sink.received.length}`);
      await sink.waitFor(sink.received.length + 1, Math.max(1, deadline - Date.now())).catch(() => undefined);
    }
  }

  it('goes from registration to an MFA-protected account with a changed password', async () => {
    const admin = await t.sessionFor('admin');
    const form = await registration(t, 3);
    const email = String(form.email);
    const userid = String(form.userid);

    // Registration answers the new user id and sends the verification link by real mail.
    expect(ok(await t.call('REContact.register', [form]))).toEqual([{ type: 'text', text: userid }]);
    const verifyMail = await receivedMail(email, /verify-email\?token=/);
    const link = /https:\/\/portal\.example\.test\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(verifyMail.text);
    expect(link, verifyMail.text).not.toBeNull();

    // Not yet: the account is neither verified nor activated.
    expect(codeOf(await login(t, { userid, password: form.password }))).toBe('E_LOGINFAILED');

    // The verification screen's call, through the text endpoint, as the original client sends it.
    expect(await processString(t, 'System.execute', ['REContact.verifyEmail', { token: link![1] }])).toBe('OK');
    expect(await processString(t, 'System.execute', ['REContact.verifyEmail', { token: link![1] }])).toMatch(/^exception:text:E_[A-Z]+:/);
    expect(codeOf(await login(t, { userid, password: form.password }))).toBe('E_LOGINFAILED');

    // An administrator activates the account; the user is told by mail.
    ok(await t.call('User.activate', [{ userid }], admin));
    await receivedMail(email, /activated/i);

    // The regulator turns MFA on for everyone, through the generic record engine.
    const param = asPage(await t.call('Record.select', [{ module: 'Parameters', fields: ['id', 'updatectr'], where: [['code', '=', 'MFA_POLICY']] }], admin)).rows[0];
    ok(await t.call('Record.update', [{ module: 'Parameters', fields: ['id', 'updatectr', 'value0'], values: [param.id, param.updatectr, 'everyone'] }], admin));

    // First sign-in: enrolment. The key is scanned; the code comes from our own RFC 6238 code.
    const enrol = await login(t, { userid, password: form.password });
    expect(codeOf(enrol)).toBe('E_SHOWOTPQR');
    const { otpKey, url } = JSON.parse(messageOf(enrol)) as { otpKey: string; url: string };
    expect(url).toMatch(/^otpauth:\/\/totp\//);
    expect(codeOf(await login(t, { userid, password: form.password, otp: '000000' === codeFor(otpKey) ? '111111' : '000000' }))).toBe('E_SHOWOTPPROMPT2');
    const signedIn = await login(t, { userid, password: form.password, otp: codeFor(otpKey) });
    expect(codeOf(signedIn)).toBe('ok');
    const record = JSON.parse((signedIn.values[0] as { text: string }).text);
    expect(record).toMatchObject({ userid, login_type: { name: 'RE', value: 2 }, firstTimeLogin: true });
    expect(record.RE.map((r: { id: number }) => r.id)).toEqual([3]);
    const session = signedIn.cookie!;

    // Change the password (allowed even before the security questions are set).
    expect(ok((await call(t, 'User.changePassword', [{ oldPass: form.password, newPass: NEW_PASSWORD }], { cookie: session })).values)).toEqual([
      { type: 'text', text: 'Successfully changed password!' },
    ]);

    // Sign out: the session is gone.
    expect(codeOf(await call(t, 'User.logout', [], { cookie: session }))).toBe('ok');
    expect(codeOf(await call(t, 'User.current', [], { cookie: session }))).toBe('E_ILLEGALACCESS');

    // The old password no longer opens the account; the new one asks for the second factor.
    expect(codeOf(await login(t, { userid, password: form.password }))).toBe('E_LOGINFAILED');
    expect(codeOf(await login(t, { userid, password: NEW_PASSWORD }))).toBe('E_SHOWOTPPROMPT');
  });
});
