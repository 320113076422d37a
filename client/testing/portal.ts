// A real engine on a real port serving the built client, on a fresh seeded database: what a
// browser test drives. Screenshots go to test-results/screenshots (kept by CI as artefacts).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'puppeteer-core';
import type { Dialect } from '../../engine/db/connect.js';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { cspViolationsOf, launchBrowser, newPage } from './browser.js';
import { DEMO_PASSWORD } from '../../portal/seeds/demo-users.js';

export const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));

export interface Portal {
  t: TestEngine;
  url: string;
  browser: Browser;
  /** A fresh browser context (its own cookies and storage) with a page in it. */
  page(): Promise<{ page: Page; errors: string[] }>;
  /** Closes browser and engine; fails (the test file's afterAll) if any page broke the CSP. */
  close(): Promise<void>;
}

export async function startPortal(dialect: Dialect, env: Record<string, string> = {}): Promise<Portal> {
  // CLIENT_DIR lets a run use its own build while another rebuilds client/dist.
  const t = await startTestEngine(dialect, { ...(process.env.CLIENT_DIR ? { CLIENT_DIR: process.env.CLIENT_DIR } : {}), ...env });
  const address = await t.engine.app.listen({ host: '127.0.0.1', port: 0 });
  const browser = await launchBrowser();
  return {
    t,
    url: address,
    browser,
    page: () => newPage(browser),
    async close() {
      const violations = [...cspViolationsOf(browser)];
      await browser.close().catch(() => undefined);
      await t.close();
      if (violations.length) {
        throw new Error(
          `The client broke its Content Security Policy (a page fed hostile markup on purpose is marked with expectCspReports):\n${[...new Set(violations)].join('\n')}`,
        );
      }
    },
  };
}

/** Signs in through the sign-in screen and waits for the signed-in shell. */
export async function signIn(page: Page, base: string, userid: string, password = DEMO_PASSWORD, path = '/'): Promise<void> {
  await page.goto(`${base}${path}`);
  await page.waitForSelector('input[name=userid]');
  await page.type('input[name=userid]', userid);
  await page.type('input[name=password]', password);
  await page.click('button[type=submit]');
  await page.waitForSelector('[data-shell]');
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) as `${string}.png`, fullPage: true });
}

/** The path and query the page shows now. */
export async function pathOf(page: Page): Promise<string> {
  const u = new URL(page.url());
  return `${u.pathname}${u.search}`;
}

/** Waits until the page's address satisfies `test`. */
export async function waitForPath(page: Page, test: (path: string) => boolean, timeout = 20_000): Promise<string> {
  const until = Date.now() + timeout;
  for (;;) {
    const p = await pathOf(page);
    if (test(p)) return p;
    if (Date.now() > until) throw new Error(`The address stayed ${p}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
