// Driving the screen editors (client/src/admin) in the browser tests: opening one, typing long
// text into React-controlled fields, and reading stored definitions as the engine answers them.
import type { Page } from 'puppeteer-core';
import type { Portal } from '../testing/portal.js';
import { serverSelect } from './list-support.js';

/** Opens an editor's address and waits until its definition is loaded. */
export async function openEditor(page: Page, base: string, path: string): Promise<void> {
  await page.goto(`${base}${path}`);
  await page.waitForSelector('[data-testid=editor][data-state=ready]');
}

/** Sets a React-controlled text box or area at once (long JSON would take seconds to type). */
export async function setText(page: Page, selector: string, value: string): Promise<void> {
  await page.waitForSelector(selector);
  await page.$eval(
    selector,
    (el, v) => {
      const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    },
    value,
  );
}

export interface StoredScreen<P> {
  updatectr: number;
  name: string;
  properties: P;
}

/** A stored screen definition as the administrator reads it through the engine. */
export async function storedScreen<P = Record<string, unknown>>(portal: Portal, module: 'WebList' | 'WebListview' | 'WebForms', id: number): Promise<StoredScreen<P>> {
  const { rows } = await serverSelect(portal, 'admin', { module, fields: ['id', 'updatectr', 'name', 'properties'], where: [['id', '=', id]] });
  const p = rows[0].properties;
  return { updatectr: Number(rows[0].updatectr), name: String(rows[0].name), properties: (typeof p === 'string' ? JSON.parse(p) : p) as P };
}
