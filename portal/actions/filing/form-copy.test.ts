// Form.copyFromPrevious through the protocol, on every dialect: an Open form takes the input values
// of the same entity's previous accepted form of its template, all tabs or the chosen ones, in one
// revision; an add-new-rows tab gets the previous number of rows; codes the form's version no
// longer has are skipped and counted; no previous form, a form sent on and a checker are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../../engine/testing/test-engine.js';
import { testDialects } from '../../../engine/testing/test-database.js';
import { failure, ok, readBack } from '../../../engine/testing/record-calls.js';
import { recordsetObjects, type EnvelopeValue, type RecordsetValue } from '../../../engine/protocol/envelope.js';
import { sqlDateTime } from '../../../engine/db/clock.js';

const rows = (values: EnvelopeValue[]) => recordsetObjects(ok(values)[0] as RecordsetValue);

const COMPLETE_BNK01 = [
  ...['01', '02'].flatMap((tab) => [3, 4, 5, 6, 7].flatMap((r) => [{ tab, address: `B${r}`, value: r }, { tab, address: `C${r}`, value: r * 10 }])),
  { tab: '03', address: 'B2', value: '31-12-2025' },
  { tab: '03', address: 'B3', value: 'Audit & Co' },
  { tab: '03', address: 'B5', value: '1000' },
];

