// Help desk threads on every dialect (seed 002 §2, §4, §6; docs/threads.md): an RE user asks
// in its own entity only, a reply moves the thread (RE → Open, IRU → Responded) in the reply's
// transaction, IRU status changes follow the state map and the category rule, final threads take
// no reply and no change, and attachments follow their thread's scope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../../engine/testing/test-engine.js';
import { testDialects } from '../../../engine/testing/test-database.js';
import { failure, readBack, select, type Row } from '../../../engine/testing/record-calls.js';
import { decodeXml } from '../../../engine/protocol/envelope.js';
import { recordsetObjects, type RecordsetValue } from '../../../engine/protocol/envelope.js';

// seeds/demo-users.ts: `re` (id 3) works for entity 1, `re2` (id 4) for entity 2, `iru` (id 2).
const ENTITY = 1;
const OTHER = 2;
const S = { new: 54, open: 13, responded: 58, onHold: 44, closed: 8, rejected: 23, approved: 66 } as const;

describe.each(await testDialects())('help desk threads on %s', (dialect) => {
  let t: TestEngine;
  let re: string;
  let re2: string;
  let iru: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    re = await t.sessionFor('re', ENTITY);
    re2 = await t.sessionFor('re2', OTHER);
    iru = await t.sessionFor('iru');
  });
  afterAll(async () => t?.close());

  const ask = async (cookie: string, fields: string[], values: unknown[], module = 'RE-Helpdesk') =>
    t.call('Record.create', [{ module, fields, values, read: ['id', 'updatectr', 'state', 're', 'category'] }], cookie);
  const question = async (category = 1410, extra: Record<string, unknown> = {}) =>
    readBack(await ask(re, ['category', 'name', 'description', ...Object.keys(extra)], [category, 'Where is the form?', 'Line one\nLine two', ...Object.values(extra)]));
  const thread = async (id: number, cookie = iru, module = 'Helpdesk') =>
    (await select(t, cookie, { module, fields: ['id', 'updatectr', 'state', 'state_name_ind_field', 'createby_firstname', 'createby_email2', 'category_name_ind_field', 're'], where: [['id', '=', id]] })).rows[0];
  const reply = (cookie: string, helpdesk: number, description = 'A reply', module = 'RE-HelpdeskMessage') =>
    t.call('Record.create', [{ module, fields: ['helpdesk', 'description'], values: [helpdesk, description], read: ['id', 'createbyrole', 're'] }], cookie);
  const setState = (id: number, updatectr: number, state: number, cookie = iru) =>
    t.call('Record.update', [{ module: 'Helpdesk', fields: ['id', 'updatectr', 'state'], values: [id, updatectr, state], read: ['id', 'updatectr', 'state'] }], cookie);

  it('creates an RE question as New in the session\'s entity, with its author\'s name and e-mail', async () => {
    const created = await question();
    expect(Number(created.state)).toBe(S.new);
    expect(Number(created.re)).toBe(ENTITY);
    const row = (await thread(Number(created.id), re, 'RE-Helpdesk'))!;
    expect(row).toMatchObject({ state_name_ind_field: 'New', createby_firstname: 'Demo Compliance Officer', createby_email2: 're@regportal.example', category_name_ind_field: 'General Enquiry' });
  });

  it('refuses a question for another entity, and one of category 1408 without the user to link', async () => {
    expect(failure(await ask(re, ['category', 'name', 'description', 're'], [1410, 'S', 'D', OTHER])).code).toBe('E_NOPERMISSION');
    expect(failure(await ask(re, ['category', 'name', 'description'], [1408, 'Link', 'Please link']))).toMatchObject({ code: 'E_VALIDATION', details: { userid: 'is required' } });
    expect(failure(await ask(re, ['category', 'description'], [1410, 'No subject']))).toMatchObject({ code: 'E_VALIDATION', details: { name: 'is required' } });
    const linked = await question(1408, { userid: 'newuser', approver: '0', preparer: '1', checker: '0' });
    expect(Number(linked.category)).toBe(1408);
  });

  it('moves the thread to Open on an RE reply and to Responded on an IRU reply, recording both', async () => {
    const id = Number((await question()).id);
    const mine = readBack(await reply(re, id));
    expect([Number(mine.createbyrole), Number(mine.re)]).toEqual([1002, ENTITY]);
    expect(Number((await thread(id))!.state)).toBe(S.open);

    const staff = readBack(await reply(iru, id, 'Answer', 'HelpdeskMessage'));
    expect([Number(staff.createbyrole), Number(staff.re)]).toEqual([1001, ENTITY]);
    const after = (await thread(id))!;
    expect(Number(after.state)).toBe(S.responded);
    expect(Number(after.updatectr)).toBe(3);

    const history = await t.database.db('state_history').where({ module: 'helpdesk', record_id: id }).orderBy('id').pluck('to_state');
    expect(history.map(Number)).toEqual([S.new, S.open, S.responded]);
    const messages = await select(t, re, { module: 'RE-HelpdeskMessage', fields: ['description', 'createbyrole', 'createby_name_ind_field'], where: [['helpdesk', '=', id]] });
    expect(messages.rows.map((m) => [m.description, Number(m.createbyrole), m.createby_name_ind_field])).toEqual([
      ['A reply', 1002, 'Demo Compliance Officer'],
      ['Answer', 1001, 'IRU Officer'],
    ]);
  });

  it('keeps another entity\'s threads and messages out of an RE user\'s reach, by id too', async () => {
    const id = Number((await question()).id);
    await reply(re, id, 'Only for entity 1');
    expect(await thread(id, re2, 'RE-Helpdesk')).toBeUndefined();
    expect((await select(t, re2, { module: 'RE-HelpdeskMessage', where: [['helpdesk', '=', id]] })).total).toBe(0);
    // Another entity's thread is not found, exactly as one that does not exist.
    expect(failure(await reply(re2, id, 'Intruder'))).toEqual({ code: 'E_NOTFOUND', message: `Helpdesk #${id} not found.` });
    expect(failure(await reply(re2, 987654, 'Intruder'))).toEqual({ code: 'E_NOTFOUND', message: 'Helpdesk #987654 not found.' });
    // The thread's entity given by hand is a write for another entity than the session's: refused
    // before any thread is read, so a thread that exists and one that does not are answered alike.
    for (const thread of [id, 987654]) {
      expect(failure(await t.call('Record.create', [{ module: 'RE-HelpdeskMessage', fields: ['helpdesk', 'description', 're'], values: [thread, 'x', ENTITY] }], re2))).toEqual({
        code: 'E_NOPERMISSION',
        message: 'You do not have permission for RE-HelpdeskMessage.create for another reporting entity',
      });
    }
    // An IRU reply cannot be filed under another entity than its thread's.
    expect(failure(await t.call('Record.create', [{ module: 'HelpdeskMessage', fields: ['helpdesk', 'description', 're'], values: [id, 'x', OTHER] }], iru)).code).toBe('E_VALIDATION');
    const all = await select(t, re2, { module: 'RE-Helpdesk', fields: ['re'] });
    expect(all.rows.every((r: Row) => Number(r.re) === OTHER)).toBe(true);
  });

  it('lets IRU set Open and On Hold, Approved or Rejected only for category 1408, Closed only for others', async () => {
    const plain = Number((await question()).id);
    let ctr = Number((await thread(plain))!.updatectr);
    expect(Number(readBack(await setState(plain, ctr, S.onHold)).state)).toBe(S.onHold);
    ctr += 1;
    expect(failure(await setState(plain, ctr, S.approved)).code).toBe('E_STATETRANSITION');
    expect(failure(await setState(plain, ctr, S.rejected)).code).toBe('E_STATETRANSITION');
    expect(failure(await setState(plain, ctr, S.responded)).code).toBe('E_STATETRANSITION');
    expect(Number(readBack(await setState(plain, ctr, S.open)).state)).toBe(S.open);
    expect(Number(readBack(await setState(plain, ctr + 1, S.closed)).state)).toBe(S.closed);

    const link = Number((await question(1408, { userid: 'u1', approver: '1', preparer: '0', checker: '0' })).id);
    expect(failure(await setState(link, 1, S.closed)).code).toBe('E_STATETRANSITION');
    expect(Number(readBack(await setState(link, 1, S.approved)).state)).toBe(S.approved);
  });

  it('refuses replies and status changes on a final thread, and status changes by RE users', async () => {
    const id = Number((await question()).id);
    expect(failure(await t.call('Record.update', [{ module: 'RE-Helpdesk', fields: ['id', 'updatectr', 'state'], values: [id, 1, S.closed] }], re)).code).toBe('E_NOPERMISSION');
    readBack(await setState(id, 1, S.closed));
    expect(failure(await reply(re, id)).code).toBe('E_STATETRANSITION');
    expect(failure(await reply(iru, id, 'late', 'HelpdeskMessage')).code).toBe('E_STATETRANSITION');
    expect(failure(await setState(id, 2, S.open)).code).toBe('E_STATETRANSITION');
    expect(Number((await thread(id))!.state)).toBe(S.closed);
    expect((await select(t, iru, { module: 'HelpdeskMessage', where: [['helpdesk', '=', id]] })).total).toBe(0);
  });

  it('refuses a stale status change with E_CONCURRENT after a reply moved the thread', async () => {
    const id = Number((await question()).id);
    readBack(await reply(re, id));
    expect(failure(await setState(id, 1, S.onHold)).code).toBe('E_CONCURRENT');
  });

  it('keeps attachments with their thread: an RE user adds and reads its own, never another entity\'s', async () => {
    const id = Number((await question()).id);
    const upload = async (cookie: string, module: string, key: string, parent: number) => {
      const form = new FormData();
      form.set('action', 'Record.uploadFile');
      form.set('a0', JSON.stringify(['module', key]));
      form.set('a1', JSON.stringify([module, parent]));
      form.set('file', new Blob([new TextEncoder().encode('hello thread')], { type: 'text/plain' }), 'note.txt');
      const request = new Request('http://localhost/process', { method: 'POST', body: form });
      const res = await t.engine.app.inject({ method: 'POST', url: '/process', headers: { cookie, 'content-type': request.headers.get('content-type')! }, payload: Buffer.from(await request.arrayBuffer()) });
      return decodeXml(res.body);
    };
    const up = await upload(re, 'Helpdesk_Reference', 'fk_helpdesk', id);
    expect(up[0]?.type, JSON.stringify(up)).toBe('recordset');
    expect(recordsetObjects(up[0] as RecordsetValue)[0]).toMatchObject({ name: 'note.txt' });
    expect(failure(await upload(re2, 'Helpdesk_Reference', 'fk_helpdesk', id))).toEqual({ code: 'E_NOTFOUND', message: `Helpdesk #${id} not found.` });
    expect(failure(await upload(re2, 'Helpdesk_Reference', 'fk_helpdesk', 987654))).toEqual({ code: 'E_NOTFOUND', message: 'Helpdesk #987654 not found.' });
    expect((await select(t, re, { module: 'Helpdesk_Reference', where: [['fk_helpdesk', '=', id]] })).total).toBe(1);
    expect((await select(t, re2, { module: 'Helpdesk_Reference', where: [['fk_helpdesk', '=', id]] })).total).toBe(0);

    const message = Number(readBack(await reply(iru, id, 'See the file', 'HelpdeskMessage')).id);
    const staffFile = await upload(iru, 'HelpdeskMessage_Reference', 'fk_helpdeskmessage', message);
    expect(staffFile[0]?.type, JSON.stringify(staffFile)).toBe('recordset');
    expect((await select(t, re, { module: 'HelpdeskMessage_Reference', where: [['fk_helpdeskmessage', '=', message]] })).total).toBe(1);
    expect((await select(t, re2, { module: 'HelpdeskMessage_Reference', where: [['fk_helpdeskmessage', '=', message]] })).total).toBe(0);
  });
});
