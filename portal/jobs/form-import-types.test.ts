// The Excel import's Form Type on every dialect (seed 001 §6, 003 §6; docs/excel.md): the types
// each kind of user may import, as Job.ImportFromExcel.types answers them and as Record.create
// and Job.ImportFromExcel.submit enforce them (staff by role; entity users by sector, position,
// role 27 and their link to the entity); the job writes only forms whose template category fits
// the type; and every workbook with bad cells gets its own marked copy.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { sqlDateTime } from '../../engine/db/clock.js';
import { filedTemplate } from '../filing/form-data.js';
import { createSession, SESSION_COOKIE } from '../../engine/identity/session-store.js';
import { recordsetObjects, type EnvelopeValue, type RecordsetValue } from '../../engine/protocol/envelope.js';
import { failure, ok, readBack } from '../../engine/testing/record-calls.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { JobWorker } from '../../engine/jobs/job-worker.js';
import { contractWorkbook, type ContractCell } from './form-import/testing/contract-workbook.js';
import { download } from '../../engine/jobs/testing/export-kit.js';
import { attachUploads } from '../../engine/jobs/testing/import-uploads.js';
import { formWords } from './form-import/testing/form-words.js';

const MAIN = 1100855;
const APP = 1100856;
const BOTH = [MAIN, APP];
/** A position list entry (group 295) whose value is 19500: App I/II only for a senior user. */
const POS_19 = 990_195;
/** Demo positions: 304 has the value 10004 (senior), 303 none (its id, outside the ranges). */
const POS_10 = 304;
const POS_OTHER = 303;
/** Entities of sector 1, 2 and 3 (seeds/demo-entities.ts). */
const SECTOR_ENTITY: Record<number, number> = { 1: 1, 2: 6, 3: 11 };

const textOf = (values: EnvelopeValue[]) => (ok(values)[0] as { text: string }).text;
const rows = (values: EnvelopeValue[]) => recordsetObjects(ok(values)[0] as RecordsetValue);

interface Kind {
  what: string;
  logintype: 1 | 2;
  position: number | null;
  roles: number[];
  /** The entity and entity-level role the user is linked with; null: not linked. */
  link: [number, number] | null;
  currentRe: number | null;
  allowed: number[];
}

/** The matrix: staff by role; entity users by sector × position × role 27 or not (linked), and one not linked. */
function kinds(): Kind[] {
  const out: Kind[] = [
    { what: 'plain staff', logintype: 1, position: null, roles: [2], link: null, currentRe: null, allowed: [MAIN] },
    { what: 'staff with role 43', logintype: 1, position: null, roles: [2, 43], link: null, currentRe: null, allowed: [APP] },
    { what: 'staff with role 44', logintype: 1, position: null, roles: [2, 44], link: null, currentRe: null, allowed: [APP] },
  ];
  for (const sector of [1, 2, 3]) {
    for (const [pname, position] of [['10000-18999', POS_10], ['19000-19999', POS_19], ['other', POS_OTHER]] as const) {
      for (const role of [27, 25]) {
        const senior = sector !== 3 && role === 27;
        const allowed = !senior ? [MAIN] : position === POS_19 ? [APP] : position === POS_10 ? BOTH : [MAIN];
        const re = SECTOR_ENTITY[sector];
        out.push({ what: `entity user of sector ${sector}, position ${pname}, role ${role}`, logintype: 2, position, roles: [1], link: [re, role], currentRe: re, allowed });
      }
    }
  }
  // Role 27 held without a link to the entity (neither primary nor sub user).
  out.push({ what: 'entity user with role 27, position 10000-18999, not linked to its sector 1 entity', logintype: 2, position: POS_10, roles: [1, 27], link: null, currentRe: 1, allowed: [MAIN] });
  return out;
}

