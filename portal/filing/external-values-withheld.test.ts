// Values read from a form the caller cannot see (docs/form-templates.md "Rules across forms and
// periods"): extform() and prev() read the true figures for every check, but a caller whose form
// list does not show the source form (an entity user who is not senior and an App I/II form, a
// regulator team and another team's category) is shown neither the figure, its source, nor what
// is computed from it: Form.getData answers it blank with why, and a failed rule's message says
// "not shown". A caller who sees the source form is shown it all, as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { ok } from '../../engine/testing/record-calls.js';
import { recordsetObjects, type EnvelopeValue, type RecordsetValue } from '../../engine/protocol/envelope.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { crossFormTemplates as templates, insertBatch, insertTemplate } from '../../portal/testing/cross-form.js';

const rows = (values: EnvelopeValue[], i = 0) => recordsetObjects(ok(values)[i] as RecordsetValue);
const CATEGORY = { main: 100211, app: 100213 } as const;

describe.each(await testDialects())('values read from forms the caller cannot see on %s', (dialect) => {
  let t: TestEngine;
  let preparer: string;
  let iru: string;
  let admin: string;
  let n = 0;

  beforeAll(async () => {
    t = await startTestEngine(dialect, { JOB_CONCURRENCY: '0' });
    [preparer, iru, admin] = await Promise.all(['preparer', 'iru', 'admin'].map((u) => t.sessionFor(u)));
  });
  afterAll(async () => t?.close());

  async function fill(form: number, values: Record<string, number>): Promise<void> {
    const ctr = Number((await t.database.db('form').where({ id: form }).first('updatectr')).updatectr);
    rows(await t.call('Form.saveData', [{ form, updatectr: ctr, cells: Object.entries(values).map(([code, value]) => ({ code, value })) }], preparer));
  }
  async function category(form: number, value: number): Promise<void> {
    await t.database.db('form').where({ id: form }).update({ category: value });
    await bumpVersions(t.database.db, ['form']);
  }
  const validate = async (form: number, cookie = preparer) => rows(await t.call('Form.validate', [{ form }], cookie)).filter((r) => r.rule === 'tabvalidation' || r.rule === 'tier2').map((r) => r.message);
  const externals = async (form: number, cookie = preparer) => rows(await t.call('Form.getData', [{ form }], cookie), 2);
  const cell = async (form: number, code: string, cookie = preparer) => rows(await t.call('Form.getData', [{ form }], cookie)).find((c) => c.code === code)?.value;

  /** October's PA form accepted; November's PA and PB forms of one batch, all main forms of entity 1, filled. */
  async function periods() {
    const k = ++n;
    const { a, b, ia, ib } = templates(k);
    const db = t.database.db;
    const [ta, tb] = [await insertTemplate(db, a, ia), await insertTemplate(db, b, ib)];
    const [octA] = await insertBatch(db, '2026-10-31', [ta]);
    await fill(octA, { [`${ia}01001`]: 20000, [`${ia}01002`]: 20000, [`${ia}01003`]: 0 });
    await db('form').where({ id: octA }).update({ state: 45 });
    const [novA, novB] = await insertBatch(db, '2026-11-30', [ta, tb]);
    for (const f of [octA, novA, novB]) await category(f, CATEGORY.main);
    await fill(novB, { [`${ib}01001`]: 110 });
    return { ia, ib, octA, novA, novB };
  }

  it("withholds another form's value from a caller who cannot see that form, while the check still reads the true value", async () => {
    const { ia, ib, novA, novB } = await periods();
    await fill(novA, { [`${ia}01001`]: 20000, [`${ia}01002`]: 20000, [`${ia}01003`]: 105 });
    // Shown while the loan return is a main form.
    expect(await validate(novA)).toEqual([`Loans must equal the net loans of the loan return. (Loans 105 ≠ Net loans (PB-${n}, period ending 30/11/2026) 100: difference 5)`]);
    await category(novB, CATEGORY.app);
    const note = `extform(${ib}01002) reads a form that is not visible to you, so its value is not shown.`;
    // The entity's preparer is not senior: App I/II forms are not among its rows.
    expect(await validate(novA)).toEqual([`Loans must equal the net loans of the loan return. (Loans 105 ≠ ${ib}01002 (another form) not shown) ${note}`]);
    const withheld = { kind: 'extform', code: `${ib}01002`, type: 'text', value: null, label: `${ib}01002`, source: null, form: null, missing: note };
    expect((await externals(novA)).find((e) => e.kind === 'extform')).toEqual(withheld);
    // Ordinary regulator staff do not see App I/II forms either.
    expect((await externals(novA, iru)).find((e) => e.kind === 'extform')).toEqual(withheld);
    // The check computes with the true 100, not with a blank: loans of 100 pass.
    await fill(novA, { [`${ia}01003`]: 100 });
    expect(await validate(novA)).toEqual([]);
    // The administrator sees every form: the value and its source, as before.
    expect((await externals(novA, admin)).find((e) => e.kind === 'extform')).toMatchObject({ value: '100', label: 'Net loans', source: `PB-${n}, period ending 30/11/2026`, form: novB, missing: null });
  });

  it("withholds last period's figures, and the cells computed from them, when the previous form is not visible", async () => {
    const { ia, octA, novA } = await periods();
    await fill(novA, { [`${ia}01001`]: 9000, [`${ia}01002`]: 9000, [`${ia}01003`]: 100 });
    const fell = `Total assets may not fall by more than half from last period. (${ia}01001 = 9,000; prev(${ia}01001) = 20,000)`;
    expect(await validate(novA)).toEqual([fell]);
    expect(await cell(novA, `${ia}01004`)).toBe('20000');
    await category(octA, CATEGORY.app);
    const note = `prev(${ia}01001) reads a form that is not visible to you, so its value is not shown.`;
    // Against a blank the rule would pass: it fails, so the true 20,000 was read, and is not told.
    expect(await validate(novA)).toEqual([`Total assets may not fall by more than half from last period. (${ia}01001 = 9,000; prev(${ia}01001) = not shown) ${note}`]);
    expect((await externals(novA)).find((e) => e.kind === 'prev')).toMatchObject({ value: null, label: `${ia}01001`, source: null, form: null, missing: note });
    // Total assets last period (=prev(…)) is computed as the entry grid computes it: over a blank.
    expect(await cell(novA, `${ia}01004`)).not.toBe('20000');
    // The administrator: unchanged.
    expect(await validate(novA, admin)).toEqual([fell]);
    expect(await cell(novA, `${ia}01004`, admin)).toBe('20000');
  });
});
