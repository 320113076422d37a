// Where the engine keeps the files it stores: uploaded file bodies (`files/{sha-256}`) and the
// files jobs make (`jobs/{id}-{claim}.{ext}`: exports, marked workbooks, printed reports).
// FILE_STORE chooses the store: `local` keeps them in FILES_DIR and JOBS_DIR as the engine always
// has (a shared volume when several engine processes serve one database); `database` keeps them in
// the database itself (migration 0039), so that every engine process on the database reads what
// any of them wrote, with nothing shared but the database. Either way a file appears whole or not
// at all: written aside, then put in place in one step.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import type { EngineConfig } from '../../fastify.config.js';
import { sqlDateTime } from '../db/clock.js';

export type FileStoreKind = 'local' | 'database';
export const FILE_STORE_KINDS: readonly FileStoreKind[] = ['local', 'database'];

export type FileBody = Uint8Array | AsyncIterable<Uint8Array>;

export interface StoredBody {
  stream: Readable;
  size: number;
}

/** Options of a write: `db`, the transaction it belongs to (the database store writes through it). */
export interface PutOptions {
  db?: Knex | Knex.Transaction;
}

export interface BlobStore {
  readonly kind: FileStoreKind;
  /** Stores `body` under `key` (replacing what was there), whole or not at all; answers its size. */
  put(key: string, body: FileBody, opts?: PutOptions): Promise<number>;
  /** Stores the local file at `path` under `key`, and the local file is gone (a rename on the local store). */
  putFile(key: string, path: string, opts?: PutOptions): Promise<void>;
  /** The stored body as a stream, with its size; null when there is none. */
  get(key: string): Promise<StoredBody | null>;
  /** `opts.db`: read inside the caller's transaction (SQLite has one connection). */
  stat(key: string, opts?: PutOptions): Promise<{ size: number } | null>;
  exists(key: string, opts?: PutOptions): Promise<boolean>;
  /** Removes the file (nothing happens when there is none). */
  delete(key: string): Promise<void>;
  /** Removes what writers that died left half-written, once it is older than a day. */
  sweep(now?: Date): Promise<number>;
}

const HASH = /^[0-9a-f]{64}$/;
const JOB_NAME = /^[1-9][0-9]{0,14}-[0-9a-f]{24}\.[a-z]{3,7}$/;
/** Half-written files older than this were left by a process that died. */
const STALE_MS = 24 * 60 * 60 * 1000;

/** The key of an uploaded body. */
export function uploadKey(hash: string): string {
  return `files/${hash}`;
}

/** The key of a job's file (job-files.ts names it). */
export function jobKey(name: string): string {
  return `jobs/${name}`;
}

/** The two kinds of key; anything else is refused (a key never reaches a path unchecked). */
function parseKey(key: string): { area: 'files' | 'jobs'; name: string } {
  const at = key.indexOf('/');
  const area = key.slice(0, at);
  const name = key.slice(at + 1);
  if (area === 'files' && HASH.test(name)) return { area, name };
  if (area === 'jobs' && JOB_NAME.test(name)) return { area, name };
  throw new Error(`Not a file store key: ${JSON.stringify(key.slice(0, 100))}`);
}

export function isStoreKey(key: string): boolean {
  try {
    parseKey(key);
    return true;
  } catch {
    return false;
  }
}

async function* piecesOf(body: FileBody): AsyncIterable<Uint8Array> {
  if (body instanceof Uint8Array) yield body;
  else yield* body;
}

/** FILES_DIR/{2}/{2}/{hash} and JOBS_DIR/{name}: the layout the engine has always written. */
export class LocalBlobStore implements BlobStore {
  readonly kind = 'local' as const;

  constructor(
    readonly filesDir: string,
    readonly jobsDir: string,
  ) {}

  pathOf(key: string): string {
    const { area, name } = parseKey(key);
    return area === 'files' ? join(this.filesDir, name.slice(0, 2), name.slice(2, 4), name) : join(this.jobsDir, name);
  }

  /** Beside its target for a job's file (JOBS_DIR's `.part` files), in FILES_DIR/tmp for an upload: both swept. */
  private tempOf(key: string): string {
    const rand = randomBytes(12).toString('hex');
    const { area, name } = parseKey(key);
    return area === 'files' ? join(this.filesDir, 'tmp', `${rand}.part`) : join(this.jobsDir, `${name}.${rand}.part`);
  }

  async put(key: string, body: FileBody): Promise<number> {
    const temp = this.tempOf(key);
    await mkdir(dirname(temp), { recursive: true });
    const fh = await open(temp, 'wx', 0o600);
    let size = 0;
    try {
      for await (const piece of piecesOf(body)) {
        for (let offset = 0; offset < piece.length; ) offset += (await fh.write(piece, offset, piece.length - offset)).bytesWritten;
        size += piece.length;
      }
      await fh.sync();
      await fh.close();
      await this.putFile(key, temp);
    } catch (e) {
      await fh.close().catch(() => {});
      await rm(temp, { force: true });
      throw e;
    }
    return size;
  }

  async putFile(key: string, path: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    // Atomic on one file system: a reader sees the old file or the new one, never half of one.
    await rename(path, target);
  }

  async get(key: string): Promise<StoredBody | null> {
    const path = this.pathOf(key);
    const info = await stat(path).catch(() => null);
    return info ? { stream: createReadStream(path), size: info.size } : null;
  }

