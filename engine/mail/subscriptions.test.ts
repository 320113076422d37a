// E-mail subscriptions on every dialect (docs/email-subscriptions.md): EmailTemplate.getList's
// shape, subscribing and unsubscribing through the protocol, the read-only self-scoped
// User_EmailTemplate, the outbox leaving out governed mail to users who unsubscribed (and never
// security mail), and the single-use unsubscribe link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { failure, ok, readBack, select } from '../testing/record-calls.js';
import { recordsetObjects, type EnvelopeValue } from '../protocol/envelope.js';
import { sqlDate } from '../db/clock.js';
import { MAIL_TYPES } from './mail-types.js';
import { PORTAL_MARK } from './unsubscribe-links.js';

const DAY = 86_400_000;
const day = (offset: number) => sqlDate(new Date(Date.now() + offset * DAY));
// seeds/demo-users.ts: `re` (id 3) is linked to entities 1, 6 and 11, `re2` (id 4) to entity 2;
// entities 1-5 are sector 1. Addresses are `{userid}@regportal.example`.
const RE_MAIL = 're@regportal.example';
const RE2_MAIL = 're2@regportal.example';

type Entry = { id: number; groupname: string; name: string; type: number; subscribed: boolean };

describe.each(await testDialects())('e-mail subscriptions on %s', (dialect) => {
  let t: TestEngine;
  let iru: string;
  let re: string;
  let re2: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    iru = await t.sessionFor('iru');
    re = await t.sessionFor('re', 1);
    re2 = await t.sessionFor('re2', 2);
  });
  afterAll(async () => t?.close());

  const list = async (cookie: string) => {
    const values = ok(await t.call('EmailTemplate.getList', [], cookie));
    const rows = recordsetObjects(values[0] as Extract<EnvelopeValue, { type: 'recordset' }>) as Entry[];
    const groups = JSON.parse((values[1] as Extract<EnvelopeValue, { type: 'text' }>).text) as { groupname: string; templates: Omit<Entry, 'groupname'>[] }[];
    return { rows, groups };
  };
  const templateId = async (type: number) => Number((await t.database.db('email_template').where({ type }).first('id'))!.id);
  const outbox = (type: number, to: string) => t.database.db('email_outbox').where({ type, recipient: to }).orderBy('id');
  const lateNotice = (to: string) => t.call('Email.generate', [{ type: MAIL_TYPES.LATE_SUBMISSION, data: { to, name: 'Officer', batch: 'B1', entity: 'E1', period: 'p', duedate: 'd', forms: 'f' } }], iru);

  it('lists the subscribable templates grouped, every one subscribed for a user who has not chosen, and never a security mail', async () => {
    const { rows, groups } = await list(re);
    const types = rows.map((r) => Number(r.type));
    expect(types).toEqual(expect.arrayContaining([MAIL_TYPES.BULLETIN, MAIL_TYPES.LATE_SUBMISSION, MAIL_TYPES.PENDING_RECOMMENDATION, MAIL_TYPES.AMENDMENT_REQUIRED]));
    for (const security of [MAIL_TYPES.VERIFY_EMAIL, MAIL_TYPES.PASSWORD_RESET, MAIL_TYPES.MFA_RESET, MAIL_TYPES.ACCOUNT_ACTIVATED]) expect(types).not.toContain(security);
    expect(Object.keys(rows[0]).sort()).toEqual(['groupname', 'id', 'name', 'subscribed', 'type']);
    expect(rows.every((r) => r.subscribed === true)).toBe(true);
    // Ordered by group, and the JSON holds the same entries, one group each.
    expect(groups.map((g) => g.groupname)).toEqual([...new Set(rows.map((r) => r.groupname))]);
    expect(groups.map((g) => g.groupname)).toEqual(['Bulletins', 'Requests', 'Submissions']);
    expect(groups.flatMap((g) => g.templates.map((x) => x.id))).toEqual(rows.map((r) => Number(r.id)));
    expect((await list(re2)).rows).toEqual(rows);
    expect(ok(await t.call('EmailTemplate.getList', [{}], re))[0]).toEqual(ok(await t.call('EmailTemplate.getList', [], re))[0]);
    expect(failure(await t.call('EmailTemplate.getList', [], '')).code).toBe('E_ILLEGALACCESS');
  });

  it('unsubscribes and subscribes the caller through the protocol, and refuses none chosen with the dialogs\' messages', async () => {
    const late = await templateId(MAIL_TYPES.LATE_SUBMISSION);
    expect(failure(await t.call('EmailTemplate.unsubscribe', [{ ids: [] }], re))).toMatchObject({ code: 'E_VALIDATION', message: 'You need to select at least one Email to unsubscribe.' });
    expect(failure(await t.call('EmailTemplate.subscribe', [{ ids: [] }], re))).toMatchObject({ code: 'E_VALIDATION', message: 'You need to select at least one Email to subscribe to' });
    const reset = await templateId(MAIL_TYPES.PASSWORD_RESET);
    expect(failure(await t.call('EmailTemplate.unsubscribe', [{ ids: [reset] }], re)).code).toBe('E_VALIDATION');
    expect(failure(await t.call('EmailTemplate.unsubscribe', [{ ids: 'x' }], re)).code).toBe('E_BADREQUEST');

    expect((ok(await t.call('EmailTemplate.unsubscribe', [{ ids: [late] }], re))[0] as Extract<EnvelopeValue, { type: 'text' }>).text).toBe('1');
    let mine = (await list(re)).rows;
    expect(mine.find((r) => Number(r.id) === late)!.subscribed).toBe(false);
    expect(mine.filter((r) => Number(r.id) !== late).every((r) => r.subscribed)).toBe(true);
    // Another user's state is their own.
    expect((await list(re2)).rows.every((r) => r.subscribed)).toBe(true);

    // The rows are the subscriptions now: the seed's User_EmailTemplate columns, own rows only.
    const page = await select(t, re, { module: 'User_EmailTemplate', fields: ['groupname', 'id', 'name', 'fk_user'], max: 100 }, 'Record2.select');
    expect(page.rows.length).toBe(mine.length - 1);
    expect(page.rows.every((r) => Number(r.fk_user) === 3)).toBe(true);
    expect(page.rows.map((r) => Number(r.id))).not.toContain(late);
    expect((await select(t, re2, { module: 'User_EmailTemplate', max: 100 })).rows).toEqual([]);
    // Read-only: changes go through the actions.
    expect(failure(await t.call('Record.create', [{ module: 'User_EmailTemplate', fields: ['link_fk_user', 'link_fk_email_template'], values: [4, late] }], re)).code).toBe('E_NOPERMISSION');

    await t.call('EmailTemplate.subscribe', [{ ids: [late] }], re);
    mine = (await list(re)).rows;
    expect(mine.every((r) => r.subscribed)).toBe(true);
  });

  it('leaves governed mail to a user who unsubscribed out of the outbox while others get theirs, and still sends security mail', async () => {
    const late = await templateId(MAIL_TYPES.LATE_SUBMISSION);
    await t.call('EmailTemplate.unsubscribe', [{ ids: [late] }], re);
    const before = (await outbox(MAIL_TYPES.LATE_SUBMISSION, RE_MAIL)).length;
    ok(await lateNotice(RE_MAIL));
    ok(await lateNotice(RE2_MAIL));
    ok(await lateNotice('mailbox@entity.example'));
    expect((await outbox(MAIL_TYPES.LATE_SUBMISSION, RE_MAIL)).length).toBe(before);
    const [toRe2] = await outbox(MAIL_TYPES.LATE_SUBMISSION, RE2_MAIL);
    expect(String(toRe2.body_text)).toContain(`${PORTAL_MARK}/unsubscribe?token=`);
    expect(String(toRe2.body_html)).toContain('Unsubscribe</a>');
    // An address no portal user has is not governed and gets no link.
    const [toMailbox] = await outbox(MAIL_TYPES.LATE_SUBMISSION, 'mailbox@entity.example');
    expect(String(toMailbox.body_text)).not.toContain('unsubscribe?token=');

    // Security mail is never governed.
    ok(await t.call('Email.generate', [{ type: MAIL_TYPES.MFA_RESET, data: { to: RE_MAIL, name: 'x' } }], iru));
    expect((await outbox(MAIL_TYPES.MFA_RESET, RE_MAIL)).length).toBe(1);

    // A bulletin to sector 1 (queued in bulk) reaches re2 but not re once re unsubscribes from bulletins.
    await t.call('EmailTemplate.unsubscribe', [{ ids: [await templateId(MAIL_TYPES.BULLETIN)] }], re);
    const saved = readBack(await t.call('Bulletin.save', [{ name: 'Notice', message: '<p>Hello</p>', startdate: day(0), enddate: day(5), state: 33, sectors: [1] }], iru));
    const sent = ok(await t.call('Bulletin.emailCheck', [{ id: Number(saved.id) }], iru));
    expect((sent[0] as Extract<EnvelopeValue, { type: 'text' }>).text).toBe('true');
    expect((await outbox(MAIL_TYPES.BULLETIN, RE_MAIL)).length).toBe(0);
    const [bulletinToRe2] = await outbox(MAIL_TYPES.BULLETIN, RE2_MAIL);
    expect(String(bulletinToRe2.body_text)).toContain('Read it in the portal');
    expect(String(bulletinToRe2.body_text)).toContain('unsubscribe?token=');
  });

  it('unsubscribes with the link of a mail once, without a session, and refuses it again and a forged token', async () => {
    const late = await templateId(MAIL_TYPES.LATE_SUBMISSION);
    ok(await lateNotice(RE2_MAIL));
    const rows = await outbox(MAIL_TYPES.LATE_SUBMISSION, RE2_MAIL);
    const token = /unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(String(rows.at(-1).body_text))![1];

    const used = ok(await t.call('EmailTemplate.unsubscribeLink', [{ token }], ''));
    expect((used[0] as Extract<EnvelopeValue, { type: 'text' }>).text).toBe('Late submission notice');
    expect((await list(re2)).rows.find((r) => Number(r.id) === late)!.subscribed).toBe(false);
    expect(failure(await t.call('EmailTemplate.unsubscribeLink', [{ token }], ''))).toMatchObject({ code: 'E_VALIDATION', message: 'This unsubscribe link has already been used.' });
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(failure(await t.call('EmailTemplate.unsubscribeLink', [{ token: forged }], ''))).toMatchObject({ code: 'E_VALIDATION', message: 'This unsubscribe link is not valid.' });

    // And re2 gets no more late notices; its other subscriptions stand.
    const n = rows.length;
    ok(await lateNotice(RE2_MAIL));
    expect((await outbox(MAIL_TYPES.LATE_SUBMISSION, RE2_MAIL)).length).toBe(n);
    expect((await list(re2)).rows.filter((r) => Number(r.id) !== late).every((r) => r.subscribed)).toBe(true);
  });
});
