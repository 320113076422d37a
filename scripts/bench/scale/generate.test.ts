// The scale benchmark's generator at a tiny size (docs/benchmarks.md "Ten years of history"): the
// same seed writes the same rows, the forms it writes open through Form.getData with their values,
// and the states and counts are what was asked.
import { afterAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { testDialects, type TestDatabase } from '../../../engine/testing/test-database.js';
import { recordsetObjects, type RecordsetValue } from '../../../engine/protocol/envelope.js';
import type { Engine } from '../../../engine/server/app.js';
import { parseCsv } from '../../../portal/jobs/accepted-extract/testing/read-files.js';
import { EXTRACT_COLUMNS } from '../../../portal/filing/accepted-extract.js';
import { createSession, SESSION_COOKIE } from '../../../engine/identity/session-store.js';
import { callerAs, cellValue, generateScale, isReturned, scaleDatabase, scaleEngine, SCALE_TEMPLATES, inputsPerTab, type GenerateResult } from './generate.js';

const TINY = { entities: 2, years: 1, seed: 7 };

/** A checksum of what the seed decides: every cell's form, address and value, every revision's state, the feed. */
async function checksum(db: Knex): Promise<string> {
  const h = createHash('sha256');
  for (const r of await db('formcell').orderBy(['form', 'tab', 'address']).select('form', 'tab', 'address', 'value')) h.update(`${r.form}|${r.tab}|${r.address}|${r.value}\n`);
  for (const r of await db('formrevision').orderBy(['form', 'revision']).select('form', 'revision', 'state')) h.update(`${r.form}|${r.revision}|${r.state}\n`);
  for (const r of await db('acceptancefeed').orderBy('seq').select('seq', 'form')) h.update(`${r.seq}|${r.form}\n`);
  return h.digest('hex');
}

/** What seed 7 writes at the tiny size: rows per table and the checksum of its cells, revisions and feed. */
const SEED_7_CHECKSUM = 'eea68d843f73c5675c1140278baa1afe9cbcbacf7641214f2fc50cbddda8f906';
const SEED_7_COUNTS = {
  sector: 1, re: 2, user: 3, user_role: 3, re_user: 4, formtemplate: 2, formtemplate_version: 2, variancerule: 2,
  formbatch: 32, form: 32, formcell: 26_600, formrevision: 190, state_history: 264, record_audit: 296, query: 5,
  acceptancefeed: 37, acceptedform: 32, acceptedcell: 28_000,
};

describe.each(await testDialects())('scale history generator (%s)', (dialect) => {
  let database: TestDatabase;
  let engine: Engine;
  let result: GenerateResult;
  let config: Awaited<ReturnType<typeof scaleEngine>>['config'];
  afterAll(async () => {
    await engine?.close();
    await database?.destroy();
  });

  it('writes the history asked for, and the same seed writes the same rows', async () => {
    database = await scaleDatabase(dialect);
    const built = await scaleEngine(database);
    engine = built.engine;
    config = built.config;
    result = await generateScale(database.db, dialect, engine.services.modules, TINY);
    const { db } = database;
    // 2 entities × (12 monthly + 4 quarterly) periods, one batch and form each, all accepted in the end.
    expect(result.forms).toBe(32);
    expect(Number((await db('form').count({ n: '*' }))[0].n)).toBe(32);
    const byState: Record<string, unknown>[] = await db('form').groupBy('state').select('state').count({ n: '*' });
    expect(byState.map((r) => [Number(r.state), Number(r.n)])).toEqual([[45, 32]]);
    expect((await db('formbatch').distinct('state')).map((r) => Number(r.state))).toEqual([71]);
    expect(Number((await db('formcell').count({ n: '*' }))[0].n)).toBe(2 * (12 * SCALE_TEMPLATES[0].tabs + 4 * SCALE_TEMPLATES[1].tabs) * inputsPerTab);
    // A tenth returned (by the seed; five here): those were accepted twice, have a query and 12 revisions.
    const ids = (await db('form').orderBy('id').pluck('id')).map(Number);
    const returned = ids.filter((id) => isReturned(TINY.seed, id));
    expect(returned.length).toBe(5);
    expect(result.returned).toBe(returned.length);
    expect((await db('form').whereIn('id', returned).distinct('updatectr')).map((r) => Number(r.updatectr))).toEqual([12]);
    expect(Number((await db('acceptancefeed').count({ n: '*' }))[0].n)).toBe(32 + returned.length);
    expect(Number((await db('query').count({ n: '*' }))[0].n)).toBe(returned.length);
    expect(Number((await db('formrevision').count({ n: '*' }))[0].n)).toBe(32 * 5 + returned.length * 6);
    expect(Number((await db('acceptancecounter').first('value')).value)).toBe(32 + returned.length);
    // Every form's batch counts it as accepted (the record engine's counters).
    expect(Number((await db('formbatch').sum({ n: 'accepted' }))[0].n)).toBe(32);

    // The same seed writes the same rows: the checksum of this seed's history, on either database
    // (a change to what the generator writes changes it, on purpose).
    expect.soft(await checksum(db)).toBe(SEED_7_CHECKSUM);
    expect.soft(result.counts).toEqual(SEED_7_COUNTS);
  }, 120_000);

  it('opens the generated forms through Form.getData with their values', async () => {
    const { db } = database;
    const call = await callerAs(engine, config, db, result.users.preparer);
    for (const code of ['SCL-M', 'SCL-Q']) {
      const form = await db('form').where({ code }).orderBy('id').first('id');
      const id = Number(form.id);
      const cells = recordsetObjects((await call('Form.getData', { form: id }))[0] as RecordsetValue);
      const inputs = cells.filter((c) => c.type !== 'formula');
      expect(inputs.length).toBe(SCALE_TEMPLATES.find((t) => t.code === code)!.tabs * inputsPerTab);
      const first = inputs.find((c) => c.tab === '01' && c.address === 'B2')!;
      expect(String(first.value)).toBe(isReturned(TINY.seed, id) ? String(Number(cellValue(TINY.seed, id, 0)) + 1) : cellValue(TINY.seed, id, 0));
      const last = inputs.find((c) => c.tab === '01' && c.address === 'T26')!;
      expect(String(last.value)).toBe(cellValue(TINY.seed, id, inputsPerTab - 1));
    }
  }, 60_000);

  it('extracts a period as the accepted values of its forms, and the change feed follows every acceptance in commit order', async () => {
    const { db } = database;
    const iru = await callerAs(engine, config, db, result.users.iru);
    const text = (v: unknown) => (v as { text: string }).text;
    // The feed, ten at a time: every acceptance the history made, returned forms twice, in order.
    const feed: number[] = [];
    for (let since = ''; ;) {
      const values = await iru('Form.changes', { since, max: 10 });
      feed.push(...recordsetObjects(values[0] as RecordsetValue).map((r) => Number(r.form)));
      const page = JSON.parse(text(values[1])) as { next: string; more: boolean };
      if (!page.more) break;
      since = page.next;
    }
    const forms = (await db('form').orderBy('id').pluck('id')).map(Number);
    expect(feed).toHaveLength(forms.length + result.returned);
    expect([...new Set(feed)].sort((a, b) => a - b)).toEqual(forms);
    for (const id of forms) expect(feed.filter((f) => f === id)).toHaveLength(isReturned(TINY.seed, id) ? 2 : 1);

    // The extract of the last month: each form's rows are its filled cells as Form.getData shows them
    // (the generator's values, checked above, and the totals computed over them).
    const period = '2025-12-31';
    const id = Number(text((await iru('Job.ExportAccepted.submit', { period, format: 'csv' }))[0]));
    let status: { state: number; result: string | null };
    do {
      await new Promise((r) => setTimeout(r, 20));
      status = JSON.parse(text((await iru('Job.ExportAccepted.status', { id }))[0]));
    } while (status.state !== 71 && status.state !== 2);
    expect(status.state, JSON.stringify(status)).toBe(71);
    const cookie = `${SESSION_COOKIE}=${await createSession(db, result.users.iru, 1, config)}`;
    const res = await engine.app.inject({ method: 'GET', url: status.result!, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const [header, ...records] = parseCsv(res.body);
    expect(header).toEqual([...EXTRACT_COLUMNS]);
    const rows = records.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
    const periodForms = (await db('form').where({ endon: period }).orderBy('id').pluck('id')).map(Number);
    expect([...new Set(rows.map((r) => Number(r.form_id)))].sort((a, b) => a - b)).toEqual(periodForms);
    for (const form of periodForms) {
      const shown = recordsetObjects((await iru('Form.getData', { form }))[0] as RecordsetValue).filter((c) => c.value !== null && c.value !== '');
      const extracted = rows.filter((r) => Number(r.form_id) === form);
      expect(extracted.map((r) => [r.cell_code, r.value])).toEqual(shown.map((c) => [String(c.code), String(c.value)]));
    }
  }, 120_000);
});
