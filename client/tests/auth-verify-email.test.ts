// E-mail verification (seed 000 §2.6, §7, §8) in the real client against a real engine: the
// token goes through POST /process/string (System.execute), and each outcome is told with the
// seed's words: no token, a token the server refuses (its message and code), a good token, and
// the same token again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { registration, tokenMailedTo } from '../../engine/accounts/account-test-kit.js';
import { dialogShown, pressDialog } from './auth-kit.js';

const VERIFIED = 'Token verified successfully; the account registration will now be reviewed by the regulator and an e-mail will follow when the account is activated.';

describe('e-mail verification (sqlite)', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal('sqlite');
  });
  afterAll(async () => {
    await portal?.close();
  });

  async function outcome(path: string) {
    const { page, errors } = await portal.page();
    await page.goto(`${portal.url}${path}`);
    await page.waitForSelector('[data-panel=verify-email] [data-outcome]');
    const lines = await page.$$eval('[data-panel=verify-email] [data-outcome] p', (els) => els.map((e) => e.textContent));
    const kind = await page.$eval('[data-panel=verify-email] [data-outcome]', (e) => e.getAttribute('data-outcome'));
    return { page, errors, kind, lines };
  }

  it('says Token not found without a token and goes to /', async () => {
    const { page } = await portal.page();
    await page.goto(`${portal.url}/verify-email`);
    expect(await dialogShown(page)).toEqual({ title: '', message: 'Token not found' });
    await pressDialog(page);
    await waitForPath(page, (p) => p === '/');
  });

  it('shows the server message and its error code for a token it refuses, with a way back home', async () => {
    const { page, kind, lines } = await outcome('/verify-email?token=not-a-real-token');
    expect(kind).toBe('error');
    expect(lines).toEqual(['This verification link is not valid.', 'Error code: E_VALIDATION']);
    await screenshot(page, 'auth-verify-email-refused');
    await page.click('[data-panel=verify-email] button');
    await waitForPath(page, (p) => p === '/');
  });

  it('verifies a registration by its mailed token once, and tells a second use it was used', async () => {
    const payload = await registration(portal.t, 3);
    const [registered] = await portal.t.call('REContact.register', [payload]);
    expect(registered).toEqual({ type: 'text', text: payload.userid });
    const token = await tokenMailedTo(portal.t, String(payload.email), 1003, '/verify-email');
    const first = await outcome(`/verify-email?token=${token}`);
    expect(first.kind).toBe('ok');
    expect(first.lines).toEqual([VERIFIED]);
    await screenshot(first.page, 'auth-verify-email-done');
    expect(first.errors).toEqual([]);
    const user = await portal.t.database.db('user').where({ userid: payload.userid }).first('state');
    expect(user.state).toBe(61);
    const again = await outcome(`/verify-email?token=${token}`);
    expect(again.lines).toEqual(['This verification link has already been used.', 'Error code: E_VALIDATION']);
  });
});
