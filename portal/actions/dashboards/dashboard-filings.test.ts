// The dashboards count real filings, on every dialect: a form moved through the sign-off
// (REForm state moves, docs/filing.md) moves the RE dashboard's Current Submission Status, and a
// batch completed by its forms counts as submitted in the RE and regulator submission series.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpVersions } from '../../../engine/db/change-versions.js';
import { completeForm } from '../../../portal/testing/complete-form.js';
import { startTestEngine, type TestEngine } from '../../../engine/testing/test-engine.js';
import { testDialects } from '../../../engine/testing/test-database.js';
import type { EnvelopeValue } from '../../../engine/protocol/envelope.js';
import { recordsetObjects } from '../../../engine/protocol/envelope.js';

type Point = { month: string; value: number; value1?: number; value2?: number };
type Dashboard = { submission_status: { label: string; value: number }[] } & Record<string, Point[]>;

const json = (v: EnvelopeValue[]) => {
  if (v[0]?.type !== 'text') throw new Error(`expected a text value, got ${JSON.stringify(v).slice(0, 400)}`);
  return JSON.parse(v[0].text) as Dashboard;
};

describe.each(await testDialects())('dashboards from real filings on %s', (dialect) => {
  let t: TestEngine;
  let form: { id: number; endon: string; formbatch: number; updatectr: number };

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    // An Open form of entity 1 opened by the demo (the month before today).
    const row = await t.database.db('form').where({ re: 1, state: 13 }).whereNotNull('formbatch').orderBy('endon', 'desc').first();
    form = { id: Number(row.id), endon: String(row.endon instanceof Date ? row.endon.toISOString() : row.endon).slice(0, 10), formbatch: Number(row.formbatch), updatectr: Number(row.updatectr) };
    // Filled first: every sign-off step holds the form to its blocking rules.
    form.updatectr = await completeForm(t, form.id, await t.sessionFor('preparer', 1));
  });
  afterAll(async () => t?.close());

  const status = async (month: string) => {
    const d = json(await t.call('RE.getDashboard', [{ dt: month }], await t.sessionFor('re', 1)));
    return Object.fromEntries(d.submission_status.map((s) => [s.label, s.value]));
  };

  async function move(userid: string, state: number): Promise<void> {
    const values = await t.call('Record2.update', [{ module: 'REForm', fields: ['id', 'state', 'updatectr'], values: [form.id, state, form.updatectr] }], await t.sessionFor(userid, 1));
    if (values[0]?.type !== 'recordset') throw new Error(`The move to ${state} failed: ${JSON.stringify(values).slice(0, 400)}`);
    form.updatectr = Number(recordsetObjects(values[0])[0].updatectr ?? form.updatectr + 1);
  }

  it('moves the Current Submission Status from Open to Ready as the preparer and the checker sign off', async () => {
    const month = form.endon.slice(0, 7);
    const before = await status(month);
    expect(before.Open).toBeGreaterThan(0);
    await move('preparer', 78);
    const pending = await status(month);
    expect(pending.Open).toBe(before.Open - 1);
    expect(pending.Ready).toBe(before.Ready);
    // The form waiting for its checker is still counted: the columns add up to the same forms.
    expect(pending['Pending Verification']).toBe(before['Pending Verification'] + 1);
    const sum = (x: Record<string, number>) => Object.values(x).reduce((n, v) => n + v, 0);
    expect(sum(pending)).toBe(sum(before));
    await move('checker', 55);
    const ready = await status(month);
    expect(ready.Open).toBe(before.Open - 1);
    expect(ready.Ready).toBe(before.Ready + 1);
    expect(ready.Submitted).toBe(before.Submitted);
  });

  it('counts a batch completed by its forms as submitted in the RE and regulator series of its due month', async () => {
    const batch = await t.database.db('formbatch').where({ id: form.formbatch }).first();
    const due = String(batch.duedate instanceof Date ? batch.duedate.toISOString() : batch.duedate).slice(0, 7);
    const submittedOf = (d: Dashboard, key: string) => d[key].find((p) => p.month === due)?.value1 ?? 0;
    const iru = await t.sessionFor('iru');
    const reBefore = json(await t.call('RE.getDashboard', [{ dt: due }], await t.sessionFor('re', 1)));
    const iruBefore = json(await t.call('IRU.getDashboard', [{ dt: due }], iru));
    // The filing completes the batch (what Form.submit does once every form is in); the
    // dashboards read the batch's state, so the move is made as the engine's effect makes it.
    await t.database.db('form').where({ formbatch: form.formbatch }).update({ state: 56 });
    await t.database.db('formbatch').where({ id: form.formbatch }).update({ state: 71, submitteddate: new Date().toISOString().slice(0, 19).replace('T', ' ') });
    await bumpVersions(t.database.db, ['form', 'formbatch']);
    const reAfter = json(await t.call('RE.getDashboard', [{ dt: due }], await t.sessionFor('re', 1)));
    const iruAfter = json(await t.call('IRU.getDashboard', [{ dt: due }], iru));
    expect(submittedOf(reAfter, 'performance_submission')).toBe(submittedOf(reBefore, 'performance_submission') + 1);
    expect(submittedOf(iruAfter, 'submission')).toBe(submittedOf(iruBefore, 'submission') + 1);
  });
});
