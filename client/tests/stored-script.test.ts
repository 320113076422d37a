// No stored script runs anywhere (docs/security.md), in Chromium against a real engine: the
// well-known payloads of engine/html/xss-payloads.ts are written straight into the database (past
// the server's sanitiser, as an earlier release or a direct import would have stored them) in every
// rich-text and HTML field (public messages, bulletin messages), in thread messages, in screen
// labels (a list's column and filter titles, a form's field labels) and in an entity's name; then
// the pages that show them are opened, hovered and focused. Each payload calls `xss(name)` when it
// runs: none may, and none may reach the DOM as live markup (no element off the allow-list where
// rich text is shown, no element anywhere with an event handler or a javascript:/data: link), even
// though the page's Content Security Policy would block most of them on its own. Chromium reports
// a CSP violation for an inline handler as soon as any parser reads one, even into the inert
// document a sanitiser parses into, so these pages expect CSP reports and are not judged by them.
// Pasting the payloads into the bulletin editor leaves only inert markup.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { sqlDate, sqlDateTime } from '../../engine/db/clock.js';
import { XSS_ALL, XSS_PAYLOADS } from '../../engine/html/xss-payloads.js';
import { RICH_TEXT_TAGS } from '../../engine/html/rich-text-policy.js';
import { readBack } from '../../engine/testing/record-calls.js';
import { screenshot, signIn, startPortal, type Portal } from '../testing/portal.js';
import { expectCspReports } from '../testing/browser.js';

const DAY = 86_400_000;
const THREAD = 1;
const ENTITY = 1;
const LIST = 58;
const SHORT = '<img src=x onerror="xss(\'short\')"><svg onload="xss(\'short-svg\')">';

interface Watch {
  ran: string[];
}

const CSP_REPORT = /Content[- ]Security[- ]Policy|securitypolicyviolation/i;

/** A page on which a payload that runs calls back into the test. */
async function watchedPage(portal: Portal): Promise<{ page: Page; errors: string[]; watch: Watch }> {
  const { page, errors } = await portal.page();
  expectCspReports(page);
  const watch: Watch = { ran: [] };
  await page.exposeFunction('xss', (name: string) => watch.ran.push(String(name)));
  return { page, errors, watch };
}

/** Hovers, focuses and toggles everything on the page, then looks for live markup. */
async function provoke(page: Page): Promise<{ handlers: string[]; unsafeLinks: string[]; embedded: string[] }> {
  await page.evaluate(() => {
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      for (const type of ['mouseover', 'mouseenter', 'focus', 'toggle', 'animationstart']) el.dispatchEvent(new Event(type, { bubbles: true }));
    }
  });
  await new Promise((r) => setTimeout(r, 500));
  return page.evaluate(() => {
    const all = Array.from(document.querySelectorAll('body *'));
    const describe = (e: Element) => e.outerHTML.slice(0, 120);
    return {
      handlers: all.filter((e) => Array.from(e.attributes).some((a) => /^on/i.test(a.name))).map(describe),
      unsafeLinks: all.filter((e) => ['href', 'src', 'action', 'formaction', 'data', 'srcdoc'].some((n) => /^\s*(javascript|data|vbscript):/i.test(e.getAttribute(n) ?? '') || (n === 'srcdoc' && e.hasAttribute(n)))).map(describe),
      embedded: Array.from(document.querySelectorAll('iframe, object, embed, base, meta[http-equiv]')).map(describe),
    };
  });
}

/** Elements inside `selector` that are off the rich-text allow-list. */
function offListIn(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(
    `${selector} *`,
    (els, allowed) => els.map((e) => e.tagName.toLowerCase()).filter((t) => !(allowed as string[]).includes(t)),
    [...RICH_TEXT_TAGS],
  );
}

async function expectNothingRan(page: Page, watch: Watch, errors: string[]) {
  const live = await provoke(page);
  expect(live).toEqual({ handlers: [], unsafeLinks: [], embedded: [] });
  expect(watch.ran).toEqual([]);
  expect(errors.filter((e) => !CSP_REPORT.test(e))).toEqual([]);
}

