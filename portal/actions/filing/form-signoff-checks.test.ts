// The blocking rules at every sign-off step, on every dialect: the preparer's "Submit for
// verification" (13 → 78) and the checker's "Verify" (78 → 55) refuse a form that breaks them
// exactly as the approver's submit does, by Record.update as by Form.submit, and nothing moves; a
// complete form goes through; sending a form back never runs them; and every role that reads the
// form may check it at any time with Form.validate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../../engine/testing/test-engine.js';
import { testDialects } from '../../../engine/testing/test-database.js';
import { failure, readBack } from '../../../engine/testing/record-calls.js';
import { recordsetObjects, type EnvelopeValue, type RecordsetValue } from '../../../engine/protocol/envelope.js';
import { sqlDateTime } from '../../../engine/db/clock.js';
import { ok } from '../../../engine/testing/record-calls.js';

const rows = (values: EnvelopeValue[]) => recordsetObjects(ok(values)[0] as RecordsetValue);

/** Every input cell of the demo BNK-01 filled so that it passes. */
const COMPLETE_BNK01 = [
  ...['01', '02'].flatMap((tab) => [3, 4, 5, 6, 7].flatMap((r) => [{ tab, address: `B${r}`, value: 1 }, { tab, address: `C${r}`, value: 2 }])),
  { tab: '03', address: 'B2', value: '31-01-2026' },
  { tab: '03', address: 'B3', value: 'Audit & Co' },
  { tab: '03', address: 'B5', value: '1000' },
];

