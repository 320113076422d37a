// The primary RE user's sub-user list (/re/registersubusers, list 81) in Chromium against a real
// engine: Deactivate and Activate on a sub-user's row (seed 001 §4.2: only rows in 33 or 4),
// through REContact.setSubUserState; never on the primary user's own row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { screenshot, signIn, startPortal, type Portal } from '../testing/portal.js';
import { answerDialog, clickRowButton, GRID, readGrid } from './list-support.js';

/** seeds/demo-users.ts: `re` (id 3) is primary of entity 1; `re2` (id 4) becomes its sub-user here. */
const SUB = { id: 4, name: 'Second Entity Officer' };
const PRIMARY_NAME = 'Demo Compliance Officer';

describe('sub-users of the primary RE user (sqlite)', () => {
  let portal: Portal;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    await portal.t.database.db('re_user').insert({ link_fk_re: 1, link_fk_user: SUB.id, role: 25, isprimary: false });
    await bumpVersions(portal.t.database.db, ['re_user']);
  });
  afterAll(async () => {
    await portal?.close();
  });

  const stateOf = async (id: number) => Number((await portal.t.database.db('user').where({ id }).first('state')).state);
  const buttonsOf = (page: Parameters<typeof readGrid>[0], name: string) =>
    page.$$eval(
      `${GRID} [role=row][data-row-id]`,
      (rows, n) => rows.filter((r) => [...r.querySelectorAll('[role=gridcell]')].some((c) => (c.textContent ?? '').trim() === n)).map((r) => [...r.querySelectorAll('[data-row-button]')].map((b) => (b.textContent ?? '').trim())),
      name,
    );

  it('deactivates a sub-user after confirmation, then offers Activate, and never offers either on the primary user', async () => {
    const { page, errors } = await portal.page();
    await signIn(page, portal.url, 're', undefined, '/re/registersubusers');
    await readGrid(page);
    expect(await buttonsOf(page, SUB.name)).toEqual([['Deactivate']]);
    // The primary user, signed in, is not in their own sub-user list (seed 001 §6), so never offered either.
    expect(await buttonsOf(page, PRIMARY_NAME)).toEqual([]);

    await clickRowButton(page, SUB.name, 'Deactivate');
    expect(await answerDialog(page, 'yes')).toContain(`${SUB.name} will be set to: Inactive`);
    const before = Number(await page.$eval(GRID, (g) => g.getAttribute('data-load-seq')));
    expect(await answerDialog(page, 'ok')).toContain('Record has been set to: Inactive');
    await readGrid(page, before);
    expect(await stateOf(SUB.id)).toBe(4);
    expect(await buttonsOf(page, SUB.name)).toEqual([['Activate']]);
    await screenshot(page, 'list-re-subusers-status');

    await clickRowButton(page, SUB.name, 'Activate');
    await answerDialog(page, 'yes');
    await answerDialog(page, 'ok');
    expect(await stateOf(SUB.id)).toBe(33);
    expect(errors).toEqual([]);
  });
});
