// The password screens (seed 000 §2.4, §5), the lock screen (§2.5) and /user/logout (§2.1, §9)
// in the real client against a real engine: what each rule says, that a changed password is the
// one that signs in afterwards, that a reset needs its link's token, and that locking and
// signing out end the session on the server, not only in the browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { pathOf, screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { activeUser, GOOD_PASSWORD, tokenMailedTo } from '../../engine/accounts/account-test-kit.js';
import { dialogSaying, dialogShown, fieldErrors, fill, pressDialog, sessionAlive, sessionCookie, textShown } from './auth-kit.js';

const DEMO_PASSWORD = 'Demo@1234';
const PASSWORD_RULE = 'Password must be 8 to 16 characters with an uppercase letter, a lowercase letter, a symbol and a digit.';

async function submitPassword(page: Page, values: { oldPass?: string; newPass: string; confirm: string }): Promise<void> {
  if (values.oldPass !== undefined) await fill(page, 'input[name=oldPass]', values.oldPass);
  await fill(page, 'input[name=newPass]', values.newPass);
  await fill(page, 'input[name=confirm]', values.confirm);
  await page.click('[data-panel=password] button[type=submit]');
}

describe('password screens, lock screen and sign-out (sqlite)', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal('sqlite', { LOGIN_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('changes the password with every rule told, and the new password is the one that signs in', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 're2');
    await page.goto(`${portal.url}/change-password`);
    await page.waitForSelector('[data-panel=password][data-mode=change-password]');
    await page.click('[data-panel=password] button[type=submit]');
    await textShown(page, '.form-error', 'Please correct errors in the form to continue.');
    expect(await fieldErrors(page)).toEqual({
      oldPass: 'Please enter your current password.',
      newPass: 'Please enter the new password.',
      confirm: 'Please confirm the new password.',
    });
    await submitPassword(page, { oldPass: DEMO_PASSWORD, newPass: 'weak', confirm: 'weak' });
    expect(await fieldErrors(page)).toEqual({ newPass: PASSWORD_RULE });
    await submitPassword(page, { oldPass: DEMO_PASSWORD, newPass: DEMO_PASSWORD, confirm: DEMO_PASSWORD });
    expect(await fieldErrors(page)).toEqual({ newPass: 'The new password must be different from the current password.' });
    await submitPassword(page, { oldPass: DEMO_PASSWORD, newPass: 'Changed@1357', confirm: 'Changed@1358' });
    expect(await fieldErrors(page)).toEqual({ confirm: 'The confirmation does not match the new password.' });
    // The server's own check: the current password must be right.
    await submitPassword(page, { oldPass: 'Wrong@0000', newPass: 'Changed@1357', confirm: 'Changed@1357' });
    await page.waitForSelector('[data-field=oldPass] .field-error');
    expect(await fieldErrors(page)).toEqual({ oldPass: 'The current password is incorrect.' });
    await screenshot(page, 'auth-change-password');
    await submitPassword(page, { oldPass: DEMO_PASSWORD, newPass: 'Changed@1357', confirm: 'Changed@1357' });
    await dialogSaying(page, 'Successfully changed password!');
    await pressDialog(page);
    await waitForPath(page, (p) => p === '/re/dashboard');

    await page.goto(`${portal.url}/user/logout`);
    await page.waitForSelector('[data-done=true]');
    await page.goto(`${portal.url}/`);
    await fill(page, 'input[name=userid]', 're2');
    await fill(page, 'input[name=password]', DEMO_PASSWORD);
    await page.click('button[type=submit]');
    await textShown(page, '.form-error', 'Failed to login: Invalid user id or password');
    await fill(page, 'input[name=password]', 'Changed@1357');
    await page.click('button[type=submit]');
    await waitForPath(page, (p) => p === '/re/dashboard');
  }, 90_000);

  it('refuses a reset without a token: Token not found, then /', async () => {
    const { page } = await portal.page();
    await page.goto(`${portal.url}/reset-password`);
    expect(await dialogShown(page)).toEqual({ title: '', message: 'Token not found' });
    await pressDialog(page);
    await waitForPath(page, (p) => p === '/');
  });

  it('resets a password with the mailed link, the confirmation in the current-password slot', async () => {
    const { userid, email } = await activeUser(portal.t);
    const [sent] = await portal.t.call('User.resetPassword', [{ userid }], await portal.t.sessionFor('iru'));
    expect(sent.type).toBe('text');
    const token = await tokenMailedTo(portal.t, email, 1005, '/reset-password');
    const { page } = await portal.page();
    await page.goto(`${portal.url}/reset-password?token=${token}`);
    await page.waitForSelector('[data-panel=password][data-mode=reset-password]');
    expect(await page.$('input[name=oldPass]')).toBeNull();
    await submitPassword(page, { newPass: 'Reset@2468', confirm: 'Reset@2469' });
    expect(await fieldErrors(page)).toEqual({ confirm: 'The confirmation does not match the new password.' });
    await screenshot(page, 'auth-reset-password');
    await submitPassword(page, { newPass: 'Reset@2468', confirm: 'Reset@2468' });
    await dialogSaying(page, 'Successfully changed password!');
    await pressDialog(page);
    await waitForPath(page, (p) => p === '/');
    // The link is spent: a second use is refused beside the form.
    await page.goto(`${portal.url}/reset-password?token=${token}`);
    await submitPassword(page, { newPass: 'Again@2468', confirm: 'Again@2468' });
    await textShown(page, '.form-error', 'This password reset link has already been used.');
    const { page: next } = await portal.page();
    await next.goto(`${portal.url}/`);
    await fill(next, 'input[name=userid]', userid);
    await fill(next, 'input[name=password]', GOOD_PASSWORD);
    await next.click('button[type=submit]');
    await textShown(next, '.form-error', 'Failed to login: Invalid user id or password');
    await signIn(next, portal.url, userid, 'Reset@2468');
  }, 90_000);

  it('locks the screen: the session ends on the server, the name stays, a wrong password is told, the right one unlocks', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await waitForPath(page, (p) => p.startsWith('/iru/'));
    const cookie = (await sessionCookie(page))!;
    expect(await sessionAlive(portal, cookie)).toBe(true);
    await page.goto(`${portal.url}/lockscreen`);
    await page.waitForSelector('[data-panel=lock-screen][data-locked=true]');
    expect(await page.$eval('[data-lock-owner]', (e) => e.textContent)).toBe('IRU Officer');
    expect(await sessionAlive(portal, cookie)).toBe(false);
    expect(await page.$eval('[data-panel=lock-screen] a', (a) => ({ text: a.textContent, path: (a as HTMLAnchorElement).pathname }))).toEqual({ text: 'Switch user', path: '/login' });
    await screenshot(page, 'auth-lock-screen');
    await fill(page, 'input[name=password]', 'Wrong@0000');
    await page.click('[data-panel=lock-screen] button[type=submit]');
    await textShown(page, '.form-error', 'Failed to login: Invalid user id or password');
    await fill(page, 'input[name=password]', DEMO_PASSWORD);
    await page.click('[data-panel=lock-screen] button[type=submit]');
    await waitForPath(page, (p) => p.startsWith('/iru/'));
    expect(await sessionAlive(portal, (await sessionCookie(page))!)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('offers another user the sign-in screen from the lock screen', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 'iru');
    await page.goto(`${portal.url}/lockscreen`);
    await page.waitForSelector('[data-panel=lock-screen][data-locked=true]');
    await page.click('[data-panel=lock-screen] a');
    await waitForPath(page, (p) => p === '/login');
    await fill(page, 'input[name=userid]', 'admin');
    await fill(page, 'input[name=password]', DEMO_PASSWORD);
    await page.click('button[type=submit]');
    await page.waitForSelector('[data-shell=admin]');
  });

  it('logs out: Logged Out with the time, stored data cleared, the session ended on the server', async () => {
    const { page } = await portal.page();
    await signIn(page, portal.url, 're');
    await waitForPath(page, (p) => p === '/re/dashboard');
    await page.evaluate(() => localStorage.setItem('state.list.58', '{"pageIndex":2}'));
    const cookie = (await sessionCookie(page))!;
    await page.goto(`${portal.url}/user/logout`);
    await page.waitForSelector('[data-panel=logged-out][data-done=true]');
    expect(await page.$eval('[data-panel=logged-out] h1', (e) => e.textContent)).toBe('Logged Out');
    expect(await page.$eval('[data-panel=logged-out] time', (e) => e.textContent)).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} (am|pm)$/);
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k === 'user' || k === 're' || k.startsWith('state.')));
    expect(stored).toEqual([]);
    expect(await sessionAlive(portal, cookie)).toBe(false);
    await screenshot(page, 'auth-logged-out');
    await page.goto(`${portal.url}/re/dashboard`);
    await waitForPath(page, (p) => p.startsWith('/?next='));
    expect(await pathOf(page)).toBe(`/?next=${encodeURIComponent('/re/dashboard')}`);
  });
});
