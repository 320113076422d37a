// The client runs under the page policy the engine sends (engine/server/security-headers.ts):
// the built page holds no inline script or handler, the browser refuses script injected into
// it, eval, a foreign script and being framed, and the harness (client/testing/browser.ts) counts each
// refusal as an error of the page, so any browser test that trips the policy fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { PAGE_POLICY } from '../../engine/server/security-headers.js';
import { cspViolationsOf, launchBrowser, newPage, pageCspViolationsOf } from '../testing/browser.js';
import { startPortal, type Portal } from '../testing/portal.js';

/**
 * Waits for a CSP report matching `re` among the page's errors, as the harness (client/testing/
 * browser.ts) passes them on; with `page`, also among the violations the page kept itself, which
 * the harness holds for when its binding's round trip lags. The wait is generous: on a loaded
 * two-core CI machine the report's trip from the page to the harness has lagged seconds.
 */
async function reported(errors: string[], re: RegExp, page?: Page): Promise<string> {
  const until = Date.now() + 20_000;
  for (;;) {
    const kept = page ? await pageCspViolationsOf(page) : [];
    const hit = [...errors, ...kept].find((e) => re.test(e));
    if (hit) return hit;
    if (Date.now() > until) throw new Error(`No CSP report matching ${re}; errors: ${errors.join(' | ')}; kept by the page: ${kept.join(' | ')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the content security policy in the browser (sqlite)', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal('sqlite');
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('serves the sign-in page with the policy, and the built page has no inline script or handler', async () => {
    const { page, errors } = await portal.page();
    const res = await page.goto(`${portal.url}/`);
    const headers = res?.headers() ?? {};
    expect(headers['content-security-policy']).toBe(PAGE_POLICY);
    expect(headers['content-security-policy']).toContain("script-src 'self';");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('same-origin');
    const html = await res!.text();
    const scripts = html.match(/<script\b[^>]*>[\s\S]*?<\/script>/gi) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) expect(s, 'every script is a file of the build').toMatch(/^<script\b[^>]*\bsrc="\/assets\/[^"]+\.js"[^>]*><\/script>$/);
    expect(html).not.toMatch(/\son[a-z]+\s*=|javascript:/i);
    await page.waitForSelector('input[name=userid]');
    expect(errors).toEqual([]);
  });

  it('refuses inline script, an inline handler and a foreign script, and the harness reports each', async () => {
    // A browser of its own: these refusals are the point here, not failures of the portal's.
    const browser = await launchBrowser();
    try {
      const { page, errors } = await newPage(browser);
      await page.goto(`${portal.url}/`);
      await page.waitForSelector('input[name=userid]');
      const ran = await page.evaluate(() => {
        const w = window as unknown as Record<string, unknown>;
        const inline = document.createElement('script');
        inline.textContent = 'window.__inlineRan = true';
        document.body.append(inline);
        const handler = document.createElement('img');
        handler.setAttribute('onerror', 'window.__handlerRan = true');
        handler.src = '/no-such-image.png';
        document.body.append(handler);
        const foreign = document.createElement('script');
        foreign.src = 'http://foreign.example/x.js';
        document.body.append(foreign);
        return Boolean(w.__inlineRan);
      });
      expect(ran).toBe(false);
      await reported(errors, /script-src|inline script/i);
      await reported(errors, /foreign\.example/);
      await page.waitForFunction(() => document.querySelector('img[onerror]') !== null);
      await reported(errors, /script-src-attr|inline event handler|script-src/i);
      expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__handlerRan)).toBeUndefined();
      expect(cspViolationsOf(browser).length).toBeGreaterThanOrEqual(errors.length);
    } finally {
      await browser.close();
    }
  });

  it('refuses eval and new Function to code running in the page, and the harness reports it', async () => {
    const browser = await launchBrowser();
    try {
      const { page, errors } = await newPage(browser);
      await page.goto(`${portal.url}/`);
      await page.waitForSelector('input[name=userid]');
      // As the page's own code: a same-origin script file (served here by interception), since
      // Chromium does not report refusals of code that DevTools evaluates.
      await page.setRequestInterception(true);
      page.on('request', (req) => {
        if (!req.url().endsWith('/csp-eval-probe.js')) return void req.continue();
        const outcome = (code: string) => `(() => { try { return 'ran: ' + (${code}); } catch (e) { return e.name; } })()`;
        const body = `window.__evalOutcomes = [${outcome("(0, eval)('1 + 1')")}, ${outcome("new Function('return 2')()")}];`;
        void req.respond({ status: 200, contentType: 'text/javascript', body });
      });
      await page.addScriptTag({ url: `${portal.url}/csp-eval-probe.js` });
      const outcomes = await page.evaluate(() => (window as unknown as { __evalOutcomes?: string[] }).__evalOutcomes);
      expect(outcomes).toEqual(['EvalError', 'EvalError']);
      await reported(errors, /script-src blocked eval/, page);
      expect(await pageCspViolationsOf(page)).toEqual(expect.arrayContaining([expect.stringMatching(/script-src blocked eval/)]));
    } finally {
      await browser.close();
    }
  });

  it('refuses to be framed, even by a page of its own', async () => {
    const browser = await launchBrowser();
    try {
      const { page, errors } = await newPage(browser);
      await page.goto(`${portal.url}/`);
      await page.waitForSelector('input[name=userid]');
      await page.evaluate((url) => {
        const frame = document.createElement('iframe');
        frame.src = url;
        document.body.append(frame);
      }, `${portal.url}/`);
      await reported(errors, /frame-ancestors/);
      expect(await framedSignIn(page)).toBe(false);
    } finally {
      await browser.close();
    }
  });
});

/** Whether the framed portal got as far as showing its sign-in box. */
async function framedSignIn(page: Page): Promise<boolean> {
  const frame = page.frames().find((f) => f !== page.mainFrame());
  if (!frame) return false;
  return frame.evaluate(() => document.querySelector('input[name=userid]') !== null).catch(() => false);
}
