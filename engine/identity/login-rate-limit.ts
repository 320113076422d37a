// The per-address limit on failed User.login attempts: LOGIN_RATE_LIMIT failures (wrong or
// unknown user id, wrong password, wrong one-time code, a locked account) a minute from one
// client address. Successful sign-ins cost nothing, so an office behind one NAT address can all
// sign in at nine; guessing from that address stops at the limit. Over it, an attempt is refused
// before its password is looked at, for the rest of the minute. In memory, per engine process:
// it is protection, not a correctness rule (the account lockout, in the database, holds across
// processes).
import type { EngineServices } from '../runtime/context.js';

const WINDOW_MS = 60_000;
/** Beyond this many tracked addresses, finished windows are dropped before a new one is added. */
const MAX_TRACKED = 50_000;

interface Window {
  start: number;
  failures: number;
  /** Attempts of this address still being checked (their password hash is running). */
  pending: number;
}

export interface LoginAttempt {
  /** Ends the attempt; a failed one counts against its address for the current minute. */
  settle(failed: boolean, now?: number): void;
}

export class LoginFailureLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly perMinute: number) {}

  /**
   * Admits an attempt from `client`, or null when its failures of this minute reached the limit.
   * Attempts still running count as failures until settled, so parallel requests cannot all slip
   * in while the first ones' password hashes run.
   */
  begin(client: string, now = Date.now()): LoginAttempt | null {
    const w = this.windowOf(client, now);
    if (w.failures + w.pending >= this.perMinute) return null;
    w.pending += 1;
    let open = true;
    return {
      settle: (failed, at = Date.now()) => {
        if (!open) return;
        open = false;
        w.pending -= 1;
        if (!failed) return;
        if (at - w.start >= WINDOW_MS) this.restart(w, at);
        w.failures += 1;
      },
    };
  }

  private windowOf(client: string, now: number): Window {
    let w = this.windows.get(client);
    if (!w) {
      if (this.windows.size >= MAX_TRACKED) this.prune(now);
      w = { start: now, failures: 0, pending: 0 };
      this.windows.set(client, w);
    } else if (now - w.start >= WINDOW_MS) {
      this.restart(w, now);
    }
    return w;
  }

  private restart(w: Window, now: number) {
    w.start = now;
    w.failures = 0;
  }

  private prune(now: number) {
    for (const [key, w] of this.windows) if (w.pending === 0 && now - w.start >= WINDOW_MS) this.windows.delete(key);
    // Still full (a flood from many addresses): forget the oldest rather than grow without bound.
    for (const key of this.windows.keys()) {
      if (this.windows.size < MAX_TRACKED) break;
      this.windows.delete(key);
    }
  }
}

// One limiter per engine (its services), so engines built side by side (tests) do not share counts.
const limiters = new WeakMap<EngineServices, LoginFailureLimiter>();

export function loginLimiterOf(services: EngineServices): LoginFailureLimiter {
  let limiter = limiters.get(services);
  if (!limiter) {
    limiter = new LoginFailureLimiter(services.config.loginRateLimit);
    limiters.set(services, limiter);
  }
  return limiter;
}
