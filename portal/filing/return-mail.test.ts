// A form sent back keeps its reason with the move and mails it to whoever must act next, on every
// dialect: the checker's step back to the preparer who sent it, the approver's to the checker who
// verified it, the regulator's return for amendment to the entity's users who prepare; the
// reason is in the form's state history (StateManagement.getHistory) for the entity and the
// regulator alike, and a move that is refused or undone mails nobody.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { failure, ok, readBack } from '../../engine/testing/record-calls.js';
import { recordsetObjects, type EnvelopeValue, type RecordsetValue } from '../../engine/protocol/envelope.js';
import { sqlDateTime } from '../../engine/db/clock.js';
import { MAIL_TYPES } from '../../engine/mail/mail-types.js';

const rows = (values: EnvelopeValue[]) => recordsetObjects(ok(values)[0] as RecordsetValue);

/** Every input cell of the demo BNK-01 filled so that it passes. */
const COMPLETE_BNK01 = [
  ...['01', '02'].flatMap((tab) => [3, 4, 5, 6, 7].flatMap((r) => [{ tab, address: `B${r}`, value: 1 }, { tab, address: `C${r}`, value: 2 }])),
  { tab: '03', address: 'B2', value: '31-01-2026' },
  { tab: '03', address: 'B3', value: 'Audit & Co' },
  { tab: '03', address: 'B5', value: '1000' },
];

