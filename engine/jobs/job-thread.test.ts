// A job's task on a thread of its own: its answer and its error come back, a thread that reaches
// its heap cap ends alone with ThreadOutOfMemory while this process goes on, and a stopped job
// ends its thread.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../paths.js';
import { openTaskThread, runInThread, ThreadOutOfMemory } from './job-thread.js';
import type { ThreadTaskInput } from './testing/thread-task.js';

const entry = join(PROJECT_ROOT, 'engine', 'jobs', 'testing', 'thread-task.ts');
const run = (input: ThreadTaskInput, signal?: AbortSignal) => runInThread<ThreadTaskInput, number>({ entry, input, maxOldGenerationSizeMb: 64, signal });

describe('a task on a thread of its own', () => {
  it('answers what its function answers', async () => {
    expect(await run({ op: 'double', n: 21 })).toBe(42);
  });

  it('throws what its function throws, by name and message', async () => {
    await expect(run({ op: 'throw', message: 'too big' })).rejects.toMatchObject({ name: 'RefusedThing', message: 'too big' });
  });

  it('ends alone when it reaches its heap cap, and this process goes on', async () => {
    const error = await run({ op: 'hog' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ThreadOutOfMemory);
    expect((error as ThreadOutOfMemory).capMb).toBe(64);
    expect(await run({ op: 'double', n: 2 })).toBe(4);
  }, 60_000);

  it('ends when its job is stopped, with the stop as its error', async () => {
    const controller = new AbortController();
    const running = run({ op: 'wait' }, controller.signal);
    setTimeout(() => controller.abort(new Error('stopped')), 200);
    await expect(running).rejects.toThrow('stopped');
  });
});

describe('a thread kept for the tasks of a job', () => {
  it('runs one task after another, and a new thread after one reached its cap', async () => {
    const thread = openTaskThread<ThreadTaskInput, number>(entry, 64);
    try {
      expect(await thread.run({ op: 'double', n: 1 })).toBe(2);
      expect(await thread.run({ op: 'double', n: 2 })).toBe(4);
      await expect(thread.run({ op: 'hog' })).rejects.toBeInstanceOf(ThreadOutOfMemory);
      expect(await thread.run({ op: 'double', n: 3 })).toBe(6);
    } finally {
      await thread.close();
    }
  }, 60_000);
});
