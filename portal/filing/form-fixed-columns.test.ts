// A filed form keeps its owner and shape, through the protocol on every dialect (docs/filing.md
// "A form's owner and shape"): no update of Form or REForm changes its entity, submission,
// template, version, category, period or tab list; the same values sent back pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { failure, ok, readBack } from '../../engine/testing/record-calls.js';
import { recordsetObjects, type RecordsetValue } from '../../engine/protocol/envelope.js';

const FIXED = ['re', 'formbatch', 'formtemplate', 'templateversion', 'properties', 'category', 'calendar', 'endon', 'reportingperiod', 'datedesc', 'scheduletype'];

describe.each(await testDialects())('a form keeps its owner and shape on %s', (dialect) => {
  let t: TestEngine;
  let iru: string;
  let approver: string;
  let re2: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    [iru, approver, re2] = await Promise.all([t.sessionFor('iru'), t.sessionFor('approver'), t.sessionFor('re2')]);
  });
  afterAll(async () => t?.close());

  /** Opens a monthly period for the banks; answers entity 1's form of it. */
  const openForm = async (endon: string): Promise<number> => {
    const values = ok(await t.call('FormBatch.openPeriod', [{ calendar: 277, endon, sector: 1 }], iru));
    return Number(recordsetObjects(values[0] as RecordsetValue).find((r) => Number(r.re) === 1)!.form);
  };
  /** The form as the regulator reads it: id, updatectr, state and the fixed fields. */
  const stored = async (form: number) =>
    readBack(await t.call('Record.select', [{ module: 'Form', fields: ['id', 'updatectr', 'state', ...FIXED], where: [['id', '=', form]] }], iru));
  const update = (module: string, values: Record<string, unknown>, who: string) =>
    t.call('Record.update', [{ module, fields: Object.keys(values), values: Object.values(values) }], who);
  /** A submitted form accepted by the regulator, sending every fixed field back as stored. */
  const acceptedForm = async (endon: string): Promise<number> => {
    const form = await openForm(endon);
    await t.database.db('form').where({ id: form }).update({ state: 56 });
    const before = await stored(form);
    ok(await update('Form', { ...before, state: 45 }, iru));
    return form;
  };
  const readableBySecondEntity = async (form: number) =>
    recordsetObjects(ok(await t.call('Record.select', [{ module: 'REForm', fields: ['id'], where: [['id', '=', form]] }], re2))[0] as RecordsetValue).length > 0;

  it('lets the regulator accept a form that sends every fixed field back unchanged', async () => {
    const form = await acceptedForm('2026-01-31');
    expect(await stored(form)).toMatchObject({ state: 45, re: 1 });
  });

  it("refuses a regulator officer's move of an accepted form to another entity, which still cannot read it", async () => {
    const form = await acceptedForm('2026-02-28');
    const before = await stored(form);
    const refused = failure(await update('Form', { id: form, updatectr: before.updatectr, re: 2 }, iru));
    expect(refused).toEqual({
      code: 'E_VALIDATION',
      message: "re: a form's entity is fixed by its submission and cannot be changed",
      details: { re: "a form's entity is fixed by its submission and cannot be changed" },
    });
    expect(await stored(form)).toEqual(before);
    expect(await readableBySecondEntity(form)).toBe(false);
    expect(failure(await t.call('Form.getData', [{ form }], re2)).code).toBe('E_NOTFOUND');
  });

  it("refuses a regulator officer's change of a form's period, naming each field", async () => {
    const form = await acceptedForm('2026-03-31');
    const target = await stored(await openForm('2026-04-30'));
    const before = await stored(form);
    const refused = failure(await update('Form', {
      id: form, updatectr: before.updatectr, endon: target.endon, reportingperiod: target.reportingperiod, datedesc: target.datedesc, calendar: 278, scheduletype: 'Ad Hoc',
    }, iru));
    const period = "a form's period is fixed by its submission and cannot be changed";
    expect(refused).toEqual({
      code: 'E_VALIDATION',
      message: `Please correct these fields: ${['calendar', 'endon', 'reportingperiod', 'datedesc', 'scheduletype'].map((f) => `${f} (${period})`).join('; ')}`,
      details: { calendar: period, endon: period, reportingperiod: period, scheduletype: period, datedesc: period },
    });
    expect(await stored(form)).toEqual(before);
  });

  it("refuses a regulator officer's move of a form to another submission or template, naming each field", async () => {
    const form = await acceptedForm('2026-08-31');
    const target = await stored(await openForm('2026-09-30'));
    const before = await stored(form);
    const refused = failure(await update('Form', { id: form, updatectr: before.updatectr, formbatch: target.formbatch, formtemplate: 999, templateversion: 2 }, iru));
    expect(refused.code).toBe('E_VALIDATION');
    expect(Object.keys(refused.details as object).sort()).toEqual(['formbatch', 'formtemplate', 'templateversion']);
    expect(await stored(form)).toEqual(before);
  });

  it("refuses a regulator officer's change of a form's category, which would hand it to another team", async () => {
    const form = await acceptedForm('2026-10-31');
    const before = await stored(form);
    const other = await t.database.db('recategory').whereNot('id', Number(before.category ?? 0)).first('id');
    const refused = failure(await update('Form', { id: form, updatectr: before.updatectr, category: Number(other.id) }, iru));
    expect(refused.details).toEqual({ category: "a form's category comes from its template and cannot be changed" });
    expect(await stored(form)).toEqual(before);
  });

  it("refuses the entity's change of a submitted form's tab list", async () => {
    const form = await openForm('2026-05-31');
    await t.database.db('form').where({ id: form }).update({ state: 56 });
    const before = await stored(form);
    const tabs = JSON.stringify([{ id: '01', title: 'Only this tab' }]);
    const refused = failure(await update('REForm', { id: form, updatectr: before.updatectr, properties: tabs }, approver));
    expect(refused).toEqual({
      code: 'E_VALIDATION',
      message: "properties: a form's tab list is its template version's and cannot be changed",
      details: { properties: "a form's tab list is its template version's and cannot be changed" },
    });
    expect(await stored(form)).toEqual(before);
  });

  it("refuses the entity's change of an open form's tab list, which is its template version's in every state", async () => {
    const form = await openForm('2026-06-30');
    const before = await stored(form);
    expect(before.state).toBe(13);
    const refused = failure(await update('REForm', { id: form, updatectr: before.updatectr, properties: '[]' }, approver));
    expect(refused.code).toBe('E_VALIDATION');
    expect(refused.details).toEqual({ properties: "a form's tab list is its template version's and cannot be changed" });
    expect(await stored(form)).toEqual(before);
  });

  it('takes an entity update that sends the tab list back as stored', async () => {
    const form = await openForm('2026-07-31');
    const before = await stored(form);
    const saved = readBack(await t.call('Record.update', [{ module: 'REForm', fields: ['id', 'updatectr', 'properties'], values: [form, before.updatectr, before.properties], read: ['id', 'properties'] }], approver));
    expect(saved).toEqual({ id: form, properties: before.properties });
  });
});
