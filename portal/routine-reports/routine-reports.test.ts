// Routine reports on every dialect (seed 003 §2.6, §4.5, §5, §7; docs/routine-reports-peoi.md):
// the author writes a report, replies on its thread (text → Responded; report and validation
// files → Pending Recommendation), the head of unit recommends (or returns it), the head of
// department approves, and publishing makes the bulletin once. Every move is refused to a role
// that may not make it, and leaves a state history and audit row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { failure, readBack, select, type Row } from '../../engine/testing/record-calls.js';
import { addStaffUser } from '../../engine/testing/staff-users.js';
import { decodeXml, type EnvelopeValue } from '../../engine/protocol/envelope.js';
import { MAIL_TYPES } from '../../engine/mail/mail-types.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { ROUTINE_MESSAGES, ROUTINE_STATE as S } from './routine-report-rules.js';

const SECTOR = 1;
const TEMPLATE = 1;
const HEAD_OF_UNIT = 21;
const HEAD_OF_DEPARTMENT = 20;

const REPORT = {
  bulletintmpl: TEMPLATE,
  name: 'Monthly deposits statistics',
  subjectarea: 'Deposits',
  stakeholders: 'external',
  publication: 'yes',
  periodicity: 'monthly',
  noofre: '12',
  submissiondue: '2026-12-31 23:59:59.0',
  preceedingamt: 'RM 1.2 bn',
  submissionlevel: '85%',
  majorcontribute: 'Bank A & Bank B',
  trend: 'Deposits rose <3% month on month',
  accuracylevel: 'High',
  insight: 'Savings deposits drove the growth.',
  disseminationdeadline: '2027-01-15',
  typeofre: 'Commercial banks',
};

