// One autocannon run against a local URL. The load generator runs in a worker thread by
// default: on a 2-core machine, firing requests from the server's own event loop would
// charge the client's work to the server's latency.
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { Knex } from 'knex';
import { PROJECT_ROOT } from '../../engine/paths.js';

export interface LoadOptions {
  url: string;
  path: string;
  headers: Record<string, string>;
  /** Request bodies; each connection cycles through them in order, from its own start (spread-start.cjs). */
  bodies: string[];
  seconds: number;
  connections: number;
  workers: number;
  /**
   * The server's database: autocannon stops at its deadline with up to `connections` requests
   * still in the server, which would otherwise run on into the next measurement (or meet a
   * closed pool). Waits until its pool is idle.
   */
  db?: Knex;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

// By the project's folder, not this module's URL: the benchmark also runs bundled (bundle.ts).
const SPREAD_START = join(PROJECT_ROOT, 'scripts', 'bench', 'spread-start.cjs');

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const r = await autocannon({
    url: o.url,
    method: 'POST',
    headers: o.headers,
    requests: o.bodies.map((body) => ({ method: 'POST', path: o.path, body })),
    connections: o.connections,
    // A path: autocannon requires it in each worker (its types know only the function form).
    setupClient: SPREAD_START as unknown as (client: autocannon.Client) => void,
    duration: o.seconds,
    ...(o.workers > 0 ? { workers: o.workers } : {}),
  });
  if (o.db) await drained(o.db);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
  };
}

/** Until the pool has no statement running or waiting, three looks in a row (a request between two statements holds none). */
async function drained(db: Knex): Promise<void> {
  const pool = (db.client as { pool?: { numUsed(): number; numPendingAcquires(): number } }).pool;
  if (!pool) return;
  for (let idle = 0, looks = 0; idle < 3 && looks < 1_000; looks++) {
    idle = pool.numUsed() + pool.numPendingAcquires() === 0 ? idle + 1 : 0;
    await new Promise((r) => setTimeout(r, 5));
  }
}
