// The file store's one interface, the same tests against each store (FILE_STORE=local and
// database) on each dialect: whole files in and out as streams, replacement, removal, writes that
// fail part-way leaving nothing, keys that are not ours, and a file over 16 MB (MariaDB's default
// max_allowed_packet) streamed in and out of the database in chunks.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../fastify.config.js';
import { sqlDateTime } from '../db/clock.js';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing/test-database.js';
import { blobStoreOf, CHUNK_BYTES, jobKey, uploadKey, type BlobStore, type FileStoreKind } from './blob-store.js';

const CASES = (await testDialects()).flatMap((dialect) => (['local', 'database'] as FileStoreKind[]).map((kind) => [dialect, kind] as const));
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const hashKey = () => uploadKey(sha256(randomBytes(16)));
let jobs = 0;
const jobFile = () => jobKey(`${++jobs}-${randomBytes(12).toString('hex')}.xlsx`);

/** `total` random bytes in pieces of `piece`, made as they are asked for. */
async function* generated(total: number, piece: number, seed: Buffer, failAfter = Infinity): AsyncIterable<Uint8Array> {
  for (let sent = 0; sent < total; sent += piece) {
    if (sent >= failAfter) throw new Error('the client went away');
    const n = Math.min(piece, total - sent);
    const out = Buffer.alloc(n);
    for (let i = 0; i < n; i += seed.length) seed.copy(out, i, 0, Math.min(seed.length, n - i));
    out.writeUInt32BE((sent / piece) >>> 0, 0);
    yield out;
  }
}

describe('FILE_STORE', () => {
  it('is local unless set, database when asked, and anything else stops start-up naming the choices', () => {
    expect(loadConfig({}).fileStore).toBe('local');
    expect(loadConfig({ FILE_STORE: 'database' }).fileStore).toBe('database');
    expect(loadConfig({ FILE_STORE: ' Local ' }).fileStore).toBe('local');
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow(ConfigError);
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow('FILE_STORE must be local or database (got "s3")');
  });
});

