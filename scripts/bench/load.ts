// One autocannon run against a local URL. The load generator runs in a worker thread by
// default: on a 2-core machine, firing requests from the server's own event loop would
// charge the client's work to the server's latency.
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  path: string;
  headers: Record<string, string>;
  /** Request bodies; each connection cycles through them in order, from its own start (spread-start.cjs). */
  bodies: string[];
  seconds: number;
  connections: number;
  workers: number;
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

const SPREAD_START = fileURLToPath(new URL('./spread-start.cjs', import.meta.url));

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
