// Dropdown cells over a list group of 5,000 entries, on every dialect: a value far beyond the
// first 1,000 is taken by Form.saveData and by the Excel import (looked up by value, in any case),
// the export's list validation covers every entry, and the grid's paged search answers 30
// entries a page in the list's order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sqlDateTime } from '../../engine/db/clock.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { recordsetObjects, type EnvelopeValue, type RecordsetValue } from '../../engine/protocol/envelope.js';
import { failure, ok, readBack } from '../../engine/testing/record-calls.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { JobWorker } from '../../engine/jobs/job-worker.js';
import { attachUploads } from '../../engine/jobs/testing/import-uploads.js';
import { download } from '../../engine/jobs/testing/export-kit.js';
import { contractWorkbook } from '../jobs/form-import/testing/contract-workbook.js';
import { filedTemplate, listValuesFor } from './form-data.js';

const POSITIONS = 295;
const LONG = 5000;
const rows = (values: EnvelopeValue[]) => recordsetObjects(ok(values)[0] as RecordsetValue);
const textOf = (values: EnvelopeValue[]) => (ok(values)[0] as { text: string }).text;
const entry = (i: number) => `Long entry ${String(i).padStart(4, '0')}`;

describe.each(await testDialects())('dropdown cells over a list of 5,000 entries on %s', (dialect) => {
  let t: TestEngine;
  let preparer: string;
  let worker: JobWorker;
  let before: number;

  beforeAll(async () => {
    t = await startTestEngine(dialect, { JOB_CONCURRENCY: '0' });
    worker = new JobWorker({ services: t.engine.services, concurrency: 1, pollMs: 3_600_000, leaseMs: 60_000, maxAttempts: 3, keepHours: 24 });
    preparer = await t.sessionFor('preparer');
    const db = t.database.db;
    before = Number((await db('list').where({ listgroup: POSITIONS }).count({ n: '*' }))[0].n);
    const createon = sqlDateTime();
    const added = Array.from({ length: LONG }, (_, i) => ({ name: entry(i + 1), listgroup: POSITIONS, displayorder: 10_000 + i, state: 33, createon }));
    await db.batchInsert('list', added, 500);
    await bumpVersions(db, ['list']);
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  /** A new Open TRC-02 form of entity 1 (its tab 01 column B is the Position dropdown). */
  async function newForm() {
    const db = t.database.db;
    const template = await db('formtemplate').where({ code: 'TRC-02' }).first('id');
    const createon = sqlDateTime();
    await db('formbatch').insert({ re: 1, name: 'Long lists', endon: '2026-01-31', duedate: '2026-02-15', state: 13, frozen_ind: false, createon });
    const batch = Number((await db('formbatch').max({ id: 'id' }))[0].id);
    await db('form').insert({ code: 'TRC-02', name: 'TRC-02', re: 1, formbatch: batch, state: 13, formtemplate: template.id, templateversion: 1, endon: '2026-01-31', createon });
    const form = Number((await db('form').max({ id: 'id' }))[0].id);
    const filed = await filedTemplate(db, { id: form, formtemplate: Number(template.id), templateversion: 1 });
    return { form, filed };
  }
  const valueAt = async (form: number, address: string) => rows(await t.call('Form.getData', [{ form }], preparer)).find((c) => c.tab === '01' && c.address === address)?.value;

  it('saves a value far beyond the first 1,000 entries, spelled as listed whatever the case, and still refuses one not in the list', async () => {
    const { form } = await newForm();
    const saved = readBack(await t.call('Form.saveData', [{ form, updatectr: 1, cells: [{ tab: '01', address: 'B3', value: entry(4321) }, { tab: '01', address: 'B4', value: `  ${entry(4999).toUpperCase()} ` }] }], preparer));
    expect(await valueAt(form, 'B3')).toBe(entry(4321));
    expect(await valueAt(form, 'B4')).toBe(entry(4999));
    const refused = failure(await t.call('Form.saveData', [{ form, updatectr: Number(saved.updatectr), cells: [{ tab: '01', address: 'B3', value: entry(5001) }] }], preparer));
    expect(refused.details).toEqual({ '01!B3': 'Choose one of the listed values.' });
  });

  it('reads only the entries a save names, by value, not the whole list', async () => {
    const { filed } = await newForm();
    const some = await listValuesFor(t.database.db, filed.layout, [entry(4321), 'long ENTRY 0002', 'Court jester', null, 7]);
    expect([...(some(POSITIONS) ?? [])].sort()).toEqual([entry(2), entry(4321)]);
    expect(await listValuesFor(t.database.db, filed.layout, []).then((l) => l(POSITIONS))).toEqual([]);
    expect((await listValuesFor(t.database.db, filed.layout))(POSITIONS)).toHaveLength(before + LONG);
  });

  it('imports a workbook whose dropdown cell holds the 4,321st entry', async () => {
    const { form, filed } = await newForm();
    const [name, position] = filed.layout.cells.filter((c) => c.tab === '01').map((c) => c.code);
    const bytes = await contractWorkbook({
      form,
      template: 'TRC-02',
      version: 1,
      tabs: filed.properties.items,
      cells: [
        { tab: '01', address: 'A3', code: name, type: 'text', value: 'Aminah' },
        { tab: '01', address: 'B3', code: position, type: 'dropdown', value: entry(4321) },
      ],
    });
    const created = readBack(await t.call('Record.create', [{ module: 'RE-ExcelImport', fields: ['name', 'reportingentity', 'importtype', 'form'], values: ['Long list', 1, 1100855, form], read: ['id'] }], preparer));
    await attachUploads(t.database.db, t.engine.services.config, Number(created.id), [{ name: 'trc.xlsx', bytes }]);
    const job = Number(textOf(await t.call('Job.ImportFromExcel.submit', [{ excelimport_id: Number(created.id) }], preparer)));
    await worker.drain();
    const status = JSON.parse(textOf(await t.call('Job.ImportFromExcel.status', [{ id: job }], preparer)));
    expect(JSON.parse(status.result)).toMatchObject({ state: 71, problems: 0 });
    expect(await valueAt(form, 'B3')).toBe(entry(4321));
  });

  it("exports a list validation that covers every entry of the long list", async () => {
    const { form } = await newForm();
    const id = Number(textOf(await t.call('Job.ExportToExcel.submit', [{ form_id: form }], preparer)));
    expect(await worker.drain()).toBe(1);
    const status = JSON.parse(textOf(await t.call('Job.ExportToExcel.status', [{ id }], preparer)));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await download(t, status.result, preparer)).rawPayload as unknown as ArrayBuffer);
    const total = before + LONG;
    expect(wb.worksheets[0].getCell('B3').dataValidation).toMatchObject({ type: 'list', formulae: [`'_lists'!$A$1:$A$${total}`] });
    const listed = wb.getWorksheet('_lists')!.getColumn(1).values.slice(1);
    expect(listed).toHaveLength(total);
    expect(listed).toContain(entry(4321));
    expect(listed[total - 1]).toBe(entry(LONG));
  });

  it('answers the paged search of a dropdown: 30 entries a page in the list order, the next page after them, and the count', async () => {
    const search = (pageIndex?: number, text = 'entry 43') =>
      t.call('Record.select', [{ module: 'List', fields: ['id', 'name'], where: [['listgroup', '=', POSITIONS], ['state', '=', 33], ['name', 'like', `%${text}%`]], order: 'displayorder asc, id asc', max: 30, ...(pageIndex ? { pageIndex } : {}) }], preparer);
    const first = await search();
    // "entry 43" names entries 4300–4399: 100 of them, in the list's order.
    expect(Number((first[1] as { text: string }).text)).toBe(100);
    expect(rows(first).map((r) => r.name)).toEqual(Array.from({ length: 30 }, (_, i) => entry(4300 + i)));
    expect(rows(await search(2)).map((r) => r.name)).toEqual(Array.from({ length: 30 }, (_, i) => entry(4330 + i)));
    expect(rows(await search(4)).map((r) => r.name)).toEqual(Array.from({ length: 10 }, (_, i) => entry(4390 + i)));
    // Without a text: the whole list, the 4,321st entry on page 145 (4,320 before it) after the group's own.
    const whole = await search(145, '');
    expect(Number((whole[1] as { text: string }).text)).toBe(before + LONG);
    expect(rows(whole).map((r) => r.name)).toContain(entry(4321 - before));
  });
});