describe.each(await testDialects())('copy from last period on %s', (dialect) => {
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

  /** A new batch of entity 1 holding one Open form of the demo template `code`. */
  async function newForm(code: string, endon: string, version = 1): Promise<number> {
    const db = t.database.db;
    const template = await db('formtemplate').where({ code }).first('id');
    const createon = sqlDateTime();
    await db('formbatch').insert({ re: 1, name: `Copy ${code} ${endon}`, endon, duedate: endon, state: 13, frozen_ind: false, createon });
    const batch = Number((await db('formbatch').max({ id: 'id' }))[0].id);
    await db('form').insert({ code, name: code, re: 1, formbatch: batch, state: 13, formtemplate: template.id, templateversion: version, endon, createon });
    return Number((await db('form').max({ id: 'id' }))[0].id);
  }

  const save = async (form: number, updatectr: number, cells: unknown[]) => Number(readBack(await t.call('Form.saveData', [{ form, updatectr, cells }], preparer)).updatectr);
  const move = async (form: number, updatectr: number, state: number, who: string) =>
    Number(readBack(await t.call('Record.update', [{ module: 'REForm', fields: ['id', 'updatectr', 'state'], values: [form, updatectr, state], read: ['id', 'updatectr', 'state'] }], who)).updatectr);

  /** Files `cells` on a new form of `endon` and takes it through sign-off to Accepted. */
  async function accepted(code: string, endon: string, cells: unknown[]): Promise<number> {
    const form = await newForm(code, endon);
    let ctr = await save(form, 1, cells);
    ctr = await move(form, ctr, 78, preparer);
    ctr = await move(form, ctr, 55, checker);
    ctr = Number(readBack(await t.call('Form.submit', [{ form, updatectr: ctr }], approver)).updatectr);
    readBack(await t.call('Record.update', [{ module: 'Form', fields: ['id', 'updatectr', 'state'], values: [form, ctr, 45] }], iru));
    return form;
  }

  const values = async (form: number) => Object.fromEntries(rows(await t.call('Form.getData', [{ form }], preparer)).filter((c) => c.type !== 'formula').map((c) => [`${c.tab}!${c.address}`, c.value]));
  const copy = (form: number, updatectr: number, extra: Record<string, unknown> = {}, who = preparer) => t.call('Form.copyFromPrevious', [{ form, updatectr, ...extra }], who);
  const revisions = async (form: number) => Number((await t.database.db('formrevision').where({ form }).count({ n: '*' }))[0].n);

  let previousBnk: number;

  beforeAll(async () => {
    previousBnk = await accepted('BNK-01', '2025-12-31', COMPLETE_BNK01);
  });

  it('fills every tab of an Open form with the previous accepted period\'s inputs, in one revision', async () => {
    const form = await newForm('BNK-01', '2026-01-31');
    const ctr = await save(form, 1, [{ tab: '01', address: 'B3', value: 999 }]);
    const r = readBack(await copy(form, ctr));
    expect(r).toEqual({ id: form, updatectr: ctr + 1, previous: previousBnk, endon: '2025-12-31', copied: COMPLETE_BNK01.length, skipped: 0 });
    expect(await values(form)).toEqual(await values(previousBnk));
    expect(await revisions(form)).toBe(2);
    const history = rows(await t.call('Form.history', [{ form }], preparer));
    expect(history.at(-1)!.cells).toContain('01!B3');
    // Copied values are checked like typed ones: the form now passes its rules.
    expect(rows(await t.call('Form.validate', [{ form }], preparer)).filter((b) => b.severity === 'error')).toEqual([]);
  });

  it('copies only the chosen tabs and leaves the others as they are', async () => {
    const form = await newForm('BNK-01', '2026-02-28');
    const ctr = await save(form, 1, [{ tab: '01', address: 'B3', value: 999 }, { tab: '02', address: 'B3', value: 888 }]);
    const r = readBack(await copy(form, ctr, { tabs: ['02', '03'] }));
    expect(r.copied).toBe(13);
    const now = await values(form);
    expect(now['01!B3']).toBe('999');
    expect(now['01!C3']).toBeNull();
    expect(now['02!B3']).toBe('3');
    expect(now['02!C7']).toBe('70');
    expect(now['03!B3']).toBe('Audit & Co');
    expect(failure(await copy(form, Number(r.updatectr), { tabs: ['09'] })).details).toEqual({ '09': 'The form has no such tab.' });
  });

  it('gives an add-new-rows tab the previous number of rows', async () => {
    const lines = [
      ['Ann Lee', 'Director', '2020-01-01', 100, 2],
      ['Bo Tan', 'Director', '2021-01-01', 50, 1.5],
      ['Cy Ong', 'Director', '2022-01-01', 10, 1],
    ].flatMap(([name, position, on, shares, price], i) => [
      { tab: '01', address: `A${3 + i}`, value: name },
      { tab: '01', address: `B${3 + i}`, value: position },
      { tab: '01', address: `C${3 + i}`, value: on },
      { tab: '01', address: `D${3 + i}`, value: shares },
      { tab: '01', address: `E${3 + i}`, value: price },
    ]);
    const positions = (await t.database.db('list').where({ listgroup: (await t.database.db('list').where({ name: 'Director' }).first('listgroup'))?.listgroup ?? -1 }).pluck('name')) as string[];
    const position = positions[0] ?? 'Director';
    const cells = [...lines.map((c) => (c.address.startsWith('B') ? { ...c, value: position } : c)), { tab: '02', address: 'B2', value: (await t.database.db('list').where({ name: 'Monthly' }).first('name'))?.name ?? 'Monthly' }];
    const previous = await accepted('TRC-02', '2025-12-31', cells);
    const form = await newForm('TRC-02', '2026-01-31');
    const r = readBack(await copy(form, 1));
    expect(r.previous).toBe(previous);
    const info = JSON.parse(((await t.call('Form.getData', [{ form }], preparer))[1] as { text: string }).text);
    expect(info.rows).toEqual({ '01': 3 });
    expect(await values(form)).toEqual(await values(previous));
  });

  it('skips and counts the values whose cell code the form\'s template version no longer has', async () => {
    const db = t.database.db;
    const template = Number((await db('formtemplate').where({ code: 'BNK-01' }).first('id')).id);
    const v1 = await db('formtemplate_version').where({ template, version: 1 }).first();
    const auditor = rows(await t.call('Form.getData', [{ form: previousBnk }], preparer)).find((c) => c.tab === '03' && c.address === 'B3')!.code as string;
    const properties = (typeof v1.properties === 'string' ? v1.properties : JSON.stringify(v1.properties)).replace(`"${auditor}"`, '"BNK0103900"');
    const { id: _id, ...rest } = v1;
    await db('formtemplate_version').insert({ ...rest, version: 90, properties, createon: sqlDateTime() });
    const form = await newForm('BNK-01', '2026-03-31', 90);
    const r = readBack(await copy(form, 1));
    expect(r).toMatchObject({ previous: previousBnk, copied: COMPLETE_BNK01.length - 1, skipped: 1 });
    expect((await values(form))['03!B3']).toBeNull();
  });

  it('reopens a form returned for amendment, as its first save does', async () => {
    const form = await newForm('BNK-01', '2026-05-31');
    // Returned by the regulator after submission (the state the review leaves it in).
    await t.database.db('form').where({ id: form }).update({ state: 74 });
    const r = readBack(await copy(form, 1, { tabs: ['03'] }));
    expect(r).toMatchObject({ updatectr: 2, copied: 3 });
    expect(Number((await t.database.db('form').where({ id: form }).first('state')).state)).toBe(13);
    expect(await revisions(form)).toBe(1);
  });

  it('refuses with a clear message when there is no earlier accepted return, writing nothing', async () => {
    const form = await newForm('BNK-01', '2019-01-31');
    const f = failure(await copy(form, 1));
    expect(f).toEqual({ code: 'E_NOTFOUND', message: 'There is no accepted return of this template for an earlier period to copy from.' });
    expect(await revisions(form)).toBe(0);
  });

  it('refuses a form sent on for verification and a caller who does not prepare forms', async () => {
    const form = await newForm('BNK-01', '2026-04-30');
    expect(failure(await copy(form, 1, {}, checker)).code).toBe('E_NOPERMISSION');
    let ctr = readBack(await copy(form, 1)).updatectr as number;
    ctr = await move(form, ctr, 78, preparer);
    const f = failure(await copy(form, ctr));
    expect(f.code).toBe('E_STATETRANSITION');
    expect(await revisions(form)).toBe(2);
    expect(failure(await copy(form, ctr, {}, iru)).code).toBe('E_NOPERMISSION');
  });
});
