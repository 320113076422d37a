// Two engine processes on one database with FILE_STORE=database and nothing else shared (each its
// own FILES_DIR and JOBS_DIR): a file uploaded through one downloads through the other, byte for
// byte with its length and type, and so does an export one of them ran; a file over 16 MB too. An
// engine with FILE_STORE=local and a folder of its own answers 404 for the same file, which is
// what the database store is for.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../fastify.config.js';
import { portal } from '../../portal/app.js';
import { decodeXml } from '../protocol/envelope.js';
import { buildEngine, type Engine } from '../server/app.js';
import { readBack, type Row } from '../testing/record-calls.js';
import { testDialects } from '../testing/test-database.js';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { finished, readSheet, selectAll, submitExport } from '../jobs/testing/export-kit.js';

const OTHER_ENTITY = 2;
const UPLOAD_LIMIT = 32 * 1024 * 1024;

function pdf(extra = 0): Buffer {
  const head = Buffer.from(`%PDF-1.4\n% ${randomBytes(8).toString('hex')}\n`, 'latin1');
  return Buffer.concat([head, randomBytes(extra), Buffer.from('\ntrailer << >>\n%%EOF\n', 'latin1')]);
}

async function multipart(fields: Record<string, string>, name: string, bytes: Buffer): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  const request = new Request('http://localhost/process', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

describe.each(await testDialects())('files shared by two engine processes on %s', (dialect) => {
  let a: TestEngine;
  let b: Engine;
  let local: Engine;
  let admin: string;
  const dirs: string[] = [];

  /** Another engine process on A's database, with folders of its own. */
  async function another(fileStore: 'local' | 'database'): Promise<Engine> {
    const dir = mkdtempSync(join(tmpdir(), 'portal-other-engine-'));
    dirs.push(dir);
    const config = loadConfig({
      // A's DATA_DIR only for SQLite's database file; files and job files go elsewhere.
      DATA_DIR: a.database.dataDir,
      DATABASE_URL: a.database.databaseUrl ?? '',
      FILES_DIR: join(dir, 'files'),
      JOBS_DIR: join(dir, 'jobs'),
      FILE_STORE: fileStore,
      UPLOAD_LIMIT: String(UPLOAD_LIMIT),
      JOB_CONCURRENCY: '0',
      LOG_LEVEL: 'silent',
    });
    const engine = await buildEngine({ app: portal, config, logger: pino({ level: 'silent' }) });
    await engine.app.ready();
    return engine;
  }

  beforeAll(async () => {
    a = await startTestEngine(dialect, { FILE_STORE: 'database', UPLOAD_LIMIT: String(UPLOAD_LIMIT), JOB_POLL_MS: '50' });
    admin = await a.sessionFor('admin');
    b = await another('database');
    local = await another('local');
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await local?.close();
    await a?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  async function upload(through: Engine, name: string, bytes: Buffer): Promise<Row> {
    const { payload, contentType } = await multipart({ action: 'Record.uploadFile', a0: JSON.stringify(['fk_re']), a1: JSON.stringify([OTHER_ENTITY]) }, name, bytes);
    const res = await through.app.inject({ method: 'POST', url: '/process', headers: { 'content-type': contentType, cookie: admin }, payload });
    expect(res.statusCode).toBe(200);
    return readBack(decodeXml(res.body));
  }

  const get = (through: Engine, url: string) => through.app.inject({ method: 'GET', url, headers: { cookie: admin } });

  it('downloads through one engine the file uploaded through the other, with its length and type', async () => {
    const body = pdf(5000);
    const row = await upload(a.engine, 'shared.pdf', body);
    const res = await get(b, String(row.url));
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(body)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(body.length));
    expect(res.headers['content-disposition']).toContain('shared.pdf');
    // And the other way round.
    const back = pdf(100);
    const row2 = await upload(b, 'back.pdf', back);
    expect((await get(a.engine, String(row2.url))).rawPayload.equals(back)).toBe(true);
  });

  it('answers 404 through an engine that keeps files in a folder of its own (FILE_STORE=local)', async () => {
    const row = await upload(a.engine, 'not-shared.pdf', pdf());
    expect((await get(local, String(row.url))).statusCode).toBe(404);
  });

  it('downloads through one engine the export the other ran', async () => {
    const args = { module: 'Form', fields: ['id', 'code', 'name'], order: 'code asc' };
    const id = await submitExport(a, admin, args);
    expect(await finished(a, admin, id, 60_000)).toMatchObject({ state: 71 });
    const res = await get(b, `/out/${id}.xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    const expected = await selectAll(a, admin, args);
    expect((await readSheet(res.rawPayload, expected.columns)).rows).toEqual(expected.rows);
    expect((await get(local, `/out/${id}.xlsx`)).statusCode).toBe(404);
  }, 90_000);

  it('carries a file over 16 MB from one engine to the other', async () => {
    const body = pdf(17 * 1024 * 1024);
    const row = await upload(b, 'large.pdf', body);
    const res = await get(a.engine, String(row.url));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(body.length));
    expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(createHash('sha256').update(body).digest('hex'));
  }, 120_000);
});