describe.each(await testDialects())('routine reports on %s', (dialect) => {
  let t: TestEngine;
  let iru: string;
  let hou: string;
  let hod: string;
  let re: string;
  let iruId: number;
  let houId: number;
  let hodId: number;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    houId = await addStaffUser(t, 'hou', [HEAD_OF_UNIT]);
    hodId = await addStaffUser(t, 'hod', [HEAD_OF_DEPARTMENT]);
    iru = await t.sessionFor('iru');
    hou = await t.sessionFor('hou');
    hod = await t.sessionFor('hod');
    re = await t.sessionFor('re', 1);
    iruId = Number((await t.database.db('user').where({ userid: 'iru' }).first('id')).id);
  });
  afterAll(async () => t?.close());

  const READ = ['id', 'updatectr', 'state', 'submissiondue', 'submissionlevel', 'noofre', 'houremark', 'houdate', 'houstatus', 'recommendby', 'hodremark', 'hoddate', 'hodstatus', 'actionby', 'bulletin', 'publishdate', 'respondedon', 'createby'];
  const read = async (id: number): Promise<Row> => (await select(t, iru, { module: 'RoutineRpt', fields: READ, where: [['id', '=', id]] })).rows[0];
  const save = (values: Record<string, unknown>, cookie = iru) => t.call('RoutineRpt.save', [values], cookie);
  const reply = (id: number, message: string, cookie = iru) => t.call('RoutineRpt.reply', [{ id, message }], cookie);
  const decide = (action: string, report: Row, decision: string, remark?: string, cookie = hou) =>
    t.call(action, [{ id: report.id, updatectr: report.updatectr, decision, ...(remark === undefined ? {} : { remark }) }], cookie);

  async function upload(cookie: string, message: number, description: string): Promise<EnvelopeValue[]> {
    const form = new FormData();
    form.set('action', 'Record.uploadFile');
    form.set('a0', JSON.stringify(['module', 'fk_routinerptmsg', 'description']));
    form.set('a1', JSON.stringify(['RoutineRptMsg_Reference', message, description]));
    form.set('file', new Blob([`${description} figures\n1,2,3\n`], { type: 'text/csv' }), `${description}.csv`);
    const request = new Request('http://localhost/process', { method: 'POST', body: form });
    const res = await t.engine.app.inject({ method: 'POST', url: '/process', headers: { cookie, 'content-type': request.headers.get('content-type')! }, payload: Buffer.from(await request.arrayBuffer()) });
    return decodeXml(res.body);
  }

  const lastMail = async () => Number((await t.database.db('email_outbox').max({ m: 'id' }).first())?.m ?? 0);
  const mailsTo = async (type: number, since: number) => t.database.db('email_outbox').where('id', '>', since).andWhere({ type }).pluck('recipient');
  const history = async (id: number) => (await t.database.db('state_history').where({ module: 'routinerpt', record_id: id }).orderBy('id').select('from_state', 'to_state')).map((r) => [r.from_state === null ? null : Number(r.from_state), Number(r.to_state)]);

  async function newReport(): Promise<number> {
    return Number(readBack(await save({ ...REPORT, sectors: [SECTOR] })).id);
  }

  /** A reply with both files: the report goes to Pending Recommendation. */
  async function replyWithFiles(id: number): Promise<void> {
    const msg = Number(readBack(await reply(id, '<p>Figures attached</p>')).id);
    readBack(await upload(iru, msg, 'report'));
    readBack(await upload(iru, msg, 'validation'));
    expect(readBack(await t.call('RoutineRpt.attach', [{ message: msg }], iru)).state).toBe(S.pendingRecommendation);
  }

  it('creates a report Pending with its sectors, the deadline at the end of its day and the level as a number', async () => {
    const id = await newReport();
    const r = await read(id);
    expect(r).toMatchObject({ state: S.pending, noofre: 12, createby: iruId });
    expect(String(r.submissiondue)).toBe('2026-12-31 23:59:59');
    expect(Number(r.submissionlevel)).toBe(85);
    expect(await t.database.db('routinerpt_sector').where({ link_fk_routinerpt: id }).pluck('link_fk_sector')).toEqual([SECTOR]);
  });

  it("refuses a report without its required fields or sectors with the seed's message, and a level that is not a percentage", async () => {
    const f = failure(await save({ ...REPORT, insight: ' ', trend: '', sectors: [] }));
    expect(f).toMatchObject({ code: 'E_VALIDATION', message: ROUTINE_MESSAGES.required, details: { insight: ROUTINE_MESSAGES.required, trend: ROUTINE_MESSAGES.required, sectors: ROUTINE_MESSAGES.required } });
    expect(failure(await save({ ...REPORT, submissionlevel: 'most', sectors: [SECTOR] })).details).toEqual({ submissionlevel: 'must be a percentage from 0 to 100' });
    expect(failure(await save({ ...REPORT, sectors: [SECTOR] }, re)).code).toBe('E_NOPERMISSION');
  });

  it('edits a Pending report and its sectors; the bulletin template may be left out of an update', async () => {
    const id = await newReport();
    const r = await read(id);
    const { bulletintmpl: _omit, ...rest } = REPORT;
    const saved = readBack(await save({ ...rest, id, updatectr: r.updatectr, name: 'Renamed report', sectors: [SECTOR, 2] }));
    expect(saved.state).toBe(S.pending);
    expect((await t.database.db('routinerpt_sector').where({ link_fk_routinerpt: id }).orderBy('link_fk_sector').pluck('link_fk_sector')).map(Number)).toEqual([SECTOR, 2]);
    // Record.update cannot move the state: only the workflow's actions do.
    const direct = failure(await t.call('Record.update', [{ module: 'RoutineRpt', fields: ['id', 'updatectr', 'state'], values: [id, saved.updatectr, S.approved] }], iru));
    expect(direct).toMatchObject({ code: 'E_VALIDATION', details: { state: 'is read-only' } });
  });

  it("answers a text reply with Responded, refuses an empty one, and refuses a reply's files when only one of the two is there", async () => {
    const id = await newReport();
    expect(failure(await reply(id, '<p><br></p>'))).toMatchObject({ code: 'E_VALIDATION', message: ROUTINE_MESSAGES.replyMessage, details: { message: ROUTINE_MESSAGES.replyMessage } });
    const answer = await reply(id, '<p>Data <b>checked</b><script>alert(1)</script></p>');
    expect(readBack(answer.slice(1)).state).toBe(S.responded);
    const msg = Number(readBack(answer).id);
    const stored = await t.database.db('routinerptmsg').where({ id: msg }).first('message', 'routinerpt', 'hasattachment');
    expect(stored).toMatchObject({ routinerpt: id, hasattachment: 0 });
    expect(String(stored.message)).not.toContain('script');
    expect((await read(id)).respondedon).toBeTruthy();

    const second = Number(readBack(await reply(id, 'Report only')).id);
    readBack(await upload(iru, second, 'report'));
    expect(failure(await t.call('RoutineRpt.attach', [{ message: second }], iru))).toMatchObject({ code: 'E_VALIDATION', message: ROUTINE_MESSAGES.bothFiles });
    expect((await read(id)).state).toBe(S.responded);
    // Another user cannot attach someone else's reply.
    readBack(await upload(iru, second, 'validation'));
    expect(failure(await t.call('RoutineRpt.attach', [{ message: second }], hou)).code).toBe('E_NOPERMISSION');
  });

  it('runs a report from creation to a published bulletin through the author, the head of unit and the head of department', async () => {
    const id = await newReport();
    await reply(id, 'First look at the data');
    let mark = await lastMail();
    await replyWithFiles(id);
    // Every holder of the stage's task is told: the demo's head (seeds/demo-stage-users.ts) and this test's.
    expect((await mailsTo(MAIL_TYPES.PENDING_RECOMMENDATION, mark)).sort()).toEqual(['headofunit@regportal.example', 'hou@regportal.example']);

    // Replying and editing are closed while the report is with the recommenders.
    expect(failure(await reply(id, 'One more thing')).code).toBe('E_STATETRANSITION');
    let r = await read(id);
    expect(failure(await save({ ...REPORT, id, updatectr: r.updatectr, sectors: [SECTOR] })).code).toBe('E_STATETRANSITION');

    // Only the head of unit recommends, and a return needs a remark.
    expect(failure(await decide('RoutineRpt.recommend', r, 'recommend', 'ok', iru))).toMatchObject({ code: 'E_NOPERMISSION', message: 'You do not have permission for RoutineRpt.action.recommend' });
    expect(failure(await decide('RoutineRpt.recommend', r, 'recommend', 'ok', hod)).code).toBe('E_NOPERMISSION');
    expect(failure(await decide('RoutineRpt.approve', r, 'approve', 'ok', hou)).code).toBe('E_NOPERMISSION');
    expect(failure(await decide('RoutineRpt.recommend', r, 'amend', ' '))).toMatchObject({ code: 'E_VALIDATION', details: { remark: ROUTINE_MESSAGES.required } });
    mark = await lastMail();
    readBack(await decide('RoutineRpt.recommend', r, 'amend', 'Please add last year'));
    r = await read(id);
    expect(r).toMatchObject({ state: S.amendment, houremark: 'Please add last year', houstatus: S.amendment, recommendby: houId });
    expect(await mailsTo(MAIL_TYPES.AMENDMENT_REQUIRED, mark)).toEqual(['iru@regportal.example']);
    const amendMail = await t.database.db('email_outbox').where('id', '>', mark).andWhere({ type: MAIL_TYPES.AMENDMENT_REQUIRED }).first('body_text');
    expect(String(amendMail.body_text)).toContain('Please add last year');

    // The author amends (back to Pending) and sends it again.
    const amended = readBack(await save({ ...REPORT, id, updatectr: r.updatectr, trend: 'Up 3% on last year', sectors: [SECTOR] }));
    expect(amended.state).toBe(S.pending);
    await reply(id, 'Amended as asked');
    await replyWithFiles(id);

    r = await read(id);
    mark = await lastMail();
    const recommended = readBack(await decide('RoutineRpt.recommend', r, 'recommend', 'Good to go'));
    expect(recommended.state).toBe(S.recommended);
    r = await read(id);
    expect(r).toMatchObject({ houremark: 'Good to go', houstatus: S.recommended, recommendby: houId });
    expect(r.houdate).toBeTruthy();
    expect((await mailsTo(MAIL_TYPES.RECOMMENDED, mark)).sort()).toEqual(['headofdept@regportal.example', 'hod@regportal.example']);
    expect(failure(await t.call('RoutineReport.publish', [{ id }], iru))).toMatchObject({ code: 'E_STATETRANSITION' });

    mark = await lastMail();
    readBack(await decide('RoutineRpt.approve', r, 'approve', 'Approved for release', hod));
    r = await read(id);
    expect(r).toMatchObject({ state: S.approved, hodremark: 'Approved for release', hodstatus: S.approved, actionby: hodId });
    expect(r.hoddate).toBeTruthy();
    expect(await mailsTo(MAIL_TYPES.APPROVED, mark)).toEqual(['iru@regportal.example']);

    // Two clicks at once: one bulletin, and both answers name it.
    const answers = await Promise.all([t.call('RoutineReport.publish', [{ id }], iru), t.call('RoutineReport.publish', [{ id }], iru)]);
    const [a, b] = answers.map(readBack);
    expect(a.state).toBe(S.published);
    expect(b.bulletin).toBe(a.bulletin);
    const bulletinId = Number(a.bulletin);
    expect(await t.database.db('bulletin').where('name', 'like', '%Monthly deposits statistics').count({ n: '*' }).first()).toMatchObject({ n: expect.anything() });
    expect(Number((await t.database.db('bulletin').where('name', 'Monthly Statistical Bulletin: Monthly deposits statistics').count({ n: '*' }).first())?.n)).toBe(1);
    expect(readBack(await t.call('RoutineReport.publish', [{ id }], iru)).bulletin).toBe(bulletinId);

    // The bulletin is in the bulletin area, for the report's sector, with the findings escaped.
    const bulletin = (await select(t, iru, { module: 'Bulletin', fields: ['id', 'name', 'message', 'state', 'sectorcount'], where: [['id', '=', bulletinId]] })).rows[0];
    expect(bulletin).toMatchObject({ name: 'Monthly Statistical Bulletin: Monthly deposits statistics', state: 33, sectorcount: 1 });
    expect(String(bulletin.message)).toContain('Savings deposits drove the growth.');
    expect(String(bulletin.message)).toContain('Up 3% on last year');
    expect(String(bulletin.message)).toContain('Bank A &amp; Bank B');
    expect((await select(t, re, { module: 'RE-Bulletin', fields: ['id'], where: [['id', '=', bulletinId]] })).total).toBe(1);

    // Every move is in the state history, and every write in the audit.
    expect(await history(id)).toEqual([[null, S.pending], [S.pending, S.responded], [S.responded, S.pendingRecommendation], [S.pendingRecommendation, S.amendment], [S.amendment, S.pending], [S.pending, S.responded], [S.responded, S.pendingRecommendation], [S.pendingRecommendation, S.recommended], [S.recommended, S.approved], [S.approved, S.published]]);
    const audits = await t.database.db('record_audit').where({ module: 'routinerpt', record_id: id }).count({ n: '*' }).first();
    expect(Number(audits?.n)).toBeGreaterThanOrEqual(10);
  });

  it("shows an RE user the reports of its entity's sector only, In Progress (-1) until published, and lets it change nothing", async () => {
    const own = Number(readBack(await save({ ...REPORT, name: 'Sector one report', sectors: [SECTOR] })).id);
    const other = Number(readBack(await save({ ...REPORT, name: 'Sector two report', sectors: [2] })).id);
    const page = await select(t, re, { module: 'RE-RoutineRpt', fields: ['id', 'state', 'state_name_ind_field'], where: [['id', 'in', [own, other]]] });
    expect(page.rows).toEqual([{ id: own, state: -1, state_name_ind_field: 'In Progress' }]);
    expect((await select(t, re, { module: 'RE-RoutineRpt', fields: ['id'], where: [['state', '=', -1], ['id', '=', own]] })).total).toBe(1);
    expect(failure(await t.call('Record.select', [{ module: 'RoutineRpt', fields: ['id'] }], re)).code).toBe('E_NOPERMISSION');
    const r = await read(own);
    expect(failure(await t.call('Record.update', [{ module: 'RE-RoutineRpt', fields: ['id', 'updatectr', 'name'], values: [own, r.updatectr, 'x'] }], re)).code).toBe('E_NOPERMISSION');
  });

  it('lists the overdue reports: deadline passed and not yet approved or published', async () => {
    const id = Number(readBack(await save({ ...REPORT, name: 'Overdue one', submissiondue: '2020-01-31 23:59:59.0', sectors: [SECTOR] })).id);
    const page = await select(t, iru, { module: 'RoutineRpt', fields: ['id'], where: [['$filter', 'overdue', []]] });
    expect(page.rows.map((r) => Number(r.id))).toContain(id);
    expect(page.rows.map((r) => Number(r.id))).not.toContain(await newReport());

    // The sidebar's statistic (roles 21/22): Responded since before the day two days ago.
    const responded = await newReport();
    await reply(responded, 'Looked at it');
    const since = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
    const badge = (before: string) => select(t, hou, { module: 'RoutineRpt', fields: ['id'], where: [['state', '=', S.responded], ['respondedon', '<', before], ['id', '=', responded]] });
    expect((await badge(since(2).slice(0, 10))).total).toBe(0);
    await t.database.db('routinerpt').where({ id: responded }).update({ respondedon: since(3) });
    await bumpVersions(t.database.db, ['routinerpt']);
    expect((await badge(since(2).slice(0, 10))).total).toBe(1);
  });
});
