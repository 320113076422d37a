// Resubmission requests through the protocol on every dialect (seed 003 §2.2, §3, §4.1, §5, §6,
// §7; docs/resubmission-extension.md): an entity asks to resubmit an accepted form, the regulator
// proceeds to payment, the entity pays with a PDF proof, a recommender recommends with a reason,
// an approver approves; the form reopens from the effective date, the entity amends and submits
// it again, and the form's history keeps both versions. Every forbidden move is refused.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { failure, ok, readBack, select, type Row } from '../../engine/testing/record-calls.js';
import { decodeXml, recordsetObjects, type EnvelopeValue, type RecordsetValue } from '../../engine/protocol/envelope.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { sqlDate, sqlDateTime } from '../../engine/db/clock.js';
import { addDays } from './resubmission-moves.js';
import { staffHolding } from '../../engine/mail/staff-recipients.js';

const S = { new: 54, pending: 61, pendingPayment: 25, pendingVerification: 78, amendment: 74, pendingRecommendation: 79, recommended: 65, recommendToReject: 70, approved: 66, rejected: 23, cancelled: 32 } as const;
const CHEQUE = 1100481;
const BY_REFERENCE = 1100483;
const REASON = 99001;
const MAIL = { pendingRecommendation: 1101178, recommended: 1101179, approved: 1101180, amendment: 1101181 } as const;
/** An IRU role for these tests: recommends, never approves. */
const RECOMMENDER_ROLE = 120;

/** Every input cell of the demo BNK-01 filled so that it passes (portal/actions/filing/form-filing.test.ts). */
const COMPLETE_BNK01 = [
  ...['01', '02'].flatMap((tab) => [3, 4, 5, 6, 7].flatMap((r) => [{ tab, address: `B${r}`, value: 1 }, { tab, address: `C${r}`, value: 2 }])),
  { tab: '03', address: 'B2', value: '31-01-2026' },
  { tab: '03', address: 'B3', value: 'Audit & Co' },
  { tab: '03', address: 'B5', value: '1,000,000.50' },
];

const rows = (values: EnvelopeValue[]) => recordsetObjects(ok(values)[0] as RecordsetValue);

function pdf(): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${randomBytes(8).toString('hex')}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');
}

