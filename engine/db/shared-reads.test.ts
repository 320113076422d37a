import { describe, expect, it } from 'vitest';
import { SharedReads } from './change-versions.js';

/** A reader whose reads the test finishes by hand, numbered in the order they started. */
function manualReader() {
  const started: { n: number; finish: () => void }[] = [];
  const reader = () =>
    new Promise<number>((resolve) => {
      const n = started.length + 1;
      started.push({ n, finish: () => resolve(n) });
    });
  return { started, reader };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('SharedReads', () => {
  it('starts a read for a caller that finds none in flight', async () => {
    const { started, reader } = manualReader();
    const shared = new SharedReads(reader);
    const a = shared.read();
    expect(started).toHaveLength(1);
    started[0].finish();
    expect(await a).toBe(1);
  });

  it('never hands a caller a read that began before it arrived', async () => {
    const { started, reader } = manualReader();
    const shared = new SharedReads(reader);
    const first = shared.read();
    const late = shared.read();
    const later = shared.read();
    // The late callers wait: the read in flight may predate a write they must see.
    expect(started).toHaveLength(1);
    started[0].finish();
    expect(await first).toBe(1);
    await tick();
    expect(started).toHaveLength(2);
    started[1].finish();
    // Both late callers share the one read that started after they arrived.
    expect(await late).toBe(2);
    expect(await later).toBe(2);
  });

  it('starts afresh after a failed read, and the failure reaches only its own callers', async () => {
    let calls = 0;
    const shared = new SharedReads(async () => {
      calls++;
      if (calls === 1) throw new Error('connection lost');
      return calls;
    });
    const first = shared.read();
    const second = shared.read();
    await expect(first).rejects.toThrow('connection lost');
    expect(await second).toBe(2);
    expect(await shared.read()).toBe(3);
  });
});