describe.each(await testDialects())('blocking rules at every sign-off step on %s', (dialect) => {
  let t: TestEngine;
  let preparer: string;
  let checker: string;
  let approver: string;
  let iru: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    [preparer, checker, approver, iru] = await Promise.all(['preparer', 'checker', 'approver', 'iru'].map((u) => t.sessionFor(u)));
  });
  afterAll(async () => t?.close());

  async function newForm(): Promise<number> {
    const db = t.database.db;
    const template = await db('formtemplate').where({ code: 'BNK-01' }).first('id');
    const createon = sqlDateTime();
    await db('formbatch').insert({ re: 1, name: 'Sign-off checks', endon: '2026-01-31', duedate: '2026-02-15', state: 13, frozen_ind: false, createon });
    const batch = Number((await db('formbatch').max({ id: 'id' }))[0].id);
    await db('form').insert({ code: 'BNK-01', name: 'BNK-01', re: 1, formbatch: batch, state: 13, formtemplate: template.id, templateversion: 1, endon: '2026-01-31', createon });
    return Number((await db('form').max({ id: 'id' }))[0].id);
  }

  const save = (form: number, updatectr: number, cells: unknown[]) => t.call('Form.saveData', [{ form, updatectr, cells }], preparer);
  const move = (form: number, updatectr: number, state: number, who: string, reason?: string) =>
    t.call('Record.update', [{ module: 'REForm', fields: ['id', 'updatectr', 'state'], values: [form, updatectr, state], read: ['id', 'updatectr', 'state'], ...(reason ? { reason } : {}) }], who);
  const stored = async (form: number) => {
    const row = await t.database.db('form').where({ id: form }).first('state', 'updatectr', 'preparedby');
    return { state: Number(row.state), updatectr: Number(row.updatectr), preparedby: row.preparedby === null ? null : Number(row.preparedby) };
  };
  /** The blocking breaches Form.validate lists, as `01!B3` (a form-level check as its message alone) → message. */
  const blocking = async (form: number) => {
    const found = rows(await t.call('Form.validate', [{ form }], preparer)).filter((b) => b.severity === 'error');
    return Object.fromEntries(found.map((b) => [b.tab !== null && b.address !== null ? `${b.tab}!${b.address}` : String(b.message), b.message]));
  };
  const asValidateLists = (details: unknown) => Object.fromEntries(Object.entries(details as Record<string, string>).map(([k, m]) => [k.startsWith('/') ? m : k, m]));

  it('refuses "Submit for verification" of a form with empty required cells, naming each, and nothing moves', async () => {
    const form = await newForm();
    const ctr = Number(readBack(await save(form, 1, COMPLETE_BNK01.slice(0, 18))).updatectr);
    const f = failure(await move(form, ctr, 78, preparer));
    expect(f.code).toBe('E_VALIDATION');
    expect(f.message).toBe('The form has errors that must be corrected before it is sent for verification.');
    expect(f.details).toEqual({
      '02!B7': 'This cell must be filled in.',
      '02!C7': 'This cell must be filled in.',
      '03!B2': 'This cell must be filled in.',
      '03!B3': 'This cell must be filled in.',
      '03!B5': 'This cell must be filled in.',
      '/tabvalidation/0': 'Total assets must equal total liabilities and equity. (Total assets (Current year) 5 ≠ Total liabilities and equity (Current year) 4: difference 1)',
    });
    // The same details as the check the entity runs itself.
    expect(asValidateLists(f.details)).toEqual(await blocking(form));
    expect(await stored(form)).toEqual({ state: 13, updatectr: ctr, preparedby: null });
    expect(Number((await t.database.db('formrevision').where({ form }).count({ n: '*' }))[0].n)).toBe(1);
  });

  it('refuses "Verify" of a form that breaks the blocking rules, and the checker may still send it back', async () => {
    const form = await newForm();
    const ctr = Number(readBack(await save(form, 1, [...COMPLETE_BNK01.slice(0, 20), ...COMPLETE_BNK01.slice(21), { tab: '01', address: 'B3', value: 500 }])).updatectr);
    // A form that reached Pending Verification before its rules were what they are now.
    await t.database.db('form').where({ id: form }).update({ state: 78 });
    const f = failure(await move(form, ctr, 55, checker));
    expect(f.code).toBe('E_VALIDATION');
    expect(f.message).toBe('The form has errors that must be corrected before it is verified.');
    expect(f.details).toEqual({ '03!B2': 'This cell must be filled in.', '/tabvalidation/0': 'Total assets must equal total liabilities and equity. (Total assets (Current year) 504 ≠ Total liabilities and equity (Current year) 5: difference 499)' });
    expect((await stored(form)).state).toBe(78);
    // Sending it back never runs the rules.
    expect(readBack(await move(form, ctr, 13, checker, 'Totals do not agree')).state).toBe(13);
  });

  it('lets a complete form through every step to Submitted, by Record.update and Form.submit alike', async () => {
    const form = await newForm();
    let ctr = Number(readBack(await save(form, 1, COMPLETE_BNK01)).updatectr);
    expect(await blocking(form)).toEqual({});
    ctr = Number(readBack(await move(form, ctr, 78, preparer)).updatectr);
    ctr = Number(readBack(await move(form, ctr, 55, checker)).updatectr);
    // The approver may step it back without the rules, and the checker verify it again.
    ctr = Number(readBack(await move(form, ctr, 78, approver, 'One more look at the notes')).updatectr);
    ctr = Number(readBack(await move(form, ctr, 55, checker)).updatectr);
    const submitted = readBack(await t.call('Form.submit', [{ form, updatectr: ctr }], approver));
    expect(submitted).toMatchObject({ id: form, state: 56 });
    const history = rows(await t.call('Form.history', [{ form }], approver));
    expect(history.map((h) => h.state)).toEqual([13, 78, 55, 78, 55, 56]);
  });

  it('lets the preparer, the checker, the approver and the regulator check a form at any time', async () => {
    const form = await newForm();
    readBack(await save(form, 1, COMPLETE_BNK01.slice(0, 20)));
    for (const who of [preparer, checker, approver, iru]) {
      const found = rows(await t.call('Form.validate', [{ form }], who));
      expect(found.filter((b) => b.severity === 'error').map((b) => `${b.tab}!${b.address}`)).toEqual(['03!B2', '03!B3', '03!B5']);
    }
  });
});
