// Self-registration (seed 000 §2.3, §5, §8) in the real client against a real engine: every
// field rule's message beside its field, the submit-time Error dialogs for the LL/BR numbers and
// the role, the server's own refusals, the e-mail-in-use question whose Yes sends newuserid 'Y',
// and the "Check Your Email" alert.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { pathOf, screenshot, startPortal, waitForPath, type Portal } from '../testing/portal.js';
import { companyNo } from '../../engine/accounts/account-test-kit.js';
import { EMAIL_IN_USE } from '../../engine/accounts/registration.js';
import { dialogSaying, dialogShown, fieldErrors, fill, pressDialog } from './auth-kit.js';

const PASSWORD_RULE = 'Password must be 8 to 16 characters with an uppercase letter, a lowercase letter, a symbol and a digit.';

async function openRegister(portal: Portal): Promise<Page> {
  const { page } = await portal.page();
  await page.goto(`${portal.url}/register`);
  await page.waitForSelector('select[name=position2] option[value="303"]');
  return page;
}

/** Every field filled so that it keeps its rule (the LL/BR number and role left as they are). */
async function fillValid(page: Page, userid: string, email: string): Promise<void> {
  await fill(page, 'input[name=name]', 'Nur Aisyah');
  await fill(page, 'input[name=contactno]', '0123456789');
  await fill(page, 'input[name=email]', email);
  await fill(page, 'input[name=userid]', userid);
  await fill(page, 'input[name=password]', 'Secret@123');
  await fill(page, 'input[name=confirm]', 'Secret@123');
  await page.select('select[name=position2]', '303');
  if (!(await page.$eval('input[name=terms]', (e) => (e as HTMLInputElement).checked))) await page.click('input[name=terms]');
}

async function submit(page: Page): Promise<void> {
  await page.click('[data-panel=register] button[type=submit]');
}

describe('registration (sqlite)', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal('sqlite');
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('shows every field rule beside its field under the Form Error dialog for an empty form', async () => {
    const page = await openRegister(portal);
    await screenshot(page, 'auth-register');
    await submit(page);
    const dialog = await dialogShown(page);
    expect(dialog).toEqual({ title: 'Form Error', message: 'Please correct errors in the form to continue.' });
    await pressDialog(page);
    expect(await fieldErrors(page)).toEqual({
      name: 'Please enter your full name.',
      contactno: 'Please enter a contact number of 6 to 20 digits.',
      email: 'Please enter a valid e-mail address.',
      userid: 'Please enter a User ID of 3 to 100 characters: letters, digits or . _ @ + -',
      password: PASSWORD_RULE,
      confirm: 'Please confirm your password.',
      position2: 'Please select a position.',
      terms: 'You must agree to the Terms & Conditions',
    });
    await screenshot(page, 'auth-register-errors');
  }, 90_000);

  it('tells each field rule on its own when only that rule is broken', async () => {
    const page = await openRegister(portal);
    await fillValid(page, 'rules.user', 'rules.user@example.org');
    for (const [field, value, good, message] of [
      ['contactno', '01234-567', '0123456789', 'Please enter a contact number of 6 to 20 digits.'],
      ['email', 'not-an-address@', 'rules.user@example.org', 'Please enter a valid e-mail address.'],
      ['userid', 'a b', 'rules.user', 'Please enter a User ID of 3 to 100 characters: letters, digits or . _ @ + -'],
      ['password', 'secret@123', 'Secret@123', PASSWORD_RULE],
      ['confirm', 'Secret@124', 'Secret@123', 'The confirmation does not match the password.'],
    ] as const) {
      await fill(page, `input[name=${field}]`, value);
      // A password that breaks the rule, confirmed as typed: only the rule is broken.
      if (field === 'password') await fill(page, 'input[name=confirm]', value);
      await submit(page);
      await dialogSaying(page, 'Please correct errors in the form to continue.');
      await pressDialog(page);
      expect(await fieldErrors(page), field).toEqual({ [field]: message });
      await fill(page, `input[name=${field}]`, good);
      if (field === 'password') await fill(page, 'input[name=confirm]', good);
    }
  }, 90_000);

  it('asks on submit for the number of the chosen type and for a role, each in an Error dialog', async () => {
    const page = await openRegister(portal);
    const { otherno } = await companyNo(portal.t, 3);
    await fillValid(page, 'numbers.user', 'numbers.user@example.org');
    await submit(page);
    expect(await dialogShown(page)).toEqual({ title: 'Error', message: 'Please enter the Company Number (LL)' });
    await pressDialog(page);
    await page.click('input[name=regtype][value=BR]');
    await submit(page);
    expect(await dialogShown(page)).toEqual({ title: 'Error', message: 'Please enter the Business Registration Number(BR).' });
    await pressDialog(page);
    await fill(page, 'input[name=otherno]', otherno);
    await page.click('input[name=role_approver]');
    await submit(page);
    expect(await dialogShown(page)).toEqual({ title: 'Error', message: 'Please check at least one of the Roles.' });
    await pressDialog(page);
    expect(await fieldErrors(page)).toEqual({ role_approver: 'Please check at least one of the Roles.' });
    expect(await portal.t.database.db('user').where({ userid: 'numbers.user' }).first('id')).toBeUndefined();
  });

  it('shows the server’s refusal of a number that names no entity beside that number', async () => {
    const page = await openRegister(portal);
    await fillValid(page, 'unknown.number', 'unknown.number@example.org');
    await fill(page, 'input[name=companyno]', 'NO-SUCH-NUMBER');
    await submit(page);
    const dialog = await dialogSaying(page, 'No reporting entity is registered with this Company Number (LL).');
    expect(dialog.title).toBe('Error');
    await pressDialog(page);
    expect(await fieldErrors(page)).toEqual({ companyno: dialog.message });
  });

  it('asks whether to register another user id for an e-mail in use, registers on Yes, and says to check the e-mail', async () => {
    const page = await openRegister(portal);
    const { companyno } = await companyNo(portal.t, 3);
    await fillValid(page, 'second.id', 're@regportal.example');
    await fill(page, 'input[name=companyno]', companyno);
    await submit(page);
    const question = await dialogSaying(page, 'e-mail address is already used');
    // The address is said to be in use; the user id that has it is not named.
    expect(question).toEqual({ title: 'User ID with Email address already Exist', message: EMAIL_IN_USE });
    await screenshot(page, 'auth-register-email-in-use');
    await pressDialog(page, 'yes');
    const done = await dialogShown(page);
    expect(done.title).toBe('Check Your Email');
    expect(done.message).toContain('re@regportal.example');
    expect(done.message).toContain('support@regportal.example');
    await screenshot(page, 'auth-register-done');
    await pressDialog(page);
    await waitForPath(page, (p) => p === '/');
    const user = await portal.t.database.db('user').where({ userid: 'second.id' }).first('state', 'email');
    expect(user).toEqual({ state: 62, email: 're@regportal.example' });
  });

  it('registers nothing when the e-mail question is answered No', async () => {
    const page = await openRegister(portal);
    const { companyno } = await companyNo(portal.t, 3);
    await fillValid(page, 'third.id', 're@regportal.example');
    await fill(page, 'input[name=companyno]', companyno);
    await submit(page);
    await dialogSaying(page, EMAIL_IN_USE);
    await pressDialog(page, 'no');
    expect(await pathOf(page)).toBe('/register');
    expect(await portal.t.database.db('user').where({ userid: 'third.id' }).first('id')).toBeUndefined();
  });
});
