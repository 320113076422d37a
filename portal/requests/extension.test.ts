// Extension requests on every dialect (seed 003 §2.3, §4.2, §5, §7, §9; docs/resubmission-extension.md):
// the entity asks for a later due date of an eligible submission and pays (PDF proof, or a
// reference number for type 1100483), the regulator recommends and approves, and the batch takes
// the approved date while keeping its original one; each stage mails through the outbox. Every
// rule is refused for a call that skips the screens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { failure, readBack, select, type Row } from '../../engine/testing/record-calls.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { sqlDate, sqlDateTime } from '../../engine/db/clock.js';
import { decodeXml, type EnvelopeValue } from '../../engine/protocol/envelope.js';
import { MAIL_TYPES } from '../../engine/mail/mail-types.js';
import { EXTENSION_MESSAGES, EXTENSION_REFUSALS } from './extension-rules.js';

const ENTITY = 1;
const OTHER_ENTITY = 2;
const IRU_ROLE = 2;
const S = { pendingPayment: 25, paid: 31, recommended: 65, recommendReject: 70, approved: 66, rejected: 23 } as const;
const CHEQUE = 1100481;
const REFERENCE = 1100483;
const REASON = 101001;

const day = (days: number) => sqlDate(new Date(Date.now() + days * 86_400_000));
const dayOf = (v: unknown) => String(v ?? '').slice(0, 10);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

