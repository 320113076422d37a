// Non-compliance (PEOI) cases on every dialect (seed 003 §2.7, §4.6, §5, §6, §7;
// docs/routine-reports-peoi.md): the regulator opens a period's cases from its late batches
// (once), IRU, the head of unit and the PEOI officer each decide in their stage, the officer
// issues (reason 10086 only) and generates the show-cause letter, whose PDF text holds the
// entity's address, the section and the officer; a retract; every move refused to the others.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { failure, readBack, select, type Row } from '../../engine/testing/record-calls.js';
import { addStaffUser } from '../../engine/testing/staff-users.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { sqlDate, sqlDateTime } from '../../engine/db/clock.js';
import { DASHED_LINE, PEOI_MESSAGES as M, PEOI_STATE as S } from './peoi-rules.js';

const PERIOD = '2023-06-30';
const OTHER_PERIOD = '2023-05-31';
const STAFF_REASON = 587001;
const OFFICER_EXCLUDE = 617001;

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
const day = (days: number) => sqlDate(new Date(Date.now() + days * 86_400_000));

describe.each(await testDialects())('PEOI cases on %s', (dialect) => {
  let t: TestEngine;
  let iru: string;
  let officer22: string;
  let hou21: string;
  let peoi36: string;
  let re: string;
  let officer22Id: number;
  let hou21Id: number;
  let peoi36Id: number;
  const batches: Record<string, number> = {};

  async function batch(re: number, endon: string, duedate: string, submitteddate: string | null, state: number): Promise<number> {
    const row = { re, name: `PEOI test ${re} ${endon} ${Math.random().toString(36).slice(2, 7)}`, endon, duedate, submitteddate, state, updatectr: 1, createon: sqlDateTime() };
    const [inserted] = dialect === 'mysql' ? await t.database.db('formbatch').insert(row) : await t.database.db('formbatch').insert(row).returning('id');
    await bumpVersions(t.database.db, ['formbatch']);
    return Number(typeof inserted === 'object' ? (inserted as { id: number }).id : inserted);
  }

  /** How many offices the demo gives an entity. */
  const officesOf = async (re: number) => Number((await t.database.db('re_office').where({ re }).count({ n: '*' }))[0].n);

  beforeAll(async () => {
    t = await startTestEngine(dialect, { REPORT_PAGES: '1', JOB_CONCURRENCY: '0' });
    officer22Id = await addStaffUser(t, 'officer22', [22]);
    hou21Id = await addStaffUser(t, 'hou21', [21]);
    peoi36Id = await addStaffUser(t, 'peoi36', [36]);
    iru = await t.sessionFor('iru');
    officer22 = await t.sessionFor('officer22');
    hou21 = await t.sessionFor('hou21');
    peoi36 = await t.sessionFor('peoi36');
    re = await t.sessionFor('re', 1);
    batches.lateSubmitted = await batch(1, PERIOD, '2023-07-15', '2023-07-20 10:00:00', 71);
    batches.neverSubmitted = await batch(2, PERIOD, '2023-07-15', null, 13);
    batches.onTime = await batch(3, PERIOD, '2023-07-15', '2023-07-14 09:00:00', 71);
    batches.notYetDue = await batch(4, PERIOD, day(10), null, 13);
    batches.noOffices = await batch(3, OTHER_PERIOD, '2023-06-15', null, 13);
  });
  afterAll(async () => t?.close());

  const READ = ['id', 'updatectr', 'state', 're', 'formbatch', 'iru_reasonclass', 'iru_reasondesc', 'irushowc_excl', 'iruofifcer', 'hou_reasonclass', 'houreasondesc', 'houshowc_excl', 'houofficer', 'reasonclass', 'peoiremarks', 'peoishowc', 'peoiofficer', 'generateLetter'];
  const read = async (id: number): Promise<Row> => (await select(t, iru, { module: 'PEOI', fields: READ, where: [['id', '=', id]] })).rows[0];
  const caseOf = async (formbatch: number): Promise<Row> => (await select(t, iru, { module: 'PEOI', fields: READ, where: [['formbatch', '=', formbatch]] })).rows[0];
  const act = async (cookie: string, id: number, action: string, description?: string, reason?: number) => {
    const c = await read(id);
    return t.call('PEOI.act', [{ id, updatectr: c.updatectr, action, ...(description === undefined ? {} : { description }), ...(reason === undefined ? {} : { reason }) }], cookie);
  };
  const history = async (id: number) => (await t.database.db('state_history').where({ module: 'peoi', record_id: id }).orderBy('id').pluck('to_state')).map(Number);
  const get = (url: string, cookie: string) => t.engine.app.inject({ method: 'GET', url, headers: { cookie } });

  it("opens the period's cases from the batches completed late or not at all, once", async () => {
    const first = JSON.parse(((await t.call('PEOI.createForPeriod', [{ endon: PERIOD }], iru))[0] as { text?: string }).text ?? '{}');
    expect(first.created).toBe(2);
    expect(await caseOf(batches.lateSubmitted)).toMatchObject({ state: S.pending, re: 1 });
    expect(await caseOf(batches.neverSubmitted)).toMatchObject({ state: S.pending, re: 2 });
    expect(await caseOf(batches.onTime)).toBeUndefined();
    expect(await caseOf(batches.notYetDue)).toBeUndefined();
    const second = JSON.parse(((await t.call('PEOI.createForPeriod', [{ endon: PERIOD }], iru))[0] as { text?: string }).text ?? '{}');
    expect(second).toEqual({ created: 0, cases: [] });
    // One by one: a late batch without a case, never an on-time one or one that has a case.
    expect(failure(await t.call('PEOI.open', [{ formbatch: batches.onTime }], iru))).toMatchObject({ code: 'E_VALIDATION', details: { formbatch: 'This submission was completed on time.' } });
    expect(failure(await t.call('PEOI.open', [{ formbatch: batches.lateSubmitted }], iru)).details).toEqual({ formbatch: 'already has a non-compliance case' });
    expect(failure(await t.call('PEOI.createForPeriod', [{ endon: PERIOD }], re)).code).toBe('E_NOPERMISSION');
    // The case's state and stage columns are the workflow's: Record.update cannot set them.
    const c = await caseOf(batches.lateSubmitted);
    expect(failure(await t.call('Record.update', [{ module: 'PEOI', fields: ['id', 'updatectr', 'state'], values: [c.id, c.updatectr, S.issued] }], iru)).details).toEqual({ state: 'is read-only' });
  });

  it('takes a late batch through IRU, the head of unit and the PEOI officer to an issued letter whose PDF names the address, section and officer', async () => {
    const id = Number((await caseOf(batches.lateSubmitted)).id);
    // IRU stage: description and a reason of list 587 required; the plain IRU role may not decide.
    expect(failure(await act(officer22, id, 'recommend', ' ', STAFF_REASON))).toMatchObject({ code: 'E_VALIDATION', message: M.fillAll });
    expect(failure(await act(officer22, id, 'recommend', 'Five days late'))).toMatchObject({ code: 'E_VALIDATION', message: M.fillAll, details: { reason: M.fillAll } });
    expect(failure(await act(officer22, id, 'recommend', 'Five days late', OFFICER_EXCLUDE)).details).toEqual({ reason: 'is not a reason of list 587' });
    expect(failure(await act(iru, id, 'recommend', 'Five days late', STAFF_REASON))).toMatchObject({ code: 'E_NOPERMISSION', message: 'You do not have permission for PEOI.action.iru' });
    readBack(await act(officer22, id, 'recommend', 'Five days late', STAFF_REASON));
    expect(await read(id)).toMatchObject({ state: S.iruRecommend, irushowc_excl: 0, iruofifcer: officer22Id, iru_reasonclass: STAFF_REASON, iru_reasondesc: 'Five days late' });

    // Head of unit: the PEOI officer may not act for them; an amendment returns it to IRU.
    // Before the PEOI stage the case is not even among the PEOI officer's rows (docs/row-rules.md):
    // it is not found, as a case that does not exist.
    expect(failure(await act(peoi36, id, 'recommend', 'ok', STAFF_REASON))).toEqual({ code: 'E_NOTFOUND', message: `PEOI #${id} not found.` });
    expect(failure(await t.call('PEOI.act', [{ id: 987654, updatectr: 1, action: 'recommend', description: 'ok', reason: STAFF_REASON }], peoi36))).toEqual({ code: 'E_NOTFOUND', message: 'PEOI #987654 not found.' });
    expect(failure(await act(hou21, id, 'issue', 'no', 10086)).code).toBe('E_STATETRANSITION');
    readBack(await act(hou21, id, 'amend', 'Check the completion date'));
    expect(await read(id)).toMatchObject({ state: S.amendment, houofficer: hou21Id, houshowc_excl: null });
    readBack(await act(officer22, id, 'recommend', 'Completed on 20/07, five days late', STAFF_REASON));
    expect((await read(id)).iru_reasondesc).toBe(`Five days late\n${DASHED_LINE}\nCompleted on 20/07, five days late`);
    readBack(await act(hou21, id, 'recommend', 'Agree: show cause', STAFF_REASON));
    expect(await read(id)).toMatchObject({ state: S.houRecommend, houshowc_excl: 0, hou_reasonclass: STAFF_REASON });

    // PEOI officer: reason list 617; only 10086 issues.
    expect(failure(await act(officer22, id, 'issue', 'x', 10086)).code).toBe('E_NOPERMISSION');
    expect(failure(await act(peoi36, id, 'issue', 'Issue it', OFFICER_EXCLUDE)).details).toEqual({ reason: 'only reason 10086 permits issuing the show-cause letter' });
    expect(failure(await act(peoi36, id, 'issue', 'Issue it', STAFF_REASON)).details).toEqual({ reason: 'is not a reason of list 617' });
    readBack(await act(peoi36, id, 'issue', 'Issue the show-cause letter', 10086));
    expect(await read(id)).toMatchObject({ state: S.issued, reasonclass: 10086, peoishowc: 0, peoiofficer: peoi36Id });

    // The letter dialog's checks, in the seed's words.
    const letter = (values: Record<string, unknown>, cookie = peoi36) => t.call('PEOI.generateLetter', [{ id, addresses: [], ...values }], cookie);
    const offices = (await t.call('RE.getDetailsOfOffice', [{ re: 1 }], peoi36))[0];
    const officeIds = (offices.type === 'recordset' ? offices.rows : []).map((r) => Number(r[0]));
    // The entity's offices as the demo seeds them (two or more; the letter takes two of them).
    expect(officeIds.length).toBe(await officesOf(1));
    expect(officeIds.length).toBeGreaterThanOrEqual(2);
    expect(failure(await letter({ section: 'Section 1', officer: 'peoi@regportal.example' }))).toMatchObject({ code: 'E_VALIDATION', message: M.address });
    expect(failure(await letter({ addresses: [{ office: officeIds[0], sendvia: '' }], section: 'Section 1', officer: 'peoi@regportal.example' })).message).toBe(M.sendVia);
    expect(failure(await letter({ addresses: [{ office: officeIds[0], sendvia: 'post' }], officer: 'peoi@regportal.example' })).message).toBe(M.section);
    expect(failure(await letter({ addresses: [{ office: officeIds[0], sendvia: 'post' }], section: 'Section 1' })).message).toBe(M.officer);
    expect(failure(await letter({ addresses: [{ office: officeIds[0], sendvia: 'post' }], section: 'Section 1', officer: 'peoi@regportal.example' }, hou21)).code).toBe('E_NOPERMISSION');
    const made = await letter({ addresses: [{ office: officeIds[0], sendvia: 'post' }, { office: officeIds[1], sendvia: 'email' }], section: 'Section 1', officer: 'peoi@regportal.example', cc: [1] });
    expect(readBack(made).generateLetter).toBe(1);
    const url = String((made[1] as { text?: string }).text);
    expect(url).toMatch(/^\/out\/SHOWCAUSE\.pdf\?action=report\.print&report=SHOWCAUSE&format=pdf&addr=\d+%2C\d+&send=post%2Cemail&section=Section\+1&peoinameemail=peoi%40regportal\.example&ccno=1&WHERE=id%3D\d+$/);

    const res = await get(url, peoi36);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    const entity = String((await t.database.db('re').where({ id: 1 }).first('name')).name);
    for (const s of [entity, 'Level 12, Menara Demo, 1 Jalan Sultan Ismail', '50250 Kuala Lumpur', '22 Lebuh Pantai', 'BY POST', 'BY EMAIL', 'Section 1', 'PEOI Officer', 'peoi@regportal.example', 'Head of Supervision', 'PEOI/', 'Dear Sir/Madam', 'Yours faithfully', '15/07/2023']) expect(text, s).toContain(s);

    // An address edited by hand prints nothing that was not offered.
    const otherOffice = Number((await t.database.db('re_office').where({ re: 2 }).first('id')).id);
    expect((await get(url.replace(/addr=\d+/, `addr=${otherOffice}`), peoi36)).statusCode).toBe(400);
    expect((await get(url.replace('section=Section+1', 'section=Section+9'), peoi36)).statusCode).toBe(400);

    // Retract: Excluded with reason 10093 and peoishowc 1.
    expect(failure(await act(hou21, id, 'retract')).code).toBe('E_NOPERMISSION');
    readBack(await act(peoi36, id, 'retract'));
    expect(await read(id)).toMatchObject({ state: S.excluded, reasonclass: 10093, peoishowc: 1 });
    expect(failure(await act(peoi36, id, 'retract')).code).toBe('E_STATETRANSITION');
    expect(await history(id)).toEqual([S.pending, S.iruRecommend, S.amendment, S.iruRecommend, S.houRecommend, S.issued, S.excluded]);
    const audits = await t.database.db('record_audit').where({ module: 'peoi', record_id: id }).count({ n: '*' }).first();
    expect(Number(audits?.n)).toBe(8);
  });

  it('includes excluded cases back at each stage and lets the officer exclude with any reason but 10086', async () => {
    const id = Number((await caseOf(batches.neverSubmitted)).id);
    readBack(await act(officer22, id, 'exclude', 'Extension was pending', STAFF_REASON));
    expect(await read(id)).toMatchObject({ state: S.iruExclude, irushowc_excl: 1 });
    readBack(await act(officer22, id, 'include', 'Extension was refused'));
    expect((await read(id)).state).toBe(S.pending);
    readBack(await act(officer22, id, 'exclude', 'Excluded again', STAFF_REASON));
    readBack(await act(hou21, id, 'exclude', 'Agree to exclude', STAFF_REASON));
    expect(await read(id)).toMatchObject({ state: S.houExclude, houshowc_excl: 1 });
    readBack(await act(hou21, id, 'include', 'On second thoughts'));
    expect((await read(id)).state).toBe(S.iruRecommend);
    readBack(await act(hou21, id, 'exclude', 'Exclude after all', STAFF_REASON));
    expect(failure(await act(peoi36, id, 'exclude', 'No', 10086)).code).toBe('E_VALIDATION');
    readBack(await act(peoi36, id, 'exclude', 'Valid reason given', OFFICER_EXCLUDE));
    expect(await read(id)).toMatchObject({ state: S.excluded, reasonclass: OFFICER_EXCLUDE, peoishowc: 1 });
    expect(await history(id)).toEqual([S.pending, S.iruExclude, S.pending, S.iruExclude, S.houExclude, S.iruRecommend, S.houExclude, S.excluded]);
    expect(failure(await t.call('PEOI.generateLetter', [{ id, addresses: [] }], peoi36)).code).toBe('E_STATETRANSITION');
  });

  it("answers an entity's offices, scoped for RE users, and refuses the letter of an entity without any", async () => {
    const own = (await t.call('RE.getDetailsOfOffice', [{ re: 1 }], re))[0];
    expect(own.type === 'recordset' ? own.rows.length : -1).toBe(await officesOf(1));
    const other = (await t.call('RE.getDetailsOfOffice', [{ re: 2 }], re))[0];
    expect(other.type === 'recordset' ? other.rows.length : -1).toBe(0);

    const id = Number(readBack(await t.call('PEOI.open', [{ formbatch: batches.noOffices, latereason: 'Not filed' }], iru)).id);
    expect(await read(id)).toMatchObject({ state: S.pending, re: 3 });
    readBack(await act(officer22, id, 'recommend', 'Not filed at all', STAFF_REASON));
    readBack(await act(hou21, id, 'recommend', 'Agree', STAFF_REASON));
    readBack(await act(peoi36, id, 'issue', 'Issue', 10086));
    const none = (await t.call('RE.getDetailsOfOffice', [{ re: 3 }], peoi36))[0];
    expect(none.type === 'recordset' ? none.rows.length : -1).toBe(0);
    const f = failure(await t.call('PEOI.generateLetter', [{ id, addresses: [{ office: 1, sendvia: 'post' }], section: 'Section 1', officer: 'peoi@regportal.example' }], peoi36));
    expect(f).toMatchObject({ code: 'E_NOTFOUND', message: M.noOffice, details: { reason: M.noOfficeText } });
  });
});
