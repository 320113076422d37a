// The file store benchmark: a 10 MB file stored and read back through each store (FILE_STORE=local
// and database) on each dialect, as an upload and a download use it: the received body is a file
// in FILES_DIR/tmp that `putFile` takes into the store, and the download streams `get` to its end.
// Five rounds each, median and best in ms, and the process's peak RSS growth over the run.
//
// Alone: `tsx scripts/bench/file-store.ts` (BENCH_FILE_MB changes the size).
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { blobStoreOf, jobKey, type FileStoreKind } from '../../engine/files/blob-store.js';
import { createTestDatabase, mariadbReachable } from '../../engine/testing/test-database.js';
import type { Dialect } from '../../engine/db/connect.js';

const MB = Number(process.env.BENCH_FILE_MB ?? 10);
const ROUNDS = 5;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(dialect: Dialect, kind: FileStoreKind) {
  const database = await createTestDatabase(dialect);
  const dir = mkdtempSync(join(tmpdir(), 'bench-files-'));
  try {
    const store = blobStoreOf({ fileStore: kind, filesDir: join(dir, 'files'), jobsDir: join(dir, 'jobs') }, database.db);
    const body = randomBytes(MB * 1024 * 1024);
    mkdirSync(join(dir, 'files', 'tmp'), { recursive: true });
    const put: number[] = [];
    const get: number[] = [];
    for (let i = 1; i <= ROUNDS; i++) {
      const temp = join(dir, 'files', 'tmp', `${i}.part`);
      writeFileSync(temp, body);
      const key = jobKey(`${i}-${'0'.repeat(24)}.xlsx`);
      let t = performance.now();
      await store.putFile(key, temp);
      put.push(performance.now() - t);
      t = performance.now();
      const stored = await store.get(key);
      let n = 0;
      for await (const piece of stored!.stream as AsyncIterable<Buffer>) n += piece.length;
      get.push(performance.now() - t);
      if (n !== body.length) throw new Error(`read ${n} bytes of ${body.length}`);
    }
    return { dialect, kind, putMs: median(put), putBest: Math.min(...put), getMs: median(get), getBest: Math.min(...get) };
  } finally {
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

const dialects: Dialect[] = ['sqlite', ...((await mariadbReachable()) ? (['mysql'] as Dialect[]) : [])];
const rssBefore = process.memoryUsage().rss;
console.log(`${MB} MB stored (putFile) and read back (get, streamed to its end); median of ${ROUNDS} rounds (best)`);
console.log('dialect | store    | store ms      | read ms');
for (const dialect of dialects) {
  for (const kind of ['local', 'database'] as FileStoreKind[]) {
    const r = await measure(dialect, kind);
    console.log(`${r.dialect.padEnd(7)} | ${r.kind.padEnd(8)} | ${r.putMs.toFixed(0).padStart(5)} (${r.putBest.toFixed(0)}) | ${r.getMs.toFixed(0).padStart(5)} (${r.getBest.toFixed(0)})`);
  }
}
console.log(`RSS grew ${((process.memoryUsage().rss - rssBefore) / 1048576).toFixed(0)} MB over the run (the 10 MB body itself is held by the script)`);
