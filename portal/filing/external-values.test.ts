// Rules across forms and periods through the protocol, on every dialect: prev(CODE) reads the same
// entity's last accepted form of the template (blank, and said so, without one), extform(CODE)
// reads a cell (input or formula) of another form of the same batch, an equality check passes
// within its tolerance and fails beyond it, and every failed rule explains itself with its values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { failure, ok, readBack } from '../../engine/testing/record-calls.js';
import { recordsetObjects, type EnvelopeValue, type RecordsetValue } from '../../engine/protocol/envelope.js';
import { crossFormTemplates as templates, insertBatch, insertTemplate } from '../../portal/testing/cross-form.js';
import { writeFormExtract } from './extract-tables.js';
import ExcelJS from 'exceljs';
import { JobWorker } from '../../engine/jobs/job-worker.js';
import { download, textOf, type JobStatus } from '../../engine/jobs/testing/export-kit.js';
import type { FormProperties } from './template-schema.js';

const rows = (values: EnvelopeValue[], i = 0) => recordsetObjects(ok(values)[i] as RecordsetValue);

describe.each(await testDialects())('rules across forms and periods on %s', (dialect) => {
  let t: TestEngine;
  let preparer: string;
  let worker: JobWorker;
  let n = 0;

  beforeAll(async () => {
    t = await startTestEngine(dialect, { JOB_CONCURRENCY: '0' });
    worker = new JobWorker({ services: t.engine.services, concurrency: 1, pollMs: 3_600_000, leaseMs: 60_000, maxAttempts: 3, keepHours: 24 });
    preparer = await t.sessionFor('preparer');
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  async function fill(form: number, values: Record<string, number>): Promise<number> {
    const ctr = Number((await t.database.db('form').where({ id: form }).first('updatectr')).updatectr);
    const saved = rows(await t.call('Form.saveData', [{ form, updatectr: ctr, cells: Object.entries(values).map(([code, value]) => ({ code, value })) }], preparer));
    return Number(saved[0].updatectr);
  }

  const validate = async (form: number) => rows(await t.call('Form.validate', [{ form }], preparer)).filter((r) => r.rule === 'tabvalidation' || r.rule === 'tier2').map((r) => r.message);

  /** Two periods: October (form A accepted when `acceptOctober`) and November (forms A and B, open). */
  async function periods(acceptOctober: boolean) {
    const k = ++n;
    const { a, b, ia, ib } = templates(k);
    const db = t.database.db;
    const [ta, tb] = [await insertTemplate(db, a, ia), await insertTemplate(db, b, ib)];
    const [octA] = await insertBatch(db, '2026-10-31', [ta]);
    await fill(octA, { [`${ia}01001`]: 20000, [`${ia}01002`]: 20000, [`${ia}01003`]: 0 });
    if (acceptOctober) await t.database.db('form').where({ id: octA }).update({ state: 45 });
    const [novA, novB] = await insertBatch(db, '2026-11-30', [ta, tb]);
    return { ia, ib, octA, novA, novB };
  }

  it('reads last period from the previous accepted form: a rule over it sees its figures, the grid shows them read-only with their source, and the extract holds what it computed', async () => {
    const { ia, ib, octA, novA, novB } = await periods(true);
    await fill(novB, { [`${ib}01001`]: 110 });
    await fill(novA, { [`${ia}01001`]: 9000, [`${ia}01002`]: 9000, [`${ia}01003`]: 100 });
    expect(await validate(novA)).toEqual(['Total assets may not fall by more than half from last period. (' + ia + '01001 = 9,000; prev(' + ia + '01001) = 20,000)']);
    const data = await t.call('Form.getData', [{ form: novA }], preparer);
    expect(rows(data).find((c) => c.code === `${ia}01004`)).toMatchObject({ type: 'formula', value: '20000', readonly: true });
    expect(rows(data, 2)).toEqual([
      { kind: 'prev', code: `${ia}01001`, type: 'numeric', value: '20000', label: 'Total assets', source: `PA-${n}, period ending 31/10/2026`, form: octA, missing: null },
      { kind: 'extform', code: `${ib}01002`, type: 'formula', value: '100', label: 'Net loans', source: `PB-${n}, period ending 30/11/2026`, form: novB, missing: null },
    ]);
    // The extract written on acceptance holds the same figure.
    const db = t.database.db;
    await writeFormExtract({ db, root: db, dialect }, novA);
    const extract = await db(`ST_PA_${n}_01`).where({ FORM_ID: novA }).first(`${ia}01004`);
    expect(Number(extract[`${ia}01004`])).toBe(20000);
  });

  it('caches the figure read from the previous period in the Excel export of the form', async () => {
    const { ia, ib, novA, novB } = await periods(true);
    await fill(novB, { [`${ib}01001`]: 110 });
    await fill(novA, { [`${ia}01001`]: 9000, [`${ia}01002`]: 9000, [`${ia}01003`]: 100 });
    const id = Number(textOf(await t.call('Job.ExportToExcel.submit', [{ form_id: novA, withData: true }], preparer)));
    expect(await worker.drain()).toBe(1);
    const status = JSON.parse(textOf(await t.call('Job.ExportToExcel.status', [{ id }], preparer))) as JobStatus;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await download(t, status.result!, preparer)).rawPayload as unknown as ArrayBuffer);
    // Row 5: the header row, then the fourth body row (Total assets last period).
    expect(wb.getWorksheet('BS')!.getCell('B5').value).toBe(20000);
  });

  it('sees blank when there is no previous accepted form, and the failed rule says why', async () => {
    const { ia, ib, novA, novB } = await periods(false);
    await fill(novB, { [`${ib}01001`]: 110 });
    await fill(novA, { [`${ia}01001`]: 9000, [`${ia}01002`]: 9000, [`${ia}01003`]: 100 });
    expect(await validate(novA)).toEqual([
      `Total assets more than doubled since last period: please confirm. (${ia}01001 = 9,000; prev(${ia}01001) = blank) There is no accepted PA-${n} form of an earlier period, so the previous period's figures are blank.`,
    ]);
    const externals = rows(await t.call('Form.getData', [{ form: novA }], preparer), 2);
    expect(externals[0]).toMatchObject({ kind: 'prev', value: null, source: null, form: null, missing: `There is no accepted PA-${n} form of an earlier period, so the previous period's figures are blank.` });
  });

  it("checks a cell against another form of the batch, a formula cell computed over that form's values", async () => {
    const { ia, ib, novA, novB } = await periods(true);
    await fill(novB, { [`${ib}01001`]: 110 });
    await fill(novA, { [`${ia}01001`]: 20000, [`${ia}01002`]: 20000, [`${ia}01003`]: 105 });
    expect(await validate(novA)).toEqual([`Loans must equal the net loans of the loan return. (Loans 105 ≠ Net loans (PB-${n}, period ending 30/11/2026) 100: difference 5)`]);
    const externalsOf = async () => rows(await t.call('Form.getData', [{ form: novA }], preparer), 2).find((e) => e.kind === 'extform')!.value;
    expect(await externalsOf()).toBe('100');
    await fill(novB, { [`${ib}01001`]: 115 });
    expect(await validate(novA)).toEqual([]);
    // The other form changed, this one did not: its values are read again, not kept from before.
    expect(await externalsOf()).toBe('105');
  });

  it('refuses at template save an extform() code that names no cell of another template, at the rule citing it', async () => {
    const k = ++n;
    const { a, b, ia, ib } = templates(k);
    await insertTemplate(t.database.db, b, ib);
    const iru = await t.sessionFor('iru');
    const create = (properties: FormProperties, code: string) => t.call('Record.create', [{ module: 'FormTemplate', fields: ['code', 'name', 'itemcode', 'properties'], values: [code, 'Balance', ia, JSON.stringify(properties)], read: ['id'] }], iru);
    const citing = (code: string): FormProperties => ({ ...a, tabvalidation: a.tabvalidation!.map((c, i) => (i === 2 ? { ...c, formula: `=cell(${ia}01003)=extform(${code})` } : c)) });
    expect(failure(await create(citing(`${ib}01009`), `PA-${k}`)).details).toEqual({ 'properties/tabvalidation/2/formula': `extform(${ib}01009) names no cell of template PB-${k}.` });
    expect(failure(await create(citing('ZZ9901001'), `PA-${k}`)).details).toEqual({ 'properties/tabvalidation/2/formula': 'extform(ZZ9901001) names no cell of another template: no template has an item code that starts ZZ9901001.' });
    expect(failure(await create(citing(`${ia}01001`), `PA-${k}`)).details).toEqual({ 'properties/tabvalidation/2/formula': `extform(${ia}01001) names a cell of this template: write cell(${ia}01001).` });
    expect(readBack(await create(a, `PA-${k}`)).id).toEqual(expect.any(Number));
  });

  it('passes an equality within its tolerance and fails beyond it with both sides, the difference and the tolerance, also when a sign-off step refuses', async () => {
    const { ia, ib, novA, novB } = await periods(true);
    await fill(novB, { [`${ib}01001`]: 110 });
    await fill(novA, { [`${ia}01001`]: 25035, [`${ia}01002`]: 25034, [`${ia}01003`]: 100 });
    expect(await validate(novA)).toEqual([]);
    const ctr = await fill(novA, { [`${ia}01002`]: 25030 });
    const explained = 'Total assets must equal total liabilities. (Total assets 25,035 ≠ Total liabilities 25,030: difference 5, tolerance 1)';
    expect(await validate(novA)).toEqual([explained]);
    const refused = failure(await t.call('Record.update', [{ module: 'REForm', fields: ['id', 'updatectr', 'state'], values: [novA, ctr, 78], read: ['id'] }], preparer));
    expect(refused.code).toBe('E_VALIDATION');
    expect(refused.details).toEqual({ '/tabvalidation/0': explained });
  });
});