const today = () => {
  const d = sqlDateTime().slice(0, 10);
  return `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
};

describe.each(await testDialects())('a form sent back, its reason and its mail on %s', (dialect) => {
  let t: TestEngine;
  let preparer: string;
  let checker: string;
  let approver: string;
  let iru: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    [preparer, checker, approver, iru] = await Promise.all(['preparer', 'checker', 'approver', 'iru'].map((u) => t.sessionFor(u)));
  });
  afterAll(async () => t?.close());

  async function newForm(frozen = false): Promise<number> {
    const db = t.database.db;
    const template = await db('formtemplate').where({ code: 'BNK-01' }).first('id');
    const createon = sqlDateTime();
    await db('formbatch').insert({ re: 1, name: 'Returns', endon: '2026-01-31', duedate: '2026-02-15', state: 13, frozen_ind: frozen, createon });
    const batch = Number((await db('formbatch').max({ id: 'id' }))[0].id);
    await db('form').insert({ code: 'BNK-01', name: 'Balance sheet', re: 1, formbatch: batch, state: 13, formtemplate: template.id, templateversion: 1, endon: '2026-01-31', createon });
    return Number((await db('form').max({ id: 'id' }))[0].id);
  }

  const save = (form: number, updatectr: number) => t.call('Form.saveData', [{ form, updatectr, cells: COMPLETE_BNK01 }], preparer);
  const move = (module: 'REForm' | 'Form', form: number, updatectr: number, state: number, who: string, reason?: string) =>
    t.call('Record.update', [{ module, fields: ['id', 'updatectr', 'state'], values: [form, updatectr, state], read: ['id', 'updatectr', 'state'], ...(reason ? { reason } : {}) }], who);
  const lastMail = async () => Number((await t.database.db('email_outbox').max({ m: 'id' }))[0].m ?? 0);
  const mailsSince = (id: number) => t.database.db('email_outbox').where('id', '>', id).orderBy('id').select('type', 'recipient', 'subject', 'body_text');
  const history = async (module: 'REForm' | 'Form', form: number, who: string) =>
    rows(await t.call('StateManagement.getHistory', [{ module, id: form }], who)).map((h) => ({ from: h.from_state, to: h.to_state, by: h.createby_name_ind_field, reason: h.reason }));

  /** A complete form the preparer sent for verification; answers its counter. */
  async function prepared(form: number): Promise<number> {
    const ctr = Number(readBack(await save(form, 1)).updatectr);
    return Number(readBack(await move('REForm', form, ctr, 78, preparer)).updatectr);
  }

  it("mails the checker's reason to the preparer who sent the form, and keeps it in the form's state history", async () => {
    const form = await newForm();
    const ctr = await prepared(form);
    const since = await lastMail();
    expect(readBack(await move('REForm', form, ctr, 13, checker, '  Please recheck the totals ')).state).toBe(13);
    const mails = await mailsSince(since);
    expect(mails.map((m) => [Number(m.type), m.recipient])).toEqual([[MAIL_TYPES.FORM_RETURNED, 'preparer@regportal.example']]);
    const entity = String((await t.database.db('re').where({ id: 1 }).first('name')).name);
    expect(mails[0].subject).toBe(`Form BNK-01 of ${entity} returned: Open`);
    expect(mails[0].body_text).toContain(`was returned by Demo Checker on ${today()}. It is now Open.\n\nReason: Please recheck the totals\n`);
    expect(mails[0].body_text).toContain('for the period ending 31/01/2026');
    // The preparer, reading the form's history, sees who sent it back and why.
    expect((await history('REForm', form, preparer)).at(-1)).toEqual({ from: 78, to: 13, by: 'Demo Checker', reason: '  Please recheck the totals ' });
  });

  it("mails the approver's reason to the checker who verified the form", async () => {
    const form = await newForm();
    let ctr = await prepared(form);
    ctr = Number(readBack(await move('REForm', form, ctr, 55, checker)).updatectr);
    const since = await lastMail();
    readBack(await move('REForm', form, ctr, 78, approver, 'The notes tab needs the auditor'));
    const mails = await mailsSince(since);
    expect(mails.map((m) => m.recipient)).toEqual(['checker@regportal.example']);
    expect(mails[0].body_text).toContain('was returned by Demo Approver on');
    expect(mails[0].body_text).toContain('It is now Pending Verification.\n\nReason: The notes tab needs the auditor\n');
  });

  it("mails the regulator's return for amendment to the entity's users who prepare, and the reason reaches both sides' history", async () => {
    const form = await newForm();
    await t.database.db('form').where({ id: form }).update({ state: 56, preparedby: 6 });
    const since = await lastMail();
    readBack(await move('Form', form, 1, 74, iru, 'Loans do not agree with last month'));
    const mails = await mailsSince(since);
    // Preparers (25) and approvers (27) of entity 1 prepare; its checker does not.
    expect(mails.map((m) => m.recipient).sort()).toEqual(['approver@regportal.example', 'preparer@regportal.example', 're@regportal.example']);
    expect(mails.every((m) => String(m.body_text).includes('was returned by IRU Officer on') && String(m.body_text).includes('It is now Amendment Required.\n\nReason: Loans do not agree with last month\n'))).toBe(true);
    const expected = { from: 56, to: 74, by: 'IRU Officer', reason: 'Loans do not agree with last month' };
    expect((await history('REForm', form, preparer)).at(-1)).toEqual(expected);
    expect((await history('Form', form, iru)).at(-1)).toEqual(expected);
  });

  it('mails nobody when a return is refused for want of a reason or undone by a frozen submission', async () => {
    const form = await newForm();
    const ctr = await prepared(form);
    const since = await lastMail();
    const f = failure(await move('REForm', form, ctr, 13, checker, '   '));
    expect(f.code).toBe('E_VALIDATION');
    expect(f.details).toEqual({ reason: 'Give the reason for sending the form back.' });
    await t.database.db('formbatch').where({ id: (await t.database.db('form').where({ id: form }).first('formbatch')).formbatch }).update({ frozen_ind: true });
    expect(failure(await move('REForm', form, ctr, 13, checker, 'Please recheck the totals')).code).toBe('E_STATETRANSITION');
    expect(await mailsSince(since)).toEqual([]);
    expect((await history('REForm', form, preparer)).map((h) => h.to)).toEqual([78]);
  });

  it('mails no one a forward step, and never the user who sent the form back', async () => {
    const form = await newForm();
    const since = await lastMail();
    // The approver prepares (role 27 may) and then sends its own form back as checker.
    const saved = Number(readBack(await save(form, 1)).updatectr);
    const ctr = Number(readBack(await move('REForm', form, saved, 78, approver)).updatectr);
    expect(await mailsSince(since)).toEqual([]);
    readBack(await move('REForm', form, ctr, 13, approver, 'I will redo the notes'));
    // Not the approver itself: the entity's other users who prepare.
    expect((await mailsSince(since)).map((m) => m.recipient)).toEqual(['re@regportal.example', 'preparer@regportal.example']);
  });
});
