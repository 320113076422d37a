// The per-address limit on failed sign-ins, on its own clock: failures count, successes do not,
// attempts still running hold a place, and the count starts again after the minute.
import { describe, expect, it } from 'vitest';
import { LoginFailureLimiter } from './login-rate-limit.js';

const T0 = 1_000_000;

/** Begins and settles one attempt at `at`; false when it was refused. */
function tryOnce(limiter: LoginFailureLimiter, client: string, failed: boolean, at: number): boolean {
  const attempt = limiter.begin(client, at);
  attempt?.settle(failed, at);
  return attempt !== null;
}

describe('the per-address limit on failed sign-ins', () => {
  it('lets any number of successful sign-ins through from one address', () => {
    const limiter = new LoginFailureLimiter(3);
    for (let i = 0; i < 500; i++) expect(tryOnce(limiter, '10.0.0.1', false, T0 + i)).toBe(true);
  });

  it('refuses an address once it failed the limit within a minute, whatever the next attempt would be', () => {
    const limiter = new LoginFailureLimiter(3);
    expect([1, 2, 3].map((i) => tryOnce(limiter, '10.0.0.1', true, T0 + i))).toEqual([true, true, true]);
    expect(limiter.begin('10.0.0.1', T0 + 10)).toBeNull();
    expect(tryOnce(limiter, '10.0.0.2', true, T0 + 10)).toBe(true);
    expect(limiter.begin('10.0.0.1', T0 + 59_000)).toBeNull();
  });

  it('starts the count again once the minute is over', () => {
    const limiter = new LoginFailureLimiter(2);
    tryOnce(limiter, '10.0.0.1', true, T0);
    tryOnce(limiter, '10.0.0.1', true, T0 + 1);
    expect(limiter.begin('10.0.0.1', T0 + 59_999)).toBeNull();
    expect(tryOnce(limiter, '10.0.0.1', true, T0 + 60_000)).toBe(true);
    expect(tryOnce(limiter, '10.0.0.1', true, T0 + 60_001)).toBe(true);
    expect(limiter.begin('10.0.0.1', T0 + 60_002)).toBeNull();
  });

  it('counts attempts still being checked, so parallel guesses cannot all get in before the first fails', () => {
    const limiter = new LoginFailureLimiter(3);
    const running = [1, 2, 3].map(() => limiter.begin('10.0.0.1', T0));
    expect(running.every((a) => a !== null)).toBe(true);
    expect(limiter.begin('10.0.0.1', T0)).toBeNull();
    // Two of them turn out to be right: their places are free again; the wrong one stays counted.
    running[0]!.settle(false, T0 + 1);
    running[1]!.settle(false, T0 + 1);
    running[2]!.settle(true, T0 + 1);
    expect(tryOnce(limiter, '10.0.0.1', true, T0 + 2)).toBe(true);
    expect(limiter.begin('10.0.0.1', T0 + 3)).not.toBeNull();
  });

  it('counts an attempt once, however often it is settled', () => {
    const limiter = new LoginFailureLimiter(2);
    const attempt = limiter.begin('10.0.0.1', T0)!;
    attempt.settle(true, T0);
    attempt.settle(true, T0);
    expect(tryOnce(limiter, '10.0.0.1', true, T0 + 1)).toBe(true);
    expect(limiter.begin('10.0.0.1', T0 + 2)).toBeNull();
  });
});
