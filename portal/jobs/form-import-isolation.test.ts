// One upload must not stall everyone: while a large workbook that passes the limits is imported
// (its reading and marking on a thread of their own), the engine answers /health and signs users
// in; a workbook beyond the limits is refused naming the limit, without being read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlDateTime } from '../../engine/db/clock.js';
import { readJob } from '../../engine/jobs/job-table.js';
import { JobWorker } from '../../engine/jobs/job-worker.js';
import { download } from '../../engine/jobs/testing/export-kit.js';
import { attachUploads } from '../../engine/jobs/testing/import-uploads.js';
import type { EnvelopeValue } from '../../engine/protocol/envelope.js';
import { ok, readBack } from '../../engine/testing/record-calls.js';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import ExcelJS from 'exceljs';
import { filedTemplate } from '../filing/form-data.js';
import { DEMO_PASSWORD } from '../seeds/demo-users.js';
import { contractWorkbook, zipOf } from './form-import/testing/contract-workbook.js';
import { sheetParts } from './form-import/sheet-parts.js';
import { guardWorkbook } from './form-import/zip-guard.js';

const textOf = (values: EnvelopeValue[]) => (ok(values)[0] as { text: string }).text;

/** A sheet of `rows` rows of five numbers; `broken` ends it with XML no reader would take. */
function bulkSheet(rows: number, broken = false): Buffer {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'];
  for (let r = 1; r <= rows; r++) out.push(`<row r="${r}"><c r="A${r}"><v>${r}</v></c><c r="B${r}"><v>${r * 2}</v></c><c r="C${r}"><v>${r * 3}</v></c><c r="D${r}"><v>${r % 97}</v></c><c r="E${r}"><v>1.5</v></c></row>`);
  out.push(broken ? '</sheetData><<<' : '</sheetData></worksheet>');
  return Buffer.from(out.join(''));
}

