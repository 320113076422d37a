// Email Subscriptions (seed 002 §2, §5, §7; docs/email-subscriptions.md) in Chromium against a
// real engine: an RE user opens the screen from the sidebar, folds a group, meets the dialogs'
// messages with nothing ticked, unsubscribes through an e-mail's own link and subscribes again,
// follows the help desk request (category 1409, subject Unsubscribe); the page is axe-clean at
// 1024x768. Then a mail's unsubscribe link, opened signed out, works once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { seriousViolations } from './axe-support.js';
import { MAIL_TYPES } from '../../engine/mail/mail-types.js';

/** seeds/demo-users.ts: `re` is user 3, `re2` user 4 (addresses {userid}@regportal.example). */
const RE_ID = 3;

describe('e-mail subscriptions (sqlite)', () => {
  let portal: Portal;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
  });
  afterAll(async () => {
    await portal?.close();
  });

  const templateId = async (type: number) => Number((await portal.t.database.db('email_template').where({ type }).first('id'))!.id);
  const subscribedTo = async (user: number, template: number) => Boolean(await portal.t.database.db('user_emailtemplate').where({ link_fk_user: user, link_fk_email_template: template }).first('link_id'));
  const dialogText = (page: Page) => page.$eval('[data-dialog=dialog] .dialog-message', (d) => d.textContent ?? '');
  const closeAlert = async (page: Page) => {
    await page.click('[data-dialog=dialog] [data-button=ok]');
    await page.waitForFunction(() => !document.querySelector('[data-dialog=dialog]'));
  };

  it('shows the subscriptions by collapsible group, the dialogs and their messages, and changes them through the dialogs', async () => {
    const { page, errors } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 're');
    await page.click('nav.sidebar a[href="/re/email"]');
    await page.waitForSelector('.email-subscriptions [data-group]');
    expect(await page.title()).toContain('Email Subscriptions');
    expect(await page.$$eval('.email-subscriptions [data-group]', (gs) => gs.map((g) => g.getAttribute('data-group')))).toEqual(['Bulletins', 'Requests', 'Submissions']);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'email-subscriptions');

    // A group folds and unfolds.
    const toggle = '[data-group=Requests] .subscription-group-toggle';
    await page.click(toggle);
    expect(await page.$eval(toggle, (b) => b.getAttribute('aria-expanded'))).toBe('false');
    expect(await page.$eval('[data-group=Requests] .subscription-list', (l) => (l as HTMLElement).hidden)).toBe(true);
    await page.click(toggle);
    expect(await page.$eval('[data-group=Requests] .subscription-list', (l) => (l as HTMLElement).hidden)).toBe(false);

    // Nothing ticked: the seed's messages.
    await page.click('[data-button=subscribe]');
    await page.waitForSelector('[data-dialog=subscribe]');
    expect(await page.$eval('[data-dialog=subscribe]', (d) => d.textContent ?? '')).toContain('You are subscribed to every e-mail you can choose.');
    await page.click('[data-dialog=subscribe] [data-button=subscribe]');
    await page.waitForSelector('[data-dialog=dialog]');
    expect(await dialogText(page)).toBe('You need to select at least one Email to subscribe to');
    await closeAlert(page);
    await page.click('[data-dialog=subscribe] [data-button=cancel]');
    await page.click('.toolbar [data-button=unsubscribe]');
    await page.waitForSelector('[data-dialog=unsubscribe]');
    await page.click('[data-dialog=unsubscribe] [data-button=unsubscribe]');
    await page.waitForSelector('[data-dialog=dialog]');
    expect(await dialogText(page)).toBe('You need to select at least one Email to unsubscribe.');
    await closeAlert(page);
    await page.click('[data-dialog=unsubscribe] [data-button=cancel]');

    // An e-mail's own unsubscribe link opens the dialog with it ticked.
    const late = await templateId(MAIL_TYPES.LATE_SUBMISSION);
    await page.click(`[data-template="${late}"] [data-action=unsubscribe-one]`);
    await page.waitForSelector('[data-dialog=unsubscribe]');
    expect(await page.$eval(`[data-dialog=unsubscribe] input[value="${late}"]`, (i) => (i as HTMLInputElement).checked)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.click('[data-dialog=unsubscribe] [data-button=unsubscribe]');
    await page.waitForSelector('[data-dialog=dialog]');
    expect(await dialogText(page)).toContain('Late submission notice');
    await closeAlert(page);
    await page.waitForFunction((id) => !document.querySelector(`[data-template="${id}"]`), {}, late);
    expect(await subscribedTo(RE_ID, late)).toBe(false);
    expect(await subscribedTo(RE_ID, await templateId(MAIL_TYPES.BULLETIN))).toBe(true);

    // Subscribe again through the dialog.
    await page.click('[data-button=subscribe]');
    await page.waitForSelector(`[data-dialog=subscribe] input[value="${late}"]`);
    await page.click(`[data-dialog=subscribe] input[value="${late}"]`);
    const href = await page.$eval('[data-dialog=subscribe] [data-link=helpdesk-request]', (a) => a.getAttribute('href') ?? '');
    const q = new URL(href, portal.url).searchParams;
    expect([q.get('c'), q.get('s')]).toEqual(['1409', 'Subscribe']);
    expect(q.get('d')).toContain('Late submission notice');
    await page.click('[data-dialog=subscribe] [data-button=subscribe]');
    await page.waitForSelector('[data-dialog=dialog]');
    await closeAlert(page);
    await page.waitForSelector(`[data-template="${late}"]`);
    expect(await subscribedTo(RE_ID, late)).toBe(true);

    // The help desk request: Create New Question prefilled with category 1409 and subject Unsubscribe.
    await page.click('.toolbar [data-button=unsubscribe]');
    await page.waitForSelector('[data-dialog=unsubscribe] [data-link=helpdesk-request]');
    await page.click('[data-dialog=unsubscribe] [data-link=helpdesk-request]');
    await waitForPath(page, (p) => p.startsWith('/re/helpdesk/create?'));
    await page.waitForFunction(() => (document.querySelector('select[name=category]') as HTMLSelectElement | null)?.value === '1409');
    expect(await page.$eval('input[name=name]', (i) => (i as HTMLInputElement).value)).toBe('Unsubscribe');
    expect(errors).toEqual([]);
    await page.browserContext().close();
  });

  it('unsubscribes with the link of a mail, signed out, once', async () => {
    const iru = await portal.t.sessionFor('iru');
    await portal.t.call('Email.generate', [{ type: MAIL_TYPES.LATE_SUBMISSION, data: { to: 're2@regportal.example', name: 'x', batch: 'b', entity: 'e', period: 'p', duedate: 'd', forms: 'f' } }], iru);
    const row = await portal.t.database.db('email_outbox').where({ type: MAIL_TYPES.LATE_SUBMISSION, recipient: 're2@regportal.example' }).orderBy('id', 'desc').first('body_text');
    const path = /(\/unsubscribe\?token=[A-Za-z0-9_-]+)/.exec(String(row.body_text))![1];

    const { page, errors } = await portal.page();
    await page.goto(`${portal.url}${path}`);
    await page.waitForSelector('[data-panel=unsubscribe] [data-button=unsubscribe]');
    expect(await page.title()).toContain('Unsubscribe');
    expect(await seriousViolations(page)).toEqual([]);
    await page.click('[data-panel=unsubscribe] [data-button=unsubscribe]');
    await page.waitForSelector('[data-outcome=ok]');
    expect(await page.$eval('[data-outcome=ok]', (d) => d.textContent ?? '')).toContain('Late submission notice');
    expect(await subscribedTo(4, await templateId(MAIL_TYPES.LATE_SUBMISSION))).toBe(false);
    await screenshot(page, 'email-unsubscribe-link');

    await page.goto(`${portal.url}${path}`);
    await page.waitForSelector('[data-panel=unsubscribe] [data-button=unsubscribe]');
    await page.click('[data-panel=unsubscribe] [data-button=unsubscribe]');
    await page.waitForSelector('[data-outcome=error]');
    expect(await page.$eval('[data-outcome=error]', (d) => d.textContent ?? '')).toContain('This unsubscribe link has already been used.');
    expect(errors).toEqual([]);
    await page.browserContext().close();
  });
});
