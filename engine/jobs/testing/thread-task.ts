// A task for job-thread.test.ts: doubles a number, throws, or keeps memory until its thread's cap.
import { serveThread } from '../job-thread.js';

export type ThreadTaskInput = { op: 'double'; n: number } | { op: 'throw'; message: string } | { op: 'hog' } | { op: 'wait' };

serveThread(async (input: ThreadTaskInput) => {
  if (input.op === 'double') return input.n * 2;
  if (input.op === 'throw') throw Object.assign(new Error(input.message), { name: 'RefusedThing' });
  if (input.op === 'wait') return new Promise<number>(() => setInterval(() => {}, 1000));
  const kept: number[][] = [];
  for (;;) kept.push(new Array(1_000_000).fill(kept.length));
});
