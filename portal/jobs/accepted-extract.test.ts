// The bulk extract of a period's accepted values on every dialect (docs/integrators.md "Accepted
// data"): its rows are the accepted forms' filled cells (inputs and computed formulas) as
// Form.getData showed them when accepted; a re-accepted form gives only its latest accepted
// values, and keeps them while returned for amendment; add-new-rows cells are numbered by row; a
// form the caller may not see is absent; the CSV (RFC 4180) and the Parquet file (read by
// parquet-wasm, independent of the writer) carry the same rows; filters narrow them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlDateTime } from '../../engine/db/clock.js';
import { recordsetObjects, type RecordsetValue } from '../../engine/protocol/envelope.js';
import { failure, ok } from '../../engine/testing/record-calls.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { JobWorker } from '../../engine/jobs/job-worker.js';
import { download, textOf, type JobStatus } from '../../engine/jobs/testing/export-kit.js';
import { filedTemplate, readFormRow } from '../filing/form-data.js';
import { cellCode } from '../filing/cell-codes.js';
import { EXTRACT_COLUMNS } from '../filing/accepted-extract.js';
import { parseCsv, readParquetRows } from './accepted-extract/testing/read-files.js';

const PERIOD = '2031-03-31';

type Row = Record<(typeof EXTRACT_COLUMNS)[number], string | number | null>;