describe.each(CASES)('the file store on %s, FILE_STORE=%s', (dialect, kind) => {
  let database: TestDatabase;
  let dir: string;
  let store: BlobStore;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    dir = mkdtempSync(join(tmpdir(), 'portal-blobs-'));
    store = blobStoreOf({ fileStore: kind, filesDir: join(dir, 'files'), jobsDir: join(dir, 'jobs') }, database.db);
  });
  afterAll(async () => {
    await database?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The stored file as its size and the SHA-256 of what its stream gave (deep equality of large buffers is slow). */
  async function read(key: string): Promise<{ size: number; bytes: string } | null> {
    const body = await store.get(key);
    return body ? { size: body.size, bytes: sha256(await buffer(body.stream)) } : null;
  }

  /** What a write left beside the stored files: temporary files, or chunks no key names. */
  async function leftovers(): Promise<number> {
    const files = (sub: string, pick: (n: string) => boolean) => (existsSync(join(dir, sub)) ? readdirSync(join(dir, sub)).filter(pick).length : 0);
    const temps = files('files/tmp', () => true) + files('jobs', (n) => n.endsWith('.part'));
    if (kind === 'local') return temps;
    const [{ n }] = await database.db('file_chunk').whereNotIn('body', database.db('file_blob').select('body')).count({ n: '*' });
    return temps + Number(n);
  }

  it('stores a buffer and a stream under a key and answers them whole, with their size', async () => {
    const a = randomBytes(3000);
    const ka = hashKey();
    expect(await store.exists(ka)).toBe(false);
    expect(await store.get(ka)).toBeNull();
    expect(await store.put(ka, a)).toBe(3000);
    expect(await read(ka)).toEqual({ size: 3000, bytes: sha256(a) });
    const kb = jobFile();
    const b = randomBytes(CHUNK_BYTES * 2 + 17);
    expect(await store.put(kb, generated(b.length, 4096, b))).toBe(b.length);
    const expected = await buffer(generated(b.length, 4096, b));
    expect(await read(kb)).toEqual({ size: b.length, bytes: sha256(expected) });
    expect(await store.stat(kb)).toEqual({ size: b.length });
    expect(await store.exists(kb)).toBe(true);
    expect(await leftovers()).toBe(0);
  });

  it('stores an empty file', async () => {
    const key = jobFile();
    expect(await store.put(key, Buffer.alloc(0))).toBe(0);
    expect(await read(key)).toEqual({ size: 0, bytes: sha256(Buffer.alloc(0)) });
  });

  it('replaces what a key held, leaving nothing of the old file', async () => {
    const key = jobFile();
    await store.put(key, randomBytes(CHUNK_BYTES + 5));
    const next = randomBytes(10);
    await store.put(key, next);
    expect(await read(key)).toEqual({ size: 10, bytes: sha256(next) });
    expect(await leftovers()).toBe(0);
  });

  it('deletes a file, and deleting one that is not there is no error', async () => {
    const key = hashKey();
    await store.put(key, randomBytes(100));
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    expect(await store.stat(key)).toBeNull();
    expect(await store.get(key)).toBeNull();
    await store.delete(key);
    expect(await leftovers()).toBe(0);
  });

  it('takes a finished local file with putFile, which is gone afterwards', async () => {
    const key = jobFile();
    const bytes = randomBytes(5000);
    const path = join(dir, 'jobs', 'made-by-a-job');
    mkdirSync(join(dir, 'jobs'), { recursive: true });
    writeFileSync(path, bytes);
    await store.putFile(key, path);
    expect(existsSync(path)).toBe(false);
    expect(await read(key)).toEqual({ size: 5000, bytes: sha256(bytes) });
  });

  it('leaves nothing of a write that fails part-way, and keeps what the key held', async () => {
    const fresh = jobFile();
    const seed = randomBytes(64);
    await expect(store.put(fresh, generated(CHUNK_BYTES * 3, 65536, seed, CHUNK_BYTES * 2))).rejects.toThrow('the client went away');
    expect(await store.exists(fresh)).toBe(false);
    const held = jobFile();
    const old = randomBytes(700);
    await store.put(held, old);
    await expect(store.put(held, generated(CHUNK_BYTES * 3, 65536, seed, CHUNK_BYTES + 1))).rejects.toThrow('the client went away');
    expect(await read(held)).toEqual({ size: 700, bytes: sha256(old) });
    expect(await leftovers()).toBe(0);
  });

  it.skipIf(kind === 'local')('writes a file in the transaction it is given: rolled back, it is gone with it', async () => {
    const key = hashKey();
    await expect(
      database.db.transaction(async (trx) => {
        await store.put(key, randomBytes(CHUNK_BYTES + 1), { db: trx });
        throw new Error('the record was refused');
      }),
    ).rejects.toThrow('the record was refused');
    expect(await store.exists(key)).toBe(false);
    expect(await leftovers()).toBe(0);
  });

  it('refuses a key that is not one of ours', async () => {
    for (const key of ['files/../../etc/passwd', 'jobs/../x', 'files/' + 'A'.repeat(64), 'other/1', '']) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow('Not a file store key');
      await expect(store.get(key)).rejects.toThrow('Not a file store key');
    }
  });

  it.skipIf(kind === 'local')('sweeps chunks a writer that died left, once a day old, and nothing that is stored', async () => {
    const key = jobFile();
    await store.put(key, randomBytes(CHUNK_BYTES + 1));
    const old = sqlDateTime(new Date(Date.now() - 25 * 3_600_000));
    await database.db('file_chunk').insert([
      { body: 'dead'.padEnd(32, '0'), seq: 0, data: Buffer.from('half'), writtenon: old },
      { body: 'dead'.padEnd(32, '0'), seq: 1, data: Buffer.from('of it'), writtenon: old },
      { body: 'busy'.padEnd(32, '0'), seq: 0, data: Buffer.from('being written'), writtenon: sqlDateTime() },
    ]);
    await database.db('file_chunk').whereIn('body', database.db('file_blob').where({ filekey: key }).select('body')).update({ writtenon: old });
    expect(await store.sweep()).toBe(1);
    expect(await database.db('file_chunk').whereIn('body', ['dead'.padEnd(32, '0'), 'busy'.padEnd(32, '0')]).pluck('body')).toEqual(['busy'.padEnd(32, '0')]);
    expect((await read(key))?.size).toBe(CHUNK_BYTES + 1);
    await database.db('file_chunk').where({ body: 'busy'.padEnd(32, '0') }).delete();
  });

  it('streams a file over 16 MB in and out without holding it whole, in pieces of at most a chunk', async () => {
    const size = 17 * 1024 * 1024 + 12345;
    const seed = randomBytes(4096);
    const key = jobFile();
    const want = createHash('sha256');
    for await (const p of generated(size, 256 * 1024, seed)) want.update(p);
    expect(await store.put(key, generated(size, 256 * 1024, seed))).toBe(size);
    const body = await store.get(key);
    expect(body?.size).toBe(size);
    const got = createHash('sha256');
    let largest = 0;
    let total = 0;
    for await (const piece of body!.stream as AsyncIterable<Buffer>) {
      got.update(piece);
      total += piece.length;
      largest = Math.max(largest, piece.length);
    }
    expect(total).toBe(size);
    expect(got.digest('hex')).toBe(want.digest('hex'));
    expect(largest).toBeLessThanOrEqual(CHUNK_BYTES);
    if (kind === 'database') {
      // No statement carried more than a chunk: each row holds at most one.
      const [{ n, most }] = await database.db('file_chunk').whereIn('body', database.db('file_blob').where({ filekey: key }).select('body')).select(database.db.raw('count(*) as n'), database.db.raw('max(length(data)) as most'));
      expect(Number(n)).toBe(Math.ceil(size / CHUNK_BYTES));
      expect(Number(most)).toBe(CHUNK_BYTES);
    }
    await store.delete(key);
    expect(await leftovers()).toBe(0);
  }, 120_000);
});
