// FormBatch.lateNotify through the protocol, on every dialect: a late batch's notice queued to
// the entity's primary user and approver with the batch, period, due date and outstanding forms,
// kept in the batch's state history; refusals for a batch not yet late, one completed on time,
// a second notice the same day, and callers without the task.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlDate, sqlDateTime } from '../../../engine/db/clock.js';
import type { EnvelopeValue } from '../../../engine/protocol/envelope.js';
import { failure } from '../../../engine/testing/record-calls.js';
import { testDialects } from '../../../engine/testing/test-database.js';
import { startTestEngine, type TestEngine } from '../../../engine/testing/test-engine.js';
import { firstLateNoticeDay } from '../../filing/late-notice-rule.js';

const daysFromToday = (n: number) => {
  const d = new Date(`${sqlDate()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

function textOf(values: EnvelopeValue[]): string {
  const [v] = values;
  if (v?.type !== 'text') throw new Error(`expected a text value, got ${JSON.stringify(values).slice(0, 500)}`);
  return v.text;
}

describe.each(await testDialects())('Late notices of submissions on %s', (dialect) => {
  let t: TestEngine;
  let iru: string;
  let re: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    [iru, re] = await Promise.all([t.sessionFor('iru'), t.sessionFor('re')]);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A batch of entity 1 due on `duedate`, with an Open form LN-A and a Submitted form LN-B. */
  async function newBatch(duedate: string, extra: Record<string, unknown> = {}): Promise<number> {
    const db = t.database.db;
    const createon = sqlDateTime();
    await db('formbatch').insert({ re: 1, name: `Late ${duedate} ${Math.random().toString(36).slice(2, 8)}`, endon: '2026-01-31', duedate, state: 13, frozen_ind: false, createon, ...extra });
    const batch = Number((await db('formbatch').max({ id: 'id' }))[0].id);
    await db('form').insert([
      { code: 'LN-A', name: 'Late Form A', re: 1, formbatch: batch, state: 13, endon: '2026-01-31', createon },
      { code: 'LN-B', name: 'Late Form B', re: 1, formbatch: batch, state: 56, endon: '2026-01-31', createon },
    ]);
    return batch;
  }

  const outboxAfter = async (id: number) => t.database.db('email_outbox').where('id', '>', id).orderBy('id').select('recipient', 'subject', 'body_text');
  const lastOutboxId = async () => Number((await t.database.db('email_outbox').max({ id: 'id' }))[0].id ?? 0);

  it('queues a late batch\'s notice to the primary user and the approver, naming batch, period, due date and outstanding forms', async () => {
    const due = daysFromToday(-10);
    const batch = await newBatch(due);
    const before = await lastOutboxId();
    const sent = JSON.parse(textOf(await t.call('FormBatch.lateNotify', [{ id: batch }], iru)));
    expect(sent).toEqual({ recipients: ['re@regportal.example', 'approver@regportal.example'], outstanding: 1 });
    const mails = await outboxAfter(before);
    expect(mails.map((m) => m.recipient)).toEqual(['re@regportal.example', 'approver@regportal.example']);
    const name = (await t.database.db('formbatch').where({ id: batch }).first('name')).name;
    const entity = (await t.database.db('re').where({ id: 1 }).first('name')).name;
    expect(mails[0].subject).toBe(`Late submission: ${name} of ${entity}`);
    expect(mails[0].body_text).toContain('Dear Demo Compliance Officer,');
    expect(mails[1].body_text).toContain('Dear Demo Approver,');
    expect(mails[0].body_text).toContain(`The submission ${name} of ${entity} for the period ending 2026-01-31 was due on ${due} and has not been completed.`);
    expect(mails[0].body_text).toContain('- LN-A Late Form A');
    expect(mails[0].body_text).not.toContain('LN-B');
    const history = await t.database.db('state_history').where({ module: 'formbatch', record_id: batch }).select('from_state', 'to_state', 'reason');
    expect(history).toEqual([{ from_state: 13, to_state: 13, reason: 'Late notice sent to re@regportal.example, approver@regportal.example' }]);
  });

  it('refuses a second notice for the same batch on the same day, sending nothing', async () => {
    const batch = await newBatch(daysFromToday(-5));
    textOf(await t.call('FormBatch.lateNotify', [{ id: batch }], iru));
    const before = await lastOutboxId();
    const f = failure(await t.call('FormBatch.lateNotify', [{ id: batch }], iru));
    expect(f.code).toBe('E_VALIDATION');
    expect(f.message).toBe('id: A late notice for this submission was already sent today.');
    expect(await outboxAfter(before)).toEqual([]);
  });

  it('refuses a batch whose due date and day of grace have not passed yet', async () => {
    const due = daysFromToday(-1);
    const batch = await newBatch(due);
    const f = failure(await t.call('FormBatch.lateNotify', [{ id: batch }], iru));
    expect(f.code).toBe('E_VALIDATION');
    expect(f.message).toBe(`id: This submission is not late: it is due on ${due}, and a late notice can be sent from ${firstLateNoticeDay(due)}.`);
    expect(firstLateNoticeDay(due)).toBe(daysFromToday(1));
  });

  it('refuses a batch completed on time, but notifies one completed after its due date', async () => {
    const due = daysFromToday(-20);
    const onTime = await newBatch(due, { state: 71, submitteddate: `${daysFromToday(-21)} 10:00:00` });
    const f = failure(await t.call('FormBatch.lateNotify', [{ id: onTime }], iru));
    expect(f).toMatchObject({ code: 'E_VALIDATION', message: 'id: This submission was completed on time.' });
    const late = await newBatch(due, { state: 71, submitteddate: `${daysFromToday(-18)} 10:00:00` });
    expect(JSON.parse(textOf(await t.call('FormBatch.lateNotify', [{ id: late }], iru))).recipients).toHaveLength(2);
  });

  it('refuses entity users, who do not hold the task, and answers E_NOTFOUND for a batch that does not exist and E_BADREQUEST for an id that is not one', async () => {
    const batch = await newBatch(daysFromToday(-30));
    expect(failure(await t.call('FormBatch.lateNotify', [{ id: batch }], re)).code).toBe('E_NOPERMISSION');
    expect(failure(await t.call('FormBatch.lateNotify', [{ id: 99_999_999 }], iru))).toMatchObject({ code: 'E_NOTFOUND', message: 'FormBatch #99999999 not found.' });
    expect(failure(await t.call('FormBatch.lateNotify', [{ id: 'x' }], iru)).code).toBe('E_BADREQUEST');
  });
});
