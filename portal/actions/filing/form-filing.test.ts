// The filing actions of PROTOCOL.md §7 through the protocol, on every dialect: a form's cells read
// and saved (every offending cell named, nothing written), the sign-off moves with their roles,
// reasons and the four-eyes rule, submission checked on the server, the regulator's review, the
// batch completed, and the form's history and diffs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../../engine/testing/test-engine.js';
import { testDialects } from '../../../engine/testing/test-database.js';
import { failure, ok, readBack } from '../../../engine/testing/record-calls.js';
import { recordsetObjects, type EnvelopeValue, type RecordsetValue } from '../../../engine/protocol/envelope.js';
import { sqlDateTime } from '../../../engine/db/clock.js';

const rows = (values: EnvelopeValue[]) => recordsetObjects(ok(values)[0] as RecordsetValue);
const info = (values: EnvelopeValue[]) => JSON.parse((values[1] as { text: string }).text) as { form: number; updatectr: number; state: number; template: number; version: number; rows: Record<string, number> };

/** Every input cell of the demo BNK-01 filled so that it passes: assets and liabilities both total 5. */
const COMPLETE_BNK01 = [
  ...['01', '02'].flatMap((tab) => [3, 4, 5, 6, 7].flatMap((r) => [{ tab, address: `B${r}`, value: 1 }, { tab, address: `C${r}`, value: 2 }])),
  { tab: '03', address: 'B2', value: '31-01-2026' },
  { tab: '03', address: 'B3', value: 'Audit & Co <LLP>' },
  { tab: '03', address: 'B5', value: '1,000,000.50' },
];

