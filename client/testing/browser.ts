// The system Chromium driven by puppeteer-core, for browser tests and the client bench. The
// flags keep it from reaching the network (this machine has none beyond the registries).
import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

export const CHROMIUM_FLAGS = ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(path)) throw new Error(`No Chromium at ${path}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`);
  return path;
}

export function launchBrowser(): Promise<Browser> {
  return puppeteer.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_FLAGS, '--window-size=1366,900'], defaultViewport: { width: 1366, height: 900 } });
}

/** A page that fails the test on any uncaught error of the client. */
export async function newPage(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String((e as Error).message ?? e)));
  // Generous: two test workers and their engines share two cores, and a wait only ends early.
  page.setDefaultTimeout(25_000);
  return { page, errors };
}
