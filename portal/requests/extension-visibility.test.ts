// What an entity reads of its extension requests, on every dialect (seed 003 §4.2;
// docs/resubmission-extension.md "What the entity reads"): never the regulator's recommendation
// (its reason, dates, refund, who and when) by any channel (Record.select fields, conditions and
// sorts, default columns, the state history, list exports), nor which of the in-progress states a
// request is in; the decision once published (Approved or Rejected). Staff read everything. The
// request is Paid on creation; its proofs are the entity's to add or withdraw while it is with
// the entity (Pending Payment, or Paid before the recommendation), and not after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { failure, ok, readBack, select, type Row } from '../../engine/testing/record-calls.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { sqlDate, sqlDateTime } from '../../engine/db/clock.js';
import { decodeXml, recordsetObjects, type EnvelopeValue, type RecordsetValue } from '../../engine/protocol/envelope.js';
import { JobWorker } from '../../engine/jobs/job-worker.js';
import { download, finished, readSheet, submitExport } from '../../engine/jobs/testing/export-kit.js';
import { EXTENSION_MESSAGES, EXTENSION_REFUSALS } from './extension-rules.js';

const ENTITY = 1;
const S = { pendingPayment: 25, paid: 31, recommended: 65, recommendReject: 70, approved: 66, rejected: 23, inProgress: -1 } as const;
const CHEQUE = 1100481;
const REASON = 101001;
/** The recommendation: the regulator's staff's only. */
const RECOMMENDATION = ['recommend', 'recommendby', 'recommendby_name_ind_field', 'recommenddate', 'extenddaterecommend', 'reason', 'reason_name_ind_field', 'refund', 'refundamount'];
/** The decision: the entity's to read once published, empty before. */
const DECISION = ['extenddateapprv', 'description2', 'refundapprv', 'refundamtapprv', 'actionby', 'actionby_name_ind_field', 'approvaldate'];

const day = (days: number) => sqlDate(new Date(Date.now() + days * 86_400_000));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