describe.each(await testDialects())('form filing on %s', (dialect) => {
  let t: TestEngine;
  let preparer: string;
  let checker: string;
  let approver: string;
  let re: string;
  let re2: string;
  let iru: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    [preparer, checker, approver, re, re2, iru] = await Promise.all(['preparer', 'checker', 'approver', 're', 're2', 'iru'].map((u) => t.sessionFor(u)));
  });
  afterAll(async () => t?.close());

  /** A new batch of entity 1 holding one Open form of the demo template `code` on version 1. */
  async function newForm(code: string): Promise<{ form: number; batch: number }> {
    const db = t.database.db;
    const template = await db('formtemplate').where({ code }).first('id');
    const createon = sqlDateTime();
    await db('formbatch').insert({ re: 1, name: `Test ${code}`, endon: '2026-01-31', duedate: '2026-02-15', state: 13, frozen_ind: false, createon });
    const batch = Number((await db('formbatch').max({ id: 'id' }))[0].id);
    await db('form').insert({ code, name: code, re: 1, formbatch: batch, state: 13, formtemplate: template.id, templateversion: 1, endon: '2026-01-31', createon });
    const form = Number((await db('form').max({ id: 'id' }))[0].id);
    return { form, batch };
  }

  const getData = async (form: number, who = preparer) => {
    const values = await t.call('Form.getData', [{ form }], who);
    return { cells: rows(values), info: info(values) };
  };
  const save = (form: number, updatectr: number, cells: unknown[], who = preparer, extra: Record<string, unknown> = {}) => t.call('Form.saveData', [{ form, updatectr, cells, ...extra }], who);
  const move = (form: number, updatectr: number, state: number, who: string, reason?: string) =>
    t.call('Record.update', [{ module: 'REForm', fields: ['id', 'updatectr', 'state'], values: [form, updatectr, state], read: ['id', 'updatectr', 'state'], ...(reason ? { reason } : {}) }], who);

  it('gives the demo preparer Open forms of the current period to fill, each on a template version', async () => {
    const open = (await t.call('Record.select', [{ module: 'REForm', fields: ['id', 'code', 'formtemplate', 'templateversion'], where: [['state', '=', 13], ['formtemplate', 'is not null']], max: 100 }], preparer));
    const forms = rows(open);
    expect(forms.length).toBeGreaterThan(0);
    for (const f of forms.slice(0, 3)) {
      const { info: meta, cells } = await getData(Number(f.id));
      expect(meta).toMatchObject({ form: Number(f.id), state: 13, template: Number(f.formtemplate), version: Number(f.templateversion) });
      expect(cells.length).toBeGreaterThan(0);
    }
  });

  it('reads every input and formula cell of a form with formulas computed over the stored values', async () => {
    const { form } = await newForm('BNK-01');
    const saved = readBack(await save(form, 1, [{ tab: '01', address: 'B3', value: '1,234' }, { tab: '01', address: 'B4', value: 66 }]));
    expect(saved).toEqual({ id: form, updatectr: 2 });
    const { cells, info: meta } = await getData(form);
    expect(meta).toMatchObject({ form, updatectr: 2, state: 13, version: 1 });
    const at = (tab: string, address: string) => cells.find((c) => c.tab === tab && c.address === address);
    expect(at('01', 'B3')).toMatchObject({ type: 'numeric', value: '1234', readonly: false });
    expect(at('01', 'B8')).toMatchObject({ type: 'formula', value: '1300', readonly: true });
    expect(at('03', 'B2')).toMatchObject({ type: 'date', value: null });
    expect(String(at('01', 'B3')!.code)).toMatch(/^BNK0101\d{3}$/);
    // Every input and formula cell of the three tabs: 12 + 12 + 4.
    expect(cells).toHaveLength(28);
  });

  it('saves cells named by code, values normalised by the cell model, and keeps one revision per save', async () => {
    const { form } = await newForm('BNK-01');
    const { cells } = await getData(form);
    const paidUp = cells.find((c) => c.tab === '03' && c.address === 'B5')!;
    readBack(await save(form, 1, [{ code: paidUp.code, value: '(1,000.5)' }, { tab: '03', address: 'B2', value: '2026-01-31' }]));
    const after = await getData(form);
    expect(after.cells.find((c) => c.address === 'B5' && c.tab === '03')!.value).toBe('-1000.50');
    expect(after.cells.find((c) => c.address === 'B2' && c.tab === '03')!.value).toBe('2026-01-31');
    const history = rows(await t.call('Form.history', [{ form }], preparer));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ version: 2, state: 13, who: 'Demo Preparer' });
    expect(history[0].cells).toEqual(expect.arrayContaining(['03!B5', '03!B2']));
  });

  it('refuses a wrong type, an unknown cell and a formula cell, naming every one, and writes nothing', async () => {
    const { form } = await newForm('BNK-01');
    const f = failure(await save(form, 1, [
      { tab: '01', address: 'B3', value: 'lots' },
      { tab: '01', address: 'Z99', value: 1 },
      { tab: '01', address: 'B8', value: 5 },
      { code: 'NOPE0199999', value: 1 },
      { tab: '03', address: 'B2', value: '31-02-2026' },
      { tab: '01', address: 'B4', value: 7 },
    ]));
    expect(f.code).toBe('E_VALIDATION');
    expect(f.details).toEqual({
      '01!B3': 'Enter a whole number, such as 1,234.',
      '01!Z99': 'There is no input cell here.',
      '01!B8': 'This cell is calculated by a formula and cannot be written.',
      NOPE0199999: 'The form has no cell with this code.',
      '03!B2': '31-02-2026 is not a date in the calendar.',
    });
    const { info: meta, cells } = await getData(form);
    expect(meta.updatectr).toBe(1);
    expect(cells.every((c) => c.type === 'formula' || c.value === null)).toBe(true);
    expect(await t.database.db('formrevision').where({ form }).count({ n: '*' })).toEqual([{ n: expect.anything() }]);
    expect(Number((await t.database.db('formrevision').where({ form }).count({ n: '*' }))[0].n)).toBe(0);
  });

  it('adds rows on an add-new-rows tab within its maximum, with strict dropdowns, and refuses rows beyond it', async () => {
    const { form } = await newForm('TRC-02');
    // Header rows 1-2: the first data row is 3, the second 4.
    const saved = readBack(await save(form, 1, [
      { tab: '01', address: 'A3', value: 'Ann Lee' }, { tab: '01', address: 'D3', value: 100 }, { tab: '01', address: 'E3', value: 2 },
      { tab: '01', address: 'A4', value: 'Bo Tan' }, { tab: '01', address: 'D4', value: 50 }, { tab: '01', address: 'E4', value: '1.5' },
    ]));
    const { cells, info: meta } = await getData(form);
    expect(meta.rows).toEqual({ '01': 2 });
    expect(cells.find((c) => c.tab === '01' && c.address === 'F4')!.value).toBe('75.00');
    expect(cells.find((c) => c.tab === '02' && c.address === 'B3')!.value).toBe('150');
    const position = failure(await save(form, Number(saved.updatectr), [{ tab: '01', address: 'B3', value: 'Court jester' }]));
    expect(position.details).toEqual({ '01!B3': 'Choose one of the listed values.' });
    const tooMany = failure(await save(form, Number(saved.updatectr), [{ tab: '01', address: 'A203', value: 'Row 201' }], preparer, { rows: { '01': 201 } }));
    expect(tooMany.code).toBe('E_VALIDATION');
    expect(tooMany.details).toEqual({ '01': 'The tab takes at most 200 rows.', '01!A203': 'The tab takes at most 200 rows.' });
    const beyond = failure(await save(form, Number(saved.updatectr), [{ tab: '01', address: 'A203', value: 'Row 201' }, { tab: '01', address: 'D3', value: -1 }]));
    expect(beyond.details).toEqual({ '01!A203': 'The tab takes at most 200 rows.' });
    // Fewer rows cut the last ones off.
    const cut = readBack(await save(form, Number(saved.updatectr), [], preparer, { rows: { '01': 1 } }));
    const after = await getData(form);
    expect(after.info.rows).toEqual({ '01': 1 });
    expect(after.cells.find((c) => c.tab === '02' && c.address === 'B3')!.value).toBe('100');
    expect(Number(cut.updatectr)).toBe(Number(saved.updatectr) + 1);
  });

  it('fills the most rows an add-new-rows tab takes in one save, and cuts them back', async () => {
    const { form } = await newForm('TRC-02');
    const cells = Array.from({ length: 200 }, (_, r) => [
      { tab: '01', address: `A${r + 3}`, value: `Person ${r + 1}` },
      { tab: '01', address: `B${r + 3}`, value: 'Chairman' },
      { tab: '01', address: `C${r + 3}`, value: '01-01-2020' },
      { tab: '01', address: `D${r + 3}`, value: 10 },
      { tab: '01', address: `E${r + 3}`, value: 1 },
    ]).flat();
    const saved = readBack(await save(form, 1, cells));
    expect(Number((await t.database.db('formcell').where({ form }).count({ n: '*' }))[0].n)).toBe(1000);
    const { cells: read, info: meta } = await getData(form);
    expect(meta.rows).toEqual({ '01': 200 });
    expect(read.find((c) => c.tab === '02' && c.address === 'B3')!.value).toBe('2000');
    readBack(await save(form, Number(saved.updatectr), [], preparer, { rows: { '01': 1 } }));
    expect(Number((await t.database.db('formcell').where({ form }).count({ n: '*' }))[0].n)).toBe(5);
  });

  it('answers a stale counter with the cells changed since, and a dry run writes nothing', async () => {
    const { form } = await newForm('BNK-01');
    readBack(await save(form, 1, [{ tab: '01', address: 'B3', value: 1 }]));
    readBack(await save(form, 2, [{ tab: '02', address: 'C4', value: 1 }]));
    const stale = failure(await save(form, 1, [{ tab: '01', address: 'B5', value: 1 }]));
    expect(stale.code).toBe('E_CONCURRENT');
    expect(stale.details).toEqual({ form, updatectr: 3, changed: ['01!B3', '02!C4'] });
    const dry = readBack(await save(form, 3, [{ tab: '01', address: 'B5', value: 9 }], preparer, { dryRun: true }));
    expect(dry).toEqual({ id: form, updatectr: 3 });
    const { cells, info: meta } = await getData(form);
    expect(meta.updatectr).toBe(3);
    expect(cells.find((c) => c.tab === '01' && c.address === 'B5')!.value).toBeNull();
    expect(failure(await save(form, 3, [{ tab: '01', address: 'B5', value: 'x' }], preparer, { dryRun: true })).code).toBe('E_VALIDATION');
  });

  it('lets only preparers write cells, and only the entity its forms', async () => {
    const { form } = await newForm('BNK-01');
    expect(failure(await save(form, 1, [{ tab: '01', address: 'B3', value: 1 }], checker)).code).toBe('E_NOPERMISSION');
    expect(failure(await save(form, 1, [{ tab: '01', address: 'B3', value: 1 }], iru)).code).toBe('E_NOPERMISSION');
    expect(failure(await t.call('Form.getData', [{ form }], re2))).toEqual({ code: 'E_NOTFOUND', message: 'Form not found.' });
    expect(failure(await t.call('Form.getData', [{ form: 999_999 }], iru))).toEqual({ code: 'E_NOTFOUND', message: 'Form not found.' });
    expect(info(await t.call('Form.getData', [{ form }], iru)).form).toBe(form);
  });

  it('refuses a value in a cell its disable condition turns off, judged on the values being saved', async () => {
    const { form } = await newForm('INS-03');
    // Capital held at overseas branches (02!B7) is asked for only when there are branches (02!B6).
    const f = failure(await save(form, 1, [{ tab: '02', address: 'B7', value: 100 }]));
    expect(f.details).toEqual({ '02!B7': 'This cell is disabled by the values of other cells and cannot be written.' });
    readBack(await save(form, 1, [{ tab: '02', address: 'B6', value: 2 }, { tab: '02', address: 'B7', value: 100 }]));
    const { cells } = await getData(form);
    expect(cells.find((c) => c.tab === '02' && c.address === 'B7')).toMatchObject({ value: '100', readonly: false });
  });

  it('validates a form: required cells, cell validations with their messages, form checks', async () => {
    const { form } = await newForm('INS-03');
    readBack(await save(form, 1, [{ tab: '01', address: 'B5', value: -5 }]));
    const found = rows(await t.call('Form.validate', [{ form }], preparer));
    expect(found).toContainEqual(expect.objectContaining({ tab: '01', address: 'B5', rule: 'validation', severity: 'error', message: 'Enter the deduction as a positive amount. (INS0301004 = -5)' }));
    expect(found).toContainEqual(expect.objectContaining({ tab: '01', address: 'B2', rule: 'required', severity: 'error', message: 'This cell must be filled in.' }));
    // Remarks may stay empty.
    expect(found.some((b) => b.tab === '03' && b.address === 'B3')).toBe(false);
  });

  it('asks for the fewest rows of an add-new-rows tab, and skips the required cells of rows left empty', async () => {
    const { form } = await newForm('TRC-02');
    const empty = rows(await t.call('Form.validate', [{ form }], preparer));
    expect(empty).toContainEqual({ tab: '01', address: null, code: null, rule: 'minrows', severity: 'error', message: 'Fill in at least 1 row (0 filled).' });
    expect(empty.some((b) => b.tab === '01' && b.rule === 'required')).toBe(false);
    readBack(await save(form, 1, [{ tab: '01', address: 'A3', value: 'Ann Lee' }]));
    const one = rows(await t.call('Form.validate', [{ form }], preparer));
    expect(one.some((b) => b.rule === 'minrows')).toBe(false);
    expect(one.filter((b) => b.tab === '01').map((b) => [b.address, b.rule])).toEqual([['B3', 'required'], ['C3', 'required']]);
  });

  it('reports a tier-2 check as a warning that names no cell, beside the errors', async () => {
    const { form } = await newForm('INS-03');
    readBack(await save(form, 1, [{ tab: '01', address: 'B2', value: 100_000 }, { tab: '02', address: 'B2', value: 1 }]));
    const found = rows(await t.call('Form.validate', [{ form }], checker));
    expect(found).toContainEqual({ tab: null, address: null, code: null, rule: 'tier2', severity: 'warning', message: 'A ratio above 1000% is unusual: please confirm the figures. (INS0303001 = 10,000,000.00)' });
    expect(found.filter((b) => b.severity === 'warning')).toHaveLength(1);
  });

  it('walks the sign-off to Submitted with the role, reason and four-eyes rules, then the regulator accepts and the batch completes', async () => {
    const { form, batch } = await newForm('BNK-01');
    const draft = COMPLETE_BNK01.map((c) => (c.tab === '03' && c.address === 'B3' ? { ...c, value: 'Draft' } : c));
    let ctr = Number(readBack(await save(form, 1, draft)).updatectr);
    // Only preparers send a form for verification.
    expect(failure(await move(form, ctr, 78, checker)).code).toBe('E_NOPERMISSION');
    ctr = Number(readBack(await move(form, ctr, 78, preparer)).updatectr);
    expect(failure(await save(form, ctr, [{ tab: '01', address: 'B3', value: 2 }])).code).toBe('E_STATETRANSITION');
    // A step back needs a reason, kept in the state history.
    expect(failure(await move(form, ctr, 13, checker)).details).toEqual({ reason: 'Give the reason for sending the form back.' });
    ctr = Number(readBack(await move(form, ctr, 13, checker, 'Notes tab is empty')).updatectr);
    const kept = await t.database.db('state_history').where({ module: 'form', record_id: form, to_state: 13 }).first('reason');
    expect(kept.reason).toBe('Notes tab is empty');
    ctr = Number(readBack(await save(form, ctr, COMPLETE_BNK01.filter((c) => c.tab === '03' && c.address === 'B3'))).updatectr);
    ctr = Number(readBack(await move(form, ctr, 78, preparer)).updatectr);
    ctr = Number(readBack(await move(form, ctr, 55, checker)).updatectr);
    expect(failure(await t.call('Form.submit', [{ form, updatectr: ctr }], checker)).code).toBe('E_NOPERMISSION');
    const submitted = readBack(await t.call('Form.submit', [{ form, updatectr: ctr }], approver));
    expect(submitted).toMatchObject({ id: form, state: 56 });
    const stored = await t.database.db('form').where({ id: form }).first('lastsubmiton', 'submitby', 'preparedby');
    expect(stored.lastsubmiton).toBeTruthy();
    expect(Number(stored.submitby)).toBe(8);
    expect(Number(stored.preparedby)).toBe(6);
    expect(failure(await save(form, Number(submitted.updatectr), [{ tab: '01', address: 'B3', value: 2 }])).code).toBe('E_STATETRANSITION');
    // The batch's only form is submitted: the batch is Completed.
    expect(Number((await t.database.db('formbatch').where({ id: batch }).first('state')).state)).toBe(71);
    // The regulator accepts.
    const accepted = readBack(await t.call('Record.update', [{ module: 'Form', fields: ['id', 'updatectr', 'state'], values: [form, submitted.updatectr, 45], read: ['id', 'updatectr', 'state'] }], iru));
    expect(accepted.state).toBe(45);
    const history = rows(await t.call('Form.history', [{ form }], iru));
    expect(history.map((h) => h.state)).toEqual([13, 78, 13, 13, 78, 55, 56, 45]);
    const diff = rows(await t.call('Form.diff', [{ form, from: 0, to: Number(accepted.updatectr) }], re));
    expect(diff).toHaveLength(COMPLETE_BNK01.length);
    expect(diff[0]).toMatchObject({ tab: '01', address: 'B3', before: null, after: '1' });
    expect(diff.find((d) => d.tab === '03' && d.address === 'B3')!.after).toBe('Audit & Co <LLP>');
  });

  it('refuses to submit a form that breaks blocking rules, naming every cell, and stamps nothing', async () => {
    const { form } = await newForm('BNK-01');
    let ctr = Number(readBack(await save(form, 1, [...COMPLETE_BNK01.slice(0, 20), { tab: '01', address: 'B3', value: 500 }])).updatectr);
    // Every sign-off step holds the form to these rules (form-signoff-checks.test.ts); a form that
    // reached Ready by another way is still held to them at the last.
    await t.database.db('form').where({ id: form }).update({ state: 55 });
    const f = failure(await t.call('Form.submit', [{ form, updatectr: ctr }], approver));
    expect(f.code).toBe('E_VALIDATION');
    expect(f.details).toEqual({
      '03!B2': 'This cell must be filled in.',
      '03!B3': 'This cell must be filled in.',
      '03!B5': 'This cell must be filled in.',
      '/tabvalidation/0': 'Total assets must equal total liabilities and equity. (Total assets (Current year) 504 ≠ Total liabilities and equity (Current year) 5: difference 499)',
    });
    // The same rules hold for the move made through Record.update.
    expect(failure(await move(form, ctr, 56, approver)).code).toBe('E_VALIDATION');
    const stored = await t.database.db('form').where({ id: form }).first('state', 'lastsubmiton');
    expect(Number(stored.state)).toBe(55);
    expect(stored.lastsubmiton).toBeNull();
  });

  it('keeps whoever prepared a version from submitting it (four eyes)', async () => {
    const { form } = await newForm('BNK-01');
    let ctr = Number(readBack(await save(form, 1, COMPLETE_BNK01, approver)).updatectr);
    ctr = Number(readBack(await move(form, ctr, 78, approver)).updatectr);
    ctr = Number(readBack(await move(form, ctr, 55, checker)).updatectr);
    const f = failure(await t.call('Form.submit', [{ form, updatectr: ctr }], approver));
    expect(f.code).toBe('E_NOPERMISSION');
    expect(f.message).toContain('you prepared yourself');
    // Another approver of the entity may (the demo `re` user approves for entity 1).
    expect(readBack(await t.call('Form.submit', [{ form, updatectr: ctr }], re)).state).toBe(56);
  });

  it('lets an approver who only stepped a form back from Ready submit it later', async () => {
    const { form } = await newForm('BNK-01');
    let ctr = Number(readBack(await save(form, 1, COMPLETE_BNK01)).updatectr);
    ctr = Number(readBack(await move(form, ctr, 78, preparer)).updatectr);
    ctr = Number(readBack(await move(form, ctr, 55, checker)).updatectr);
    ctr = Number(readBack(await move(form, ctr, 78, approver, 'Check the notes once more')).updatectr);
    ctr = Number(readBack(await move(form, ctr, 55, checker)).updatectr);
    expect(readBack(await t.call('Form.submit', [{ form, updatectr: ctr }], approver)).state).toBe(56);
    expect(Number((await t.database.db('form').where({ id: form }).first('preparedby')).preparedby)).toBe(6);
  });

  it('returns a submitted form for amendment with a reason; the first save reopens it', async () => {
    const { form } = await newForm('BNK-01');
    let ctr = Number(readBack(await save(form, 1, COMPLETE_BNK01)).updatectr);
    ctr = Number(readBack(await move(form, ctr, 78, preparer)).updatectr);
    ctr = Number(readBack(await move(form, ctr, 55, checker)).updatectr);
    ctr = Number(readBack(await t.call('Form.submit', [{ form, updatectr: ctr }], approver)).updatectr);
    const review = (state: number, reason?: string) => t.call('Record.update', [{ module: 'Form', fields: ['id', 'updatectr', 'state'], values: [form, ctr, state], ...(reason ? { reason } : {}) }], iru);
    expect(failure(await review(74)).code).toBe('E_VALIDATION');
    ctr = Number(readBack(await review(74, 'Cash does not agree with the ledger')).updatectr);
    const reopened = readBack(await save(form, ctr, [{ tab: '01', address: 'B3', value: 3 }]));
    expect((await getData(form)).info.state).toBe(13);
    expect(Number(reopened.updatectr)).toBe(ctr + 1);
  });

  it('refuses writes and moves on a frozen batch', async () => {
    const { form, batch } = await newForm('BNK-01');
    await t.database.db('formbatch').where({ id: batch }).update({ frozen_ind: true });
    const f = failure(await save(form, 1, [{ tab: '01', address: 'B3', value: 1 }]));
    expect(f.code).toBe('E_STATETRANSITION');
    expect(failure(await move(form, 1, 78, preparer)).code).toBe('E_STATETRANSITION');
    expect(Number((await t.database.db('form').where({ id: form }).first('updatectr')).updatectr)).toBe(1);
  });
});