describe('stored script (sqlite)', () => {
  let portal: Portal;
  let bulletin = 0;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    const db = portal.t.database.db;
    const now = sqlDateTime();
    await db('publicmessage').insert({ message: `<p>Notice</p>${XSS_ALL}`, state: 33, createon: now });
    // Saved cleanly through the server, then overwritten past it.
    const iru = await portal.t.sessionFor('iru');
    const saved = await portal.t.call('Bulletin.save', [{ name: 'Payload bulletin', message: '<p>clean</p>', startdate: sqlDate(), enddate: sqlDate(new Date(Date.now() + 5 * DAY)), state: 33, sectors: [1] }], iru);
    bulletin = Number(readBack(saved).id);
    await db('bulletin').where({ id: bulletin }).update({ message: `<p>Bulletin body</p>${XSS_ALL}` });
    await db('helpdesk').where({ id: THREAD }).update({ name: `Question ${SHORT}`, description: XSS_ALL });
    await db('helpdeskmessage').insert({ helpdesk: THREAD, re: ENTITY, description: XSS_ALL, createbyrole: 1001, createby: 2, createon: now, updatectr: 1 });
    await db('re').where({ id: ENTITY }).update({ name: `Entity ${SHORT}` });
    // Screen labels: a list column's and a filter's title, a form field's label.
    const view = await db('weblistview').where({ id: LIST }).first('properties');
    const viewProps = JSON.parse(String(view.properties));
    viewProps.fields[0].title = `Name ${SHORT}`;
    viewProps.filters[0].title = `Sector ${SHORT}`;
    await db('weblistview').where({ id: LIST }).update({ properties: JSON.stringify(viewProps), updatectr: db.raw('updatectr + 1') });
    const form = await db('webforms').where({ id: LIST }).first('properties');
    const formProps = JSON.parse(String(form.properties));
    formProps.fields[0].config.label = `Name ${SHORT}`;
    await db('webforms').where({ id: LIST }).update({ properties: JSON.stringify(formProps), updatectr: db.raw('updatectr + 1') });
    await bumpVersions(db, ['publicmessage', 'bulletin', 'helpdesk', 'helpdeskmessage', 're', 'weblistview', 'webforms']);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('runs none of the payloads in the public messages above the sign-in box', async () => {
    const { page, errors, watch } = await watchedPage(portal);
    await page.goto(`${portal.url}/`);
    await page.waitForSelector('.public-messages .notice');
    expect(await offListIn(page, '.public-messages .notice')).toEqual([]);
    await expectNothingRan(page, watch, errors);
  });

  it('runs none of them in the bulletin editor, its detail and the entity\'s feed, and pasting them leaves only inert markup', async () => {
    const { page, errors, watch } = await watchedPage(portal);
    await signIn(page, portal.url, 'iru', undefined, `/iru/bulletin/${bulletin}/edit`);
    await page.waitForFunction(() => (document.querySelector('[data-field=message]')?.textContent ?? '').includes('Bulletin body'));
    expect(await offListIn(page, '[data-field=message]')).toEqual([]);
    await expectNothingRan(page, watch, errors);

    await page.$eval(
      '[data-field=message]',
      (box, html) => {
        (box as HTMLElement).focus();
        const data = new DataTransfer();
        data.setData('text/html', html as string);
        data.setData('text/plain', 'pasted');
        box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      },
      `<p>Pasted</p>${XSS_ALL}`,
    );
    await page.waitForFunction(() => (document.querySelector('[data-field=message]')?.textContent ?? '').includes('Pasted'));
    expect(await offListIn(page, '[data-field=message]')).toEqual([]);
    await expectNothingRan(page, watch, errors);
    await screenshot(page, 'stored-script-bulletin-editor');

    await page.goto(`${portal.url}/iru/bulletin/${bulletin}`);
    await page.waitForSelector('.bulletin-message');
    expect(await offListIn(page, '.bulletin-message')).toEqual([]);
    await expectNothingRan(page, watch, errors);
  });

  it('runs none of them where an entity user reads the bulletin', async () => {
    const { page, errors, watch } = await watchedPage(portal);
    await signIn(page, portal.url, 're', undefined, `/re/bulletin/${bulletin}`);
    await page.waitForSelector('.bulletin-message');
    expect(await offListIn(page, '.bulletin-message')).toEqual([]);
    await expectNothingRan(page, watch, errors);
  });

  it('shows thread messages, screen labels and entity names as text', async () => {
    const { page, errors, watch } = await watchedPage(portal);
    await signIn(page, portal.url, 'iru', undefined, `/iru/helpdesk/${THREAD}`);
    await page.waitForSelector('.thread-description');
    expect(await page.$eval('.thread-description', (e) => e.textContent)).toContain(XSS_PAYLOADS[1].html);
    await page.waitForSelector('.thread-message-text');
    await expectNothingRan(page, watch, errors);

    await page.goto(`${portal.url}/iru/reportingentity`);
    await screenshot(page, 'stored-script-list-labels');
    await page.waitForFunction((short) => document.body.textContent?.includes(`Name ${short}`), {}, SHORT);
    await expectNothingRan(page, watch, errors);

    await page.goto(`${portal.url}/iru/reportingentity/view/${ENTITY}`);
    await page.waitForFunction((short) => document.body.textContent?.includes(`Name ${short}`), {}, SHORT);
    expect(await page.$eval('input[name=name]', (e) => (e as HTMLInputElement).value)).toBe(`Entity ${SHORT}`);
    await screenshot(page, 'stored-script-form-labels');
    await expectNothingRan(page, watch, errors);
  });
});
