// Helpers of the auth browser tests: the open dialog (client/src/ui/dialogs.tsx), typing into
// controlled inputs, the inline messages of a form, and the server side of a page's session.
import type { Page } from 'puppeteer-core';
import type { Portal } from '../testing/portal.js';

export interface ShownDialog {
  title: string;
  message: string;
}

/** The newest dialog with buttons, once one is open. */
export async function dialogShown(page: Page, timeout = 20_000): Promise<ShownDialog> {
  await page.waitForSelector('[data-dialog=dialog]', { timeout });
  return page.$$eval('[data-dialog=dialog]', (els) => {
    const d = els[els.length - 1];
    return { title: d.querySelector('.dialog-title')?.textContent ?? '', message: d.querySelector('.dialog-message')?.textContent ?? '' };
  });
}

/** Waits for a dialog whose message contains `text`. */
export async function dialogSaying(page: Page, text: string, timeout = 20_000): Promise<ShownDialog> {
  await page.waitForFunction(
    (t) => [...document.querySelectorAll('[data-dialog=dialog] .dialog-message')].some((m) => (m.textContent ?? '').includes(t)),
    { timeout },
    text,
  );
  return dialogShown(page);
}

/**
 * Presses a button of the newest dialog (ok, yes, no, cancel) and waits for that dialog to close.
 * It waits on the dialog's own element, not on a count: an answer may open the next dialog
 * (Yes → "Check Your Email") before a count would be seen to drop.
 */
export async function pressDialog(page: Page, button = 'ok'): Promise<void> {
  const dialogs = await page.$$('[data-dialog=dialog]');
  const newest = dialogs[dialogs.length - 1];
  if (!newest) throw new Error(`no dialog is open to press ${button}`);
  await newest.$eval(`button[data-button=${button}]`, (b) => (b as HTMLButtonElement).click());
  await page.waitForFunction((el) => !el.isConnected, {}, newest);
}

/** Replaces the value of an input (React's controlled inputs need real key presses). */
export async function fill(page: Page, selector: string, value: string): Promise<void> {
  await page.waitForSelector(selector);
  await page.focus(selector);
  await page.$eval(selector, (el) => (el as HTMLInputElement).select());
  await page.keyboard.press('Backspace');
  if (value) await page.type(selector, value);
}

/** Types into the prompt of the newest dialog and presses OK (the dialog may stay, with its field error). */
export async function answerPrompt(page: Page, value: string): Promise<void> {
  await fill(page, '[data-dialog=dialog] input[name=dialog-input]', value);
  await page.click('[data-dialog=dialog] button[data-button=ok]');
}

/** The field error shown in the prompt of the open dialog. */
export async function promptProblem(page: Page, text: string): Promise<void> {
  await page.waitForFunction((t) => document.querySelector('[data-dialog=dialog] .field-error')?.textContent === t, {}, text);
}

/** The inline messages under the fields of a form, by field name. */
export function fieldErrors(page: Page): Promise<Record<string, string>> {
  return page.$$eval('[data-field]', (els) =>
    Object.fromEntries(els.flatMap((el) => [...el.querySelectorAll(':scope > .field-error, :scope > * > .field-error')].map((e) => [el.getAttribute('data-field')!, e.textContent ?? '']))),
  );
}

/** Waits until `selector` shows `text` (contains). */
export async function textShown(page: Page, selector: string, text: string, timeout = 20_000): Promise<void> {
  await page.waitForFunction((s, t) => [...document.querySelectorAll(s)].some((e) => (e.textContent ?? '').includes(t)), { timeout }, selector, text);
}

/** The page's session cookie, to ask the server about that session directly. */
export async function sessionCookie(page: Page): Promise<string | null> {
  const cookies = await page.browserContext().cookies();
  const sid = cookies.find((c) => c.name === 'portal_sid');
  return sid ? `${sid.name}=${sid.value}` : null;
}

/** Whether the server still answers User.current for this cookie. */
export async function sessionAlive(portal: Portal, cookie: string): Promise<boolean> {
  const [first] = await portal.t.call('User.current', [], cookie);
  return first?.type === 'text';
}
