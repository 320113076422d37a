// The non-compliance actions that read and write through their own queries go through the
// caller's rows (docs/row-rules.md, engine/records/scoped-rows.ts): a relationship manager (37)
// and an App I/II officer (43) asked about a batch or an entity of another team are told exactly
// what they are told of one that does not exist, before anything about its state, and nothing is
// written; on their own team's batches and entities everything works as before, and ordinary
// regulator staff are unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../../engine/testing/test-engine.js';
import { testDialects } from '../../../engine/testing/test-database.js';
import { failure, readBack, type Failure } from '../../../engine/testing/record-calls.js';
import { bumpVersions } from '../../../engine/db/change-versions.js';
import { sqlDateTime } from '../../../engine/db/clock.js';
import type { EnvelopeValue } from '../../../engine/protocol/envelope.js';

const PERIOD = '2023-08-31';
const MISSING = 999_999_999;
const MAIN = 100211;
const SMD = 100212;
const APP = 100213;

/** A refusal with the id it names replaced, to compare a hidden row's answer with a missing one's. */
const shape = (f: Failure, id: number) => ({ code: f.code, message: f.message.replace(`#${id}`, '#ID'), details: f.details });

describe.each(await testDialects())('non-compliance actions through the caller\'s rows on %s', (dialect) => {
  let t: TestEngine;
  let iru: string;
  let rm: string;
  let app: string;
  let re: string;
  const b: Record<string, number> = {};

  async function batch(re: number, category: number, duedate: string, submitteddate: string | null): Promise<number> {
    const row = { re, category, name: `Rows test ${re} ${category} ${Math.random().toString(36).slice(2, 7)}`, endon: PERIOD, duedate, submitteddate, state: submitteddate ? 71 : 13, updatectr: 1, createon: sqlDateTime() };
    const [inserted] = dialect === 'mysql' ? await t.database.db('formbatch').insert(row) : await t.database.db('formbatch').insert(row).returning('id');
    await bumpVersions(t.database.db, ['formbatch']);
    return Number(typeof inserted === 'object' ? (inserted as { id: number }).id : inserted);
  }

  const casesOf = async (formbatch: number) => (await t.database.db('peoi').where({ formbatch }).select('id', 'latereason')) as { id: number; latereason: string | null }[];
  const peoiCount = async () => Number((await t.database.db('peoi').count({ n: '*' }).first())?.n);
  const rowsOf = (v: EnvelopeValue[]) => (v[0]?.type === 'recordset' ? v[0].rows : []);
  const officesOf = async (re: number) => Number((await t.database.db('re_office').where({ re }).count({ n: '*' }).first())?.n);

  beforeAll(async () => {
    t = await startTestEngine(dialect, { JOB_CONCURRENCY: '0' });
    iru = await t.sessionFor('iru');
    rm = await t.sessionFor('rm');
    app = await t.sessionFor('appofficer');
    re = await t.sessionFor('re', 1);
    // Entities 1-3 are banks rm manages; entity 3 is also App I/II (docs/row-rules.md "Demo users").
    b.main1 = await batch(1, MAIN, '2023-09-15', null);
    b.mainOnTime = await batch(1, MAIN, '2023-09-15', '2023-09-10 09:00:00');
    b.main2 = await batch(2, MAIN, '2023-09-15', null);
    b.smd1 = await batch(1, SMD, '2023-09-15', '2023-09-20 10:00:00');
    b.smdOnTime = await batch(2, SMD, '2023-09-15', '2023-09-10 09:00:00');
    b.app3 = await batch(3, APP, '2023-09-15', null);
    b.app3b = await batch(3, APP, '2023-09-15', null);
  });
  afterAll(async () => t?.close());

  it('answers PEOI.open on another team\'s batch exactly as on a missing one, whatever its state, and opens nothing', async () => {
    const before = await peoiCount();
    for (const [cookie, hidden] of [[rm, b.main1], [rm, b.mainOnTime], [rm, b.app3], [app, b.smd1], [app, b.main1]] as const) {
      const missing = shape(failure(await t.call('PEOI.open', [{ formbatch: MISSING, latereason: 'x' }], cookie)), MISSING);
      expect(missing).toEqual({ code: 'E_NOTFOUND', message: 'FormBatch #ID not found.', details: undefined });
      expect(shape(failure(await t.call('PEOI.open', [{ formbatch: hidden, latereason: 'x' }], cookie)), hidden)).toEqual(missing);
    }
    expect(await peoiCount()).toBe(before);
    expect(await casesOf(b.main1)).toEqual([]);
  });

  it('opens cases on the team\'s own late batches, and tells them an on-time one is on time', async () => {
    const smd = readBack(await t.call('PEOI.open', [{ formbatch: b.smd1, latereason: 'Filed five days late' }], rm));
    expect(smd).toMatchObject({ re: 1, formbatch: b.smd1 });
    expect(failure(await t.call('PEOI.open', [{ formbatch: b.smdOnTime }], rm)).details).toEqual({ formbatch: 'This submission was completed on time.' });
    expect(readBack(await t.call('PEOI.open', [{ formbatch: b.app3 }], app))).toMatchObject({ re: 3, formbatch: b.app3 });
    // Ordinary regulator staff: the main batches, as before.
    expect(readBack(await t.call('PEOI.open', [{ formbatch: b.main1 }], iru))).toMatchObject({ re: 1, formbatch: b.main1 });
    expect(failure(await t.call('PEOI.open', [{ formbatch: b.mainOnTime }], iru)).details).toEqual({ formbatch: 'This submission was completed on time.' });
  });

  it('answers PEOI.setPrelimReason on another team\'s batch exactly as on a missing one, and writes nothing', async () => {
    const before = await peoiCount();
    // main1 has a case now (iru's): the relationship manager learns neither of it nor of the batch.
    for (const [cookie, hidden] of [[rm, b.main1], [rm, b.main2], [rm, b.mainOnTime], [app, b.smd1], [app, b.main2]] as const) {
      const missing = shape(failure(await t.call('PEOI.setPrelimReason', [{ formbatch: MISSING, latereason: 'Late' }], cookie)), MISSING);
      expect(missing).toEqual({ code: 'E_NOTFOUND', message: 'FormBatch #ID not found.', details: undefined });
      expect(shape(failure(await t.call('PEOI.setPrelimReason', [{ formbatch: hidden, latereason: 'Late' }], cookie)), hidden)).toEqual(missing);
      // Not even the empty reason's message tells a hidden batch from a missing one.
      expect(shape(failure(await t.call('PEOI.setPrelimReason', [{ formbatch: hidden, latereason: ' ' }], cookie)), hidden)).toEqual(missing);
    }
    expect(await peoiCount()).toBe(before);
    expect((await casesOf(b.main1))[0].latereason).toBeNull();
    expect(await casesOf(b.main2)).toEqual([]);
  });

  it('writes the preliminary reason on the team\'s own batches, opening the case when there is none', async () => {
    const updated = JSON.parse(((await t.call('PEOI.setPrelimReason', [{ formbatch: b.smd1, latereason: 'Bank holiday' }], rm))[0] as { text: string }).text);
    expect(updated.created).toBe(false);
    expect((await casesOf(b.smd1))[0].latereason).toBe('Bank holiday');
    const opened = JSON.parse(((await t.call('PEOI.setPrelimReason', [{ formbatch: b.app3b, latereason: 'System outage' }], app))[0] as { text: string }).text);
    expect(opened.created).toBe(true);
    expect(await casesOf(b.app3b)).toEqual([{ id: opened.id, latereason: 'System outage' }]);
    expect(failure(await t.call('PEOI.setPrelimReason', [{ formbatch: b.smdOnTime, latereason: 'x' }], rm)).details).toEqual({ formbatch: 'This submission was completed on time.' });
    const iruSet = JSON.parse(((await t.call('PEOI.setPrelimReason', [{ formbatch: b.main2, latereason: 'Staff on leave' }], iru))[0] as { text: string }).text);
    expect(iruSet.created).toBe(true);
  });

  it("opens a period's cases only on the batches the caller can list", async () => {
    const hidden = await batch(2, MAIN, '2023-09-15', null);
    const own = await batch(2, SMD, '2023-09-15', null);
    const answer = JSON.parse(((await t.call('PEOI.createForPeriod', [{ endon: PERIOD }], rm))[0] as { text: string }).text);
    expect(answer.created).toBe(1);
    expect((await casesOf(own)).length).toBe(1);
    expect(await casesOf(hidden)).toEqual([]);
    const rest = JSON.parse(((await t.call('PEOI.createForPeriod', [{ endon: PERIOD }], iru))[0] as { text: string }).text);
    expect(rest.created).toBe(1);
    expect((await casesOf(hidden)).length).toBe(1);
  });

  it("answers RE.getDetailsOfOffice on another team's entity exactly as on a missing one", async () => {
    for (const [cookie, hidden] of [[rm, 4], [app, 1], [app, 2]] as const) {
      const missing = shape(failure(await t.call('RE.getDetailsOfOffice', [{ re: MISSING }], cookie)), MISSING);
      expect(missing).toEqual({ code: 'E_NOTFOUND', message: 'RE #ID not found.', details: undefined });
      expect(shape(failure(await t.call('RE.getDetailsOfOffice', [{ re: hidden }], cookie)), hidden)).toEqual(missing);
    }
    expect(await officesOf(1)).toBeGreaterThan(0);
    expect(rowsOf(await t.call('RE.getDetailsOfOffice', [{ re: 1 }], rm)).length).toBe(await officesOf(1));
    expect(rowsOf(await t.call('RE.getDetailsOfOffice', [{ re: 3 }], app)).length).toBe(await officesOf(3));
    expect(rowsOf(await t.call('RE.getDetailsOfOffice', [{ re: 1 }], iru)).length).toBe(await officesOf(1));
    // An entity user reads its own entity's offices, and none of another's.
    expect(rowsOf(await t.call('RE.getDetailsOfOffice', [{ re: 1 }], re)).length).toBe(await officesOf(1));
    expect(rowsOf(await t.call('RE.getDetailsOfOffice', [{ re: 2 }], re)).length).toBe(0);
  });
});