describe.each(await testDialects())('extension requests on %s', (dialect) => {
  let t: TestEngine;
  let re: string;
  let re2: string;
  let iru: string;
  let reUserId: number;
  let iruUserId: number;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    re = await t.sessionFor('re', ENTITY);
    re2 = await t.sessionFor('re2', OTHER_ENTITY);
    iru = await t.sessionFor('iru');
    reUserId = Number((await t.database.db('user').where({ userid: 're' }).first('id')).id);
    iruUserId = Number((await t.database.db('user').where({ userid: 'iru' }).first('id')).id);
  });
  afterAll(async () => t?.close());

  /** A batch of its own per request (one request in progress per batch), due `dueIn` days from today. */
  async function batch(dueIn = 20, state = 13, entity = ENTITY): Promise<{ id: number; duedate: string }> {
    const duedate = day(dueIn);
    const row = { re: entity, name: `Extension test ${Math.random().toString(36).slice(2, 8)}`, endon: day(-30), duedate, state, updatectr: 1, createon: sqlDateTime() };
    const [inserted] = dialect === 'mysql' ? await t.database.db('formbatch').insert(row) : await t.database.db('formbatch').insert(row).returning('id');
    const id = Number(typeof inserted === 'object' ? (inserted as { id: number }).id : inserted);
    await bumpVersions(t.database.db, ['formbatch']);
    return { id, duedate };
  }

  const READ = ['id', 'updatectr', 'state', 'state_name_ind_field', 're', 'formbatch', 'duedate', 'extenddate', 'extenddaterecommend', 'extenddateapprv', 'paymenttype', 'receiptno', 'paymentdate', 'reason', 'recommend', 'recommendby', 'recommenddate', 'actionby', 'approvaldate', 'refund', 'refundamount', 'refundapprv', 'refundamtapprv', 'refundcomplete', 'description2', 'createby', 'formbatch_duedate'];

  /** What the entity reads: never the recommendation (staff-only fields of Extension). */
  const READ_RE = READ.filter((f) => !['extenddaterecommend', 'reason', 'recommend', 'recommendby', 'recommenddate', 'refund', 'refundamount'].includes(f));

  const ask = (formbatch: number, extenddate: string, more: Record<string, unknown> = {}, cookie = re) =>
    t.call('Record.create', [{ module: 'RE-Extension', fields: ['formbatch', 'description', 'extenddate', 'paymenttype', ...Object.keys(more)], values: [formbatch, 'Our auditors need two more weeks', extenddate, CHEQUE, ...Object.values(more)], read: READ_RE }], cookie);
  const change = (module: string, request: Row, values: Record<string, unknown>, cookie: string) =>
    t.call('Record.update', [{ module, fields: ['id', 'updatectr', ...Object.keys(values)], values: [request.id, request.updatectr, ...Object.values(values)], read: module === 'RE-Extension' ? READ_RE : READ }], cookie);
  const recommend = (request: Row, values: Record<string, unknown>, cookie = iru) => change('Extension', request, values, cookie);

  async function upload(cookie: string, extension: number, name: string, bytes: Buffer, type: string): Promise<EnvelopeValue[]> {
    const form = new FormData();
    form.set('action', 'Record.uploadFile');
    form.set('a0', JSON.stringify(['module', 'fk_extension']));
    form.set('a1', JSON.stringify(['Extension_Reference', extension]));
    form.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
    const request = new Request('http://localhost/process', { method: 'POST', body: form });
    const res = await t.engine.app.inject({ method: 'POST', url: '/process', headers: { cookie, 'content-type': request.headers.get('content-type')! }, payload: Buffer.from(await request.arrayBuffer()) });
    return decodeXml(res.body);
  }

  const mailsTo = async (type: number, since: number) => t.database.db('email_outbox').where('id', '>', since).andWhere({ type }).pluck('recipient');
  const lastMail = async () => Number((await t.database.db('email_outbox').max({ m: 'id' }).first())?.m ?? 0);

  /** A request of the entity, Paid on creation, its PDF proof uploaded after it. */
  async function paidRequest(dueIn = 20): Promise<{ request: Row; batch: { id: number; duedate: string } }> {
    const b = await batch(dueIn);
    const made = readBack(await ask(b.id, day(dueIn + 14)));
    expect(readBack(await upload(re, Number(made.id), 'slip.pdf', PDF, 'application/pdf')).name).toBe('slip.pdf');
    return { request: made, batch: b };
  }

  it('walks a request end to end: the entity asks and pays (Paid on creation), the regulator recommends and approves, the batch is due on the approved date', async () => {
    const b = await batch(20);
    const wanted = day(34);
    const mark = await lastMail();
    const paid = readBack(await ask(b.id, wanted));
    const made = paid;
    expect(paid).toMatchObject({ state: S.paid, re: ENTITY, formbatch: b.id, createby: reUserId });
    expect(paid.paymentdate).toBeTruthy();
    expect(dayOf(paid.duedate)).toBe(b.duedate);
    const iruMail = String((await t.database.db('user').where({ id: iruUserId }).first('email')).email);
    expect(await mailsTo(MAIL_TYPES.PENDING_RECOMMENDATION, mark)).toContain(iruMail);
    // The proof follows the request; the regulator cannot recommend before it is there.
    expect(failure(await recommend(paid, { state: S.recommended, reason: REASON, refund: 0 })).message).toBe(EXTENSION_REFUSALS.noProof);
    expect(readBack(await upload(re, Number(made.id), 'slip.pdf', PDF, 'application/pdf')).contenttype).toBe('application/pdf');

    const noReason = failure(await recommend(paid, { state: S.recommended }));
    expect(noReason).toMatchObject({ code: 'E_VALIDATION', message: EXTENSION_MESSAGES.reason, details: { reason: EXTENSION_MESSAGES.reason } });
    const mark2 = await lastMail();
    const recommended = readBack(await recommend(paid, { state: S.recommended, reason: REASON, refund: 0 }));
    expect(recommended).toMatchObject({ state: S.recommended, recommend: 1, recommendby: iruUserId, reason: REASON, refund: 0, refundamount: null });
    expect(dayOf(recommended.extenddaterecommend)).toBe(wanted);
    expect(recommended.recommenddate).toBeTruthy();
    expect(await mailsTo(MAIL_TYPES.RECOMMENDED, mark2)).toContain(iruMail);

    // The entity sees the request as In Progress (-1), and finds it under that filter value.
    const seen = await select(t, re, { module: 'RE-Extension', fields: ['id', 'state', 'state_name_ind_field'], where: [['id', '=', made.id]] });
    expect(seen.rows[0]).toMatchObject({ state: -1, state_name_ind_field: 'In Progress' });
    expect((await select(t, re, { module: 'RE-Extension', fields: ['id'], where: [['state', '=', -1], ['id', '=', made.id]] })).total).toBe(1);
    expect((await select(t, re, { module: 'RE-Extension', fields: ['id'], where: [['state', 'in', [-1, S.paid]], ['id', '=', made.id]] })).total).toBe(1);
    expect((await select(t, re, { module: 'RE-Extension', fields: ['id'], where: [['state', '!=', -1], ['id', '=', made.id]] })).total).toBe(0);
    // The regulator's module has no grouped states: -1 is just a state no row is in.
    expect((await select(t, iru, { module: 'Extension', fields: ['id'], where: [['state', '=', -1], ['id', '=', made.id]] })).total).toBe(0);
    expect((await select(t, iru, { module: 'Extension', fields: ['id', 'state'], where: [['id', '=', made.id]] })).rows[0].state).toBe(S.recommended);

    const mark3 = await lastMail();
    const approved = readBack(await change('Extension', recommended, { state: S.approved, description2: 'Granted as recommended' }, iru));
    expect(approved).toMatchObject({ state: S.approved, actionby: iruUserId, refundapprv: 0, description2: 'Granted as recommended' });
    expect(dayOf(approved.extenddateapprv)).toBe(wanted);
    expect(approved.approvaldate).toBeTruthy();
    const reMail = String((await t.database.db('user').where({ id: reUserId }).first('email')).email);
    expect(await mailsTo(MAIL_TYPES.APPROVED, mark3)).toEqual([reMail]);

    const extended = await select(t, re, { module: 'REFormBatch', fields: ['id', 'duedate', 'originalduedate'], where: [['id', '=', b.id]] });
    expect(dayOf(extended.rows[0].duedate)).toBe(wanted);
    expect(dayOf(extended.rows[0].originalduedate)).toBe(b.duedate);
    expect((await select(t, re, { module: 'RE-Extension', fields: ['state', 'state_name_ind_field', 'formbatch_duedate'], where: [['id', '=', made.id]] })).rows[0]).toMatchObject({ state: S.approved, state_name_ind_field: 'Approved' });
    // The late rule reads the moved date: a notice may be sent only from the new due date + 2 days.
    const late = failure(await t.call('FormBatch.lateNotify', [{ id: b.id }], iru));
    expect(late.code).toBe('E_VALIDATION');
    expect(late.message).toContain(`due on ${wanted}`);
  });

  it('approves a date other than the requested one and keeps the first original due date over two extensions', async () => {
    const { request, batch: b } = await paidRequest(20);
    const recommended = readBack(await recommend(request, { state: S.recommended, reason: REASON, extenddaterecommend: day(28) }));
    expect(dayOf(recommended.extenddaterecommend)).toBe(day(28));
    const approved = readBack(await change('Extension', recommended, { state: S.approved, extenddateapprv: day(30) }, iru));
    expect(dayOf(approved.extenddateapprv)).toBe(day(30));
    const second = readBack(await ask(b.id, day(40)));
    expect(dayOf(second.duedate)).toBe(day(30));
    readBack(await upload(re, Number(second.id), 'slip2.pdf', PDF, 'application/pdf'));
    const rec2 = readBack(await recommend(second, { state: S.recommended, reason: REASON }));
    readBack(await change('Extension', rec2, { state: S.approved }, iru));
    const row = await t.database.db('formbatch').where({ id: b.id }).first('duedate', 'originalduedate');
    expect(dayOf(row.duedate)).toBe(day(40));
    expect(dayOf(row.originalduedate)).toBe(b.duedate);
  });

  it('pays by reference number for type 1100483 without a file, and refuses it without the number', async () => {
    const b = await batch(20);
    const refused = failure(await t.call('Record.create', [{ module: 'RE-Extension', fields: ['formbatch', 'description', 'extenddate', 'paymenttype', 'state'], values: [b.id, 'Late audit', day(25), REFERENCE, S.paid] }], re));
    expect(refused).toMatchObject({ code: 'E_VALIDATION', message: EXTENSION_MESSAGES.reference });
    const made = readBack(await t.call('Record.create', [{ module: 'RE-Extension', fields: ['formbatch', 'description', 'extenddate', 'paymenttype', 'receiptno', 'state'], values: [b.id, 'Late audit', day(25), REFERENCE, 'FPX-2026-0042', S.paid], read: READ_RE }], re));
    expect(made).toMatchObject({ state: S.paid, paymenttype: REFERENCE, receiptno: 'FPX-2026-0042' });
    expect(made.paymentdate).toBeTruthy();
  });

  it('refuses a proof that is not a PDF and a missing payment method with the seed\'s messages, and takes proofs only until the recommendation', async () => {
    const b = await batch(20);
    const made = readBack(await ask(b.id, day(30)));
    const text = failure(await upload(re, Number(made.id), 'slip.txt', Buffer.from('not a pdf'), 'text/plain'));
    expect(text).toMatchObject({ code: 'E_VALIDATION', message: EXTENSION_MESSAGES.pdf });
    const noMethod = failure(await t.call('Record.create', [{ module: 'RE-Extension', fields: ['formbatch', 'description', 'extenddate'], values: [b.id, 'x', day(30)] }], re));
    expect(noMethod).toMatchObject({ code: 'E_VALIDATION', details: { paymenttype: EXTENSION_MESSAGES.method } });
    const badMethod = failure(await t.call('Record.create', [{ module: 'RE-Extension', fields: ['formbatch', 'description', 'extenddate', 'paymenttype'], values: [b.id, 'x', day(30), REASON] }], re));
    expect(badMethod.code).toBe('E_VALIDATION');
    // Paid: the request no longer changes; proofs are added until the recommendation, not after.
    expect(failure(await change('RE-Extension', made, { extenddate: day(45) }, re)).code).toBe('E_VALIDATION');
    readBack(await upload(re, Number(made.id), 'slip.pdf', PDF, 'application/pdf'));
    readBack(await recommend(made, { state: S.recommended, reason: REASON }));
    expect(failure(await upload(re, Number(made.id), 'late.pdf', PDF, 'application/pdf')).code).toBe('E_STATETRANSITION');
  });

  it('refuses an extension date before the day after the due date, and ineligible batches', async () => {
    const b = await batch(20);
    const early = failure(await ask(b.id, b.duedate));
    expect(early).toMatchObject({ code: 'E_VALIDATION', details: { extenddate: EXTENSION_REFUSALS.dateAfterDue(b.duedate) } });
    expect(readBack(await ask(b.id, day(21))).state).toBe(S.paid);
    // One request in progress per batch.
    expect(failure(await ask(b.id, day(25))).message).toBe(EXTENSION_REFUSALS.inProgress);
    // Due in fewer than three days.
    const soon = await batch(2);
    expect(failure(await ask(soon.id, day(10))).message).toBe(EXTENSION_REFUSALS.notEligible);
    const justInTime = await batch(3);
    expect(readBack(await ask(justInTime.id, day(10))).state).toBe(S.paid);
    // Submitted, Completed and Ready batches may not be extended; Incomplete and New may.
    for (const state of [56, 71, 55]) expect(failure(await ask((await batch(20, state)).id, day(30))).message).toBe(EXTENSION_REFUSALS.notEligible);
    for (const state of [75, 54]) expect(readBack(await ask((await batch(20, state)).id, day(30))).state).toBe(S.paid);
    // Another entity's batch reads as one that does not exist.
    const theirs = await batch(20, 13, OTHER_ENTITY);
    expect(failure(await ask(theirs.id, day(30)))).toEqual(failure(await ask(987654, day(30))));
    expect(failure(await ask(theirs.id, day(30))).message).toBe('Submission not found.');
    expect(failure(await ask(theirs.id, day(30), { re: OTHER_ENTITY })).code).toBe('E_NOPERMISSION');
  });

  it('refuses recommend and approve moves to users without their permission, naming it, and keeps the entity to paying', async () => {
    const { request } = await paidRequest();
    // The entity cannot recommend: its variant only pays.
    expect(failure(await change('RE-Extension', request, { state: S.recommended, reason: REASON }, re)).code).toMatch(/E_STATETRANSITION|E_VALIDATION|E_INVALIDFIELD/);
    expect(failure(await change('RE-Extension', request, { state: S.recommended }, re)).code).toBe('E_STATETRANSITION');
    expect(failure(await change('Extension', request, { state: S.recommended, reason: REASON }, re)).code).toBe('E_NOPERMISSION');
    // Approve cannot skip the recommendation.
    expect(failure(await change('Extension', request, { state: S.approved }, iru)).code).toBe('E_STATETRANSITION');
    const recommended = readBack(await recommend(request, { state: S.recommendReject, reason: REASON, refund: 1, refundamount: 150 }));
    expect(recommended).toMatchObject({ recommend: 0, refund: 1, refundamount: '150.00' });
    const task = await t.database.db('permissiontasks').where({ name: 'Extension.action.approve' }).first('id');
    await t.database.db('role_permissiontasks').where({ link_fk_role: IRU_ROLE, link_fk_permissiontasks: task.id }).delete();
    await bumpVersions(t.database.db, ['role_permissiontasks']);
    try {
      const refused = failure(await change('Extension', recommended, { state: S.approved }, iru));
      expect(refused.code).toBe('E_NOPERMISSION');
      expect(refused.message).toContain('Extension.action.approve');
    } finally {
      await t.database.db('role_permissiontasks').insert({ link_fk_role: IRU_ROLE, link_fk_permissiontasks: task.id });
      await bumpVersions(t.database.db, ['role_permissiontasks']);
    }
    const rejected = readBack(await change('Extension', recommended, { state: S.rejected, description2: 'Not justified', refundapprv: 1 }, iru));
    expect(rejected).toMatchObject({ state: S.rejected, extenddateapprv: null, refundapprv: 1, refundamtapprv: '150.00', actionby: iruUserId });
    const b = await t.database.db('formbatch').where({ id: request.formbatch }).first('duedate', 'originalduedate');
    expect(b.originalduedate).toBeNull();
    // The refund-completed flag toggles once the refund is approved.
    const done = readBack(await change('Extension', rejected, { refundcomplete: 1 }, iru));
    expect(done.refundcomplete).toBe(1);
    const back = readBack(await change('Extension', done, { refundcomplete: 0 }, iru));
    expect(back.refundcomplete).toBe(0);
    expect(failure(await change('RE-Extension', back, { refundcomplete: 1 }, re)).code).toBe('E_VALIDATION');
  });

  it('refuses recommended and approved dates that are not after today or do not extend the batch, and decision fields outside their move', async () => {
    const { request, batch: b } = await paidRequest(20);
    expect(failure(await recommend(request, { state: S.recommended, reason: REASON, extenddaterecommend: day(0) })).message).toBe(EXTENSION_REFUSALS.dateAfterToday);
    expect(failure(await recommend(request, { state: S.recommended, reason: REASON, extenddaterecommend: b.duedate })).message).toBe(EXTENSION_REFUSALS.dateAfterDue(b.duedate));
    expect(failure(await recommend(request, { state: S.recommended, reason: REASON, refund: 1 })).message).toBe(EXTENSION_REFUSALS.refundAmount);
    expect(failure(await recommend(request, { extenddaterecommend: day(25) })).code).toBe('E_VALIDATION');
    expect(failure(await recommend(request, { extenddateapprv: day(25) })).code).toBe('E_VALIDATION');
    const recommended = readBack(await recommend(request, { state: S.recommended, reason: REASON }));
    expect(failure(await change('Extension', recommended, { state: S.approved, extenddateapprv: day(-1) }, iru)).message).toBe(EXTENSION_REFUSALS.dateAfterToday);
  });

  it('keeps each entity to its own requests and proofs', async () => {
    const { request } = await paidRequest();
    expect((await select(t, re2, { module: 'RE-Extension', fields: ['id'], where: [['id', '=', request.id]] })).total).toBe(0);
    expect((await select(t, re2, { module: 'Extension_Reference', fields: ['id'], where: [['fk_extension', '=', request.id]] })).total).toBe(0);
    expect((await select(t, re, { module: 'Extension_Reference', fields: ['id'], where: [['fk_extension', '=', request.id]] })).total).toBe(1);
    // A proof for another entity's request: the request is not found, as one that does not exist.
    expect(failure(await upload(re2, Number(request.id), 'x.pdf', PDF, 'application/pdf'))).toEqual({ code: 'E_NOTFOUND', message: `RE-Extension #${request.id} not found.` });
    expect(failure(await upload(re2, 987654, 'x.pdf', PDF, 'application/pdf'))).toEqual({ code: 'E_NOTFOUND', message: 'RE-Extension #987654 not found.' });
  });

  it('seeds demo requests: entity 2 sees its recommended one In Progress, the regulator sees it Recommended', async () => {
    const theirs = await select(t, re2, { module: 'RE-Extension', fields: ['id', 'state', 'state_name_ind_field', 'receiptno'], where: [['receiptno', '=', 'FPX-DEMO-0002']] });
    expect(theirs.rows).toEqual([expect.objectContaining({ state: -1, state_name_ind_field: 'In Progress' })]);
    const all = await select(t, iru, { module: 'Extension', fields: ['state', 'receiptno', 'formbatch', 'formbatch_originalduedate'], where: [['receiptno', 'like', 'FPX-DEMO-%']], order: 'receiptno asc' });
    expect(all.rows.map((r) => r.state)).toEqual([S.rejected, S.paid, S.recommended]);
    // No demo request is approved: the demo submissions keep their own due dates.
    expect(all.rows.map((r) => r.formbatch_originalduedate)).toEqual([null, null, null]);
  });

  it('counts requests in the dashboards\' extension series', async () => {
    const month = sqlDate().slice(0, 7);
    const json = (v: EnvelopeValue[]) => JSON.parse((v[0] as { text: string }).text) as Record<string, { month: string; value: number }[]>;
    const before = json(await t.call('IRU.getDashboard', [{ dt: month }], iru));
    const reBefore = json(await t.call('RE.getDashboard', [{ dt: month }], re));
    await paidRequest();
    const after = json(await t.call('IRU.getDashboard', [{ dt: month }], iru));
    const reAfter = json(await t.call('RE.getDashboard', [{ dt: month }], re));
    const of = (d: typeof before, key: string) => d[key].find((p) => p.month === month)?.value ?? 0;
    expect(of(after, 'total_extension')).toBe(of(before, 'total_extension') + 1);
    expect(of(after, 'outstanding_extension')).toBe(of(before, 'outstanding_extension') + 1);
    expect(of(reAfter, 'extension')).toBe(of(reBefore, 'extension') + 1);
  });
});
