// Queueing mail: rows written with the caller's handle, templates rendered from the stored ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing/test-database.js';
import { runSeeds } from '../../portal/seeds/index.js';
import { portal } from '../../portal/app.js';
import { readVersions } from '../db/change-versions.js';
import { AppError } from '../errors/catalogue.js';
import { queueMail, queueTemplateMail } from './outbox.js';
import { MAIL_TYPES } from './mail-types.js';

describe.each(await testDialects())('the mail outbox on %s', (dialect) => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await createTestDatabase(dialect, { app: portal });
    await runSeeds(tdb.db, { demo: false });
  });
  afterAll(async () => {
    await tdb?.destroy();
  });

  const rowOf = (id: number) => tdb.db('email_outbox').where({ id }).first();

  it('stores a queued mail as pending, due now, with no attempts, and answers its id', async () => {
    const before = (await readVersions(tdb.db)).get('email_outbox') ?? 0;
    const id = await queueMail(tdb.db, { to: 'someone@example.test', cc: 'a@example.test, b@example.test', subject: 'Hello', text: 'Plain', html: '<p>Plain</p>', type: 7 });
    const row = await rowOf(id);
    expect(row).toMatchObject({ recipient: 'someone@example.test', cc: 'a@example.test, b@example.test', subject: 'Hello', body_text: 'Plain', body_html: '<p>Plain</p>', state: 'pending', attempts: 0, type: 7, senton: null, lease_until: null });
    expect(row.next_attempt_at).toBe(row.createon);
    expect(Date.now() - Date.parse(`${row.createon}Z`)).toBeLessThan(60_000);
    expect((await readVersions(tdb.db)).get('email_outbox')).toBe(before + 1);
  });

  it('refuses a recipient that is not one e-mail address', async () => {
    for (const to of ['', 'nobody', 'a@example.test, b@example.test', 'Name <a@example.test>', 'a@example.test\r\nBcc: x@example.test']) {
      await expect(queueMail(tdb.db, { to, subject: 's', text: 't' })).rejects.toMatchObject({ code: 'E_VALIDATION' });
    }
  });

  it('writes nothing when the transaction it was queued in rolls back', async () => {
    const before = await tdb.db('email_outbox').count({ n: '*' }).first();
    await expect(
      tdb.db.transaction(async (trx) => {
        await queueMail(trx, { to: 'rollback@example.test', subject: 'Never', text: 'Never' });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await tdb.db('email_outbox').where({ recipient: 'rollback@example.test' })).toEqual([]);
    expect(await tdb.db('email_outbox').count({ n: '*' }).first()).toEqual(before);
  });

  it('renders the seeded verification template with the values given', async () => {
    const id = await queueTemplateMail(tdb.db, MAIL_TYPES.VERIFY_EMAIL, 'new.user@example.test', { name: 'Nur & Co', link: 'https://portal.example/verify-email?token=abc' });
    const row = await rowOf(id);
    expect(row.type).toBe(1003);
    expect(row.subject).toBe('Please verify your e-mail address');
    expect(row.body_text).toContain('Dear Nur & Co,');
    expect(row.body_text).toContain('https://portal.example/verify-email?token=abc');
    expect(row.body_html).toContain('Dear Nur &amp; Co,');
    expect(row.body_text).not.toMatch(/\{(name|link)\}/);
  });

  it('has a seeded template for every type the portal sends, each filled by its placeholders', async () => {
    const data = { name: 'N', link: 'https://x.example/l', userid: 'u1', id: 9, remark: 'R', rejected_by: 'B', entity: 'E', batch: 'Jan Returns', period: '2026-01-31', duedate: '2026-02-15', forms: '- F1', message: 'M', form: 'BNK-01', formname: 'Balance sheet', date: '29/11/2026', reason: 'Please recheck', returned_by: 'C', state: 'Open', batches: '- Jan Returns', by: 'D' };
    for (const type of Object.values(MAIL_TYPES)) {
      const row = await rowOf(await queueTemplateMail(tdb.db, type, 'all@example.test', data));
      expect(`${row.subject}\n${row.body_text}`, `type ${type}`).not.toMatch(/\{[a-z_]+\}/);
    }
  });

  it('answers E_NOTFOUND for a type without a template, and for an inactive one', async () => {
    const err = await queueTemplateMail(tdb.db, 999, 'x@example.test', {}).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'E_NOTFOUND', message: 'Email template 999 not found.' });
    await tdb.db('email_template').where({ type: MAIL_TYPES.APPROVED }).update({ state: 4 });
    await expect(queueTemplateMail(tdb.db, MAIL_TYPES.APPROVED, 'x@example.test', { id: 1 })).rejects.toMatchObject({ code: 'E_NOTFOUND', message: `Email template ${MAIL_TYPES.APPROVED} not found.` });
    await tdb.db('email_template').where({ type: MAIL_TYPES.APPROVED }).update({ state: 33 });
  });
});