describe.each(await testDialects())('the accepted-data extract on %s', (dialect) => {
  let t: TestEngine;
  let worker: JobWorker;
  let iru: string;
  let re: string;
  let reEntity: number;
  let otherEntity: number;
  /** What each accepted form's rows must be, by form id. */
  const expected = new Map<number, Row[]>();

  beforeAll(async () => {
    t = await startTestEngine(dialect, { JOB_CONCURRENCY: '0' });
    worker = new JobWorker({ services: t.engine.services, concurrency: 1, pollMs: 3_600_000, leaseMs: 60_000, maxAttempts: 3, keepHours: 24 });
    iru = await t.sessionFor('iru');
    re = await t.sessionFor('re');
    const db = t.database.db;
    reEntity = Number((await db('re_user').join('user', 'user.id', 're_user.link_fk_user').where('user.userid', 're').first('link_fk_re')).link_fk_re);
    otherEntity = Number((await db('re').whereNot('id', reEntity).orderBy('id').first('id')).id);
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  /** A new form of `code` for `entity` in the test period, its cells set and moved to Submitted. */
  async function submittedForm(code: string, entity: number, cells: [string, string, string, string][]): Promise<number> {
    const db = t.database.db;
    const template = await db('formtemplate').where({ code }).first('id', 'version');
    const createon = sqlDateTime();
    await db('formbatch').insert({ re: entity, name: `Extract ${code}`, endon: PERIOD, duedate: '2031-04-15', state: 13, frozen_ind: false, createon });
    const batch = Number((await db('formbatch').max({ id: 'id' }))[0].id);
    await db('form').insert({ code, name: code, re: entity, formbatch: batch, state: 56, formtemplate: template.id, templateversion: template.version, endon: PERIOD, createon });
    const form = Number((await db('form').max({ id: 'id' }))[0].id);
    await db('formcell').insert(cells.map(([tab, address, c, value]) => ({ form, tab, address, code: c, value })));
    return form;
  }

  /** Accepts the form as the regulator and notes what its rows must now be (Form.getData's filled cells). */
  async function accept(form: number): Promise<void> {
    const db = t.database.db;
    const { updatectr } = await db('form').where({ id: form }).first('updatectr');
    ok(await t.call('Record.update', [{ module: 'Form', fields: ['id', 'updatectr', 'state'], values: [form, updatectr, 45], read: ['id'] }], iru));
    const cells = recordsetObjects(ok(await t.call('Form.getData', [{ form }], iru))[0] as RecordsetValue);
    const row = await readFormRow(db, form);
    const filed = await filedTemplate(db, row);
    const meta = await db({ f: 'form' }).join({ r: 're' }, 'r.id', 'f.re').join({ ft: 'formtemplate' }, 'ft.id', 'f.formtemplate').where('f.id', form).first('r.companyno', 'r.otherno', 'r.name', 'ft.code');
    const acc = await db('acceptedform').where({ form }).first('acceptedon');
    const seen = new Map<string, number>();
    const rows: Row[] = [];
    for (const c of cells) {
      const code = String(c.code);
      const n = (seen.get(code) ?? 0) + 1;
      seen.set(code, n);
      if (c.value === null || c.value === '') continue;
      rows.push({
        form_id: form, entity_code: String(meta.companyno).trim() || String(meta.otherno).trim(), entity_name: String(meta.name), period_end: PERIOD,
        template_code: String(meta.code), template_version: filed.version, cell_code: code,
        row_number: filed.layout.byCodeOf(code)!.repeats ? n : null, value: String(c.value), accepted_on: `${String(acc.acceptedon).slice(0, 19).replace(' ', 'T')}Z`,
      });
    }
    expected.set(form, rows);
  }

  async function extract(args: Record<string, unknown>, who = iru): Promise<{ body: Buffer; type: string; status: JobStatus }> {
    const id = Number(textOf(ok(await t.call('Job.ExportAccepted.submit', [args], who))));
    expect(await worker.drain()).toBe(1);
    const status = JSON.parse(textOf(await t.call('Job.ExportAccepted.status', [{ id }], who))) as JobStatus;
    expect(status, JSON.stringify(status)).toMatchObject({ state: 71, status: 'done' });
    expect(textOf(await t.call('Job.ExportAccepted.download', [{ id }], who))).toBe(status.result);
    const res = await download(t, status.result!, who);
    expect(res.statusCode).toBe(200);
    return { body: res.rawPayload, type: String(res.headers['content-type']), status };
  }

  /** The CSV's rows as the extract's columns, numbers as numbers and empty as null where typed so. */
  function csvRows(body: Buffer): Row[] {
    const [header, ...records] = parseCsv(body.toString('utf8'));
    expect(header).toEqual([...EXTRACT_COLUMNS]);
    return records.map((r) => {
      const o = Object.fromEntries(header.map((h, i) => [h, r[i]])) as Record<string, string>;
      return { ...o, form_id: Number(o.form_id), template_version: Number(o.template_version), row_number: o.row_number === '' ? null : Number(o.row_number) } as Row;
    });
  }

  function parquetRows(body: Buffer): Row[] {
    const { types, rows } = readParquetRows(new Uint8Array(body));
    expect(types).toMatchObject({ form_id: 'Int32', period_end: 'Date32<DAY>', accepted_on: 'Timestamp<MILLISECOND, UTC>', row_number: 'Int32', value: 'Utf8' });
    return rows.map((r) => ({
      ...(r as Row),
      period_end: new Date(Number(r.period_end)).toISOString().slice(0, 10),
      accepted_on: `${new Date(Number(r.accepted_on)).toISOString().slice(0, 19)}Z`,
      row_number: r.row_number === null ? null : Number(r.row_number),
    }));
  }

  const all = (...forms: number[]) => forms.flatMap((f) => expected.get(f)!);

  let bank: number;
  let register: number;
  let other: number;

  it('the rows are the accepted values of the forms, a re-accepted form only with its latest acceptance', async () => {
    const bnk = (n: number) => cellCode('BNK01', '01', n);
    const k = (n: number) => cellCode('TRC02', '01', n);
    bank = await submittedForm('BNK-01', reEntity, [['01', 'B3', bnk(1), '1000'], ['01', 'B4', bnk(3), '250'], ['03', 'C4', cellCode('BNK01', '03', 2), 'Audit, "Smith" & Co\r\nsecond line']]);
    register = await submittedForm('TRC-02', reEntity, [['01', 'A3', k(1), 'Alice Tan'], ['01', 'D3', k(4), '100'], ['01', 'E3', k(5), '2.50'], ['01', 'A4', k(1), 'Bob Lim'], ['01', 'D4', k(4), '40'], ['01', 'E4', k(5), '1.00']]);
    other = await submittedForm('BNK-01', otherEntity, [['01', 'B3', bnk(1), '77']]);
    // A submitted form not accepted is not extracted.
    await submittedForm('BNK-01', reEntity, [['01', 'B3', bnk(1), '5']]);
    for (const f of [bank, register, other]) await accept(f);
    // Re-accepted with a new value, then returned and changed again: the extract keeps the second acceptance.
    await t.database.db('formcell').where({ form: bank, tab: '01', address: 'B3' }).update({ value: '4000' });
    await t.database.db('form').where({ id: bank }).update({ state: 56 });
    await accept(bank);
    await t.database.db('form').where({ id: bank }).update({ state: 74 });
    await t.database.db('formcell').where({ form: bank, tab: '01', address: 'B3' }).update({ value: '9' });

    expect(expected.get(bank)!.find((r) => r.cell_code === bnk(1))!.value).toBe('4000');
    expect(expected.get(register)!.filter((r) => r.cell_code === k(1)).map((r) => [r.row_number, r.value])).toEqual([[1, 'Alice Tan'], [2, 'Bob Lim']]);
    expect(expected.get(bank)!.every((r) => r.row_number === null)).toBe(true);
    // Formulas computed on accept are there too (the register's amount = quantity × price).
    expect(expected.get(register)!.some((r) => r.cell_code === k(6) && Number(r.value) === 250)).toBe(true);

    const csv = await extract({ period: PERIOD, format: 'csv' });
    expect(csv.type).toMatch(/^text\/csv/);
    expect(csvRows(csv.body)).toEqual(all(bank, register, other));
    expect(csv.status.processed).toBe(all(bank, register, other).length);
    const parquet = await extract({ period: PERIOD, format: 'parquet' });
    expect(parquetRows(parquet.body)).toEqual(all(bank, register, other));
  });

  it("an entity user's extract holds only its own entity's forms, in both formats", async () => {
    expect(csvRows((await extract({ period: PERIOD, format: 'csv' }, re)).body)).toEqual(all(bank, register));
    expect(parquetRows((await extract({ period: PERIOD, format: 'parquet' }, re)).body)).toEqual(all(bank, register));
  });

  it('the template and sector filters narrow the rows; an unknown template or sector is refused', async () => {
    expect(csvRows((await extract({ period: PERIOD, template: 'TRC-02', format: 'csv' })).body)).toEqual(all(register));
    const sector = Number((await t.database.db('re').where({ id: otherEntity }).first('sector')).sector);
    const reSector = Number((await t.database.db('re').where({ id: reEntity }).first('sector')).sector);
    const inSector = [bank, register, other].filter((f) => (f === other ? sector : reSector) === sector);
    expect(csvRows((await extract({ period: PERIOD, sector, format: 'csv' })).body)).toEqual(all(...inSector));
    expect(csvRows((await extract({ period: '2031-04-30', format: 'csv' })).body)).toEqual([]);
    expect(failure(await t.call('Job.ExportAccepted.submit', [{ period: PERIOD, template: 'NO-SUCH', format: 'csv' }], iru))).toMatchObject({ code: 'E_VALIDATION', message: 'template: No form template has the code NO-SUCH.' });
    expect(failure(await t.call('Job.ExportAccepted.submit', [{ period: PERIOD, format: 'xml' }], iru)).code).toBe('E_BADREQUEST');
  });

  it("regulator staff limited by their team's rules get the forms their Form list shows, and no other", async () => {
    const rm = await t.sessionFor('rm');
    // An entity outside the relationship manager's (banks 1-3 of sector 1).
    const outside = Number((await t.database.db('re').whereNot('sector', 1).orderBy('id').first('id')).id);
    const hidden = await submittedForm('BNK-01', outside, [['01', 'B3', cellCode('BNK01', '01', 1), '12']]);
    // An SMD item (category 57) of bank 1, which the relationship manager manages.
    const managed = await submittedForm('BNK-01', 1, [['01', 'B3', cellCode('BNK01', '01', 1), '34']]);
    await accept(hidden);
    await accept(managed);
    // Items of the relationship managers' team: other regulator staff no longer list them.
    await t.database.db('form').whereIn('id', [hidden, managed]).update({ category: 57 });
    const forms = [bank, register, other, hidden, managed];
    const listedBy = async (who: string) => recordsetObjects(ok(await t.call('Record.select', [{ module: 'Form', fields: ['id'], where: [['id', 'in', forms]], order: 'id asc', max: 100, pageIndex: 1 }], who))[0] as RecordsetValue).map((r) => Number(r.id));
    const byRm = await listedBy(rm);
    expect(byRm).toEqual([managed]);
    expect(csvRows((await extract({ period: PERIOD, format: 'csv' }, rm)).body)).toEqual(all(...byRm));
    const byIru = await listedBy(iru);
    expect(byIru).toEqual([bank, register, other]);
    expect(csvRows((await extract({ period: PERIOD, format: 'csv' })).body)).toEqual(all(...byIru));
  });

  it("another user's extract file is not theirs to download", async () => {
    const { status } = await extract({ period: PERIOD, format: 'csv' });
    expect((await download(t, status.result!, re)).statusCode).toBe(404);
    expect((await download(t, status.result!)).statusCode).toBe(401);
  });
});