describe.each(await testDialects())('resubmission requests on %s', (dialect) => {
  let t: TestEngine;
  let re: string;
  let re2: string;
  let preparer: string;
  let checker: string;
  let approver: string;
  let iru: string;
  let recommender: string;
  let reUserId: number;
  let iruUserId: number;
  const today = sqlDate();
  const requested = addDays(today, 10);

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    const db = t.database.db;
    // The `mfa` demo officer becomes a recommender without the approve permission.
    const mfa = Number((await db('user').where({ userid: 'mfa' }).first('id')).id);
    await db('role').insert({ id: RECOMMENDER_ROLE, name: 'Resubmission recommender', issystem: false, createon: sqlDateTime() });
    const tasks = await db('permissiontasks').whereIn('name', ['Resubmission.select', 'Resubmission.update', 'Resubmission.action.recommend', 'ResubmissionForm.select', 'Resubmission_Reference.select', 'User.select', 'List.select']).pluck('id');
    await db('role_permissiontasks').insert(tasks.map((id: number) => ({ link_fk_role: RECOMMENDER_ROLE, link_fk_permissiontasks: id })));
    await db('user_role').where({ link_fk_user: mfa }).delete();
    await db('user_role').insert({ link_fk_user: mfa, link_fk_role: RECOMMENDER_ROLE });
    await bumpVersions(db, ['role', 'user_role', 'role_permissiontasks']);
    [re, re2, preparer, checker, approver, iru, recommender] = await Promise.all([t.sessionFor('re', 1), t.sessionFor('re2', 2), ...['preparer', 'checker', 'approver', 'iru', 'mfa'].map((u) => t.sessionFor(u))]);
    reUserId = Number((await db('user').where({ userid: 're' }).first('id')).id);
    iruUserId = Number((await db('user').where({ userid: 'iru' }).first('id')).id);
  });
  afterAll(async () => t?.close());

  const READ = ['id', 'updatectr', 'state', 're', 'formcategory', 'initiateby', 'requestextdate', 'recommextdate', 'apprextdate', 'paymenttype', 'receiptno', 'paymentdate', 'paywaived', 'recommend', 'recommendby', 'actionby', 'proceedby', 'proceedactiondate', 'processdate', 'approvaldate', 'cancelactiondate', 'amendmentreqdate', 'admendreqby', 'paywaivreqby', 'paywaivapprby', 'refundcomplete', 'reopenedon', 'resubmittedon'];
  const tabsOf = (form: number, dataitem = 'Total assets') => JSON.stringify([{ form, properties: [{ id: '01', dataitem }] }]);
  const ask = (forms: string | null, who = re, extra: { fields?: string[]; values?: unknown[] } = {}) =>
    t.call('Record.create', [{ module: 'RE-Resubmission', fields: ['requestextdate', 'reason', 'forms', ...(extra.fields ?? ['state'])], values: [requested, 'The assets were misstated', forms, ...(extra.values ?? [S.pending])], read: READ }], who);
  const change = (id: number, ctr: number, fields: string[], values: unknown[], who = iru, module = 'Resubmission') =>
    t.call('Record.update', [{ module, fields: ['id', 'updatectr', ...fields], values: [id, ctr, ...values], read: READ }], who);
  const moveForm = (form: number, updatectr: number, state: number, who: string) =>
    t.call('Record.update', [{ module: 'REForm', fields: ['id', 'updatectr', 'state'], values: [form, updatectr, state], read: ['id', 'updatectr', 'state'] }], who);
  const lastMailId = async () => Number((await t.database.db('email_outbox').max({ id: 'id' }))[0].id ?? 0);
  const mailSince = (id: number) => t.database.db('email_outbox').where('id', '>', id).orderBy('id').select('type', 'recipient', 'subject', 'body_text');

  async function multipart(fields: Record<string, string>, name: string, bytes: Buffer): Promise<{ payload: Buffer; contentType: string }> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set('file', new Blob([new Uint8Array(bytes)]), name);
    const request = new Request('http://localhost/process', { method: 'POST', body: form });
    return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
  }
  async function uploadProof(cookie: string, id: number, name: string, bytes: Buffer): Promise<EnvelopeValue[]> {
    const { payload, contentType } = await multipart({ action: 'Record.uploadFile', a0: JSON.stringify(['module', 'fk_resubmission', 'description']), a1: JSON.stringify(['Resubmission_Reference', id, 'payment']) }, name, bytes);
    const res = await t.engine.app.inject({ method: 'POST', url: '/process', headers: { 'content-type': contentType, cookie }, payload });
    return decodeXml(res.body);
  }

  /** A BNK-01 form of entity 1 filed, signed off and accepted through the protocol: its batch is Completed. */
  async function acceptedForm(): Promise<{ form: number; batch: number; acceptedAt: number }> {
    const db = t.database.db;
    const template = await db('formtemplate').where({ code: 'BNK-01' }).first('id');
    const createon = sqlDateTime();
    await db('formbatch').insert({ re: 1, name: `Resubmission test ${randomBytes(3).toString('hex')}`, endon: '2026-01-31', duedate: '2026-02-15', state: 13, frozen_ind: false, createon });
    const batch = Number((await db('formbatch').max({ id: 'id' }))[0].id);
    await db('form').insert({ code: 'BNK-01', name: 'Statement of Financial Position', re: 1, formbatch: batch, state: 13, formtemplate: template.id, templateversion: 1, endon: '2026-01-31', category: 100211, properties: JSON.stringify({ items: [{ id: '01', title: 'Assets' }, { id: '02', title: 'Liabilities' }, { id: '03', title: 'Notes' }] }), createon });
    const form = Number((await db('form').max({ id: 'id' }))[0].id);
    let ctr = Number(readBack(await t.call('Form.saveData', [{ form, updatectr: 1, cells: COMPLETE_BNK01 }], preparer)).updatectr);
    ctr = Number(readBack(await moveForm(form, ctr, 78, preparer)).updatectr);
    ctr = Number(readBack(await moveForm(form, ctr, 55, checker)).updatectr);
    ctr = Number(readBack(await t.call('Form.submit', [{ form, updatectr: ctr }], approver)).updatectr);
    const accepted = readBack(await t.call('Record.update', [{ module: 'Form', fields: ['id', 'updatectr', 'state'], values: [form, ctr, 45], read: ['id', 'updatectr', 'state'] }], iru));
    expect(Number((await db('formbatch').where({ id: batch }).first('state')).state)).toBe(71);
    return { form, batch, acceptedAt: Number(accepted.updatectr) };
  }

  it('lets an entity ask to resubmit an accepted form of a completed submission: Pending, its initiator, the form and a data item per tab', async () => {
    const { form } = await acceptedForm();
    const made = readBack(await ask(tabsOf(form)));
    expect(made).toMatchObject({ state: S.pending, re: 1, formcategory: 100211, initiateby: reUserId, requestextdate: requested });
    const named = await select(t, re, { module: 'RE-ResubmissionForm', fields: ['form', 'properties', 'form_code'], where: [['resubmission', '=', made.id]] });
    expect(named.rows).toHaveLength(1);
    expect(named.rows[0]).toMatchObject({ form, form_code: 'BNK-01' });
    expect((named.rows[0].properties as unknown[])).toEqual([{ id: '01', dataitem: 'Total assets' }]);
    // Another entity sees nothing of it.
    expect((await select(t, re2, { module: 'RE-Resubmission', fields: ['id'], where: [['id', '=', made.id]] })).total).toBe(0);
    expect((await select(t, re2, { module: 'RE-ResubmissionForm', fields: ['id'], where: [['resubmission', '=', made.id]] })).total).toBe(0);
  });

  it('refuses a request without forms, a tab without a data item, a form not accepted, another entity\'s form, a past date and a category the user may not ask for', async () => {
    const { form } = await acceptedForm();
    expect(failure(await ask(null))).toMatchObject({ code: 'E_VALIDATION', details: { forms: 'Please fill in all the required fields' } });
    expect(failure(await ask(JSON.stringify([{ form, properties: [] }]))).details).toEqual({ forms: 'Please fill in all the required fields' });
    expect(failure(await ask(tabsOf(form, '  '))).details).toEqual({ forms: 'Please fill in all the required fields' });
    expect(failure(await ask(JSON.stringify([{ form, properties: [{ id: '99', dataitem: 'x' }] }]))).details).toEqual({ forms: `Form #${form} has no tab 99.` });
    const open = Number((await t.database.db('form').where({ re: 1, state: 13 }).first('id')).id);
    expect(failure(await ask(tabsOf(open))).details).toEqual({ forms: `Form #${open} cannot be resubmitted: only accepted forms of completed submissions can.` });
    const theirs = Number((await t.database.db('form').where({ re: 2 }).first('id')).id);
    expect(failure(await ask(tabsOf(theirs))).details).toEqual({ forms: `Form #${theirs} not found.` });
    const past = await t.call('Record.create', [{ module: 'RE-Resubmission', fields: ['requestextdate', 'reason', 'forms'], values: [addDays(today, -1), 'x', tabsOf(form)] }], re);
    expect(failure(past).code).toBe('E_VALIDATION');
    expect(Object.keys(failure(past).details as object)).toEqual(['requestextdate']);
    const noReason = await t.call('Record.create', [{ module: 'RE-Resubmission', fields: ['requestextdate', 'forms'], values: [requested, tabsOf(form)] }], re);
    expect(failure(noReason).details).toMatchObject({ reason: 'is required' });
    // The demo preparer (role 25) of a sector 1 entity is not senior: App I/II is not offered.
    const categories = JSON.parse(String((ok(await t.call('Resubmission.formCategories', [], preparer))[0] as { text: string }).text));
    expect(categories).toEqual({ sector: 1, dialog: true, categories: [100211, 100212] });
    expect(failure(await ask(tabsOf(form), preparer, { fields: ['formcategory'], values: [100213] })).details).toEqual({ formcategory: 'is not a form category you may ask a resubmission for' });
    // A form of another category than the one chosen.
    expect(failure(await ask(tabsOf(form), re, { fields: ['formcategory'], values: [100212] })).details).toEqual({ forms: `Form #${form} is not of the request's form category.` });
    // The entity cannot write the regulator's fields, nor start in another state.
    expect(failure(await ask(tabsOf(form), re, { fields: ['apprextdate'], values: [requested] })).code).toBe('E_VALIDATION');
    expect(failure(await ask(tabsOf(form), re, { fields: ['state'], values: [S.approved] })).code).toBe('E_STATETRANSITION');
  });

  it('offers the search only accepted forms of completed submissions, of the entity, by year, month, code and name', async () => {
    const { form } = await acceptedForm();
    const found = rows(await t.call('Resubmission.searchForms', [{ year: 2026, month: 1, code: 'BNK' }], re));
    expect(found.map((r) => Number(r.id))).toContain(form);
    expect(found.every((r) => String(r.endon).startsWith('2026-01'))).toBe(true);
    const tabs = found.find((r) => Number(r.id) === form)!.properties as { id: string }[];
    expect(tabs.map((x) => x.id)).toEqual(['01', '02', '03']);
    const ids = found.map((r) => Number(r.id));
    const states = await t.database.db({ f: 'form' }).join({ b: 'formbatch' }, 'b.id', 'f.formbatch').whereIn('f.id', ids).select('f.state', 'b.state as batchstate', 'f.re');
    expect(states.every((s: Row) => Number(s.state) === 45 && Number(s.batchstate) === 71 && Number(s.re) === 1)).toBe(true);
    expect(rows(await t.call('Resubmission.searchForms', [{ year: 2026, month: 1, code: 'BNK' }], re2)).map((r) => Number(r.id))).not.toContain(form);
    expect(failure(await t.call('Resubmission.searchForms', [{ month: 1 }], re)).code).toBe('E_VALIDATION');
  });

  it('walks the request end to end: proceed, pay with a PDF proof, recommend with a reason, approve; the form reopens from the effective date, is amended and submitted again, and its history keeps both versions', async () => {
    const { form, acceptedAt } = await acceptedForm();
    let r = readBack(await ask(tabsOf(form)));
    const id = Number(r.id);
    // The entity cannot move its request on; only a recommender proceeds to payment.
    expect(failure(await change(id, Number(r.updatectr), ['state'], [S.pendingPayment], re, 'RE-Resubmission')).code).toBe('E_STATETRANSITION');
    expect(failure(await change(id, Number(r.updatectr), ['state'], [S.pendingPayment], re)).code).toBe('E_NOPERMISSION');
    r = readBack(await change(id, Number(r.updatectr), ['state'], [S.pendingPayment], recommender));
    expect(r).toMatchObject({ state: S.pendingPayment, proceedby: expect.any(Number), proceedactiondate: expect.any(String) });

    // Payment: a method, then a proof (PDF only) or a reference number.
    const pay = (fields: string[], values: unknown[]) => change(id, Number(r.updatectr), ['state', ...fields], [S.pendingRecommendation, ...values], re, 'RE-Resubmission');
    expect(failure(await pay([], [])).details).toEqual({ paymenttype: 'Please select your payment method' });
    expect(failure(await pay(['paymenttype'], [CHEQUE])).details).toEqual({ proof: 'Please upload at least one payment proof' });
    expect(failure(await pay(['paymenttype'], [BY_REFERENCE])).details).toEqual({ receiptno: 'Please enter your Payment Reference Number' });
    expect(failure(await uploadProof(re, id, 'slip.png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')))).toMatchObject({ code: 'E_FILETYPE', message: 'Only PDF file is allowed' });
    expect(failure(await uploadProof(re2, id, 'slip.pdf', pdf())).code).toMatch(/E_NOTFOUND|E_NOPERMISSION/);
    // Whatever an entity attaches is a payment proof: a PDF.
    const { payload, contentType } = await multipart({ action: 'Record.uploadFile', a0: JSON.stringify(['module', 'fk_resubmission']), a1: JSON.stringify(['Resubmission_Reference', id]) }, 'notes.txt', Buffer.from('plain notes\n'));
    const plain = decodeXml((await t.engine.app.inject({ method: 'POST', url: '/process', headers: { 'content-type': contentType, cookie: re }, payload })).body);
    expect(failure(plain)).toMatchObject({ code: 'E_FILETYPE', message: 'Only PDF file is allowed' });
    readBack(await uploadProof(re, id, 'slip.pdf', pdf()));
    const before = await lastMailId();
    r = readBack(await pay(['paymenttype'], [CHEQUE]));
    expect(r).toMatchObject({ state: S.pendingRecommendation, paymenttype: CHEQUE, paymentdate: expect.any(String) });
    const pendingMail = await mailSince(before);
    expect(pendingMail.map((m: Row) => Number(m.type))).toContain(MAIL.pendingRecommendation);
    expect(pendingMail.map((m: Row) => m.recipient)).toEqual(expect.arrayContaining(['iru@regportal.example', 'mfa@regportal.example']));
    expect(String(pendingMail[0].body_text)).toContain(`Request ${id}`);
    // Paid: no more proofs from the entity.
    expect(failure(await uploadProof(re, id, 'late.pdf', pdf())).code).toBe('E_STATETRANSITION');

    // Recommendation needs a reason, and a date after today.
    expect(failure(await change(id, Number(r.updatectr), ['state'], [S.recommended], recommender)).details).toEqual({ reasonclass: 'Please select your reason' });
    expect(failure(await change(id, Number(r.updatectr), ['state', 'reasonclass', 'recommextdate'], [S.recommended, REASON, today], recommender)).details).toEqual({ recommextdate: 'must be after today' });
    const beforeRecommend = await lastMailId();
    r = readBack(await change(id, Number(r.updatectr), ['state', 'reasonclass'], [S.recommended, REASON], recommender));
    expect(r).toMatchObject({ state: S.recommended, recommend: 1, recommextdate: requested, processdate: expect.any(String) });
    // To every active regulator user who may approve and whose row rules let them read the
    // request's entity (docs/row-rules.md): the App I/II officer and head of unit (roles 43, 44),
    // who read only App I/II entities, are left out.
    const approvers = await staffHolding(t.database.db, 'Resubmission.action.approve');
    expect(approvers).toEqual(expect.arrayContaining(['iru@regportal.example', 'appofficer@regportal.example', 'apphou@regportal.example']));
    const readers = approvers.filter((e) => e !== 'appofficer@regportal.example' && e !== 'apphou@regportal.example');
    expect((await mailSince(beforeRecommend)).map((m: Row) => [Number(m.type), m.recipient])).toEqual(readers.map((e) => [MAIL.recommended, e]));

    // Approval needs Resubmission.action.approve; the effective date defaults to three days on.
    const refused = failure(await change(id, Number(r.updatectr), ['state'], [S.approved], recommender));
    expect(refused).toMatchObject({ code: 'E_NOPERMISSION', message: expect.stringContaining('Resubmission.action.approve') });
    const beforeApprove = await lastMailId();
    r = readBack(await change(id, Number(r.updatectr), ['state'], [S.approved]));
    expect(r).toMatchObject({ state: S.approved, apprextdate: addDays(today, 3), actionby: iruUserId, approvaldate: expect.any(String), reopenedon: null });
    const approvedMail = await mailSince(beforeApprove);
    expect(approvedMail.map((m: Row) => Number(m.type))).toEqual(approvedMail.map(() => MAIL.approved));
    expect(approvedMail.map((m: Row) => m.recipient)).toContain('re@regportal.example');
    expect(failure(await change(id, Number(r.updatectr), ['state'], [S.rejected])).code).toBe('E_STATETRANSITION');

    // Not effective yet: nothing reopens. On the effective date the form goes back to the entity.
    const reopen = async () => JSON.parse(String((ok(await t.call('Resubmission.reopenDue', [], iru))[0] as { text: string }).text));
    expect(failure(await t.call('Resubmission.reopenDue', [], recommender)).code).toBe('E_NOPERMISSION');
    await reopen();
    expect(Number((await t.database.db('form').where({ id: form }).first('state')).state)).toBe(45);
    await t.database.db('resubmission').where({ id }).update({ apprextdate: today });
    expect((await reopen()).forms).toBeGreaterThanOrEqual(1);
    const reopened = await t.database.db('form').where({ id: form }).first('state', 'updatectr', 'formbatch');
    expect(Number(reopened.state)).toBe(74);
    expect(Number((await t.database.db('formbatch').where({ id: reopened.formbatch }).first('state')).state)).toBe(74);
    expect((await t.database.db('resubmission').where({ id }).first('reopenedon')).reopenedon).toBeTruthy();
    expect((await t.database.db('state_history').where({ module: 'form', record_id: form, to_state: 74 }).first('reason')).reason).toBe(`Resubmission #${id} approved`);

    // Overdue while the approved date has passed and the form is not in again.
    await t.database.db('resubmission').where({ id }).update({ apprextdate: addDays(today, -1) });
    await bumpVersions(t.database.db, ['resubmission']);
    const overdue = async () => (await select(t, iru, { module: 'Resubmission', fields: ['id'], where: [['$filter', 'overdue']], max: 500 })).rows.map((x) => Number(x.id));
    expect(await overdue()).toContain(id);
    expect((await select(t, re, { module: 'RE-Resubmission', fields: ['id'], where: [['$filter', 'overdue']], max: 500 })).rows.map((x) => Number(x.id))).toContain(id);

    // The entity amends the form through the filing actions and submits it again; the regulator accepts.
    let ctr = Number(reopened.updatectr);
    ctr = Number(readBack(await t.call('Form.saveData', [{ form, updatectr: ctr, cells: [{ tab: '01', address: 'B3', value: 3 }, { tab: '02', address: 'B3', value: 3 }] }], preparer)).updatectr);
    ctr = Number(readBack(await moveForm(form, ctr, 78, preparer)).updatectr);
    ctr = Number(readBack(await moveForm(form, ctr, 55, checker)).updatectr);
    ctr = Number(readBack(await t.call('Form.submit', [{ form, updatectr: ctr }], approver)).updatectr);
    expect((await t.database.db('resubmission').where({ id }).first('resubmittedon')).resubmittedon).toBeTruthy();
    expect(await overdue()).not.toContain(id);
    const accepted = readBack(await t.call('Record.update', [{ module: 'Form', fields: ['id', 'updatectr', 'state'], values: [form, ctr, 45], read: ['id', 'updatectr', 'state'] }], iru));
    const history = rows(await t.call('Form.history', [{ form }], re));
    expect(history.map((h) => h.state)).toEqual([13, 78, 55, 56, 45, 74, 13, 78, 55, 56, 45]);
    const diff = rows(await t.call('Form.diff', [{ form, from: acceptedAt, to: Number(accepted.updatectr) }], re));
    expect(diff.map((d) => [d.tab, d.address, d.before, d.after])).toEqual([['01', 'B3', '1', '3'], ['02', 'B3', '1', '3']]);

    // The refund-completed flag toggles, for the regulator only.
    r = (await select(t, iru, { module: 'Resubmission', fields: READ, where: [['id', '=', id]] })).rows[0];
    r = readBack(await change(id, Number(r.updatectr), ['refundcomplete'], [1]));
    expect(r.refundcomplete).toBe(1);
    r = readBack(await change(id, Number(r.updatectr), ['refundcomplete'], [0]));
    expect(r.refundcomplete).toBe(0);
    expect(failure(await change(id, Number(r.updatectr), ['refundcomplete'], [1], re, 'RE-Resubmission')).code).toBe('E_VALIDATION');
  });

  it('returns a request for amendment with a mail to the entity; the entity edits it and it goes back to Pending, or to Pending Recommendation once paid', async () => {
    const { form } = await acceptedForm();
    let r = readBack(await ask(tabsOf(form)));
    const id = Number(r.id);
    r = readBack(await change(id, Number(r.updatectr), ['remark'], ['Name the liabilities tab too']));
    const before = await lastMailId();
    r = readBack(await change(id, Number(r.updatectr), ['state'], [S.amendment], recommender));
    expect(r).toMatchObject({ state: S.amendment, admendreqby: expect.any(Number), amendmentreqdate: expect.any(String) });
    const mail = await mailSince(before);
    expect(mail.map((m: Row) => Number(m.type))).toEqual(mail.map(() => MAIL.amendment));
    expect(String(mail[0].body_text)).toContain('Name the liabilities tab too');
    expect(String(mail[0].body_text)).toContain('MFA Demo Officer');
    // The entity edits the forms and resubmits it to Pending (no payment yet).
    const both = JSON.stringify([{ form, properties: [{ id: '01', dataitem: 'Total assets' }, { id: '02', dataitem: 'Total liabilities' }] }]);
    expect(failure(await change(id, Number(r.updatectr), ['state', 'forms'], [S.pendingRecommendation, both], re, 'RE-Resubmission')).code).toBe('E_STATETRANSITION');
    r = readBack(await change(id, Number(r.updatectr), ['state', 'forms', 'amendremark'], [S.pending, both, 'Both tabs named'], re, 'RE-Resubmission'));
    expect(r.state).toBe(S.pending);
    const named = await select(t, re, { module: 'RE-ResubmissionForm', fields: ['properties'], where: [['resubmission', '=', id]] });
    expect((named.rows[0].properties as unknown[])).toHaveLength(2);
    // Pending: its forms can no longer change.
    expect(failure(await change(id, Number(r.updatectr), ['forms'], [tabsOf(form)], re, 'RE-Resubmission')).code).toBe('E_VALIDATION');
    // Paid, then returned from Pending Recommendation: the edit goes back to Pending Recommendation.
    r = readBack(await change(id, Number(r.updatectr), ['state'], [S.pendingPayment], recommender));
    r = readBack(await change(id, Number(r.updatectr), ['state', 'paymenttype', 'receiptno'], [S.pendingRecommendation, BY_REFERENCE, 'FPX-2026-0001'], re, 'RE-Resubmission'));
    r = readBack(await change(id, Number(r.updatectr), ['state'], [S.amendment], recommender));
    expect(failure(await change(id, Number(r.updatectr), ['state'], [S.pending], re, 'RE-Resubmission')).code).toBe('E_STATETRANSITION');
    r = readBack(await change(id, Number(r.updatectr), ['state', 'reason'], [S.pendingRecommendation, 'Restated after audit'], re, 'RE-Resubmission'));
    expect(r).toMatchObject({ state: S.pendingRecommendation, receiptno: 'FPX-2026-0001' });
    // Recommend to reject, then the approver rejects.
    r = readBack(await change(id, Number(r.updatectr), ['state', 'reasonclass'], [S.recommendToReject, REASON], recommender));
    expect(r.recommend).toBe(0);
    r = readBack(await change(id, Number(r.updatectr), ['state', 'apprextdate'], [S.rejected, requested]));
    expect(r).toMatchObject({ state: S.rejected, actionby: iruUserId, apprextdate: null });
  });

  it('waives the fee on a recommender\'s request when an approver agrees, and sends it back to payment when not', async () => {
    const { form } = await acceptedForm();
    let r = readBack(await ask(tabsOf(form)));
    const id = Number(r.id);
    r = readBack(await change(id, Number(r.updatectr), ['state'], [S.pendingPayment], recommender));
    expect(failure(await change(id, Number(r.updatectr), ['state'], [S.pendingVerification], re, 'RE-Resubmission')).code).toBe('E_STATETRANSITION');
    r = readBack(await change(id, Number(r.updatectr), ['state'], [S.pendingVerification], recommender));
    expect(r).toMatchObject({ state: S.pendingVerification, paywaived: 1, paywaivreqby: expect.any(Number) });
    expect(failure(await change(id, Number(r.updatectr), ['state'], [S.pendingRecommendation], recommender)).code).toBe('E_NOPERMISSION');
    r = readBack(await change(id, Number(r.updatectr), ['state'], [S.pendingPayment]));
    expect(r).toMatchObject({ state: S.pendingPayment, paywaived: 0, paywaivapprby: iruUserId });
    r = readBack(await change(id, Number(r.updatectr), ['state'], [S.pendingVerification], recommender));
    r = readBack(await change(id, Number(r.updatectr), ['state'], [S.pendingRecommendation]));
    expect(r).toMatchObject({ state: S.pendingRecommendation, paywaived: 1, paywaivapprby: iruUserId, paymentdate: null });
  });

  it('cancels a Pending request with the date and user, and takes no move after it; the entity cannot cancel, nor anyone set the stage dates early', async () => {
    const { form } = await acceptedForm();
    let r = readBack(await ask(tabsOf(form)));
    const id = Number(r.id);
    expect(failure(await change(id, Number(r.updatectr), ['state'], [S.cancelled], re, 'RE-Resubmission')).code).toBe('E_STATETRANSITION');
    // The approved and recommended dates belong to their stages: not writable while Pending.
    expect(failure(await change(id, Number(r.updatectr), ['apprextdate'], [requested])).details).toEqual({ apprextdate: "cannot be changed in the record's current state" });
    expect(failure(await change(id, Number(r.updatectr), ['recommextdate'], [requested])).details).toEqual({ recommextdate: "cannot be changed in the record's current state" });
    r = readBack(await change(id, Number(r.updatectr), ['state'], [S.cancelled], recommender));
    expect(r).toMatchObject({ state: S.cancelled, cancelactiondate: expect.any(String), actionby: expect.any(Number) });
    expect(failure(await change(id, Number(r.updatectr), ['state'], [S.pendingPayment], recommender)).code).toBe('E_STATETRANSITION');
  });

  it('shows the entity the New request a query was closed with; its edit resubmits it to Pending with the entity as initiator', async () => {
    const { form } = await acceptedForm();
    const db = t.database.db;
    const { formbatch } = await db('form').where({ id: form }).first('formbatch');
    await db('query').insert({ re: 1, formbatch, form, formtab: '01', dataitem: 'Cash', name: 'Cash line', description: 'Please check', confidential: 0, state: 13, createon: sqlDateTime() });
    const query = Number((await db('query').max({ id: 'id' }))[0].id);
    const closed = readBack(await t.call('Query.closeWithResubmission', [{ id: query, updatectr: 1, requestextdate: requested, reason: 'Restate the cash line' }], iru));
    const id = Number(closed.resubmission);
    const seen = await select(t, re, { module: 'RE-Resubmission', fields: READ, where: [['id', '=', id]] });
    expect(seen.rows[0]).toMatchObject({ state: S.new, initiateby: iruUserId });
    expect((await select(t, re, { module: 'RE-ResubmissionForm', fields: ['form'], where: [['resubmission', '=', id]] })).rows).toEqual([{ form }]);
    const edited = readBack(await change(id, Number(seen.rows[0].updatectr), ['state', 'reason'], [S.pending, 'Restate the cash line and notes'], re, 'RE-Resubmission'));
    expect(edited).toMatchObject({ state: S.pending, initiateby: reUserId });
    // The regulator may also cancel a New one.
    const other = readBack(await t.call('Query.closeWithResubmission', [{ id: await newQuery(form), updatectr: 1, requestextdate: requested, reason: 'x' }], iru));
    const fresh = (await select(t, iru, { module: 'Resubmission', fields: ['id', 'updatectr'], where: [['id', '=', other.resubmission]] })).rows[0];
    expect(readBack(await change(Number(fresh.id), Number(fresh.updatectr), ['state'], [S.cancelled], recommender)).state).toBe(S.cancelled);
  });

  it('counts the requests in the dashboards\' resubmission series and the sidebar\'s count, from the rows themselves', async () => {
    const month = today.slice(0, 7);
    const point = (series: { month: string; value: number; value1?: number }[]) => series.find((p) => p.month === month)!;
    const reDash = JSON.parse(String((ok(await t.call('RE.getDashboard', [{ dt: month }], re))[0] as { text: string }).text));
    const mine = await t.database.db('resubmission').where({ re: 1 }).andWhere('createon', '>=', `${month}-01 00:00:00`);
    expect(point(reDash.resubmission).value).toBe(mine.length);
    expect(point(reDash.performance_resubmission).value1).toBe(mine.filter((r: Row) => [54, 61, 78, 25, 31, 74, 79, 65, 70].includes(Number(r.state))).length);
    const iruDash = JSON.parse(String((ok(await t.call('IRU.getDashboard', [{ dt: month }], iru))[0] as { text: string }).text));
    const every = await t.database.db('resubmission').andWhere('createon', '>=', `${month}-01 00:00:00`);
    expect(point(iruDash.total_resubmission).value).toBe(every.length);
    expect(every.length).toBeGreaterThan(0);
    // The IRU sidebar's Resubmission count (seed 003 §4.7: New, Pending Payment, Amendment Required).
    const badge = await select(t, iru, { module: 'Resubmission', fields: ['id'], where: [['state', 'in', [54, 25, 74]]] });
    expect(badge.total).toBe((await t.database.db('resubmission').whereIn('state', [54, 25, 74])).length);
  });

  async function newQuery(form: number): Promise<number> {
    const db = t.database.db;
    const { formbatch } = await db('form').where({ id: form }).first('formbatch');
    await db('query').insert({ re: 1, formbatch, form, formtab: '02', dataitem: 'Loans', name: 'Loans', description: 'Please check', confidential: 0, state: 13, createon: sqlDateTime() });
    return Number((await db('query').max({ id: 'id' }))[0].id);
  }
});
