// A job's heavy part run on a thread of its own (node:worker_threads), with a cap on its heap:
// parsing an untrusted file can take seconds of CPU and hundreds of MB, and on the engine's
// thread it would hold every request meanwhile. A task's module calls `serveThread` with its
// function; the job calls `runInThread` with that module and plain input, and gets plain output.
// A thread that reaches its cap ends alone (ThreadOutOfMemory), the engine goes on; a job that is
// stopped ends its thread.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
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
      const outfile = join(PROJECT_ROOT, 'dist', 'engine', 'threads', `${entry.slice(PROJECT_ROOT.length + 1).replace(/[\\/]/g, '-').replace(/\.ts$/, '')}.mjs`);
      await build({ entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', sourcemap: 'linked', logLevel: 'warning' });
      return pathToFileURL(outfile).href;
    })();
    bundle.catch(() => bundles.delete(entry));
    bundles.set(entry, bundle);
  }
  return bundle;
}

/** Runs the task on a thread of its own; answers what its function answered, or throws what it threw (by name and message). */
export async function runInThread<I, O>(task: ThreadTask<I>): Promise<O> {
  task.signal?.throwIfAborted();
  const module = await threadModule(task.entry);
  return new Promise<O>((resolve, reject) => {
    const worker = new Worker(BOOTSTRAP, { workerData: { entry: module, input: task.input }, resourceLimits: { maxOldGenerationSizeMb: task.maxOldGenerationSizeMb }, stdout: false, stderr: false });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      task.signal?.removeEventListener('abort', abort);
      fn();
      void worker.terminate();
    };
    const abort = () => settle(() => reject(task.signal!.reason));
    task.signal?.addEventListener('abort', abort, { once: true });
    worker.once('message', (reply: Reply<O>) =>
      settle(() => {
        if (reply.ok) resolve(reply.value);
        else reject(Object.assign(new Error(reply.message), { name: reply.name }));
      }),
    );
    worker.once('error', (err: Error & { code?: string }) => settle(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ThreadOutOfMemory(task.maxOldGenerationSizeMb) : err)));
    worker.once('exit', (code) => settle(() => reject(new Error(`The thread ended (exit code ${code}) without an answer`))));
  });
}

/** In a task's module: answers the thread's input with `fn`; does nothing on the main thread. */
export function serveThread<I, O>(fn: (input: I) => Promise<O>): void {
  if (isMainThread || !parentPort) return;
  const port = parentPort;
  fn((workerData as { input: I }).input).then(
    (value) => port.postMessage({ ok: true, value } satisfies Reply<O>),
    (e: unknown) => port.postMessage({ ok: false, name: e instanceof Error ? e.name : 'Error', message: e instanceof Error ? e.message : String(e) } satisfies Reply<O>),
  );
}
