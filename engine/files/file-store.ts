// File bodies on disk, named by the SHA-256 of their content (ARCHITECTURE.md): identical
// content is stored once, and a body never changes once stored. An upload is streamed into a
// temporary file (hashing and counting as it goes, refused the moment it passes the limit),
// then renamed into place only when the record that refers to it is written. Temporary files
// live under the same directory, so the rename is atomic.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { AppError } from '../errors/catalogue.js';
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
    readonly dir: string,
    /** Largest body accepted, in bytes. */
    readonly limit: number,
  ) {
    this.tempDir = join(dir, 'tmp');
  }

  /** Where the body with this hash lives: two levels of fan-out keep directories small. */
  pathOf(hash: string): string {
    if (!isContentHash(hash)) throw new Error('Not a content hash');
    return join(this.dir, hash.slice(0, 2), hash.slice(2, 4), hash);
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

  /** Moves a staged body into place; when the same content is already stored, keeps that one. */
  async commit(file: StagedFile): Promise<void> {
    const target = this.pathOf(file.hash);
    if (await exists(target)) {
      await rm(file.tempPath, { force: true });
      return;
    }
    await mkdir(dirname(target), { recursive: true });
    // Two identical uploads racing both rename; the second replaces identical bytes, atomically.
    await rename(file.tempPath, target);
  }

  /** Drops a staged body that no record took (the call failed, or did not want files). */
  async discard(file: StagedFile): Promise<void> {
    await rm(file.tempPath, { force: true });
  }

  /** The stored body and its size, or null when it is not (or no longer) on disk. */
  async open(hash: string): Promise<{ stream: ReadStream; size: number } | null> {
    const path = this.pathOf(hash);
    let size: number;
    try {
      size = (await stat(path)).size;
    } catch {
      return null;
    }
    return { stream: createReadStream(path), size };
  }

  async has(hash: string): Promise<boolean> {
    return exists(this.pathOf(hash));
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

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

async function writeAll(fh: import('node:fs/promises').FileHandle, chunk: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < chunk.length) {
    const { bytesWritten } = await fh.write(chunk, offset, chunk.length - offset);
    offset += bytesWritten;
  }
}
