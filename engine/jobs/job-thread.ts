// A job's heavy part run on a thread of its own (node:worker_threads), with a cap on its heap:
// parsing an untrusted file can take seconds of CPU and hundreds of MB, and on the engine's
// thread it would hold every request meanwhile. A task's module calls `serveThread` with its
// function; the job calls `runInThread` (or, for several tasks, `openTaskThread`) with that module
// and plain input, and gets plain output.
// A thread that reaches its cap ends alone (ThreadOutOfMemory), the engine goes on; a job that is
// stopped ends its thread.
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { PROJECT_ROOT } from '../paths.js';

/** The thread reached its heap cap (`maxOldGenerationSizeMb`) and was ended. */
export class ThreadOutOfMemory extends Error {
  constructor(readonly capMb: number) {
    super(`The task needed more than ${capMb} MB`);
    this.name = 'ThreadOutOfMemory';
  }
}

export interface ThreadTask<I> {
  /** The task's module (absolute path, `.ts` from the sources): it calls serveThread. */
  entry: string;
  input: I;
  /** The thread's heap cap, in MB. */
  maxOldGenerationSizeMb: number;
  signal?: AbortSignal;
}

type Reply<O> = { ok: true; value: O } | { ok: false; name: string; message: string };

// By the project's folder, as the SQLite checkpointer's worker: the engine also runs bundled.
const BOOTSTRAP = join(PROJECT_ROOT, 'engine', 'jobs', 'thread-entry.mjs');
/** Whether this module runs from its TypeScript source (tsx, vitest) rather than from the engine's bundle. */
const FROM_SOURCES = import.meta.url.endsWith('.ts');
const bundles = new Map<string, Promise<string>>();

/**
 * The module the thread loads: the source where the engine runs from its sources, else the
 * task's module bundled once per process beside the engine's bundle (dist/engine/threads/), as
 * scripts/engine-build.ts bundles the engine, so no compiler runs in the thread.
 */
function threadModule(entry: string): Promise<string> {
  if (FROM_SOURCES || !entry.endsWith('.ts')) return Promise.resolve(pathToFileURL(entry).href);
  let bundle = bundles.get(entry);
  if (!bundle) {
    bundle = (async () => {
      const { build } = await import('esbuild');
      const outfile = join(PROJECT_ROOT, 'dist', 'engine', 'threads', `${relative(PROJECT_ROOT, entry).replace(/[\\/]/g, '-').replace(/\.ts$/, '')}.mjs`);
      await build({ entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', sourcemap: 'linked', logLevel: 'warning' });
      return pathToFileURL(outfile).href;
    })();
    bundle.catch(() => bundles.delete(entry));
    bundles.set(entry, bundle);
  }
  return bundle;
}

/** A thread that runs one task at a time, kept for the tasks of one job (a thread's start loads its modules again: about 0.3 s of CPU). */
export interface TaskThread<I, O> {
  /** Runs the task; a thread that reached its cap or died is replaced by a new one for the next task. */
  run(input: I, signal?: AbortSignal): Promise<O>;
  close(): Promise<void>;
}

type Request<I> = { id: number; input: I };

/** A thread for the tasks of `entry`, each with a heap cap of `maxOldGenerationSizeMb`; close it when the job ends. */
export function openTaskThread<I, O>(entry: string, maxOldGenerationSizeMb: number): TaskThread<I, O> {
  let worker: Worker | null = null;
  let next = 0;
  const kill = (w: Worker) => {
    if (worker === w) worker = null;
    void w.terminate();
  };
  return {
    async run(input, signal) {
      signal?.throwIfAborted();
      const module = await threadModule(entry);
      const w = (worker ??= new Worker(BOOTSTRAP, { workerData: { entry: module }, resourceLimits: { maxOldGenerationSizeMb }, stdout: false, stderr: false }));
      const id = ++next;
      return new Promise<O>((resolve, reject) => {
        const done = (fn: () => void) => {
          signal?.removeEventListener('abort', abort);
          w.off('message', message);
          w.off('error', error);
          w.off('exit', exit);
          fn();
        };
        const abort = () => done(() => (kill(w), reject(signal!.reason)));
        const message = (reply: Reply<O> & { id: number }) => {
          if (reply.id !== id) return;
          done(() => (reply.ok ? resolve(reply.value) : reject(Object.assign(new Error(reply.message), { name: reply.name }))));
        };
        const error = (err: Error & { code?: string }) => done(() => (kill(w), reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ThreadOutOfMemory(maxOldGenerationSizeMb) : err)));
        const exit = (code: number) => done(() => (kill(w), reject(new Error(`The thread ended (exit code ${code}) without an answer`))));
        signal?.addEventListener('abort', abort, { once: true });
        w.on('message', message);
        w.once('error', error);
        w.once('exit', exit);
        w.postMessage({ id, input } satisfies Request<I>);
      });
    },
    async close() {
      if (worker) await worker.terminate();
      worker = null;
    },
  };
}

/** Runs one task on a thread of its own; answers what its function answered, or throws what it threw (by name and message). */
export async function runInThread<I, O>(task: ThreadTask<I>): Promise<O> {
  const thread = openTaskThread<I, O>(task.entry, task.maxOldGenerationSizeMb);
  try {
    return await thread.run(task.input, task.signal);
  } finally {
    await thread.close();
  }
}

/** In a task's module: answers each task sent to the thread with `fn`, one at a time; does nothing on the main thread. */
export function serveThread<I, O>(fn: (input: I) => Promise<O>): void {
  if (isMainThread || !parentPort) return;
  const port = parentPort;
  port.on('message', ({ id, input }: Request<I>) => {
    fn(input).then(
      (value) => port.postMessage({ id, ok: true, value }),
      (e: unknown) => port.postMessage({ id, ok: false, name: e instanceof Error ? e.name : 'Error', message: e instanceof Error ? e.message : String(e) }),
    );
  });
}
