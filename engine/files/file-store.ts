// Uploaded file bodies, named by the SHA-256 of their content (ARCHITECTURE.md): identical
// content is stored once, and a body never changes once stored. An upload is streamed into a
// temporary file of this process (hashing and counting as it goes, refused the moment it passes
// the limit), then put in the file store (blob-store.ts: FILES_DIR, or the database) only when the
// record that refers to it is written.
import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../errors/catalogue.js';
import { uploadKey, type BlobStore, type PutOptions } from './blob-store.js';
import { SNIFF_BYTES } from './file-types.js';

const HASH = /^[0-9a-f]{64}$/;
/** Temporary files older than this were left by a crash; any process may remove them. */
const STALE_TEMP_MS = 24 * 60 * 60 * 1000;

/** A body received and checked, waiting in a temporary file for its record. */
export interface StagedFile {
  hash: string;
  size: number;
  tempPath: string;
}

/** A file part of a call, received and checked, waiting in the store's temporary area. */
export interface UploadedFile extends StagedFile {
  /** The multipart field name (`file`). */
  field: string;
  /** The original file name, sanitised. */
  name: string;
  /** The content type we determined (from the accepted type), not the client's claim. */
  contentType: string;
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MB`;
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
}

export function isContentHash(s: unknown): s is string {
  return typeof s === 'string' && HASH.test(s);
}

export class FileStore {
  private readonly tempDir: string;

  constructor(
    /** FILES_DIR: its `tmp` folder receives uploads, whichever store keeps them. */
    readonly dir: string,
    /** Largest body accepted, in bytes. */
    readonly limit: number,
    /** Where bodies are kept once their record is written. */
    readonly blobs: BlobStore,
  ) {
    this.tempDir = join(dir, 'tmp');
  }

  private keyOf(hash: string): string {
    if (!isContentHash(hash)) throw new Error('Not a content hash');
    return uploadKey(hash);
  }

  /**
   * Streams `source` into a temporary file. `check` sees the first SNIFF_BYTES bytes (or the
   * whole body when shorter) before the rest is accepted, and throws to refuse it. Over the
   * limit → E_TOOLARGE, as soon as the limit is passed. A refused body leaves nothing behind.
   */
  async receive(source: AsyncIterable<Uint8Array>, check: (head: Buffer) => void = () => {}): Promise<StagedFile> {
    await mkdir(this.tempDir, { recursive: true });
    const tempPath = join(this.tempDir, `${randomBytes(12).toString('hex')}.part`);
    const fh = await open(tempPath, 'wx', 0o600);
    const hash = createHash('sha256');
    let size = 0;
    let head: Buffer[] | null = [];
    let headSize = 0;
    try {
      for await (const chunk of source) {
        size += chunk.length;
        if (size > this.limit) throw new AppError('E_TOOLARGE', `The file is larger than the limit of ${formatBytes(this.limit)}`);
        if (head) {
          head.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
          headSize += chunk.length;
          if (headSize >= SNIFF_BYTES) {
            check(Buffer.concat(head).subarray(0, SNIFF_BYTES));
            head = null;
          }
        }
        hash.update(chunk);
        await writeAll(fh, chunk);
      }
      if (head) check(Buffer.concat(head));
      await fh.sync();
    } catch (e) {
      await fh.close().catch(() => {});
      await rm(tempPath, { force: true });
      throw e;
    }
    await fh.close();
    return { hash: hash.digest('hex'), size, tempPath };
  }

  /**
   * Moves a staged body into the store; when the same content is already stored, keeps that one.
   * `opts.db`: the transaction writing the record (the database store writes the body in it, so
   * a record that is rolled back takes its body with it).
   */
  async commit(file: StagedFile, opts: PutOptions = {}): Promise<void> {
    const key = this.keyOf(file.hash);
    if (await this.blobs.exists(key, opts)) {
      await rm(file.tempPath, { force: true });
      return;
    }
    // Two identical uploads racing both store it; the second replaces identical bytes, whole,
    // or fails on the first's row, which then holds the same bytes.
    try {
      await this.blobs.putFile(key, file.tempPath, opts);
    } catch (e) {
      if (!(await this.blobs.exists(key, opts).catch(() => false))) throw e;
      await rm(file.tempPath, { force: true });
    }
  }

  /** Drops a staged body that no record took (the call failed, or did not want files). */
  async discard(file: StagedFile): Promise<void> {
    await rm(file.tempPath, { force: true });
  }

  /** The stored body and its size, or null when it is not (or no longer) stored. */
  async open(hash: string): Promise<{ stream: Readable; size: number } | null> {
    return this.blobs.get(this.keyOf(hash));
  }

  async has(hash: string): Promise<boolean> {
    return this.blobs.exists(this.keyOf(hash));
  }

  /** The whole stored body (for a job that reads an uploaded workbook), or null. */
  async read(hash: string): Promise<Buffer | null> {
    const body = await this.open(hash);
    if (!body) return null;
    const pieces: Buffer[] = [];
    for await (const piece of body.stream) pieces.push(piece as Buffer);
    return Buffer.concat(pieces);
  }

  /** Removes temporary files a crashed process left behind (safe with other processes running). */
  async sweepTemp(now = Date.now()): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.tempDir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      const path = join(this.tempDir, name);
      const info = await stat(path).catch(() => null);
      if (info && now - info.mtimeMs > STALE_TEMP_MS) {
        await rm(path, { force: true });
        removed++;
      }
    }
    return removed;
  }
}

async function writeAll(fh: import('node:fs/promises').FileHandle, chunk: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < chunk.length) {
    const { bytesWritten } = await fh.write(chunk, offset, chunk.length - offset);
    offset += bytesWritten;
  }
}
