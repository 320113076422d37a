// The system Chromium driven by puppeteer-core, for browser tests and the client bench. The
// flags keep it from reaching the network (this machine has none beyond the registries).
import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type Page, type Target } from 'puppeteer-core';

export const CHROMIUM_FLAGS = ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(path)) throw new Error(`No Chromium at ${path}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`);
  return path;
}

export async function launchBrowser(): Promise<Browser> {
  const browser = await puppeteer.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_FLAGS, '--window-size=1366,900'], defaultViewport: { width: 1366, height: 900 } });
  // Tabs the client opens itself (window.open, target=_blank) are watched as well.
  browser.on('targetcreated', (target: Target) => {
    if (target.type() === 'page') void target.page().then((page) => page && watchPolicy(page, browser), () => undefined);
  });
  return browser;
}

/**
 * Content Security Policy violations seen in any page of a browser. The client is served with
 * the policy the portal enforces (engine/server/security-headers.ts); anything it refuses is a
 * feature that would be broken for users, so startPortal's close fails the test file on any,
 * besides each page's own error list.
 */
const violations = new WeakMap<Browser, string[]>();
export const cspViolationsOf = (browser: Browser): readonly string[] => violations.get(browser) ?? [];

const CSP_MESSAGE = /Content[- ]Security[- ]Policy/i;

interface Watched {
  /** The error lists of the tests that opened the page. */
  sinks: string[][];
  /** Set by expectCspReports: the page is fed hostile markup on purpose. */
  expected: boolean;
  reports: string[];
}

const watched = new WeakMap<Page, Watched>();

function watchedOf(page: Page): Watched {
  let w = watched.get(page);
  if (!w) {
    w = { sinks: [], expected: false, reports: [] };
    watched.set(page, w);
  }
  return w;
}

/**
 * Marks a page that a test feeds hostile markup on purpose. Chromium reports a violation as soon
 * as any parser reads an inline handler or style attribute, even into the inert document a
 * sanitiser parses into; on such a page reports are expected (and show the policy at work), so
 * they go to cspReportsOf instead of failing the test.
 */
export function expectCspReports(page: Page): void {
  watchedOf(page).expected = true;
}

export const cspReportsOf = (page: Page): readonly string[] => watched.get(page)?.reports ?? [];

/** The violations the page itself saw (its securitypolicyviolation events), read from the page. */
export const pageCspViolationsOf = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []).catch(() => []);

/** Records a page's CSP violations with its browser and among the page's errors (once per page). */
async function watchPolicy(page: Page, browser: Browser, errors?: string[]): Promise<void> {
  const known = watched.has(page);
  const w = watchedOf(page);
  if (errors) w.sinks.push(errors);
  if (known) return;
  const seen = violations.get(browser) ?? [];
  violations.set(browser, seen);
  const record = (text: string) => {
    if (w.expected) {
      w.reports.push(text);
      return;
    }
    seen.push(text);
    for (const sink of w.sinks) sink.push(text);
  };
  // Chromium reports each refusal on the console ("Refused to … violates the following Content
  // Security Policy directive"); the DOM event catches those it does not log (eval refused).
  page.on('console', (m) => {
    if (CSP_MESSAGE.test(m.text())) record(m.text());
  });
  await page.exposeFunction('__reportCspViolation', (text: string) => record(text)).catch(() => undefined);
  const install = () => {
    const win = window as unknown as { __reportCspViolation?: (t: string) => void; __cspViolations?: string[]; __cspWatched?: boolean };
    if (win.__cspWatched) return;
    win.__cspWatched = true;
    document.addEventListener('securitypolicyviolation', (e) => {
      const text = `securitypolicyviolation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`;
      // Kept in the page too: under load the binding's round trip can lag behind a test's wait.
      (win.__cspViolations ??= []).push(text);
      win.__reportCspViolation?.(text);
    });
  };
  await onEveryDocument(page, install);
}

/**
 * Runs `install` in every document the page loads: as the document starts, and again when its
 * DOM is ready, since Chromium now and then starts a new document without the scripts registered
 * for it (seen on about one page in four in a run of eight: the CSP watch was missing). `install`
 * must do nothing the second time in the same document.
 */
export async function onEveryDocument(page: Page, install: () => void): Promise<void> {
  await page.evaluateOnNewDocument(install).catch(() => undefined);
  page.on('domcontentloaded', () => void page.evaluate(install).catch(() => undefined));
}

const leaveQuestions = new WeakMap<Page, number>();

/** How often the browser asked this page's user whether to leave (beforeunload). */
export const leaveQuestionsOf = (page: Page): number => leaveQuestions.get(page) ?? 0;

/** A page that fails the test on any uncaught error of the client or CSP violation. */
export async function newPage(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String((e as Error).message ?? e)));
  await watchPolicy(page, browser, errors);
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
