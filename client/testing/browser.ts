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

const leaveQuestions = new WeakMap<Page, number>();

/** How often the browser asked this page's user whether to leave (beforeunload). */
export const leaveQuestionsOf = (page: Page): number => leaveQuestions.get(page) ?? 0;

/** A page that fails the test on any uncaught error of the client. */
export async function newPage(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String((e as Error).message ?? e)));
  // A test that moves on from an editor with unsaved changes answers the browser's "leave this
  // page?" as a person who means to leave; leave-guard tests count these questions.
  page.on('dialog', (d) => {
    if (d.type() === 'beforeunload') {
      leaveQuestions.set(page, (leaveQuestions.get(page) ?? 0) + 1);
      void d.accept();
    }
  });
  // Generous: two test workers and their engines share two cores, and a wait only ends early.
  page.setDefaultTimeout(25_000);
  return { page, errors };
}