describe('Excel imports beside the requests', () => {
  let t: TestEngine;
  let preparer: string;
  let worker: JobWorker;

  beforeAll(async () => {
    t = await startTestEngine('sqlite', { JOB_CONCURRENCY: '0' });
    worker = new JobWorker({ services: t.engine.services, concurrency: 1, pollMs: 3_600_000, leaseMs: 60_000, maxAttempts: 3, keepHours: 24 });
    preparer = await t.sessionFor('preparer');
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  /** A TRC-02 form of entity 1, and a workbook of it with one bad cell and a sheet "Notes" of `rows` rows of five numbers. */
  async function largeWorkbook(rows: number, broken = false) {
    const db = t.database.db;
    const template = await db('formtemplate').where({ code: 'TRC-02' }).first('id');
    const createon = sqlDateTime();
    await db('formbatch').insert({ re: 1, name: 'Large import', endon: '2026-01-31', duedate: '2026-02-15', state: 13, frozen_ind: false, createon });
    const batch = Number((await db('formbatch').max({ id: 'id' }))[0].id);
    await db('form').insert({ code: 'TRC-02', name: 'TRC-02', re: 1, formbatch: batch, state: 13, formtemplate: template.id, templateversion: 1, endon: '2026-01-31', createon });
    const form = Number((await db('form').max({ id: 'id' }))[0].id);
    const filed = await filedTemplate(db, { id: form, formtemplate: Number(template.id), templateversion: 1 });
    const position = filed.layout.cells.filter((c) => c.tab === '01')[1].code;
    const small = await contractWorkbook({ form, template: 'TRC-02', version: 1, tabs: filed.properties.items, cells: [{ tab: '01', address: 'B3', code: position, type: 'dropdown', value: 'Emperor of Mars' }] });
    // The sheet "Notes" exceljs wrote, its part replaced by the bulk rows.
    const withNotes = new ExcelJS.Workbook();
    await withNotes.xlsx.load(small as unknown as ArrayBuffer);
    withNotes.addWorksheet('Notes').getCell('A1').value = 1;
    const parts = guardWorkbook(Buffer.from(await withNotes.xlsx.writeBuffer()), 'x.xlsx');
    const notes = sheetParts(parts).find((s) => s.sheet === 'Notes')!.part;
    return { form, bytes: zipOf(Object.fromEntries(parts.map((p) => [p.name, p.name === notes ? bulkSheet(rows, broken) : p.bytes()]))) };
  }

  async function submitImport(form: number, bytes: Buffer): Promise<{ importId: number; job: number }> {
    const created = readBack(await t.call('Record.create', [{ module: 'RE-ExcelImport', fields: ['name', 'reportingentity', 'importtype', 'form'], values: ['Large', 1, 1100855, form], read: ['id'] }], preparer));
    const importId = Number(created.id);
    await attachUploads(t.database.db, t.engine.services.config, importId, [{ name: 'large.xlsx', bytes }]);
    return { importId, job: Number(textOf(await t.call('Job.ImportFromExcel.submit', [{ excelimport_id: importId }], preparer))) };
  }

  const outcomeOf = async (importId: number) => (await t.database.db('excelimport').where({ id: importId }).first('state', 'description')) as { state: number; description: string };

  it('answers /health and User.login while a large workbook within the limits is read, and marks its bad cell', async () => {
    const { form, bytes } = await largeWorkbook(100_000);
    const { importId, job } = await submitImport(form, bytes);
    let finished = false;
    const draining = worker.drain().then(() => (finished = true));
    while ((await readJob(t.database.db, job))?.state !== 38 && !finished) await new Promise((r) => setTimeout(r, 20));
    const health = await t.engine.app.inject({ method: 'GET', url: '/health' });
    const login = await t.call('User.login', [{ userid: 'iru', password: DEMO_PASSWORD }]);
    // Both answered while the import was still under way.
    expect(finished).toBe(false);
    expect(health.statusCode).toBe(200);
    expect(ok(login).length).toBeGreaterThan(0);
    await draining;
    const outcome = await outcomeOf(importId);
    expect(Number(outcome.state)).toBe(2);
    expect(outcome.description).toContain('Tab KP, Position (sheet "KP", cell B3): Choose one of the listed values.');
    const result = JSON.parse((await readJob(t.database.db, job))!.result!);
    const copy = new ExcelJS.Workbook();
    await copy.xlsx.load((await download(t, result.download, preparer)).rawPayload as unknown as ArrayBuffer);
    const note = copy.getWorksheet('KP')!.getCell('B3').note;
    expect(typeof note === 'string' ? note : note?.texts?.map((x) => x.text).join('')).toBe('Choose one of the listed values.');
  }, 180_000);

  it('fails the import of a workbook that needs more than the thread\'s heap with a message the user can act on, and goes on serving', async () => {
    const { form, bytes } = await largeWorkbook(100_000);
    const { importId, job } = await submitImport(form, bytes);
    const config = t.engine.services.config;
    const memory = config.importMemoryMb;
    config.importMemoryMb = 16;
    try {
      await worker.drain();
    } finally {
      config.importMemoryMb = memory;
    }
    const outcome = await outcomeOf(importId);
    expect(Number(outcome.state)).toBe(2);
    expect(outcome.description).toContain('large.xlsx needs more memory to read than an import may take (16 MB): split it into smaller workbooks');
    expect((await readJob(t.database.db, job))?.state).toBe(71);
    expect((await t.engine.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  }, 180_000);

  it('refuses a workbook with a sheet beyond the row limit, naming the sheet and the limit, without reading it', async () => {
    // The sheet's XML is broken after its rows: read, it would be "cannot be read as an Excel workbook".
    const { form, bytes } = await largeWorkbook(120_000, true);
    const { importId } = await submitImport(form, bytes);
    await worker.drain();
    const outcome = await outcomeOf(importId);
    expect(Number(outcome.state)).toBe(2);
    expect(outcome.description).toContain('Sheet "Notes" has 120,000 rows; an import takes at most 110,000 rows per sheet.');
  }, 120_000);
});
