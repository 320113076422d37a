// Engine processes of the portal for the cluster test: the engine entry bundled once (as `npm
// start` bundles its own), each process on its own port with its own DATABASE_URL. Uploaded files
// and export files are kept in the database (FILE_STORE=database): each engine has folders of its
// own for what it is receiving or writing, so a file one engine stored and the other serves has
// gone through the cluster.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../fastify.config.js';
import { PROJECT_ROOT } from '../../engine/paths.js';
import { buildEngineBundle } from '../engine-build.js';

export interface EngineProcess {
  name: string;
  port: number;
  databaseUrl: string;
  base: string;
  log: string;
  child?: ChildProcess;
}

const ENTRY = join(PROJECT_ROOT, 'scripts', 'cluster', 'engine-entry.ts');
// Inside the project so that the bundle finds the project's metadata beside it (engine/paths.ts).
const BUNDLE = join(PROJECT_ROOT, 'dist', 'cluster', 'engine.mjs');

export async function bundleEngine(): Promise<string> {
  return buildEngineBundle(ENTRY, BUNDLE);
}

/**
 * The DATABASE_URL of each engine: every node's address in one URL when the engine accepts a host
 * list (`mysql://root@h1:p1,h2:p2,h3:p3/db`, the preferred node first), else the one node it is
 * pointed at. CLUSTER_HOSTS=single|list forces either.
 */
export function databaseUrls(ports: number[], database: string, preferred: number[]): { urls: string[]; hostList: boolean } {
  const hosts = (first: number) => [ports[first], ...ports.filter((_, i) => i !== first)].map((p) => `127.0.0.1:${p}`).join(',');
  const forced = process.env.CLUSTER_HOSTS;
  const hostList = forced === 'list' || (forced !== 'single' && acceptsHostList(`mysql://root@${hosts(0)}/${database}`));
  const urls = preferred.map((i) => (hostList ? `mysql://root@${hosts(i)}/${database}` : `mysql://root@127.0.0.1:${ports[i]}/${database}`));
  return { urls, hostList };
}

/** Whether the engine's configuration takes a comma-separated host list (it refused one before it learned to). */
function acceptsHostList(url: string): boolean {
  try {
    loadConfig({ DATABASE_URL: url });
    return true;
  } catch {
    return false;
  }
}

export function startEngine(e: EngineProcess, dataDir: string): void {
  const out = createWriteStream(e.log, { flags: 'a' });
  const child = spawn(process.execPath, ['--enable-source-maps', BUNDLE], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: e.databaseUrl,
      PORT: String(e.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FILE_STORE: 'database',
      FILES_DIR: join(dataDir, `files-${e.name}`),
      JOBS_DIR: join(dataDir, `jobs-${e.name}`),
      CLIENT_DIR: join(PROJECT_ROOT, 'client', 'dist'),
      LOG_LEVEL: 'warn',
      // Every load client signs in from 127.0.0.1: the sign-in limit is not what is under test.
      LOGIN_RATE_LIMIT: '100000',
      JOB_POLL_MS: '250',
      JOB_LEASE_SECONDS: '10',
      MAIL_POLL_MS: '60000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  e.child = child;
}

/** Until GET /health answers 200; throws when the process ends first or the time is up. */
export async function waitReady(e: EngineProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (!e.child || e.child.exitCode !== null || e.child.signalCode !== null) throw new Error(`engine ${e.name} stopped while starting (log: ${e.log})`);
    try {
      const res = await fetch(`${e.base}/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`engine ${e.name} did not answer /health in ${timeoutMs / 1000} s (log: ${e.log})`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

export async function killEngine(e: EngineProcess, signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
  const child = e.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await gone;
  clearTimeout(timer);
}
