// The first module of a job's thread (job-thread.ts): loads the task's module, compiling
// TypeScript with tsx where the engine itself runs from its sources (tests, tsx scripts).
// Plain JavaScript, so that it loads the same from the sources and beside the bundled engine.
import { workerData } from 'node:worker_threads';

if (workerData.entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.entry);
