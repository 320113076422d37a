// Driving the Open Period screen (/iru/openperiod) in browser tests.
import type { Page } from 'puppeteer-core';

/** Picks `value` in the select `[data-testid=testId]` once the screen offers it. */
export async function choose(page: Page, testId: string, value: string): Promise<void> {
  await page.waitForFunction((t, v) => [...document.querySelectorAll(`[data-testid=${t}] option`)].some((o) => (o as HTMLOptionElement).value === v), {}, testId, value);
  await page.select(`[data-testid=${testId}]`, value);
}

/** Chooses a monthly period of one sector and category and previews it (a dry run). */
export async function previewMonthlyPeriod(page: Page, endon: string, sector: string, category: string): Promise<void> {
  await choose(page, 'calendar', '277');
  await choose(page, 'endon', endon);
  await choose(page, 'sector', sector);
  await choose(page, 'category', category);
  await page.click('[data-action=preview]');
  await page.waitForSelector('[data-summary=preview]');
}
