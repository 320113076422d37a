// The regulator's row actions on the entity list (/iru/reportingentity, WebList 58) in Chromium
// on SQLite (seed 001 §2.6, §2.7, §5.2, §8; docs/re-admin-actions.md): the country of origin
// dialog refuses a missing date and country with the seed's words, then stores both; the FYE
// month dialog asks for a month, sets it, and says when it is not changed; a child entity is
// unlinked from its parent's Child Entities list; Profile opens the regulator's profile of the
// entity; the entity form clears a relief relationship manager chosen the same as the primary one.
// The open dialogs pass axe at 1024x768.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { seriousViolations } from './axe-support.js';
import { afterLoad, answerDialog, clickRowButton, GRID } from './list-support.js';
import { bumpVersions } from '../../engine/db/change-versions.js';

const DIALOG = '[data-dialog=re-admin]';

const SINGAPORE = 90003;
const DECEMBER = 295;

describe("the regulator's entity list actions (sqlite)", () => {
  let portal: Portal;
  let page: Page;
  let parent: { id: number; name: string };
  let child: { id: number; name: string };

  async function openList(name: string) {
    await page.goto(`${portal.url}/iru/reportingentity`);
    await page.waitForSelector(`${GRID}[data-state=ready]`);
    await page.type('[data-filter=name] input', name);
    const grid = await afterLoad(page, () => page.click('[data-action=search]'));
    expect(grid.rows.map((r) => r[0])).toContain(name);
  }

  const dialogError = () => page.$eval(`${DIALOG} [data-dialog-error]`, (e) => [...e.children].map((c) => (c.textContent ?? '').trim()));

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    const db = portal.t.database.db;
    const rows = (await db('re').orderBy('id').limit(2).select('id', 'name')) as { id: number; name: string }[];
    [parent, child] = rows.map((r) => ({ id: Number(r.id), name: String(r.name) }));
    await db('re_re').insert({ link_fk_parent: parent.id, link_fk_child: child.id, link_updatectr: 1 });
    await bumpVersions(db, ['re_re']);
    ({ page } = await portal.page());
    await page.setViewport({ width: 1024, height: 768 });
    await signIn(page, portal.url, 'iru');
  });
  afterAll(async () => portal?.close());

  it('refuses a country of origin without date and country, then stores the date and country chosen', async () => {
    await openList(child.name);
    await clickRowButton(page, child.name, 'Country of Origin');
    await page.waitForSelector(DIALOG);
    expect(await seriousViolations(page)).toEqual([]);
    await page.click(`${DIALOG} [data-button=ok]`);
    await page.waitForSelector(`${DIALOG} [data-dialog-error]`);
    expect(await dialogError()).toEqual(['Country Origin Dialog error', 'Please enter date.', 'Please select a country.']);
    await page.type(`${DIALOG} input[name=date]`, '31/01/2020');
    await page.click(`${DIALOG} [data-button=ok]`);
    expect(await dialogError()).toEqual(['Country Origin Dialog error', 'Please select a country.']);
    await page.select(`${DIALOG} select[name=choice]`, String(SINGAPORE));
    await screenshot(page, 're-admin-country-origin');
    await page.click(`${DIALOG} [data-button=ok]`);
    expect(await answerDialog(page, 'ok')).toContain('Country of Origin record updated successfully');
    expect(await page.$(DIALOG)).toBeNull();
    const stored = await portal.t.database.db('re').where({ id: child.id }).first('countryorigin', 'comporigin', 'comporigindate');
    expect({ ...stored, comporigindate: String(stored.comporigindate).slice(0, 10) }).toEqual({ countryorigin: SINGAPORE, comporigin: 'Singapore', comporigindate: '2020-01-31' });
  });

  it('asks for a FYE month, sets it, and says so when the same month is chosen again', async () => {
    await openList(child.name);
    await clickRowButton(page, child.name, 'FYE Month');
    await page.waitForSelector(DIALOG);
    expect(await seriousViolations(page)).toEqual([]);
    await page.click(`${DIALOG} [data-button=ok]`);
    await page.waitForSelector(`${DIALOG} [data-dialog-error]`);
    expect(await dialogError()).toEqual(['You need to select your FYE Month']);
    await page.select(`${DIALOG} select[name=choice]`, String(DECEMBER));
    await page.click(`${DIALOG} [data-button=ok]`);
    expect(await answerDialog(page, 'ok')).toContain('Financial Year End Month set successfully');
    expect(Number((await portal.t.database.db('re').where({ id: child.id }).first('fye')).fye)).toBe(DECEMBER);
    await page.waitForSelector(`${GRID}[data-state=ready]`);
    await clickRowButton(page, child.name, 'FYE Month');
    await page.waitForSelector(DIALOG);
    expect(await page.$eval(`${DIALOG} select[name=choice]`, (s) => (s as HTMLSelectElement).value)).toBe(String(DECEMBER));
    await page.click(`${DIALOG} [data-button=ok]`);
    expect(await answerDialog(page, 'ok')).toContain('Financial Year End Month not changed');
  });

  it("unlinks a child entity from its parent's Child Entities list", async () => {
    await openList(parent.name);
    await clickRowButton(page, parent.name, 'Child Entities');
    await waitForPath(page, (p) => p.startsWith(`/iru/list/380/fk_link_fk_parent/${parent.id}`));
    await page.waitForSelector(`${GRID}[data-state=ready]`);
    expect(await seriousViolations(page)).toEqual([]);
    await clickRowButton(page, child.name, 'Unlink');
    expect(await answerDialog(page, 'yes')).toContain(`${child.name} will be unlinked from its parent entity.`);
    expect(await answerDialog(page, 'ok')).toContain('Unlink success');
    expect(await portal.t.database.db('re_re').where({ link_fk_parent: parent.id }).count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it("opens the regulator's profile of the entity from its row", async () => {
    await openList(child.name);
    await clickRowButton(page, child.name, 'Profile');
    const path = await waitForPath(page, (p) => p.startsWith('/iru/reprofile'));
    expect(path).toBe(`/iru/reprofile?id=${child.id}`);
  });

  it('clears the relief relationship manager chosen the same as the primary one, with the seed\'s message', async () => {
    const db = portal.t.database.db;
    const manager = (await db('user').where({ logintype: 1, state: 33 }).whereNot({ userid: 'iru' }).orderBy('id').first('id', 'name')) as { id: number; name: string };
    await db('re').where({ id: child.id }).update({ smd1: manager.id, smd2: null });
    await bumpVersions(db, ['re']);
    const primary = Number(manager.id);
    await page.goto(`${portal.url}/iru/reportingentity/edit/${child.id}`);
    await page.waitForSelector('[data-form][data-mode=edit] .record-form [name=smd2]');
    expect(await seriousViolations(page)).toEqual([]);
    const dataValue = (name: string) => page.$eval(`.record-form [name="${name}"]`, (e) => (e as HTMLElement).dataset.value ?? '');
    await page.waitForFunction((v) => (document.querySelector('.record-form [name=smd1]') as HTMLElement).dataset.value === v, {}, String(primary));
    await page.type('.record-form [name=smd2]', String(manager.name).slice(0, 6), { delay: 40 });
    await page.waitForSelector(`[data-choices] [role=option][data-value="${primary}"]`);
    await page.click(`[data-choices] [role=option][data-value="${primary}"]`);
    expect(await answerDialog(page, 'ok')).toContain('Please do not select the same option for Primary Relationship Manager and Relief Relationship Manager.');
    await page.waitForFunction(() => !(document.querySelector('.record-form [name=smd2]') as HTMLElement).dataset.value);
    expect(await dataValue('smd1')).toBe(String(primary));
  });
});