describe.each(await testDialects())('Excel import types on %s', (dialect) => {
  let t: TestEngine;
  let worker: JobWorker;
  let preparer: string;
  let nextUser = 990_000;

  beforeAll(async () => {
    t = await startTestEngine(dialect, { JOB_CONCURRENCY: '0' });
    worker = new JobWorker({ services: t.engine.services, concurrency: 1, pollMs: 3_600_000, leaseMs: 60_000, maxAttempts: 3, keepHours: 24 });
    preparer = await t.sessionFor('preparer');
    const db = t.database.db;
    await db('list').insert({ id: POS_19, name: 'Head of App I/II reporting', value0: '19500', listgroup: 295, displayorder: 99, state: 33, createon: sqlDateTime() });
    await bumpVersions(db, ['list']);
  }, 120_000);
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  /** A user of this kind, signed in on its entity. */
  async function userOf(kind: Kind): Promise<{ id: number; session: string }> {
    const db = t.database.db;
    const id = ++nextUser;
    const createon = sqlDateTime();
    await db('user').insert({ id, userid: `kind${id}`, name: `Kind ${id}`, email: `kind${id}@regportal.example`, password: 'x', logintype: kind.logintype, contactno: `0100${id}`, position2: kind.position, state: 33, mfa: 0, pwchangedon: createon, failedlogins: 0, firsttimelogin: false, emailverified: true, createon });
    await db('user_role').insert(kind.roles.map((role) => ({ link_fk_user: id, link_fk_role: role })));
    if (kind.link) await db('re_user').insert({ link_fk_re: kind.link[0], link_fk_user: id, role: kind.link[1], isprimary: false });
    await bumpVersions(db, ['user', 'user_role', 're_user']);
    const token = await createSession(db, id, kind.currentRe, t.config);
    return { id, session: `${SESSION_COOKIE}=${token}` };
  }

  const typesOf = async (session: string) => (JSON.parse(textOf(await t.call('Job.ImportFromExcel.types', [], session))) as { value: number; label: string }[]).map((x) => x.value);
  const importCount = async () => Number((await t.database.db('excelimport').count({ n: '*' }))[0].n);

  for (const kind of kinds()) {
    it(`gives ${kind.what} the Form Types ${kind.allowed.join(', ')}, and refuses a create of any other`, async () => {
      const { session } = await userOf(kind);
      expect(await typesOf(session)).toEqual(kind.allowed);
      if (kind.logintype === 2 && !kind.link) return; // reaches no imports of its entity at all
      const module = kind.logintype === 1 ? 'ExcelImport' : 'RE-ExcelImport';
      for (const type of BOTH) {
        const before = await importCount();
        const answer = await t.call('Record.create', [{ module, fields: ['name', 'reportingentity', 'importtype'], values: [`Type ${type}`, kind.currentRe ?? 3, type], read: ['id', 'importtype'] }], session);
        if (kind.allowed.includes(type)) {
          expect(Number(readBack(answer).importtype), JSON.stringify(answer)).toBe(type);
          expect(await importCount()).toBe(before + 1);
        } else {
          const f = failure(answer);
          expect(f.code).toBe('E_VALIDATION');
          expect(f.message.startsWith(`Form Type: ${type === APP ? 'App I/II forms' : 'Main forms'} is not one`), f.message).toBe(true);
          expect(await importCount()).toBe(before);
        }
      }
    });
  }

  it('gives the administrator (no team) both Form Types', async () => {
    expect(await typesOf(await t.sessionFor('admin'))).toEqual(BOTH);
  });

  it('lists each import only to the users who may import its Form Type', async () => {
    const app = await t.sessionFor('appofficer');
    const id = Number(readBack(await t.call('Record.create', [{ module: 'ExcelImport', fields: ['name', 'reportingentity', 'importtype'], values: ['App I/II for entity 3', 3, APP], read: ['id'] }], app)).id);
    const seen = async (session: string) => rows(await t.call('Record.select', [{ module: 'ExcelImport', fields: ['id'], where: [['id', '=', id]] }], session)).length;
    expect(await seen(app)).toBe(1);
    expect(await seen(await t.sessionFor('iru'))).toBe(0);
  });

  /** An import row of entity 1 written straight to the table (as an older rule or a changed role would leave it). */
  async function storedImport(type: number, owner: number): Promise<number> {
    const db = t.database.db;
    await db('excelimport').insert({ name: `Stored ${type}`, owner, state: 50, reportingentity: 1, importtype: type, updatectr: 1, createon: sqlDateTime(), createby: owner });
    return Number((await db('excelimport').max({ id: 'id' }))[0].id);
  }

  it('refuses to submit an import whose Form Type the caller may not import, as one that does not exist (it is not in their list either)', async () => {
    const id = await storedImport(APP, 6);
    const f = failure(await t.call('Job.ImportFromExcel.submit', [{ excelimport_id: id }], preparer));
    expect(f).toEqual({ code: 'E_NOTFOUND', message: `Excel import ${id} not found.` });
    expect(failure(await t.call('Job.ImportFromExcel.submit', [{ excelimport_id: 987654 }], preparer))).toEqual({ code: 'E_NOTFOUND', message: 'Excel import 987654 not found.' });
    expect(Number((await t.database.db('excelimport').where({ id }).first('state')).state)).toBe(50);
  });

  it('fails the job of a user who may no longer import its Form Type when it runs', async () => {
    const { id: user, session } = await userOf({ what: 'senior', logintype: 2, position: POS_10, roles: [1], link: [1, 27], currentRe: 1, allowed: BOTH });
    const id = Number(readBack(await t.call('Record.create', [{ module: 'RE-ExcelImport', fields: ['name', 'importtype'], values: ['App I/II', APP], read: ['id'] }], session)).id);
    textOf(await t.call('Job.ImportFromExcel.submit', [{ excelimport_id: id }], session));
    await t.database.db('user').where({ id: user }).update({ position2: POS_OTHER });
    await bumpVersions(t.database.db, ['user']);
    await worker.drain();
    const record = await t.database.db('excelimport').where({ id }).first('state', 'description');
    expect(Number(record.state)).toBe(2);
    expect(String(record.description)).toMatch(/^Form Type: App I\/II forms is not one/);
  });

  /** A new Open form of `re` on version 1 of the demo template `code`. */
  async function newForm(code: string, re = 1, category: number | null = null) {
    const db = t.database.db;
    const template = await db('formtemplate').where({ code }).first('id');
    const createon = sqlDateTime();
    await db('formbatch').insert({ re, name: `Types ${code}`, endon: '2026-01-31', duedate: '2026-02-15', state: 13, frozen_ind: false, createon });
    const batch = Number((await db('formbatch').max({ id: 'id' }))[0].id);
    await db('form').insert({ code, name: code, re, formbatch: batch, state: 13, formtemplate: template.id, templateversion: 1, endon: '2026-01-31', category, createon });
    const form = Number((await db('form').max({ id: 'id' }))[0].id);
    const filed = await filedTemplate(db, { id: form, formtemplate: Number(template.id), templateversion: 1 });
    return { form, code, layout: filed.layout, tabs: filed.properties.items };
  }

  /** A workbook giving the first `n` numeric input cells of the form the values 11, 12, … */
  async function filledWorkbook(f: Awaited<ReturnType<typeof newForm>>, n = 2): Promise<{ bytes: Buffer; cells: ContractCell[] }> {
    const cells: ContractCell[] = f.layout.cells
      .filter((c) => (c.place.cell.editor ?? 'numeric') === 'numeric' && !c.repeats)
      .slice(0, n)
      .map((c, i) => ({ tab: c.tab, address: f.layout.address(c, 0, {}), code: c.code, type: 'numeric', value: 11 + i }));
    expect(cells.length).toBe(n);
    return { bytes: await contractWorkbook({ form: f.form, template: f.code, version: 1, tabs: f.tabs, cells }), cells };
  }

  async function importWith(session: string, module: string, re: number, type: number, files: { name: string; bytes: Buffer }[]) {
    const id = Number(readBack(await t.call('Record.create', [{ module, fields: ['name', 'reportingentity', 'importtype'], values: ['Typed', re, type], read: ['id'] }], session)).id);
    await attachUploads(t.database.db, t.engine.services.config, id, files);
    const job = Number(textOf(await t.call('Job.ImportFromExcel.submit', [{ excelimport_id: id }], session)));
    await worker.drain();
    const status = JSON.parse(textOf(await t.call('Job.ImportFromExcel.status', [{ id: job }], session)));
    const record = await t.database.db('excelimport').where({ id }).first('state', 'description');
    return { job, status, state: Number(record.state), description: String(record.description ?? '') };
  }

  const storedValues = async (form: number) => (await t.database.db('formcell').where({ form }).select('address', 'value')).length;

  it('writes nothing from a workbook of an App I/II form into a main-forms import, and says why', async () => {
    const f = await newForm('APP I Liquidity');
    const { bytes } = await filledWorkbook(f);
    const before = await storedValues(f.form);
    const outcome = await importWith(preparer, 'RE-ExcelImport', 1, MAIN, [{ name: 'app.xlsx', bytes }]);
    expect(outcome.state).toBe(2);
    expect(outcome.description).toBe(
      `app.xlsx: not imported, so ${formWords(f.form, 'APP I Liquidity')} is unchanged.\nThis form is an App I/II form, but this import's Form Type is Main forms: import this workbook with Form Type App I/II forms.`,
    );
    expect(await storedValues(f.form)).toBe(before);
    expect(JSON.parse(outcome.status.result)).toMatchObject({ written: 0, download: null });
  });

  it('writes an App I/II workbook through an App I/II import and refuses a main form in it', async () => {
    const app = await t.sessionFor('appofficer');
    const good = await newForm('APP I Liquidity', 3, 100213);
    const wrong = await newForm('BNK-01', 3, 100213);
    const a = await filledWorkbook(good);
    const b = await filledWorkbook(wrong);
    const outcome = await importWith(app, 'ExcelImport', 3, APP, [{ name: 'app.xlsx', bytes: a.bytes }, { name: 'main.xlsx', bytes: b.bytes }]);
    const lines = outcome.description.split('\n');
    expect(lines[0]).toBe(`app.xlsx: 2 cells written into ${formWords(good.form, 'APP I Liquidity', 'Meridian Trade Bank Ltd')}.`);
    expect(lines[1]).toBe(`main.xlsx: not imported, so ${formWords(wrong.form, 'BNK-01', 'Meridian Trade Bank Ltd')} is unchanged.`);
    expect(lines[2]).toBe("This form is not an App I/II form, but this import's Form Type is App I/II forms: import this workbook with Form Type Main forms.");
    expect(outcome.state).toBe(2);
    const written = await t.database.db('formcell').where({ form: good.form }).select('address', 'value');
    for (const c of a.cells) expect(Number(written.find((w) => w.address === c.address)?.value)).toBe(c.value);
    expect(await storedValues(wrong.form)).toBe(0);
  });

  it('gives every workbook with bad cells its own marked copy, in a .zip for the submitter only', async () => {
    const bad = async (name: string, value: string) => {
      const f = await newForm('BNK-01');
      const cell = f.layout.cells.find((c) => (c.place.cell.editor ?? 'numeric') === 'numeric' && !c.repeats)!;
      const address = f.layout.address(cell, 0, {});
      const sheet = f.tabs.find((x) => x.id === cell.tab)!;
      const bytes = await contractWorkbook({ form: f.form, template: 'BNK-01', version: 1, tabs: f.tabs, cells: [{ tab: cell.tab, address, code: cell.code, type: 'numeric', value }] });
      return { name, bytes, address, tab: sheet };
    };
    const one = await bad('first.xlsx', 'lots');
    const two = await bad('second.xlsx', 'plenty');
    const outcome = await importWith(preparer, 'RE-ExcelImport', 1, MAIN, [one, two]);
    expect(outcome.state).toBe(2);
    const result = JSON.parse(outcome.status.result);
    expect(result.download).toBe(`/out/${outcome.job}.zip`);
    expect(textOf(await t.call('Job.ImportFromExcel.download', [{ id: outcome.job }], preparer))).toBe(`/out/${outcome.job}.zip`);
    expect((await download(t, result.download, await t.sessionFor('re2'))).statusCode).toBe(404);
    expect((await download(t, `/out/${outcome.job}.xlsx`, preparer)).statusCode).toBe(404);
    const res = await download(t, result.download, preparer);
    expect(res.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    expect(Object.keys(zip.files).sort()).toEqual(['first.xlsx', 'second.xlsx']);
    for (const w of [one, two]) {
      const copy = new ExcelJS.Workbook();
      await copy.xlsx.load((await zip.file(w.name)!.async('nodebuffer')) as unknown as ArrayBuffer);
      const ws = copy.worksheets.find((s) => s.state !== 'veryHidden' && s.getCell(w.address).note)!;
      const note = ws.getCell(w.address).note;
      expect(typeof note === 'string' ? note : (note?.texts ?? []).map((x) => x.text).join('')).toMatch(/^Enter a /);
    }
  });
});
