// Entity record types A in Chromium against a real engine (seed 001 §4.2, §5.2; seed 000 §2.12;
// docs/re-records.md "Record types A"): an entity user creates a key officer at
// /re/keyofficer/create (the server's refusal of a missing designation shown beside the field,
// then saved and viewed), and an instrument at /re/instrument/create whose delisting date makes it
// Delisted and whose rate is kept to 2 decimals. At 1024x768, axe-clean, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { answerDialog } from './list-support.js';
import { seriousViolations } from './axe-support.js';

async function setField(page: Page, name: string, text: string): Promise<void> {
  const sel = `.record-form [name="${name}"]`;
  await page.waitForSelector(sel);
  await page.focus(sel);
  await page.$eval(sel, (e) => (e as HTMLInputElement).select());
  await page.keyboard.press('Backspace');
  if (text) await page.type(sel, text);
}

async function choose(page: Page, name: string, value: number): Promise<void> {
  await page.click(`.record-form [name="${name}"]`);
  const option = `[data-choices] [role=option][data-value="${value}"]`;
  await page.waitForSelector(option);
  await page.click(option);
  await page.waitForFunction((n, v) => (document.querySelector(`.record-form [name="${n}"]`) as HTMLElement | null)?.dataset.value === v, {}, name, String(value));
}

describe.each(['sqlite', 'mysql'] as const)('entity record types A (%s)', (dialect) => {
  let portal: Portal;

  beforeAll(async () => {
    portal = await startPortal(dialect);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('lets an entity user create and view a key officer and an instrument, with the server rules shown', async () => {
    const { page, errors } = await portal.page();
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 're', undefined, '/re/keyofficer/create');
    await page.waitForSelector('[data-form][data-mode=create]');
    await setField(page, 'name', 'Aisyah binti Rahim');
    await choose(page, 'keyofficeer', 1035);
    await setField(page, 'dateappointed', '01/02/2022');
    expect(await seriousViolations(page)).toEqual([]);
    // Type 1035 needs a designation: the server refuses, the form shows it beside the field.
    await page.click('[data-action=save]');
    await page.waitForFunction(() => /Is required/.test(document.querySelector('.record-form')?.textContent ?? ''));
    expect(await page.$eval('body', (b) => b.textContent ?? '')).toContain('Please correct the highlighted fields.');
    await setField(page, 'designation', 'Head of Treasury');
    await page.click('[data-action=save]');
    expect(await answerDialog(page, 'ok')).toContain('Created');
    const officerPath = await waitForPath(page, (p) => /^\/re\/keyofficer\/view\/\d+$/.test(p));
    await page.waitForSelector('[data-form][data-mode=view]');
    const officer = await portal.t.database.db('re_keyofficer').where({ id: Number(officerPath.split('/').pop()) }).first();
    expect(officer).toMatchObject({ re: 1, name: 'Aisyah binti Rahim', keyofficeer: 1035, designation: 'Head of Treasury', state: 33 });
    expect(String(officer.dateappointed).slice(0, 10)).toBe('2022-02-01');
    expect(await page.title()).toMatch(/^Aisyah binti Rahim/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `re-records-a-keyofficer-${dialect}`);

    await page.goto(`${portal.url}/re/instrument/create`);
    await page.waitForSelector('[data-form][data-mode=create]');
    await setField(page, 'name', 'Harbourline 4.1% Notes 2031');
    await choose(page, 'instrumenttype', 304003);
    await setField(page, 'datelisting', '15/06/2021');
    await setField(page, 'datedelist', '30/09/2023');
    await setField(page, 'interestrate', '4.1267');
    expect(await seriousViolations(page)).toEqual([]);
    await page.click('[data-action=save]');
    expect(await answerDialog(page, 'ok')).toContain('Created');
    const instrumentPath = await waitForPath(page, (p) => /^\/re\/instrument\/view\/\d+$/.test(p));
    await page.waitForSelector('[data-form][data-mode=view]');
    const instrument = await portal.t.database.db('re_instrument').where({ id: Number(instrumentPath.split('/').pop()) }).first();
    expect(instrument).toMatchObject({ re: 1, name: 'Harbourline 4.1% Notes 2031', state: 77 });
    expect(Number(instrument.interestrate)).toBe(4.13);
    await page.waitForFunction(() => (document.querySelector('.record-form [name=datedelist]') as HTMLInputElement | null)?.value === '30/09/2023');
    expect(await page.$eval('.record-form [name=interestrate]', (e) => (e as HTMLInputElement).value)).toMatch(/^4\.13/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `re-records-a-instrument-${dialect}`);

    // The entity's list shows it with its state.
    await page.goto(`${portal.url}/re/instrument`);
    await page.waitForSelector(`[role=row][data-row-id="${instrument.id}"]`);
    const row = await page.$eval(`[role=row][data-row-id="${instrument.id}"]`, (r) => r.textContent ?? '');
    expect(row).toContain('Delisted');
    expect(errors).toEqual([]);
  }, 150_000);
});
