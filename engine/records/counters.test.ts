// The counts a submission (FormBatch) keeps of its forms by state (portal/metadata/modules/FormBatch.json
// `counters`), on every dialect: they agree with the forms from the start, follow every state
// change and deletion of a form in the write's own transaction, show through Record.select at
// once (its cached totals included), and leave the submission's updatectr alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeForm } from '../../portal/testing/complete-form.js';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { failure, readBack, select } from '../testing/record-calls.js';

/** Form states (seeds/demo-forms.ts) counted in each column, as FormBatch.json declares them. */
const BUCKETS: Record<string, number[] | null> = { total0: null, open: [13, 74], pendingverify: [78], ready: [55], submitted: [56], accepted: [45] };
const COUNTERS = Object.keys(BUCKETS);

describe.each(await testDialects())('submission counters on %s', (dialect) => {
  let t: TestEngine;
  let re: string;
  let admin: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    re = await t.sessionFor('re', 1);
    admin = await t.sessionFor('admin');
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  /** The counts computed here from the forms table, independently of the engine. */
  async function expected(batch: number): Promise<Record<string, number>> {
    const states = (await db()('form').where({ formbatch: batch }).pluck('state')).map(Number);
    return Object.fromEntries(Object.entries(BUCKETS).map(([c, s]) => [c, states.filter((x) => s === null || s.includes(x)).length]));
  }
  /** The counts as a user reads them through the engine (RE users through REFormBatch). */
  async function shownAs(cookie: string, batch: number): Promise<Record<string, number>> {
    const page = await select(t, cookie, { module: cookie === re ? 'REFormBatch' : 'FormBatch', fields: ['id', ...COUNTERS], where: [['id', '=', batch]] });
    return Object.fromEntries(COUNTERS.map((c) => [c, Number(page.rows[0][c])]));
  }
  const shown = (batch: number) => shownAs(re, batch);
  /** The first form (by id) in a state, of entity 1 or of any entity. */
  const formIn = async (state: number | null, anyEntity = false) => {
    const q = db()('form').whereNotNull('formbatch').orderBy('id');
    if (!anyEntity) q.where({ re: 1 });
    if (state !== null) q.where({ state });
    const row = await q.first('id', 'updatectr', 'formbatch');
    if (!row) throw new Error(`demo data has no form in state ${state}`);
    return { id: Number(row.id), updatectr: Number(row.updatectr), batch: Number(row.formbatch) };
  };
  const batchCtr = async (id: number) => Number((await db()('formbatch').where({ id }).first('updatectr')).updatectr);

  it('agree with the forms of every seeded submission', async () => {
    const batches = (await db()('formbatch').select('id', ...COUNTERS)) as Record<string, unknown>[];
    expect(batches.length).toBeGreaterThan(100);
    for (const b of batches) expect(Object.fromEntries(COUNTERS.map((c) => [c, Number(b[c])]))).toEqual(await expected(Number(b.id)));
  });

  it("follow an RE user's state changes of a form, shown at once, without touching the submission's updatectr", async () => {
    const form = await formIn(13);
    // Filled first: every sign-off step holds the form to its blocking rules.
    form.updatectr = await completeForm(t, form.id, re);
    const before = await shown(form.batch);
    const ctr = await batchCtr(form.batch);
    readBack(await t.call('Record.update', [{ module: 'REForm', fields: ['id', 'updatectr', 'state'], values: [form.id, form.updatectr, 78] }], re));
    const after = await shown(form.batch);
    expect(after).toEqual({ ...before, open: before.open - 1, pendingverify: before.pendingverify + 1 });
    expect(after).toEqual(await expected(form.batch));
    readBack(await t.call('Record.update', [{ module: 'REForm', fields: ['id', 'updatectr', 'state'], values: [form.id, form.updatectr + 1, 55] }], re));
    expect(await shown(form.batch)).toEqual({ ...before, open: before.open - 1, ready: before.ready + 1 });
    expect(await batchCtr(form.batch)).toBe(ctr);
  });

  it('leave the counts as they were when the write is refused', async () => {
    const form = await formIn(null);
    const before = await shown(form.batch);
    expect(failure(await t.call('Record.update', [{ module: 'REForm', fields: ['id', 'updatectr', 'state'], values: [form.id, form.updatectr + 5, 78] }], re)).code).toBe('E_CONCURRENT');
    expect(await shown(form.batch)).toEqual(before);
  });

  it('follow the deletion of a form', async () => {
    const form = await formIn(13, true);
    const before = await shownAs(admin, form.batch);
    expect(await t.call('Record.delete', [{ module: 'Form', fields: ['id', 'updatectr'], values: [form.id, form.updatectr] }], admin)).toEqual([{ type: 'text', text: '1' }]);
    expect(await shownAs(admin, form.batch)).toEqual({ ...before, total0: before.total0 - 1, open: before.open - 1 });
    expect(await shownAs(admin, form.batch)).toEqual(await expected(form.batch));
  });
});
