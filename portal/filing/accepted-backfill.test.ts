// Keeping the values of forms accepted before the portal kept them, on every dialect: every
// Accepted form of the demo gets its filled cells and one feed entry, oldest acceptance first,
// with the time of its acceptance; a second run finds nothing to do; a form returned for
// amendment is left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../engine/testing/test-database.js';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { backfillAcceptances } from './accepted-backfill.js';
import { formCellsNow } from './accepted-values.js';

describe.each(await testDialects())('keeping the values of forms accepted earlier on %s', (dialect) => {
  let t: TestEngine;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
  });
  afterAll(async () => t?.close());

  it('every accepted form of the demo gets its values and one feed entry, once', async () => {
    const db = t.database.db;
    const at = (v: unknown) => (v === null ? null : String(v).replace('T', ' ').slice(0, 19));
    const rows = await db('form').where({ state: 45 }).whereNotNull('formtemplate').select('id', 'updateon', 'lastsubmiton', 'createon');
    const when = new Map(rows.map((r) => [Number(r.id), at(r.updateon) ?? at(r.lastsubmiton) ?? at(r.createon)!]));
    const accepted = [...when.keys()].sort((a, b) => when.get(a)!.localeCompare(when.get(b)!) || a - b);
    expect(accepted.length).toBeGreaterThan(0);
    expect(await db('acceptancefeed').count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await backfillAcceptances(db, dialect)).toBe(accepted.length);
    const feed = await db('acceptancefeed').orderBy('seq').select('seq', 'form', 'acceptedon');
    expect(feed.map((f) => Number(f.form))).toEqual(accepted);
    expect(feed.map((f) => Number(f.seq))).toEqual(accepted.map((_, i) => i + 1));
    expect(feed.map((f) => at(f.acceptedon))).toEqual(accepted.map((id) => when.get(id)));
    // The kept values are the form's filled cells as they stand.
    const kept = await db('acceptedcell').where({ form: accepted[0] }).orderBy('ord').select('form', 'ord', 'code', 'rownum', 'value');
    const now = await formCellsNow({ db, root: db, dialect }, accepted[0]);
    expect(kept.map((c) => [Number(c.ord), c.code, c.rownum === null ? null : Number(c.rownum), c.value])).toEqual(now.map((c) => [c.ord, c.code, c.rownum, c.value]));
    expect(await backfillAcceptances(db, dialect)).toBe(0);
    const amendment = (await db('form').where({ state: 74 }).pluck('id')).map(Number);
    expect(await db('acceptedform').whereIn('form', amendment).count({ n: '*' })).toEqual([{ n: 0 }]);
  });
});