describe.each(await testDialects())('what an entity reads of its extension requests on %s', (dialect) => {
  let t: TestEngine;
  let re: string;
  let iru: string;
  let iruUserId: number;
  let worker: JobWorker;

  beforeAll(async () => {
    t = await startTestEngine(dialect, { JOB_CONCURRENCY: '0' });
    worker = new JobWorker({ services: t.engine.services, concurrency: 1, pollMs: 3_600_000, leaseMs: 60_000, maxAttempts: 3, keepHours: 24 });
    re = await t.sessionFor('re', ENTITY);
    iru = await t.sessionFor('iru');
    iruUserId = Number((await t.database.db('user').where({ userid: 'iru' }).first('id')).id);
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  async function batch(): Promise<number> {
    const row = { re: ENTITY, name: `Visibility test ${Math.random().toString(36).slice(2, 8)}`, endon: day(-30), duedate: day(20), state: 13, updatectr: 1, createon: sqlDateTime() };
    const [inserted] = dialect === 'mysql' ? await t.database.db('formbatch').insert(row) : await t.database.db('formbatch').insert(row).returning('id');
    await bumpVersions(t.database.db, ['formbatch']);
    return Number(typeof inserted === 'object' ? (inserted as { id: number }).id : inserted);
  }
  const ask = async (): Promise<Row> =>
    readBack(await t.call('Record.create', [{ module: 'RE-Extension', fields: ['formbatch', 'description', 'extenddate', 'paymenttype', 'state'], values: [await batch(), 'Our auditors need two more weeks', day(34), CHEQUE, S.paid], read: ['id', 'updatectr', 'state', 'paymentdate'] }], re));
  const staffRow = async (id: unknown) => (await select(t, iru, { module: 'Extension', fields: ['id', 'updatectr', 'state', ...RECOMMENDATION, ...DECISION], where: [['id', '=', id]] })).rows[0];
  const move = async (id: unknown, values: Record<string, unknown>) => {
    const r = await staffRow(id);
    return readBack(await t.call('Record.update', [{ module: 'Extension', fields: ['id', 'updatectr', ...Object.keys(values)], values: [r.id, r.updatectr, ...Object.values(values)], read: ['id', 'state'] }], iru));
  };
  const entitySelect = (args: Record<string, unknown>) => t.call('Record.select', [{ module: 'RE-Extension', ...args }], re);

  async function upload(cookie: string, extension: unknown, name: string, bytes: Buffer, type: string): Promise<EnvelopeValue[]> {
    const form = new FormData();
    form.set('action', 'Record.uploadFile');
    form.set('a0', JSON.stringify(['module', 'fk_extension']));
    form.set('a1', JSON.stringify(['Extension_Reference', extension]));
    form.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
    const request = new Request('http://localhost/process', { method: 'POST', body: form });
    const res = await t.engine.app.inject({ method: 'POST', url: '/process', headers: { cookie, 'content-type': request.headers.get('content-type')! }, payload: Buffer.from(await request.arrayBuffer()) });
    return decodeXml(res.body);
  }
  const proofsOf = async (id: unknown) => (await select(t, re, { module: 'Extension_Reference', fields: ['id', 'updatectr', 'name'], where: [['fk_extension', '=', id]], order: 'id asc' })).rows;
  const withdraw = (proof: Row, cookie = re) => t.call('Record.delete', [{ module: 'Extension_Reference', fields: ['id', 'updatectr'], values: [proof.id, proof.updatectr] }], cookie);

  it('never gives the entity the recommendation or which in-progress state a request is in, by field, condition, sort, default columns, state history or export, while staff read it all', async () => {
    const made = await ask();
    readBack(await upload(re, made.id, 'slip.pdf', PDF, 'application/pdf'));
    await move(made.id, { state: S.recommendReject, reason: REASON, refund: 1, refundamount: 150 });

    // Staff read the recommendation.
    expect(await staffRow(made.id)).toMatchObject({ state: S.recommendReject, recommend: 0, recommendby: iruUserId, reason: REASON, refund: 1, refundamount: '150.00' });
    // The entity: no such fields, as columns or conditions.
    for (const field of RECOMMENDATION) {
      expect(failure(await entitySelect({ fields: ['id', field], where: [['id', '=', made.id]] })).code, field).toBe('E_INVALIDFIELD');
      expect(failure(await entitySelect({ fields: ['id'], where: [[field, 'is not null']] })).code, field).toBe('E_INVALIDFIELD');
    }
    const plain = recordsetObjects(ok(await entitySelect({ where: [['id', '=', made.id]] }))[0] as RecordsetValue)[0];
    for (const field of RECOMMENDATION) expect(plain, field).not.toHaveProperty(field);
    expect(plain).toMatchObject({ state: S.inProgress, state_name_ind_field: 'In Progress' });
    // Before the decision is published its fields hold nothing, for anyone.
    const early = (await select(t, re, { module: 'RE-Extension', fields: ['id', ...DECISION], where: [['id', '=', made.id]] })).rows[0];
    for (const field of DECISION) expect(early[field], field).toBeNull();

    // Conditions on the state cannot tell Recommended from Recommend to Reject.
    const ids = async (where: unknown[]) => (await select(t, re, { module: 'RE-Extension', fields: ['id', 'state'], where: [['id', '=', made.id], ...where] })).rows;
    expect(await ids([['state', '=', S.recommendReject]])).toEqual([{ id: made.id, state: S.inProgress }]);
    expect(await ids([['state', '=', S.recommended]])).toEqual([{ id: made.id, state: S.inProgress }]);
    expect(await ids([['state', 'not in', [S.recommended]]])).toEqual([]);
    expect(failure(await entitySelect({ fields: ['id'], where: [['state', '>', S.recommended]] })).code).toBe('E_INVALIDOPERATOR');
    expect(failure(await entitySelect({ fields: ['id'], where: [['state', 'between', [S.recommended, S.approved]]] })).code).toBe('E_INVALIDOPERATOR');
    expect(failure(await entitySelect({ fields: ['id'], where: [['state_name_ind_field', '=', 'Recommend to Reject']] })).code).toBe('E_INVALIDOPERATOR');
    // A sort by state is left out (it would order the two apart); the rows still come.
    expect((await select(t, re, { module: 'RE-Extension', fields: ['id'], where: [['id', '=', made.id]], order: 'state desc' })).rows).toEqual([{ id: made.id }]);
    // Staff filter by the real states.
    expect((await select(t, iru, { module: 'Extension', fields: ['id'], where: [['id', '=', made.id], ['state', '=', S.recommended]] })).rows).toEqual([]);

    // The state history: the move into In Progress, without who made it or why.
    const history = (who: string, module: string) => t.call('StateManagement.getHistory', [{ module, id: Number(made.id) }], who).then((v) => recordsetObjects(ok(v)[0] as RecordsetValue));
    const seen = await history(re, 'RE-Extension');
    expect(seen.map((h) => h.to_state)).not.toContain(S.recommendReject);
    const into = seen.find((h) => h.to_state === S.inProgress)!;
    expect(into).toMatchObject({ from_state: S.paid, to_state_name_ind_field: 'In Progress', createby: null, createby_name_ind_field: null, reason: null });
    const real = await history(iru, 'Extension');
    expect(real.find((h) => h.to_state === S.recommendReject)).toMatchObject({ from_state: S.paid, createby: iruUserId });

    // The entity's export: the same columns and the same grouped state; the recommendation cannot be asked for.
    expect(failure(await t.call('Job.ExportListExcel.submit', [{ module: 'RE-Extension', fields: ['id', 'refundamount'], where: [['id', '=', made.id]] }], re)).code).toBe('E_INVALIDFIELD');
    const job = await submitExport(t, re, { module: 'RE-Extension', fields: ['id', 'state', 'state_name_ind_field'], where: [['id', '=', made.id]] });
    expect(await worker.drain()).toBe(1);
    expect((await finished(t, re, job)).status).toBe('done');
    const sheet = await readSheet((await download(t, `/out/${job}.xlsx`, re)).rawPayload, [{ name: 'id', type: 'integer' }, { name: 'state', type: 'integer' }, { name: 'state_name_ind_field', type: 'string' }] as never, {});
    expect(sheet.rows.map((r) => r.map(String))).toEqual([[String(made.id), String(S.inProgress), 'In Progress']]);
  });

  it('shows the entity the decision once published, and still not the recommendation', async () => {
    const made = await ask();
    readBack(await upload(re, made.id, 'slip.pdf', PDF, 'application/pdf'));
    await move(made.id, { state: S.recommended, reason: REASON, refund: 1, refundamount: 80 });
    await move(made.id, { state: S.approved, description2: 'Granted as recommended' });
    const row = (await select(t, re, { module: 'RE-Extension', fields: ['id', 'state', 'state_name_ind_field', ...DECISION], where: [['id', '=', made.id]] })).rows[0];
    expect(row).toMatchObject({ state: S.approved, state_name_ind_field: 'Approved', extenddateapprv: day(34), description2: 'Granted as recommended', refundapprv: 1, refundamtapprv: '80.00', actionby: iruUserId });
    expect(row.approvaldate).toBeTruthy();
    expect(failure(await entitySelect({ fields: ['id', 'refundamount'], where: [['id', '=', made.id]] })).code).toBe('E_INVALIDFIELD');
    const history = recordsetObjects(ok(await t.call('StateManagement.getHistory', [{ module: 'RE-Extension', id: Number(made.id) }], re))[0] as RecordsetValue);
    expect(history.map((h) => [h.from_state, h.to_state])).toEqual(expect.arrayContaining([[S.paid, S.inProgress], [S.inProgress, S.approved]]));
    expect(history.find((h) => h.to_state === S.approved)).toMatchObject({ createby: iruUserId });
  });

  it('creates the request Paid; the entity adds and withdraws proofs while it is with the entity, keeps one, and may not after the recommendation', async () => {
    const made = await ask();
    expect(made).toMatchObject({ state: S.paid });
    expect(made.paymentdate).toBeTruthy();
    readBack(await upload(re, made.id, 'wrong.pdf', PDF, 'application/pdf'));
    // The only proof of a request paid by cheque stays until another is there.
    const [wrong] = await proofsOf(made.id);
    expect(failure(await withdraw(wrong))).toMatchObject({ code: 'E_VALIDATION', message: EXTENSION_MESSAGES.proof });
    readBack(await upload(re, made.id, 'right.pdf', PDF, 'application/pdf'));
    ok(await withdraw(wrong));
    expect((await proofsOf(made.id)).map((p) => p.name)).toEqual(['right.pdf']);
    // Staff may not withdraw an entity's proof.
    const [right] = await proofsOf(made.id);
    expect(failure(await withdraw(right, iru)).code).toBe('E_NOPERMISSION');
    // After the recommendation the proofs are the regulator's evidence: none added or withdrawn.
    readBack(await upload(re, made.id, 'extra.pdf', PDF, 'application/pdf'));
    await move(made.id, { state: S.recommended, reason: REASON });
    const [first] = await proofsOf(made.id);
    expect(failure(await withdraw(first))).toMatchObject({ code: 'E_STATETRANSITION', message: EXTENSION_REFUSALS.proofState });
    expect(failure(await upload(re, made.id, 'late.pdf', PDF, 'application/pdf')).code).toBe('E_STATETRANSITION');
    expect((await proofsOf(made.id)).length).toBe(2);
  });

  it('refuses the recommendation of a request paid by cheque whose proof never came', async () => {
    const made = await ask();
    const r = await staffRow(made.id);
    expect(failure(await t.call('Record.update', [{ module: 'Extension', fields: ['id', 'updatectr', 'state', 'reason'], values: [r.id, r.updatectr, S.recommended, REASON] }], iru))).toMatchObject({ code: 'E_VALIDATION', message: EXTENSION_REFUSALS.noProof });
  });
});
