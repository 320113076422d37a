// Completeness and timeliness through the protocol on every dialect (docs/filing-periods.md):
// expected, submitted, on time, late, outstanding and overdue per period × sector × code, the
// entities behind them, judged against the batch due date and the first submission; the
// regulator's report only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { failure, ok } from '../../engine/testing/record-calls.js';
import { recordsetObjects, type EnvelopeValue, type RecordsetValue } from '../../engine/protocol/envelope.js';

const ENDON = '2026-07-31';

describe.each(await testDialects())('completeness and timeliness on %s', (dialect) => {
  let t: TestEngine;
  let iru: string;
  let fintechs: number[];

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    iru = await t.sessionFor('iru');
    // Fintech entities (sector 4) file FIN-01 monthly, due 15 days after the period end.
    ok(await t.call('FormBatch.openPeriod', [{ calendar: 277, endon: ENDON, sector: 4 }], iru));
    fintechs = (await t.database.db('form').where({ endon: ENDON, code: 'FIN-01' }).orderBy('re').pluck('re')).map(Number);
    const move = async (re: number, state: number, submittedOn: string) => {
      const form = await t.database.db('form').where({ endon: ENDON, re }).first('id');
      await t.database.db('form').where({ id: form.id }).update({ state, lastsubmiton: submittedOn });
      await t.database.db('formrevision').insert({ form: form.id, revision: 90, state: 56, createon: submittedOn });
    };
    await move(fintechs[0], 56, '2026-08-10 09:00:00'); // on time
    await move(fintechs[1], 45, '2026-08-15 23:00:00'); // on the due date: on time
    await move(fintechs[2], 45, '2026-08-20 10:00:00'); // late
    await move(fintechs[3], 74, '2026-08-12 10:00:00'); // returned for amendment: outstanding again
  });
  afterAll(async () => t?.close());

  const rows = (values: EnvelopeValue[]) => recordsetObjects(ok(values)[0] as RecordsetValue);

  it('counts expected, submitted, on time, late, outstanding and overdue per period, sector and code', async () => {
    const [row] = rows(await t.call('FormBatch.completeness', [{ from: ENDON, to: ENDON, sector: 4, asOf: '2026-09-01' }], iru));
    expect(row).toEqual({ endon: ENDON, sector: 4, sector_name: 'Fintech', code: 'FIN-01', name: 'Transaction Volumes', expected: fintechs.length, submitted: 3, ontime: 2, late: 1, outstanding: fintechs.length - 3, overdue: fintechs.length - 3 });
    // Before the due date nothing outstanding is overdue yet.
    const [early] = rows(await t.call('FormBatch.completeness', [{ from: ENDON, to: ENDON, sector: 4, asOf: '2026-08-14' }], iru));
    expect(early.overdue).toBe(0);
  });

  it('covers every sector and period of the range, newest period first', async () => {
    const all = rows(await t.call('FormBatch.completeness', [{ from: '2026-01-01', to: '2026-12-31' }], iru));
    expect(all.some((r) => r.code === 'BNK-01')).toBe(true);
    expect(all.map((r) => r.endon)).toEqual([...all.map((r) => String(r.endon))].sort().reverse());
  });

  it('drills down to the entities of one period and code with their due dates, submissions and status', async () => {
    const list = rows(await t.call('FormBatch.completenessEntities', [{ endon: ENDON, code: 'FIN-01', asOf: '2026-09-01' }], iru));
    const byRe = new Map(list.map((r) => [Number(r.re), r]));
    expect(byRe.get(fintechs[0])).toMatchObject({ status: 'ontime', duedate: '2026-08-15', submittedon: '2026-08-10 09:00:00' });
    expect(byRe.get(fintechs[1])?.status).toBe('ontime');
    expect(byRe.get(fintechs[2])).toMatchObject({ status: 'late', submittedon: '2026-08-20 10:00:00' });
    expect(byRe.get(fintechs[3])).toMatchObject({ status: 'overdue', submittedon: null, state: 74 });
    expect(list).toHaveLength(fintechs.length);
  });

  it('refuses bad ranges and entity users', async () => {
    expect(failure(await t.call('FormBatch.completeness', [{ from: '2026-07-31', to: '2026-01-31' }], iru))).toMatchObject({ code: 'E_VALIDATION', details: { to: 'is before from' } });
    expect(failure(await t.call('FormBatch.completeness', [{ from: '2020-01-31', to: '2026-01-31' }], iru)).code).toBe('E_VALIDATION');
    const re = await t.sessionFor('re', 1);
    expect(failure(await t.call('FormBatch.completeness', [{ from: ENDON, to: ENDON }], re)).code).toBe('E_NOPERMISSION');
    expect(failure(await t.call('FormBatch.completenessEntities', [{ endon: ENDON }], re)).code).toBe('E_NOPERMISSION');
  });

  it("finds each form's first submission from an index alone, however large its revisions", async () => {
    const db = t.database.db;
    const lookup = db('formrevision as fr').where('fr.form', 1).where('fr.state', 56).min('fr.createon');
    if (dialect === 'sqlite') {
      const plan = (await db.raw(`EXPLAIN QUERY PLAN ${lookup.toString()}`)) as { detail: string }[];
      expect(plan.map((p) => p.detail).join(' | ')).toContain('COVERING INDEX formrevision_form_state_createon_index');
    } else {
      const [rows] = await db.raw("SELECT column_name AS c FROM information_schema.statistics WHERE table_schema = DATABASE() AND index_name = 'formrevision_form_state_createon_index' ORDER BY seq_in_index");
      expect((rows as { c: string }[]).map((r) => r.c)).toEqual(['form', 'state', 'createon']);
    }
  });
});
