// WAL checkpoints of an SQLite file off the engine's thread. SQLite runs them inside a commit
// once the WAL passes 1,000 pages, on the committing connection: with better-sqlite3 that is
// the event loop, stalled for the copy and two file syncs while every request waits. A worker
// with its own connection checkpoints every CHECKPOINT_EVERY_MS instead (PASSIVE: it never
// blocks a reader or the writer), and the engine's connection keeps SQLite's own checkpoint only
// as a backstop at a larger WAL. With `synchronous = NORMAL`, a commit is then never synced on
// the event loop; what a power loss could take back is at most the writes since the last
// checkpoint (docs/engine.md, SQLite durability).
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../paths.js';

export const CHECKPOINT_EVERY_MS = 250;
/** SQLite's own checkpoint, if the worker falls behind: at this many WAL pages (default 1,000). */
export const BACKSTOP_PAGES = 10_000;

// By the project's folder: the engine also runs bundled (scripts/engine-build.ts).
const WORKER = join(PROJECT_ROOT, 'engine', 'db', 'wal-checkpoint-worker.cjs');

export interface Checkpointer {
  stop(): Promise<void>;
}

/** Starts checkpointing `filename` (already in WAL mode); never keeps the process alive. */
export function startCheckpointer(filename: string, everyMs = CHECKPOINT_EVERY_MS): Checkpointer {
  const worker = new Worker(WORKER, { workerData: { filename, everyMs } });
  worker.unref();
  // A worker that cannot open the file leaves SQLite's own checkpoints (the backstop) to it; said
  // on stderr, as the pool that starts it has no logger.
  worker.on('error', (err) => process.emitWarning(`SQLite checkpoints fall back to SQLite's own at ${BACKSTOP_PAGES} pages: ${err.message}`, 'WalCheckpointer'));
  return {
    stop: async () => {
      worker.postMessage('stop');
      await new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        setTimeout(() => void worker.terminate().then(() => resolve()), 2_000).unref();
      });
    },
  };
}
