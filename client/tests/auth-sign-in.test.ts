// The sign-in screen of seed 000 §2.2 in the real client, in Chromium, against a real engine:
// the notices (rendered through the allow-list, so script in them neither runs nor survives),
// the form's own messages, the remember flag, the forgot-password panel, MFA enrolment and the
// one-time-code prompts, the expired-password journey and the first-time security questions.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import type { Page } from 'puppeteer-core';
import { pathOf, screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { cspReportsOf, expectCspReports } from '../testing/browser.js';
import { activeUser, GOOD_PASSWORD, mailsTo } from '../../engine/accounts/account-test-kit.js';
import { answerPrompt, dialogSaying, dialogShown, fieldErrors, fill, pressDialog, promptProblem, textShown } from './auth-kit.js';

const DEMO_PASSWORD = 'Demo@1234';

async function submitSignIn(page: Page, userid: string, password: string): Promise<void> {
  await fill(page, 'input[name=userid]', userid);
  await fill(page, 'input[name=password]', password);
  await page.click('button[type=submit]');
}

async function inlineError(page: Page): Promise<string> {
  await page.waitForSelector('.form-error');
  return page.$eval('.form-error', (e) => e.textContent ?? '');
}

describe('sign-in (sqlite)', () => {
  let portal: Portal;
  beforeAll(async () => {
    // Many sign-ins from one address within a minute: the per-address limit is not under test here.
    portal = await startPortal('sqlite', { LOGIN_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('shows public messages above the box with their allowed markup, and no script, handler or unsafe link survives', async () => {
    const db = portal.t.database.db;
    await db('publicmessage').insert([
      {
        message:
          '<p><b>Scheduled maintenance</b> on <em>Saturday</em>. <a href="https://example.org/notice" onclick="window.__clicked = 1" style="color:red">Details</a></p>' +
          '<script>window.__pwned = "script"</script><img src="/nothing.png" onerror="window.__pwned = \'img\'">' +
          '<a href="javascript:window.__pwned = \'link\'">Run</a>',
        state: 33,
        createon: '2024-01-01 00:00:00',
      },
      { message: 'An old notice', state: 33, startdate: '2001-01-01', enddate: '2001-12-31', createon: '2024-01-01 00:00:00' },
      { message: 'An inactive notice', state: 4, createon: '2024-01-01 00:00:00' },
    ]);
    const { page, errors } = await portal.page();
    // The sanitiser parsing the hostile notice is enough for Chromium to report its handlers.
    expectCspReports(page);
    await page.goto(`${portal.url}/`);
    await page.waitForSelector('.public-messages .notice');
    const notices = await page.$$eval('.public-messages .notice', (els) => els.map((e) => e.textContent ?? ''));
    expect(notices).toHaveLength(1);
    const notice = await page.$('.public-messages .notice');
    // Allowed markup stays markup.
    expect(await notice!.$eval('b', (e) => e.textContent)).toBe('Scheduled maintenance');
    expect(await notice!.$eval('em', (e) => e.textContent)).toBe('Saturday');
    // No element but the allowed ones, and no attribute but a link's href, target and rel.
    const tags = await notice!.$$eval('*', (els) => [...new Set(els.map((e) => e.tagName.toLowerCase()))].sort());
    expect(tags).toEqual(['a', 'b', 'em', 'p']);
    const attributes = await notice!.$$eval('*', (els) => [...new Set(els.flatMap((e) => e.getAttributeNames()))].sort());
    expect(attributes).toEqual(['href', 'rel', 'target']);
    const links = await notice!.$$eval('a', (els) => els.map((a) => ({ href: a.getAttribute('href'), text: a.textContent })));
    expect(links).toEqual([{ href: 'https://example.org/notice', text: 'Details' }]);
    // What was not allowed is gone: script with its content, the image, the unsafe link's element (its text stays).
    expect(notices[0]).not.toContain('__pwned');
    expect(notices[0]).toContain('Run');
    // Clicking the link runs no handler (the navigation itself is stopped by the test).
    await page.evaluate(() => document.addEventListener('click', (e) => e.preventDefault(), true));
    await page.click('.public-messages a');
    await new Promise((r) => setTimeout(r, 300));
    const ran = await page.evaluate(() => ({ pwned: (window as unknown as { __pwned?: string }).__pwned, clicked: (window as unknown as { __clicked?: number }).__clicked }));
    expect(ran).toEqual({ pwned: undefined, clicked: undefined });
    await screenshot(page, 'auth-sign-in-notices');
    expect(errors).toEqual([]);
    // Had any handler got through, the page's policy would still have refused it.
    expect(cspReportsOf(page).some((r) => /inline event handler|script-src-attr/.test(r))).toBe(true);
    // The later tests see the sign-in page as users do, without the hostile notice.
    await db('publicmessage').where('message', 'like', '%Scheduled maintenance%').delete();
  });

  it('asks to correct the form when the user id or password is missing, and says why a sign-in failed', async () => {
    const { page } = await portal.page();
    await page.goto(`${portal.url}/`);
    await page.waitForSelector('input[name=userid]');
    await page.click('button[type=submit]');
    expect(await inlineError(page)).toBe('Please correct the form errors');
    expect(await page.$$eval('input[aria-invalid=true]', (els) => els.map((e) => e.getAttribute('name')))).toEqual(['userid', 'password']);
    await submitSignIn(page, 'iru', 'wrong-password');
    await textShown(page, '.form-error', 'Failed to login:');
    expect(await inlineError(page)).toBe('Failed to login: Invalid user id or password');
    expect(await pathOf(page)).toBe('/');
  });

  it('keeps the user id on this device when remember is ticked, and forgets it when not', async () => {
    const { page } = await portal.page();
    await page.goto(`${portal.url}/`);
    await page.waitForSelector('input[name=userid]');
    await page.click('input[name=remember]');
    await submitSignIn(page, 'iru', DEMO_PASSWORD);
    await waitForPath(page, (p) => p.startsWith('/iru/'));
    await page.goto(`${portal.url}/user/logout`);
    await page.waitForSelector('[data-done=true]');
    await page.goto(`${portal.url}/`);
    await page.waitForSelector('input[name=userid]');
    expect(await page.$eval('input[name=userid]', (e) => (e as HTMLInputElement).value)).toBe('iru');
    expect(await page.$eval('input[name=remember]', (e) => (e as HTMLInputElement).checked)).toBe(true);
    await page.click('input[name=remember]');
    await fill(page, 'input[name=password]', DEMO_PASSWORD);
    await page.click('button[type=submit]');
    await waitForPath(page, (p) => p.startsWith('/iru/'));
    await page.goto(`${portal.url}/user/logout`);
    await page.waitForSelector('[data-done=true]');
    await page.goto(`${portal.url}/`);
    await page.waitForSelector('input[name=userid]');
    expect(await page.$eval('input[name=userid]', (e) => (e as HTMLInputElement).value)).toBe('');
  });

  it('recovers a password by security questions: every answer required, wrong answers refused, right ones mail a reset link', async () => {
    const { userid, email } = await activeUser(portal.t);
    const cookie = await portal.t.sessionFor(userid);
    const questions = ['What was the name of your first school?', 'In which city were you born?', 'What is your favourite colour?'];
    const [set] = await portal.t.call('User.setSecurityQuestions', [{ questions: questions.map((question, i) => ({ question, answer: `Answer ${i + 1}` })) }], cookie);
    expect(set).toEqual({ type: 'text', text: '1' });
    const { page } = await portal.page();
    await page.goto(`${portal.url}/`);
    await page.click('[data-action=forgot-password]');
    await page.waitForSelector('[data-panel=forgot-password] input[name=name]');
    await page.click('[data-panel=forgot-password] button[type=submit]');
    expect(await inlineError(page)).toBe('Please correct the form errors');
    await fill(page, 'input[name=name]', userid);
    await page.click('[data-panel=forgot-password] button[type=submit]');
    await page.waitForSelector('input[name=a3]');
    const labels = await page.$$eval('[data-panel=forgot-password] .field > span', (els) => els.map((e) => e.textContent));
    expect(labels).toEqual(questions);
    await fill(page, 'input[name=a1]', 'answer 1');
    await fill(page, 'input[name=a2]', 'ANSWER 2');
    await page.click('[data-panel=forgot-password] button[type=submit]');
    expect(await fieldErrors(page)).toEqual({ a3: 'Please answer this question.' });
    expect(await page.$eval('input[name=a3]', (e) => e.getAttribute('aria-invalid'))).toBe('true');
    await fill(page, 'input[name=a3]', 'Blue');
    await page.click('[data-panel=forgot-password] button[type=submit]');
    await textShown(page, '.form-error', 'The answers do not match our records.');
    expect(await mailsTo(portal.t, email, 1005)).toHaveLength(0);
    await fill(page, 'input[name=a3]', 'answer 3');
    await page.click('[data-panel=forgot-password] button[type=submit]');
    await textShown(page, '.form-success', 'Verified successful, please check your inbox for further instructions.');
    expect(await mailsTo(portal.t, email, 1005)).toHaveLength(1);
    await screenshot(page, 'auth-forgot-password');
  });

  it('enrols MFA: QR and key in fours, the code rules of the prompt, a wrong code, then the code from the key signs in', async () => {
    const { page, errors } = await portal.page();
    await page.goto(`${portal.url}/`);
    await submitSignIn(page, 'mfa', DEMO_PASSWORD);
    await page.waitForSelector('[data-dialog=dialog] .mfa-qr');
    const shown = await dialogShown(page);
    expect(shown.message).toContain('Please scan QR Code and retry again');
    expect(await page.$eval('.mfa-qr img', (e) => e.getAttribute('src'))).toMatch(/^data:image\/png;base64,/);
    const grouped = await page.$eval('[data-otp-key]', (e) => e.textContent ?? '');
    expect(grouped).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4})* ?[A-Z2-7]{0,4}$/);
    const secret = grouped.replace(/ /g, '');
    // The key shown is the one the server keeps pending for this user.
    const pending = await portal.t.database.db('user_otp').where({ user_id: 5 }).first('pending_secret');
    expect(pending.pending_secret).toBe(secret);
    await screenshot(page, 'auth-mfa-enrolment');

    await answerPrompt(page, '');
    await promptProblem(page, 'OTP cannot be empty');
    await answerPrompt(page, '12345');
    await promptProblem(page, 'OTP must be 6-digits');
    await answerPrompt(page, '12a456');
    await promptProblem(page, 'OTP must be 6-digits');

    const now = Math.floor(Date.now() / 1000);
    const near = await Promise.all([-30, 0, 30, 60].map((d) => generate({ secret, epoch: now + d })));
    const wrong = ['000000', '111111', '222222', '333333', '444444'].find((c) => !near.includes(c))!;
    await answerPrompt(page, wrong);
    await dialogSaying(page, 'Invalid one-time code, please try again');
    expect(await page.$('[data-dialog=dialog] .mfa-qr')).toBeNull();
    await answerPrompt(page, await generate({ secret }));
    await waitForPath(page, (p) => p.startsWith('/iru/'));
    await page.waitForSelector('[data-shell=iru]');

    // Enrolled now: the next sign-in asks for a code, and a later one than the code just used.
    await page.goto(`${portal.url}/user/logout`);
    await page.waitForSelector('[data-done=true]');
    await page.goto(`${portal.url}/`);
    await submitSignIn(page, 'mfa', DEMO_PASSWORD);
    const prompt = await dialogSaying(page, 'Please enter the one-time code');
    expect(prompt.title).toBe('One-Time Code');
    await screenshot(page, 'auth-otp-prompt');
    await answerPrompt(page, await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await waitForPath(page, (p) => p.startsWith('/iru/'));
    expect(errors).toEqual([]);
  }, 90_000);

  it('sends a user whose password expired to the password screen after the server message, and on after the change', async () => {
    const db = portal.t.database.db;
    await db('user').where({ userid: 're2' }).update({ pwchangedon: '2000-01-01 00:00:00' });
    const { page } = await portal.page();
    await page.goto(`${portal.url}/`);
    await submitSignIn(page, 're2', DEMO_PASSWORD);
    await waitForPath(page, (p) => p === '/password-expiry');
    const dialog = await dialogSaying(page, 'Your password has expired, please change it');
    expect(dialog.message).toBe('Your password has expired, please change it');
    await screenshot(page, 'auth-password-expiry');
    await pressDialog(page);
    await fill(page, 'input[name=oldPass]', DEMO_PASSWORD);
    await fill(page, 'input[name=newPass]', 'Renewed@2468');
    await fill(page, 'input[name=confirm]', 'Renewed@2468');
    await page.click('button[type=submit]');
    await dialogSaying(page, 'Successfully changed password!');
    await pressDialog(page);
    await waitForPath(page, (p) => p === '/re/dashboard');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { pwexpiry: { expired: boolean } });
    expect(stored.pwexpiry.expired).toBe(false);
  });

  const securityPageWired = readFileSync(new URL('../src/app/router.tsx', import.meta.url), 'utf8').includes('auth/security-questions-page');

  // Runs once router.tsx routes /re/securityquestions/:data_id to auth/security-questions-page.
  it.skipIf(!securityPageWired)('makes a first-time RE user fill in security questions before anything else', async () => {
    const { userid } = await activeUser(portal.t);
    const { page } = await portal.page();
    await signIn(page, portal.url, userid, GOOD_PASSWORD);
    const user = await portal.t.database.db('user').where({ userid }).first('id');
    await waitForPath(page, (p) => p === `/re/securityquestions/${user.id}`);
    await textShown(page, '.security-questions .notice', 'Please fill in your security questions before proceeding');
    await screenshot(page, 'auth-security-questions');
    await fill(page, 'input[name=question1]', 'What was the name of your first pet?');
    await fill(page, 'input[name=question2]', 'what was the name of your first pet?');
    await fill(page, 'input[name=question3]', 'In which city were you born?');
    for (const i of [1, 2]) await fill(page, `input[name=answer${i}]`, `Answer ${i}`);
    await page.click('.security-questions button[type=submit]');
    await textShown(page, '.field-error', 'Each question must be different.');
    expect(await page.$eval('input[name=answer3]', (e) => e.getAttribute('aria-invalid'))).toBe('true');
    await fill(page, 'input[name=question2]', 'What was your childhood nickname?');
    await fill(page, 'input[name=answer3]', 'Answer 3');
    await page.click('.security-questions button[type=submit]');
    await dialogSaying(page, 'Your security questions have been saved.');
    await pressDialog(page);
    await waitForPath(page, (p) => p === '/re/dashboard');
    const row = await portal.t.database.db('user').where({ userid }).first('firsttimelogin');
    expect(Boolean(Number(row.firsttimelogin))).toBe(false);
  });
});
