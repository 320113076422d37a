// The sign-off stages' demo users on every dialect (portal/seeds/demo-stage-users.ts; README's demo
// users): each signs in with the demo password and takes its stage's step: the head of unit
// recommends a routine report and the head of department approves it; the heads of unit (21, 35,
// 44) each decide a PEOI case the IRU stage's demo user (rm, appofficer) recommended.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { ok, readBack, select } from '../../engine/testing/record-calls.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { sqlDateTime } from '../../engine/db/clock.js';
import { ROUTINE_STATE } from '../routine-reports/routine-report-rules.js';
import { PEOI_STATE } from '../peoi/peoi-rules.js';
import { DEMO_PASSWORD, DEMO_USERS } from './index.js';

const STAFF_REASON = 587001;
const REPORT = {
  bulletintmpl: 1, name: 'Demo stage walk', subjectarea: 'Deposits', stakeholders: 'external', publication: 'yes', periodicity: 'monthly',
  noofre: '12', submissiondue: '2026-12-31 23:59:59.0', preceedingamt: 'RM 1.2 bn', submissionlevel: '85%', majorcontribute: 'Bank A',
  trend: 'Up', accuracylevel: 'High', insight: 'Savings deposits drove the growth.', disseminationdeadline: '2027-01-15', typeofre: 'Commercial banks',
};

describe.each(await testDialects())("the sign-off stages' demo users on %s", (dialect) => {
  let t: TestEngine;
  let iru: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    iru = await t.sessionFor('iru');
  });
  afterAll(async () => t?.close());

  /** Signs in through User.login with the demo password: the session cookie. */
  async function signIn(userid: string): Promise<string> {
    const res = await t.engine.app.inject({ method: 'POST', url: '/process', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ action: 'User.login', args: [{ userid, password: DEMO_PASSWORD }] }) });
    const cookie = res.cookies.find((c) => c.value);
    if (!cookie) throw new Error(`${userid} could not sign in: ${res.body.slice(0, 300)}`);
    return `${cookie.name}=${cookie.value}`;
  }

  it('lists the heads of unit and of department among the demo users start-up prints', () => {
    expect(DEMO_USERS.map((u) => u.userid)).toEqual(expect.arrayContaining(['headofunit', 'bankhou', 'apphou', 'headofdept']));
  });

  it('takes a routine report through the head of unit (recommend) and the head of department (approve)', async () => {
    const hou = await signIn('headofunit');
    const hod = await signIn('headofdept');
    const id = Number(readBack(await t.call('RoutineRpt.save', [{ ...REPORT, sectors: [1] }], iru)).id);
    // The author's reply with both files is routine-reports.test.ts's: the report is put with the recommenders.
    await t.database.db('routinerpt').where({ id }).update({ state: ROUTINE_STATE.pendingRecommendation });
    await bumpVersions(t.database.db, ['routinerpt']);
    const read = async () => (await select(t, iru, { module: 'RoutineRpt', fields: ['id', 'updatectr', 'state'], where: [['id', '=', id]] })).rows[0];
    let r = await read();
    expect(readBack(await t.call('RoutineRpt.recommend', [{ id, updatectr: r.updatectr, decision: 'recommend', remark: 'Good to go' }], hou)).state).toBe(ROUTINE_STATE.recommended);
    r = await read();
    expect(readBack(await t.call('RoutineRpt.approve', [{ id, updatectr: r.updatectr, decision: 'approve', remark: 'Approved' }], hod)).state).toBe(ROUTINE_STATE.approved);
  });

  it.each([
    ['headofunit', 'rm', 1],
    ['bankhou', 'rm', 2],
    ['apphou', 'appofficer', 3],
  ] as const)('lets %s recommend a PEOI case at the head-of-unit stage after %s recommended it', async (head, officer, re) => {
    const db = t.database.db;
    const row = { re, name: `Stage walk ${head}`, endon: '2023-04-30', duedate: '2023-05-15', submitteddate: '2023-05-20 10:00:00', state: 71, updatectr: 1, createon: sqlDateTime() };
    await db('formbatch').insert(row);
    const batch = Number((await db('formbatch').where({ name: row.name }).first('id')).id);
    await bumpVersions(db, ['formbatch']);
    const opened = readBack(await t.call('PEOI.open', [{ formbatch: batch, latereason: 'Filed late' }], iru));
    const id = Number(opened.id);
    const act = async (cookie: string, action: string, description: string) => {
      const c = (await select(t, iru, { module: 'PEOI', fields: ['id', 'updatectr'], where: [['id', '=', id]] })).rows[0];
      return t.call('PEOI.act', [{ id, updatectr: c.updatectr, action, description, reason: STAFF_REASON }], cookie);
    };
    expect(readBack(await act(await signIn(officer), 'recommend', 'Late by five days')).state).toBe(PEOI_STATE.iruRecommend);
    expect(readBack(await act(await signIn(head), 'recommend', 'Issue a show-cause letter')).state).toBe(PEOI_STATE.houRecommend);
    ok(await t.call('User.current', [], await signIn(head)));
  });
});
