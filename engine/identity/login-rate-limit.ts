// A per-client limit on User.login attempts (LOGIN_RATE_LIMIT a minute). In memory, per engine
// process: it is protection against password guessing from one address, not a correctness rule
// (the account lockout, kept in the database, is the one that holds across processes).
import type { EngineServices } from '../actions/context.js';

const WINDOW_MS = 60_000;
/** Beyond this many tracked addresses, finished windows are dropped before a new one is added. */
const MAX_TRACKED = 50_000;

export class LoginRateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly perMinute: number) {}

  /** Counts an attempt from `client`; false when it is over the limit of the current minute. */
  attempt(client: string, now = Date.now()): boolean {
    let w = this.windows.get(client);
    if (!w || now - w.start >= WINDOW_MS) {
      if (!w && this.windows.size >= MAX_TRACKED) this.prune(now);
      w = { start: now, count: 0 };
      this.windows.set(client, w);
    }
    w.count += 1;
    return w.count <= this.perMinute;
  }

  private prune(now: number) {
    for (const [key, w] of this.windows) if (now - w.start >= WINDOW_MS) this.windows.delete(key);
    // Still full (a flood from many addresses): forget the oldest rather than grow without bound.
    for (const key of this.windows.keys()) {
      if (this.windows.size < MAX_TRACKED) break;
      this.windows.delete(key);
    }
  }
}

// One limiter per engine (its services), so engines built side by side (tests) do not share counts.
const limiters = new WeakMap<EngineServices, LoginRateLimiter>();

export function loginLimiterOf(services: EngineServices): LoginRateLimiter {
  let limiter = limiters.get(services);
  if (!limiter) {
    limiter = new LoginRateLimiter(services.config.loginRateLimit);
    limiters.set(services, limiter);
  }
  return limiter;
}
