// Attachment uploads and downloads through the protocol, on every dialect and with each file
// store (FILE_STORE=local and database): real multipart bodies, byte-identical downloads, entity
// scoping of both directions, limits and types, removal with optimistic concurrency, and
// content-addressed storage.
import { bumpVersions } from '../db/change-versions.js';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { failure, readBack, type Row } from '../testing/record-calls.js';
import { decodeXml, type EnvelopeValue } from '../protocol/envelope.js';

const LIMIT = 64 * 1024;
const OTHER_ENTITY = 2;

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A small but well-formed PDF; `marker` makes its bytes (and hash) unique. */
function pdf(marker = randomBytes(8).toString('hex')): Buffer {
  return Buffer.from(
    `%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${marker}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}

/** A 1×1 PNG followed by random bytes (decoders ignore what follows IEND). */
function png(): Buffer {
  const pixel = Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082',
    'hex',
  );
  return Buffer.concat([pixel, randomBytes(4096), Buffer.from([0, 0, 0xff, 0x00, 0x10])]);
}

/** A Windows executable's first bytes. */
const EXE = Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.from([0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]), Buffer.alloc(64), Buffer.from('This program cannot be run in DOS mode.')]);

interface FilePart {
  name: string;
  bytes: Uint8Array;
  /** What the client claims; the engine decides the stored type itself. */
  type?: string;
  field?: string;
}

async function multipartBody(fields: Record<string, string>, file?: FilePart): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set(file.field ?? 'file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const request = new Request('http://localhost/process', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

const CASES = (await testDialects()).flatMap((dialect) => (['local', 'database'] as const).map((store) => [dialect, store] as const));

describe.each(CASES)('attachment files on %s, FILE_STORE=%s', (dialect, fileStore) => {
  let t: TestEngine;
  let admin: string;
  let re: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect, { UPLOAD_LIMIT: String(LIMIT), FILE_STORE: fileStore });
    admin = await t.sessionFor('admin');
    re = await t.sessionFor('re', 1);
  });
  afterAll(async () => t?.close());

  async function upload(cookie: string | undefined, names: string[], values: unknown[], file?: FilePart, action = 'Record.uploadFile') {
    const { payload, contentType } = await multipartBody({ action, a0: JSON.stringify(names), a1: JSON.stringify(values) }, file);
    const res = await t.engine.app.inject({ method: 'POST', url: '/process', headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}) }, payload });
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    return { status: res.statusCode, values: decodeXml(res.body) };
  }

  async function uploaded(cookie: string, names: string[], values: unknown[], file: FilePart): Promise<Row> {
    const res = await upload(cookie, names, values, file);
    expect(res.status).toBe(200);
    return readBack(res.values);
  }

  function download(url: string, cookie?: string) {
    return t.engine.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  }

  const rowCount = async () => Number((await t.database.db('re_reference').count({ n: '*' }))[0].n);
  const filesDir = () => t.config.filesDir;
  /** Every stored body (the fan-out directories, not the temporary area; or the database's rows). */
  async function blobs(): Promise<string[]> {
    if (fileStore === 'database') {
      const keys = (await t.database.db('file_blob').where('filekey', 'like', 'files/%').pluck('filekey')) as string[];
      // The store is the only place: nothing of an upload is left in FILES_DIR but its temporary area.
      expect(existsSync(filesDir()) ? readdirSync(filesDir()).filter((n) => n !== 'tmp') : []).toEqual([]);
      return keys.map((k) => k.slice('files/'.length));
    }
    if (!existsSync(filesDir())) return [];
    return readdirSync(filesDir(), { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile() && !d.parentPath.includes(`${join(filesDir(), 'tmp')}`))
      .map((d) => d.name);
  }
  const temps = () => (existsSync(join(filesDir(), 'tmp')) ? readdirSync(join(filesDir(), 'tmp')) : []);

  function errorEnvelope(values: EnvelopeValue[]) {
    return failure(values);
  }

  describe('upload and download', () => {
    it('stores a PDF as an attachment record and answers its id, counter, name, type, size and URL', async () => {
      const body = pdf();
      const row = await uploaded(admin, ['fk_re', 'description'], [OTHER_ENTITY, 'Annual report'], { name: 'Annual report 2024.pdf', bytes: body, type: 'text/html' });
      expect(Object.keys(row)).toEqual(['id', 'updatectr', 'name', 'contenttype', 'size', 'url']);
      expect(row).toMatchObject({ updatectr: 1, name: 'Annual report 2024.pdf', contenttype: 'application/pdf', size: body.length, url: `/file/RE_Reference/${row.id}` });
      const stored = await t.database.db('re_reference').where({ id: row.id }).first();
      expect(stored).toMatchObject({ fk_re: OTHER_ENTITY, description: 'Annual report', referencetype: 11, file: sha256(body), createby: 1 });
    });

    it('downloads the PDF back byte-identical, as an attachment with our content type and no sniffing', async () => {
      const body = pdf();
      const row = await uploaded(admin, ['fk_re'], [OTHER_ENTITY], { name: `Q1 Übersicht (final) 100%; v'2.pdf`, bytes: body });
      const res = await download(String(row.url), admin);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(body)).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-length']).toBe(String(body.length));
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="Q1 _bersicht (final) 100_; v'2.pdf"; filename*=UTF-8''Q1%20%C3%9Cbersicht%20%28final%29%20100%25%3B%20v%272.pdf`);
      expect(res.headers['cache-control']).toBe('private, no-store');
    });

    it('serves a download under its own sandbox policy, not the page policy, and with the referrer policy', async () => {
      const row = await uploaded(admin, ['fk_re'], [OTHER_ENTITY], { name: 'policy.pdf', bytes: pdf() });
      const res = await download(String(row.url), admin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['referrer-policy']).toBe('same-origin');
    });

    it('stores and serves a PNG byte-identical with image/png', async () => {
      const body = png();
      const row = await uploaded(admin, ['fk_re'], [OTHER_ENTITY], { name: 'C:\\fakepath\\logo 😀.PNG', bytes: body, type: 'image/png' });
      expect(row).toMatchObject({ name: 'logo 😀.PNG', contenttype: 'image/png', size: body.length });
      const res = await download(String(row.url), admin);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(body)).toBe(true);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''logo%20%F0%9F%98%80.PNG`);
    });

    it('answers the download URL from Record.getFile, and the same through Record2', async () => {
      const row = await uploaded(admin, ['fk_re'], [OTHER_ENTITY], { name: 'a.pdf', bytes: pdf() });
      expect(await t.call('Record.getFile', [{ module: 'RE_Reference', id: row.id }], admin)).toEqual([{ type: 'text', text: `/file/RE_Reference/${row.id}` }]);
      expect(await t.call('Record2.getFile', [{ module: 'RE_Reference', id: String(row.id) }], admin)).toEqual([{ type: 'text', text: `/file/RE_Reference/${row.id}` }]);
      expect(failure(await t.call('Record.getFile', [{ module: 'RE_Reference', id: 999999 }], admin)).code).toBe('E_NOTFOUND');
      expect(failure(await t.call('Record.getFile', [{ module: 'Sector', id: 1 }], admin)).code).toBe('E_BADREQUEST');
    });

    it('accepts Record2.uploadFile and a module named among the fields', async () => {
      const res = await upload(admin, ['module', 'fk_re', 'description'], ['RE_Reference', OTHER_ENTITY, 'via Record2'], { name: 'b.pdf', bytes: pdf() }, 'Record2.uploadFile');
      expect(readBack(res.values)).toMatchObject({ name: 'b.pdf', contenttype: 'application/pdf' });
    });

    it('records the creation in the audit trail, with the fields the file filled', async () => {
      const row = await uploaded(admin, ['fk_re'], [OTHER_ENTITY], { name: 'audit.pdf', bytes: pdf() });
      const audit = await t.database.db('record_audit').where({ module: 're_reference', record_id: row.id }).first();
      expect(audit).toMatchObject({ action: 'create' });
    });

    it('keeps identical content once on disk, whatever the names and rows', async () => {
      const body = pdf('same content');
      const before = (await blobs()).length;
      const a = await uploaded(admin, ['fk_re'], [OTHER_ENTITY], { name: 'one.pdf', bytes: body });
      const b = await uploaded(re, ['fk_re'], [1], { name: 'two.pdf', bytes: body });
      expect(a.id).not.toBe(b.id);
      expect((await blobs()).length).toBe(before + 1);
      expect(await blobs()).toContain(sha256(body));
      const [ra, rb] = await Promise.all([download(String(a.url), admin), download(String(b.url), re)]);
      expect(ra.rawPayload.equals(body)).toBe(true);
      expect(rb.rawPayload.equals(body)).toBe(true);
      expect(rb.headers['content-disposition']).toContain(`filename*=UTF-8''two.pdf`);
      expect(temps()).toEqual([]);
    });
  });

  describe('entity scope', () => {
    it('lets an RE user upload to its own entity, stamping it when not given', async () => {
      const own = await uploaded(re, ['fk_re', 'description'], [1, 'mine'], { name: 'own.pdf', bytes: pdf() });
      const stamped = await uploaded(re, ['module', 'description'], ['RE_Reference', 'stamped'], { name: 'stamped.pdf', bytes: pdf() });
      for (const row of [own, stamped]) expect(await t.database.db('re_reference').where({ id: row.id }).first('fk_re')).toEqual({ fk_re: 1 });
      const res = await download(String(own.url), re);
      expect(res.statusCode).toBe(200);
    });

    it('refuses an RE user’s upload to another entity with E_NOPERMISSION, storing nothing', async () => {
      const rows = await rowCount();
      const blobsBefore = (await blobs()).length;
      const res = await upload(re, ['fk_re', 'description'], [OTHER_ENTITY, 'not mine'], { name: 'theirs.pdf', bytes: pdf() });
      expect(res.status).toBe(200);
      expect(errorEnvelope(res.values).code).toBe('E_NOPERMISSION');
      expect(await rowCount()).toBe(rows);
      expect((await blobs()).length).toBe(blobsBefore);
      expect(temps()).toEqual([]);
    });

    it('answers 404 E_NOTFOUND when an RE user asks for another entity’s file, exactly as for a missing one', async () => {
      const theirs = await uploaded(admin, ['fk_re'], [OTHER_ENTITY], { name: 'secret.pdf', bytes: pdf() });
      for (const url of [String(theirs.url), '/file/RE_Reference/987654']) {
        const res = await download(url, re);
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
        expect(res.body).not.toContain('secret');
        expect(failure(decodeXml(res.body)).code).toBe('E_NOTFOUND');
      }
      expect(failure(await t.call('Record2.getFile', [{ module: 'RE_Reference', id: theirs.id }], re)).code).toBe('E_NOTFOUND');
      // The second entity's own user does get it.
      expect((await download(String(theirs.url), await t.sessionFor('re2'))).statusCode).toBe(200);
    });

    it('answers 401 E_ILLEGALACCESS to a download without a session, 403 without the select permission', async () => {
      const row = await uploaded(admin, ['fk_re'], [OTHER_ENTITY], { name: 'c.pdf', bytes: pdf() });
      const anonymous = await download(String(row.url));
      expect(anonymous.statusCode).toBe(401);
      expect(failure(decodeXml(anonymous.body)).code).toBe('E_ILLEGALACCESS');
      const userId = (await t.database.db('user').where({ userid: 're2' }).first('id')).id;
      const sessionWithoutRoles = await t.sessionFor('re2');
      await t.database.db('user_role').where({ link_fk_user: userId }).delete();
      // A write outside the record engine must say so, as the engine's own writes do.
      await bumpVersions(t.database.db, ['user_role']);
      const res = await download(String(row.url), sessionWithoutRoles);
      expect(res.statusCode).toBe(403);
      expect(failure(decodeXml(res.body)).code).toBe('E_NOPERMISSION');
    });

    it('answers 400 E_BADREQUEST for an id that is not a number or a module that has no files', async () => {
      expect((await download('/file/RE_Reference/abc', admin)).statusCode).toBe(400);
      const res = await download('/file/Sector/1', admin);
      expect(res.statusCode).toBe(400);
      expect(failure(decodeXml(res.body)).code).toBe('E_BADREQUEST');
    });
  });

  describe('refusals', () => {
    it('answers 413 E_TOOLARGE for a file over UPLOAD_LIMIT, storing nothing', async () => {
      const rows = await rowCount();
      const blobsBefore = (await blobs()).length;
      const big = Buffer.concat([pdf(), randomBytes(LIMIT)]);
      const res = await upload(admin, ['fk_re'], [OTHER_ENTITY], { name: 'big.pdf', bytes: big });
      expect(res.status).toBe(413);
      const f = errorEnvelope(res.values);
      expect(f.code).toBe('E_TOOLARGE');
      expect(f.message).toBe('The file is larger than the limit of 64 KB');
      expect(await rowCount()).toBe(rows);
      expect((await blobs()).length).toBe(blobsBefore);
      expect(temps()).toEqual([]);
    });

    it('answers 413 E_TOOLARGE before reading a body whose declared length is over the limits', async () => {
      const res = await upload(admin, ['fk_re'], [OTHER_ENTITY], { name: 'big.pdf', bytes: Buffer.concat([pdf(), Buffer.alloc(t.config.bodyLimit + LIMIT)]) });
      expect(res.status).toBe(413);
      expect(errorEnvelope(res.values).code).toBe('E_TOOLARGE');
      expect(temps()).toEqual([]);
    });

    it('answers 415 E_FILETYPE for an executable renamed .pdf, storing nothing', async () => {
      const rows = await rowCount();
      const res = await upload(admin, ['fk_re'], [OTHER_ENTITY], { name: 'invoice.pdf', bytes: EXE, type: 'application/pdf' });
      expect(res.status).toBe(415);
      expect(errorEnvelope(res.values)).toMatchObject({ code: 'E_FILETYPE', message: 'The content of invoice.pdf is not a PDF file' });
      expect(await rowCount()).toBe(rows);
      expect(temps()).toEqual([]);
    });

    it('answers 415 E_FILETYPE for a type not on the allow-list', async () => {
      for (const name of ['setup.exe', 'page.html', 'noextension']) {
        const res = await upload(admin, ['fk_re'], [OTHER_ENTITY], { name, bytes: Buffer.from('hello') });
        expect(res.status).toBe(415);
        expect(errorEnvelope(res.values).code).toBe('E_FILETYPE');
      }
    });

    it('answers E_BADREQUEST to a malformed or cut-short multipart body, storing nothing', async () => {
      const inject = (contentType: string, payload: Buffer) =>
        t.engine.app.inject({ method: 'POST', url: '/process', headers: { 'content-type': contentType, cookie: admin }, payload });
      const noBoundary = await inject('multipart/form-data', Buffer.from('action=Record.select'));
      expect(errorEnvelope(decodeXml(noBoundary.body)).code).toBe('E_BADREQUEST');
      const { payload, contentType } = await multipartBody({ action: 'Record.uploadFile', a0: '["fk_re"]', a1: `[${OTHER_ENTITY}]` }, { name: 'cut.pdf', bytes: pdf() });
      const cut = await inject(contentType, payload.subarray(0, payload.length - 60));
      expect(errorEnvelope(decodeXml(cut.body)).code).toBe('E_BADREQUEST');
      expect(temps()).toEqual([]);
    });

    it('stores nothing from a caller without a session', async () => {
      const blobsBefore = (await blobs()).length;
      const res = await upload(undefined, ['fk_re'], [OTHER_ENTITY], { name: 'anon.pdf', bytes: pdf() });
      expect(errorEnvelope(res.values).code).toBe('E_ILLEGALACCESS');
      expect((await blobs()).length).toBe(blobsBefore);
      expect(temps()).toEqual([]);
    });

    it('refuses an upload without a file, with a file part of another name, or to a module that is not an attachment module', async () => {
      expect(errorEnvelope((await upload(admin, ['fk_re'], [OTHER_ENTITY])).values)).toMatchObject({ code: 'E_BADREQUEST', message: expect.stringContaining('one file part named "file"') });
      expect(errorEnvelope((await upload(admin, ['fk_re'], [OTHER_ENTITY], { name: 'x.pdf', bytes: pdf(), field: 'attachment' })).values).code).toBe('E_BADREQUEST');
      expect(errorEnvelope((await upload(admin, ['module', 'name'], ['Sector', 'x'], { name: 'x.pdf', bytes: pdf() })).values)).toMatchObject({ code: 'E_BADREQUEST', message: expect.stringContaining('not an attachment module') });
      expect(errorEnvelope((await upload(admin, ['description'], ['which module?'], { name: 'x.pdf', bytes: pdf() })).values).code).toBe('E_BADREQUEST');
      expect(temps()).toEqual([]);
    });

    it('takes name, type, size, hash and URL from the file, never from the caller', async () => {
      const res = await upload(admin, ['fk_re', 'file'], [OTHER_ENTITY, 'f'.repeat(64)], { name: 'x.pdf', bytes: pdf() });
      expect(errorEnvelope(res.values)).toMatchObject({ code: 'E_BADREQUEST', message: 'file is taken from the uploaded file' });
      // Nor can Record.create or Record.update point a row at a stored body.
      const create = failure(await t.call('Record.create', [{ module: 'RE_Reference', fields: ['fk_re', 'file', 'size'], values: [OTHER_ENTITY, 'f'.repeat(64), 1] }], admin));
      expect(create).toMatchObject({ code: 'E_VALIDATION', details: { file: 'is read-only', size: 'is read-only' } });
    });

    it('answers E_VALIDATION from the create pipeline for a parent that does not exist, storing nothing', async () => {
      const blobsBefore = (await blobs()).length;
      const res = await upload(admin, ['fk_re'], [99999], { name: 'orphan.pdf', bytes: pdf() });
      expect(errorEnvelope(res.values)).toMatchObject({ code: 'E_VALIDATION', details: { fk_re: expect.stringContaining('does not exist') } });
      expect((await blobs()).length).toBe(blobsBefore);
      expect(temps()).toEqual([]);
    });
  });

  describe('removeReference', () => {
    it('deletes the attachment record; a stale counter answers E_CONCURRENT and deletes nothing', async () => {
      const body = pdf();
      const row = await uploaded(re, ['fk_re'], [1], { name: 'remove me.pdf', bytes: body });
      const stale = failure(await t.call('RE_Reference.removeReference', [['id', 'updatectr'], [row.id, 7]], re));
      expect(stale.code).toBe('E_CONCURRENT');
      expect(stale.details).toMatchObject({ record: { id: String(row.id), updatectr: '1' } });
      expect(await t.database.db('re_reference').where({ id: row.id }).first('id')).toBeDefined();
      expect(await t.call('RE_Reference.removeReference', [['id', 'updatectr'], [row.id, 1]], re)).toEqual([{ type: 'text', text: '1' }]);
      expect(await t.database.db('re_reference').where({ id: row.id }).first('id')).toBeUndefined();
      expect((await download(String(row.url), re)).statusCode).toBe(404);
      // The body stays stored: other rows may name the same content.
      expect(await blobs()).toContain(sha256(body));
    });

    it('accepts the original clients’ link_id / link_updatectr names', async () => {
      const row = await uploaded(admin, ['fk_re'], [OTHER_ENTITY], { name: 'legacy.pdf', bytes: pdf() });
      expect(await t.call('RE_Reference.removeReference', [['link_id', 'link_updatectr'], [row.id, 1]], admin)).toEqual([{ type: 'text', text: '1' }]);
    });

    it('lets an RE user remove only its own entity’s attachments: another entity’s is not found, as a missing one', async () => {
      const theirs = await uploaded(admin, ['fk_re'], [OTHER_ENTITY], { name: 'keep.pdf', bytes: pdf() });
      const remove = async (id: unknown) => failure(await t.call('RE_Reference.removeReference', [['id', 'updatectr'], [id, 1]], re));
      expect(await remove(theirs.id)).toEqual({ code: 'E_NOTFOUND', message: `RE_Reference #${theirs.id} not found.` });
      expect(await remove(987654)).toEqual({ code: 'E_NOTFOUND', message: 'RE_Reference #987654 not found.' });
      expect(await t.database.db('re_reference').where({ id: theirs.id }).first('id')).toBeDefined();
    });

    it('is registered once per attachment module of the metadata', async () => {
      const [v] = await t.call('System.catalogue', []);
      const names: string[] = JSON.parse(v.type === 'text' ? v.text : '{}').actions.map((a: { name: string }) => a.name);
      const attachmentModules = t.engine.services.modules.all().filter((m) => m.kind === 'attachment').map((m) => m.name);
      expect(attachmentModules).toContain('RE_Reference');
      expect(names.filter((n) => n.endsWith('.removeReference')).sort()).toEqual(attachmentModules.map((m) => `${m}.removeReference`).sort());
      expect(names).toEqual(expect.arrayContaining(['Record.uploadFile', 'Record2.uploadFile', 'Record.getFile', 'Record2.getFile']));
    });
  });

  describe('on a real socket', () => {
    let base: string;

    beforeAll(async () => {
      await t.engine.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.engine.app.server.address() as AddressInfo).port}`;
    });

    async function post(form: FormData, cookie: string) {
      return fetch(`${base}/process`, { method: 'POST', body: form, headers: { cookie } });
    }

    it('uploads with fetch and FormData, and downloads the same bytes', async () => {
      const body = png();
      const form = new FormData();
      form.set('action', 'Record2.uploadFile');
      form.set('a0', JSON.stringify(['fk_re', 'description']));
      form.set('a1', JSON.stringify([1, 'from a browser']));
      form.set('file', new Blob([new Uint8Array(body)], { type: 'image/png' }), 'chart.png');
      const res = await post(form, re);
      expect(res.status).toBe(200);
      const row = readBack(decodeXml(await res.text()));
      const got = await fetch(`${base}${row.url}`, { headers: { cookie: re } });
      expect(got.status).toBe(200);
      expect(Buffer.from(await got.arrayBuffer()).equals(body)).toBe(true);
    });

    it('answers 413 to a streamed upload far over the limit, and the next call works', async () => {
      const form = new FormData();
      form.set('action', 'Record.uploadFile');
      form.set('a0', JSON.stringify(['fk_re']));
      form.set('a1', JSON.stringify([1]));
      form.set('file', new Blob([new Uint8Array(pdf()), new Uint8Array(randomBytes(LIMIT * 16))]), 'huge.pdf');
      const res = await post(form, re);
      expect(res.status).toBe(413);
      expect(failure(decodeXml(await res.text())).code).toBe('E_TOOLARGE');
      const next = await fetch(`${base}/process`, { method: 'POST', headers: { cookie: re, 'content-type': 'application/json' }, body: JSON.stringify({ action: 'Record.getFile', args: [{ module: 'RE_Reference', id: 1 }] }) });
      expect(next.status).toBe(200);
      expect(temps()).toEqual([]);
    });
  });
});
