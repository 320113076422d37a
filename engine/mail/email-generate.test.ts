// Email.generate through the real engine: permission, template, recipient, and delivery by
// the worker the engine starts itself when SMTP_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { failure, ok } from '../testing/record-calls.js';
import { MAIL_TYPES } from './mail-types.js';
import { SmtpSink } from './testing/smtp-sink.js';

describe.each(await testDialects())('Email.generate on %s', (dialect) => {
  let t: TestEngine;
  let sink: SmtpSink;
  let iru: string;
  beforeAll(async () => {
    sink = await SmtpSink.start();
    t = await startTestEngine(dialect, { SMTP_URL: sink.url, MAIL_POLL_MS: '100', MAIL_FROM: 'Portal Test <portal@example.test>' });
    iru = await t.sessionFor('iru');
  });
  afterAll(async () => {
    await t?.close();
    await sink?.down();
  });

  const outboxCount = async () => Number((await t.database.db('email_outbox').count({ n: '*' }).first())?.n);

  it('queues the amendment template for data.to and the engine delivers it, values escaped in the HTML part', async () => {
    const data = { to: 'preparer@example.test', id: 42, remark: 'Row 3 <b>&</b> "totals"', rejected_by: 'Head of Unit' };
    const values = ok(await t.call('Email.generate', [{ type: MAIL_TYPES.AMENDMENT_REQUIRED, alerttype: 1004, data }], iru));
    expect(values).toEqual([{ type: 'text', text: '1' }]);
    const [mail] = await sink.waitFor(1);
    expect(mail.envelopeTo).toEqual(['preparer@example.test']);
    expect(mail.headers.get('from')).toBe('Portal Test <portal@example.test>');
    expect(mail.subject).toBe('Request 42 requires amendment');
    expect(mail.text).toContain('Request 42 has been returned for amendment by Head of Unit.');
    expect(mail.text).toContain('Remark: Row 3 <b>&</b> "totals"');
    expect(mail.html).toContain('Remark: Row 3 &lt;b&gt;&amp;&lt;/b&gt; &quot;totals&quot;');
    expect(mail.html).not.toContain('<b>');
    // The server has the mail a moment before the worker records it.
    await expect.poll(() => t.database.db('email_outbox').where({ recipient: 'preparer@example.test' }).first(), { timeout: 5000 }).toMatchObject({ type: MAIL_TYPES.AMENDMENT_REQUIRED, state: 'sent', attempts: 1 });
  });

  it('sends to data.email when data.to is absent, also for the administrator', async () => {
    const admin = await t.sessionFor('admin');
    ok(await t.call('Email.generate', [{ type: MAIL_TYPES.MFA_RESET, data: { email: 'officer@example.test', name: 'Officer', id: 7 } }], admin));
    const mails = await sink.waitFor(2);
    expect(mails[1].envelopeTo).toEqual(['officer@example.test']);
    expect(mails[1].subject).toBe('Your multi-factor authentication has been reset');
    expect(mails[1].text).toContain('Dear Officer,');
  });

  it('requires the Email.generate permission, and a session', async () => {
    const before = await outboxCount();
    const re = await t.sessionFor('re');
    const args = [{ type: MAIL_TYPES.APPROVED, data: { to: 'x@example.test', id: 1 } }];
    expect(failure(await t.call('Email.generate', args, re))).toMatchObject({ code: 'E_NOPERMISSION', message: 'You do not have permission for Email.generate' });
    expect(failure(await t.call('Email.generate', args))).toMatchObject({ code: 'E_ILLEGALACCESS' });
    expect(await outboxCount()).toBe(before);
  });

  it('answers E_VALIDATION naming data.to when there is no usable recipient', async () => {
    const before = await outboxCount();
    const missing = failure(await t.call('Email.generate', [{ type: MAIL_TYPES.APPROVED, data: { id: 5 } }], iru));
    expect(missing.code).toBe('E_VALIDATION');
    expect(missing.message).toMatch(/^data\.to: /);
    expect(missing.details).toHaveProperty(['data.to']);
    expect(failure(await t.call('Email.generate', [{ type: MAIL_TYPES.APPROVED, data: { to: 'not-an-address', id: 5 } }], iru)).code).toBe('E_VALIDATION');
    expect(await outboxCount()).toBe(before);
  });

  it('answers E_NOTFOUND for a type without a template and queues nothing', async () => {
    const before = await outboxCount();
    expect(failure(await t.call('Email.generate', [{ type: 999, data: { to: 'x@example.test' } }], iru))).toEqual({ code: 'E_NOTFOUND', message: 'Email template 999 not found.' });
    expect(await outboxCount()).toBe(before);
  });

  it('refuses arguments outside the schema', async () => {
    expect(failure(await t.call('Email.generate', [{ type: 'abc', data: {} }], iru)).code).toBe('E_BADREQUEST');
    expect(failure(await t.call('Email.generate', [{ type: 1003, data: { to: 'x@example.test', nested: { a: 1 } } }], iru)).code).toBe('E_BADREQUEST');
    expect(failure(await t.call('Email.generate', [{ type: 1003, data: {}, sql: 'drop' }], iru)).code).toBe('E_BADREQUEST');
  });

  it('lets an administrator edit a template through Record.update, used by the next mail', async () => {
    const admin = await t.sessionFor('admin');
    const [set] = ok(await t.call('Record.select', [{ module: 'EmailTemplate', fields: ['id', 'updatectr'], where: [['type', '=', MAIL_TYPES.APPROVED]] }], admin));
    expect(set.type).toBe('recordset');
    const [id, updatectr] = set.type === 'recordset' ? set.rows[0] : [];
    ok(await t.call('Record.update', [{ module: 'EmailTemplate', fields: ['id', 'updatectr', 'subject'], values: [id, updatectr, 'Approved: request {id}'] }], admin));
    ok(await t.call('Email.generate', [{ type: MAIL_TYPES.APPROVED, data: { to: 'approved@example.test', id: 77 } }], iru));
    const mails = await sink.waitFor(3);
    expect(mails[2].subject).toBe('Approved: request 77');
  });
});

describe('an engine without SMTP_URL', () => {
  it('keeps mail in the outbox and starts no worker', async () => {
    const t = await startTestEngine('sqlite');
    try {
      expect(t.engine.mailWorker).toBeNull();
      ok(await t.call('Email.generate', [{ type: MAIL_TYPES.APPROVED, data: { to: 'kept@example.test', id: 1 } }], await t.sessionFor('iru')));
      await new Promise((r) => setTimeout(r, 300));
      expect(await t.database.db('email_outbox').where({ recipient: 'kept@example.test' }).first()).toMatchObject({ state: 'pending', attempts: 0 });
    } finally {
      await t.close();
    }
  });
});
