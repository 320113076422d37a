// Register Sub User in Chromium (seed 000 §2.14, §5; seed 001 §5.2): the primary user of entity 1
// opens it from the sub-user list, finds the entity's numbers filled in and Preparer ticked, is
// refused with the seed's role message when no role is ticked, picks Checker (which clears
// Preparer), and the server holds a new user pending e-mail verification, linked as checker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { screenshot, signIn, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { answerDialog } from './list-support.js';

const EMAIL = 'new.checker@harbourlinebank.example';

describe('registering a sub user (sqlite)', () => {
  let portal: Portal;
  let page: Page;

  beforeAll(async () => {
    portal = await startPortal('sqlite');
    page = (await portal.page()).page;
    await signIn(page, portal.url, 're', undefined, '/re/registersubusers/create');
  });
  afterAll(async () => portal?.close());

  const value = (sel: string) => page.$eval(sel, (e) => (e as HTMLInputElement).value);
  const checked = (name: string) => page.$eval(`input[name=${name}]`, (e) => (e as HTMLInputElement).checked);

  it("opens with the entity's numbers and Preparer ticked", async () => {
    await page.waitForSelector('[data-testid=sub-user-register] input[name=name]');
    const entity = await portal.t.database.db('re').where({ id: 1 }).first('companyno', 'otherno');
    await page.waitForFunction((c) => (document.querySelector('input[name=companyno]') as HTMLInputElement).value === c, {}, entity.companyno);
    expect(await value('input[name=otherno]')).toBe(entity.otherno);
    expect([await checked('role_preparer'), await checked('role_checker'), await checked('role_approver')]).toEqual([true, false, false]);
  });

  it('refuses a sub user without a role with the message of the seed', async () => {
    await page.type('input[name=name]', 'New Checker');
    await page.type('input[name=contactno]', '0123456789');
    await page.type('input[name=email]', EMAIL);
    const position = await portal.t.database.db('list').where({ listgroup: 295 }).orderBy('id').first('id');
    await page.select('select[name=position2]', String(position.id));
    await page.type('input[name=password]', 'Check@1234');
    await page.type('input[name=confirm]', 'Check@1234');
    await page.click('input[name=role_preparer]');
    await page.click('[data-action=save]');
    expect(await answerDialog(page, 'ok')).toContain('Role selection error: Please select Role of the Sub User.');
    expect(await portal.t.database.db('user').where({ email: EMAIL }).first('id')).toBeUndefined();
  });

  it('registers the sub user as checker, pending e-mail verification, and returns to the list', async () => {
    await page.click('input[name=role_approver]');
    await page.click('input[name=role_checker]');
    expect([await checked('role_preparer'), await checked('role_checker'), await checked('role_approver')]).toEqual([false, true, false]);
    await screenshot(page, 'sub-user-register');
    await page.click('[data-action=save]');
    expect(await answerDialog(page, 'ok')).toContain(`User id is: ${EMAIL}`);
    await waitForPath(page, (p) => p === '/re/registersubusers');
    const user = await portal.t.database.db('user').where({ userid: EMAIL }).first('id', 'state');
    expect(Number(user.state)).toBe(62);
    const link = await portal.t.database.db('re_user').where({ link_fk_user: user.id }).first('link_fk_re', 'role', 'isprimary');
    expect({ re: Number(link.link_fk_re), role: Number(link.role), primary: Boolean(Number(link.isprimary)) }).toEqual({ re: 1, role: 26, primary: false });
  });
});
