// One sign-in journey on every database of this run (SQLite, and MariaDB when reachable): the
// sign-in screen, the RE shell, the lock screen and back, and /user/logout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../engine/testing/test-database.js';
import { signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { fill, sessionAlive, sessionCookie } from './auth-kit.js';

describe.each(await testDialects())('a sign-in journey (%s)', (dialect) => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal(dialect);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('signs an RE user in, locks and unlocks the screen, and logs out', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 're');
    await waitForPath(page, (p) => p === '/re/dashboard');
    await page.goto(`${portal.url}/lockscreen`);
    await page.waitForSelector('[data-panel=lock-screen][data-locked=true]');
    await fill(page, 'input[name=password]', 'Demo@1234');
    await page.click('[data-panel=lock-screen] button[type=submit]');
    await waitForPath(page, (p) => p === '/re/dashboard');
    const cookie = (await sessionCookie(page))!;
    expect(await sessionAlive(portal, cookie)).toBe(true);
    await page.goto(`${portal.url}/user/logout`);
    await page.waitForSelector('[data-panel=logged-out][data-done=true]');
    expect(await sessionAlive(portal, cookie)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    expect(errors).toEqual([]);
  });
});
