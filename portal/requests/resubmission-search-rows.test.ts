// Resubmission.searchForms and the forms a request names go through the caller's rows
// (docs/row-rules.md, engine/records/scoped-rows.ts): regulator staff name an entity their team
// covers (another is answered exactly as a missing one) and are offered only the forms their form
// list shows; an entity user is offered, and may name, only the forms its own form list shows.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { failure, ok, type Failure } from '../../engine/testing/record-calls.js';
import { recordsetObjects, type EnvelopeValue, type RecordsetValue } from '../../engine/protocol/envelope.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { sqlDate, sqlDateTime } from '../../engine/db/clock.js';
import { addDays } from './resubmission-moves.js';

const MISSING = 999_999_999;
const ENDON = '2019-03-31';
const CATEGORY = { main: 100211, smd: 100212, app: 100213 } as const;

/** A refusal with the id it names replaced, to compare a hidden row's answer with a missing one's. */
const shape = (f: Failure, id: number): unknown => JSON.parse(JSON.stringify({ code: f.code, message: f.message, details: f.details ?? null }).replaceAll(`#${id}`, '#ID'));
const ids = (values: EnvelopeValue[]) => recordsetObjects(ok(values)[0] as RecordsetValue).map((r) => Number(r.id));

describe.each(await testDialects())("resubmission forms through the caller's rows on %s", (dialect) => {
  let t: TestEngine;
  let iru: string;
  let rm: string;
  let app: string;
  let preparer: string;
  const f: Record<string, number> = {};

  /** An accepted (45) form of a completed (71) submission of entity `re`, of one category. */
  async function acceptedForm(re: number, category: number): Promise<number> {
    const db = t.database.db;
    const createon = sqlDateTime();
    const batchRow = { re, category, name: `Search rows ${randomBytes(3).toString('hex')}`, endon: ENDON, duedate: '2019-04-15', state: 71, frozen_ind: false, createon };
    const [b] = dialect === 'mysql' ? await db('formbatch').insert(batchRow) : await db('formbatch').insert(batchRow).returning('id');
    const batch = Number(typeof b === 'object' ? (b as { id: number }).id : b);
    const formRow = { code: `SRCH-${category}`, name: `Search rows ${category}`, re, formbatch: batch, state: 45, endon: ENDON, category, properties: JSON.stringify({ items: [{ id: '01', title: 'Assets' }] }), createon };
    const [fid] = dialect === 'mysql' ? await db('form').insert(formRow) : await db('form').insert(formRow).returning('id');
    await bumpVersions(db, ['formbatch', 'form']);
    return Number(typeof fid === 'object' ? (fid as { id: number }).id : fid);
  }

  beforeAll(async () => {
    t = await startTestEngine(dialect, { JOB_CONCURRENCY: '0' });
    [iru, rm, app, preparer] = await Promise.all(['iru', 'rm', 'appofficer', 'preparer'].map((u) => t.sessionFor(u)));
    f.main1 = await acceptedForm(1, CATEGORY.main);
    f.smd1 = await acceptedForm(1, CATEGORY.smd);
    f.app1 = await acceptedForm(1, CATEGORY.app);
    f.app3 = await acceptedForm(3, CATEGORY.app);
  });
  afterAll(async () => t?.close());

  const search = (cookie: string, re?: number) => t.call('Resubmission.searchForms', [{ ...(re === undefined ? {} : { re }), year: 2019, month: 3 }], cookie);

  it("answers another team's entity exactly as a missing one", async () => {
    for (const [cookie, hidden] of [[rm, 4], [app, 1], [app, 2]] as const) {
      const missing = shape(failure(await search(cookie, MISSING)), MISSING);
      expect(missing).toEqual({ code: 'E_NOTFOUND', message: 'RE #ID not found.', details: null });
      expect(shape(failure(await search(cookie, hidden)), hidden)).toEqual(missing);
    }
  });

  it("offers each caller only the forms its form list shows", async () => {
    // Ordinary staff: the entity's main forms, not its SMD or App I/II ones.
    const staff = ids(await search(iru, 1));
    expect(staff).toContain(f.main1);
    expect(staff).not.toContain(f.smd1);
    expect(staff).not.toContain(f.app1);
    // The relationship manager: the SMD forms of the banks it manages.
    const managed = ids(await search(rm, 1));
    expect(managed).toContain(f.smd1);
    expect(managed).not.toContain(f.main1);
    expect(managed).not.toContain(f.app1);
    // The App I/II officer: the App I/II forms of its entities.
    expect(ids(await search(app, 3))).toEqual([f.app3]);
    // An entity user who is not senior: no App I/II form of its own entity.
    const own = ids(await search(preparer));
    expect(own).toEqual(expect.arrayContaining([f.main1, f.smd1]));
    expect(own).not.toContain(f.app1);
  });

  it('refuses a request naming a form the entity user cannot list exactly as one naming a missing form', async () => {
    const ask = (form: number) =>
      t.call('Record.create', [{ module: 'RE-Resubmission', fields: ['requestextdate', 'reason', 'forms', 'state'], values: [addDays(sqlDate(), 10), 'Misstated', JSON.stringify([{ form, properties: [{ id: '01', dataitem: 'Total assets' }] }]), 61] }], preparer);
    const before = Number((await t.database.db('resubmission').count({ n: '*' }).first())?.n);
    const missing = shape(failure(await ask(MISSING)), MISSING);
    expect(missing).toMatchObject({ code: 'E_VALIDATION', details: { forms: 'Form #ID not found.' } });
    expect(shape(failure(await ask(f.app1)), f.app1)).toEqual(missing);
    expect(Number((await t.database.db('resubmission').count({ n: '*' }).first())?.n)).toBe(before);
  });
});
