import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors/catalogue.js';
import { FileStore } from './file-store.js';
import { LocalBlobStore, uploadKey } from './blob-store.js';

async function* chunks(...parts: Buffer[]) {
  for (const p of parts) yield p;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('the file store', () => {
  let dir: string;
  let store: FileStore;
  let blobs: LocalBlobStore;
  const pathOf = (hash: string) => blobs.pathOf(uploadKey(hash));

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'portal-files-'));
    blobs = new LocalBlobStore(dir, join(dir, 'jobs'));
    store = new FileStore(dir, 1000, blobs);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const temps = () => readdirSync(join(dir, 'tmp'));

  it('stores a body under its SHA-256 in two levels of fan-out, once committed', async () => {
    const body = Buffer.from('hello, attachments');
    const staged = await store.receive(chunks(body.subarray(0, 5), body.subarray(5)));
    expect(staged).toMatchObject({ hash: sha256(body), size: body.length });
    expect(await store.has(staged.hash)).toBe(false);
    await store.commit(staged);
    const path = join(dir, staged.hash.slice(0, 2), staged.hash.slice(2, 4), staged.hash);
    expect(pathOf(staged.hash)).toBe(path);
    expect(readFileSync(path)).toEqual(body);
    expect(temps()).toEqual([]);
  });

  it('keeps identical content once', async () => {
    const body = Buffer.from('same bytes');
    const a = await store.receive(chunks(body));
    const b = await store.receive(chunks(body));
    expect(a.tempPath).not.toBe(b.tempPath);
    await store.commit(a);
    const first = statSync(pathOf(a.hash)).ino;
    await store.commit(b);
    expect(statSync(pathOf(b.hash)).ino).toBe(first);
    expect(temps()).toEqual([]);
  });

  it('refuses a body over the limit while streaming, leaving nothing behind', async () => {
    let pulled = 0;
    async function* endless() {
      for (;;) {
        pulled++;
        yield Buffer.alloc(300, 1);
      }
    }
    const err = await store.receive(endless()).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'E_TOOLARGE', status: 413 });
    expect(err.message).toContain('1000 bytes');
    expect(pulled).toBe(4);
    expect(temps()).toEqual([]);
  });

  it('accepts a body of exactly the limit', async () => {
    const staged = await store.receive(chunks(Buffer.alloc(1000, 7)));
    expect(staged.size).toBe(1000);
  });

  it('lets the check refuse a body by its first bytes, leaving nothing behind', async () => {
    const seen: number[] = [];
    const err = await store
      .receive(chunks(Buffer.from('MZ'), Buffer.alloc(100)), (head) => {
        seen.push(head.length);
        throw new AppError('E_FILETYPE');
      })
      .catch((e) => e);
    expect(err.code).toBe('E_FILETYPE');
    expect(seen).toEqual([102]);
    expect(temps()).toEqual([]);
  });

  it('discards a staged body no record took', async () => {
    const staged = await store.receive(chunks(Buffer.from('unused')));
    await store.discard(staged);
    expect(temps()).toEqual([]);
    expect(await store.has(staged.hash)).toBe(false);
  });

  it('opens a stored body with its size, and answers null for one that is not there', async () => {
    const body = Buffer.from('%PDF-1.4 tiny');
    const staged = await store.receive(chunks(body));
    await store.commit(staged);
    const opened = await store.open(staged.hash);
    const read: Buffer[] = [];
    for await (const c of opened!.stream) read.push(c as Buffer);
    expect(Buffer.concat(read)).toEqual(body);
    expect(opened!.size).toBe(body.length);
    expect(await store.open('0'.repeat(64))).toBeNull();
  });

  it('refuses anything but a content hash as a path', async () => {
    expect(() => pathOf('../../etc/passwd')).toThrow();
    expect(() => pathOf('A'.repeat(64))).toThrow();
    expect(() => blobs.pathOf('jobs/../../etc/passwd')).toThrow();
    await expect(store.open('../../etc/passwd')).rejects.toThrow();
  });

  it('sweeps temporary files a crash left behind, not fresh ones', async () => {
    mkdirSync(join(dir, 'tmp'), { recursive: true });
    writeFileSync(join(dir, 'tmp', 'old.part'), 'x');
    writeFileSync(join(dir, 'tmp', 'new.part'), 'y');
    const dayAgo = (Date.now() - 25 * 60 * 60 * 1000) / 1000;
    utimesSync(join(dir, 'tmp', 'old.part'), dayAgo, dayAgo);
    expect(await store.sweepTemp()).toBe(1);
    expect(temps()).toEqual(['new.part']);
  });
});