  async stat(key: string): Promise<{ size: number } | null> {
    const info = await stat(this.pathOf(key)).catch(() => null);
    return info ? { size: info.size } : null;
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** The temporary files are swept by their owners (FileStore.sweepTemp, sweepJobFiles). */
  async sweep(): Promise<number> {
    return 0;
  }
}

/** Bytes a chunk row holds: far below any max_allowed_packet (16 MB on MariaDB by default), even hex-escaped. */
export const CHUNK_BYTES = 1024 * 1024;

/**
 * Files as rows: `file_blob` (key → body id, size) and the body's `file_chunk` rows. A write
 * streams its chunks under a new body id, then points the key at them in one short transaction;
 * a read streams the chunks one query at a time, so neither side holds more than a chunk.
 */
export class DatabaseBlobStore implements BlobStore {
  readonly kind = 'database' as const;

  constructor(readonly db: Knex) {}

  async put(key: string, body: FileBody, opts: PutOptions = {}): Promise<number> {
    parseKey(key);
    const db = opts.db ?? this.db;
    const id = randomBytes(16).toString('hex');
    const writtenon = sqlDateTime();
    let seq = 0;
    let size = 0;
    let held: Buffer[] = [];
    let heldBytes = 0;
    const flush = async (all: boolean) => {
      while (heldBytes >= CHUNK_BYTES || (all && heldBytes > 0)) {
        const joined = held.length === 1 ? held[0] : Buffer.concat(held);
        const data = joined.subarray(0, CHUNK_BYTES);
        const rest = joined.subarray(data.length);
        await db('file_chunk').insert({ body: id, seq: seq++, data, writtenon });
        held = rest.length ? [rest] : [];
        heldBytes = rest.length;
      }
    };
    try {
      for await (const piece of piecesOf(body)) {
        held.push(Buffer.from(piece.buffer, piece.byteOffset, piece.length));
        heldBytes += piece.length;
        size += piece.length;
        if (heldBytes >= CHUNK_BYTES) await flush(false);
      }
      await flush(true);
      // One statement points the key at the new chunks (an upsert: two writers of one key wait
      // for each other's row, never deadlock on a gap); the chunks it replaced go after it. Chunks
      // a concurrent replacement left unnamed are swept.
      const old = (await db('file_blob').where({ filekey: key }).first('body')) as { body: string } | undefined;
      await db('file_blob').insert({ filekey: key, body: id, size, storedon: writtenon }).onConflict('filekey').merge(['body', 'size', 'storedon']);
      if (old) await db('file_chunk').where({ body: old.body }).delete();
    } catch (e) {
      // Inside a transaction that failed, the rollback takes the chunks anyway.
      await db('file_chunk').where({ body: id }).delete().catch(() => {});
      throw e;
    }
    return size;
  }

  async putFile(key: string, path: string, opts: PutOptions = {}): Promise<void> {
    await this.put(key, createReadStream(path, { highWaterMark: CHUNK_BYTES }), opts);
    await rm(path, { force: true });
  }

  async get(key: string): Promise<StoredBody | null> {
    parseKey(key);
    const row = (await this.db('file_blob').where({ filekey: key }).first('body', 'size')) as { body: string; size: number | string } | undefined;
    if (!row) return null;
    const size = Number(row.size);
    return { stream: chunkStream(this.db, row.body, size), size };
  }

  async stat(key: string, opts: PutOptions = {}): Promise<{ size: number } | null> {
    parseKey(key);
    const row = (await (opts.db ?? this.db)('file_blob').where({ filekey: key }).first('size')) as { size: number | string } | undefined;
    return row ? { size: Number(row.size) } : null;
  }

  async exists(key: string, opts: PutOptions = {}): Promise<boolean> {
    return (await this.stat(key, opts)) !== null;
  }

  async delete(key: string): Promise<void> {
    parseKey(key);
    await this.db.transaction(async (trx) => {
      const row = (await trx('file_blob').where({ filekey: key }).first('body')) as { body: string } | undefined;
      if (!row) return;
      await trx('file_blob').where({ filekey: key }).delete();
      await trx('file_chunk').where({ body: row.body }).delete();
    });
  }

  async sweep(now = new Date()): Promise<number> {
    const cutoff = sqlDateTime(new Date(now.getTime() - STALE_MS));
    const bodies = (await this.db('file_chunk').where('seq', 0).andWhere('writtenon', '<', cutoff).whereNotIn('body', this.db('file_blob').select('body')).limit(500).pluck('body')) as string[];
    for (const body of bodies) await this.db('file_chunk').where({ body }).delete();
    return bodies.length;
  }
}

/** The chunks of one body, read one query at a time as the consumer takes them. */
function chunkStream(db: Knex, body: string, size: number): Readable {
  let seq = 0;
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) {
        this.push(null);
        return;
      }
      db('file_chunk')
        .where({ body, seq })
        .first('data')
        .then((row: { data: Buffer } | undefined) => {
          if (!row) throw new Error(`A stored file is missing its part ${seq} (body ${body})`);
          seq++;
          sent += row.data.length;
          this.push(row.data);
          if (sent >= size) this.push(null);
        })
        .catch((e: unknown) => this.destroy(e as Error));
    },
  });
}

/** The store FILE_STORE names, on this database. */
export function blobStoreOf(config: Pick<EngineConfig, 'fileStore' | 'filesDir' | 'jobsDir'>, db: Knex): BlobStore {
  return config.fileStore === 'database' ? new DatabaseBlobStore(db) : new LocalBlobStore(config.filesDir, config.jobsDir);
}
