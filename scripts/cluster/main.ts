// `npm run cluster:test`: three Galera nodes and two portal engines on this machine, a bounded
// mixed load with a database node and an engine killed and restarted during it, then the checks
// of verify.ts and the same load against the single MariaDB server for comparison. Prints a
// summary; exits 1 when a check fails. Everything it starts is stopped and removed at the end,
// on failure and on Ctrl-C. docs/deploy.md describes it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { PROJECT_ROOT } from '../../engine/paths.js';
import { installNodes, killNode, nodeConnection, planNodes, sstMethod, startNode, transferKind, waitSynced, type GaleraNode } from './nodes.js';
import { bundleEngine, databaseUrls, killEngine, startEngine, waitReady, type EngineProcess } from './engines.js';
import { runLoad, type LoadResult } from './load.js';
import { answerChecks, codeCounts, dataChecks, failuresByOp, longestFailingStretch, RETRYABLE, throughput, type Check, type Window } from './verify.js';

const LOAD_SECONDS = Number(process.env.CLUSTER_LOAD_SECONDS || 75);
/** The fault-free start of the load, compared with the single server's run of the same length. */
const STEADY_SECONDS = 15;
const SINGLE = { host: '127.0.0.1', port: 3306 };
const ENGINE_PORTS = [13400, 13401];
const DATABASE = 'portal';

const tag = `cl${Date.now().toString(36)}`;
const root = mkdtempSync(join(tmpdir(), 'portal-cluster-'));
const nodes = planNodes(root);
const engines: EngineProcess[] = [];
/** What the run had to work around, printed in the summary. */
const findings: string[] = [];
let singleDatabase: string | undefined;
const t0 = Date.now();
const stamp = () => `${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s`;
const say = (line: string) => console.log(`[cluster ${stamp()}] ${line}`);

let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await Promise.all(engines.map((e) => killEngine(e, 'SIGKILL')));
    await Promise.all(nodes.map((n) => killNode(n)));
    if (singleDatabase) {
      const c = await mysql.createConnection({ ...SINGLE, user: 'root' }).catch(() => undefined);
      await c?.query(`DROP DATABASE IF EXISTS \`${singleDatabase}\``).catch(() => undefined);
      await c?.end().catch(() => undefined);
    }
    if (!process.env.CLUSTER_KEEP) rmSync(root, { recursive: true, force: true });
    rmSync(join(PROJECT_ROOT, 'dist', 'cluster'), { recursive: true, force: true });
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // tsx passes the terminal's signal on as well: one cleanup, one message.
    if (cleaning) return;
    say(`${signal}: stopping every process the test started`);
    void cleanup().finally(() => process.exit(130));
  });
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = tcpConnect({ host: '127.0.0.1', port });
    s.once('connect', () => (s.destroy(), resolve(false)));
    s.once('error', () => resolve(true));
  });
}

async function startCluster(): Promise<string> {
  const sst = sstMethod();
  say(`data directories in ${root}; state transfer by ${sst}`);
  installNodes(root, nodes, sst);
  startNode(nodes[0], true);
  await waitSynced([nodes[0]], 60_000);
  for (let i = 1; i < nodes.length; i++) {
    startNode(nodes[i], false);
    await waitSynced(nodes.slice(0, i + 1), 120_000);
  }
  say(`cluster of ${nodes.length} nodes Synced (ports ${nodes.map((n) => n.port).join(', ')})`);
  const c = await nodeConnection(nodes[0]);
  await c.query(`CREATE DATABASE \`${DATABASE}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await c.end();
  return sst;
}

/** Two engines on `urls`: the first migrates and seeds, the second starts once it answers. */
async function startEngines(urls: string[], ports: number[], label: string, first = 0): Promise<EngineProcess[]> {
  const started: EngineProcess[] = [];
  for (let i = 0; i < urls.length; i++) {
    const n = first + i;
    const e: EngineProcess = { name: `${label}${String.fromCharCode(65 + n)}`, port: ports[i], databaseUrl: urls[i], base: `http://127.0.0.1:${ports[i]}`, log: join(root, `engine-${label}${n}.log`) };
    engines.push(e);
    started.push(e);
    startEngine(e, join(root, `data-${label}`));
    await waitReady(e, 240_000);
    say(`engine ${e.name} answers on ${e.base} (${e.databaseUrl})`);
  }
  return started;
}

/** Engines on the cluster, the first having migrated and seeded, with Galera's own auto-increment control on. */
async function seededEngines(urls: string[]): Promise<EngineProcess[]> {
  return startEngines(urls, ENGINE_PORTS, 'cluster');
}

/** The engine's own runs again (dispatch.ts logs each), by cause, from the logs of `label`'s engines. */
function runsAgain(label: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const e of engines.filter((x) => x.name.startsWith(label))) {
    let text = '';
    try {
      text = readFileSync(e.log, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n')) {
      if (!line.includes('database call run again')) continue;
      try {
        const failure = String((JSON.parse(line) as { failure?: string }).failure);
        counts.set(failure, (counts.get(failure) ?? 0) + 1);
      } catch {
        // Not a log line of the engine's.
      }
    }
  }
  return counts;
}
const tally = (m: Map<string, number>) => (m.size ? [...m].map(([k, n]) => `${k} ${n}`).join(', ') : 'none');

async function stopEngines(list: EngineProcess[]): Promise<void> {
  await Promise.all(list.map((e) => killEngine(e, 'SIGTERM')));
}

/** Kills and restarts during the load, at fixed seconds from its start; `windows` gets when each part was down. */
async function faults(pair: EngineProcess[], loadStart: number, windows: Window[]): Promise<string[]> {
  const notes: string[] = [];
  const now = () => (Date.now() - loadStart) / 1000;
  const at = async (s: number) => {
    const wait = loadStart + s * 1000 - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  };
  const note = (line: string) => {
    const l = `${((Date.now() - loadStart) / 1000).toFixed(1)} s: ${line}`;
    notes.push(l);
    say(l);
  };
  const victim = nodes[1];
  await at(16);
  await killNode(victim);
  const nodeDown: Window = { label: `${victim.name} down or rejoining`, from: now(), to: Infinity };
  windows.push(nodeDown);
  note(`kill -9 mariadbd of ${victim.name} (engine ${pair[1].name}'s node)`);
  await at(28);
  startNode(victim, false);
  note(`${victim.name} restarted`);
  const rejoin = Date.now();
  const synced = waitSynced(nodes, 90_000).then(
    () => ((nodeDown.to = now()), note(`${victim.name} Synced again after ${((Date.now() - rejoin) / 1000).toFixed(1)} s, by ${transferKind(victim)}`)),
    (e: Error) => note(`${victim.name} did not rejoin: ${e.message}`),
  );
  await at(42);
  await killEngine(pair[0], 'SIGKILL');
  const engineDown: Window = { label: `engine ${pair[0].name} down`, from: now(), to: Infinity };
  windows.push(engineDown);
  note(`kill -9 engine ${pair[0].name}`);
  await at(45);
  startEngine(pair[0], join(root, 'data-cluster'));
  await waitReady(pair[0], 120_000).then(
    () => ((engineDown.to = now()), note(`engine ${pair[0].name} answers again`)),
    (e: Error) => note(`engine ${pair[0].name} did not come back: ${e.message}`),
  );
  await synced;
  return notes;
}

async function singleServerRun(): Promise<LoadResult | string> {
  singleDatabase = `portal_cluster_${tag}`;
  const c = await mysql.createConnection({ ...SINGLE, user: 'root' }).catch((e: Error) => e);
  if (c instanceof Error) return `the single server at ${SINGLE.host}:${SINGLE.port} does not answer (${c.message})`;
  await c.query(`CREATE DATABASE \`${singleDatabase}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await c.end();
  const url = `mysql://root@${SINGLE.host}:${SINGLE.port}/${singleDatabase}`;
  const pair = await startEngines([url, url], [ENGINE_PORTS[0] + 2, ENGINE_PORTS[1] + 2], 'single');
  const load = await runLoad({ targets: pair.map((e) => ({ name: e.name, base: e.base })), seconds: STEADY_SECONDS, tag: `${tag}s` });
  await stopEngines(pair);
  return load;
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r, j) => r.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd() + (j === 0 ? `\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : '')).join('\n');
}

function summary(load: LoadResult, checks: Check[], notes: string[], windows: Window[], single: LoadResult | string, hostList: boolean, sst: string): void {
  const outcomes = load.recorder.outcomes;
  const counts = codeCounts(outcomes);
  const stretch = longestFailingStretch(outcomes);
  const cluster = throughput(outcomes, STEADY_SECONDS);
  const alone = typeof single === 'string' ? undefined : throughput(single.recorder.outcomes, STEADY_SECONDS);
  console.log('\n=== Cluster test summary ===');
  console.log(`3 Galera nodes (SST ${sst}), 2 engines, DATABASE_URL ${hostList ? 'with every node (host list)' : 'one node per engine (the engine takes no host list yet)'}; load ${LOAD_SECONDS} s`);
  for (const f of findings) console.log(`Finding: ${f}`);
  console.log('\nFaults:');
  for (const n of notes) console.log(`  ${n}`);
  console.log('\nAnswers by code:');
  console.log(table([['code', 'count', 'kind'], ...[...counts].map(([c, n]) => [c, String(n), c === 'OK' ? 'success' : RETRYABLE.includes(c) ? 'retryable' : 'FAILURE'])]));
  const byOp = failuresByOp(outcomes, windows);
  if (byOp.size) {
    console.log('\nFailed answers by operation (with every node and engine up / while one was down or rejoining):');
    console.log(table([['operation → code', 'all up', 'one down'], ...[...byOp].map(([k, [up, down]]) => [k, String(up), String(down)])]));
  }
  console.log(`\nLongest stretch with failing requests: ${stretch.seconds} s${stretch.seconds ? ` (from second ${stretch.from} of the load)` : ''}`);
  console.log(`Throughput, first ${STEADY_SECONDS} s (no fault yet): cluster ${cluster.toFixed(1)} successful requests/s; single server ${alone === undefined ? `not measured: ${String(single)}` : `${alone.toFixed(1)}/s; ratio ${(cluster / alone).toFixed(2)} (aim ≥ 0.7)`}`);
  console.log(`Runs again inside the engines (deadlock or certification conflict, host lost): cluster ${tally(runsAgain('cluster'))}; single server ${tally(runsAgain('single'))}`);
  console.log(`Requests an engine refused, sent to the other by the load balancer: ${load.recorder.redispatched}`);
  console.log(`Whole load: ${outcomes.length} requests, ${(outcomes.filter((o) => o.code === 'OK').length / LOAD_SECONDS).toFixed(1)} successful/s; ${load.acked.size} creates acknowledged, ${load.races.length} races, ${load.signoffs} sign-offs, ${load.uploads.ok} uploads, ${load.exports.ok} exports`);
  console.log('\nChecks:');
  console.log(table([['result', 'check', 'detail'], ...checks.map((c) => [c.ok ? 'PASS' : 'FAIL', c.name, c.detail])]));
  if (alone !== undefined && cluster / alone < 0.7) console.log(`\nNote: throughput ratio ${(cluster / alone).toFixed(2)} is below the aim of 0.7`);
}

async function main(): Promise<number> {
  const busy = [];
  for (const n of nodes) for (const p of [n.port, n.gcommPort, n.istPort, n.sstPort]) if (!(await portFree(p))) busy.push(p);
  for (const p of [...ENGINE_PORTS, ENGINE_PORTS[0] + 2, ENGINE_PORTS[1] + 2]) if (!(await portFree(p))) busy.push(p);
  if (busy.length) throw new Error(`ports in use: ${busy.join(', ')} (another cluster test running?)`);
  const sst = await startCluster();
  await bundleEngine();
  const { urls, hostList } = databaseUrls(nodes.map((n: GaleraNode) => n.port), DATABASE, [0, 1]);
  const pair = await seededEngines(urls);
  say(`load for ${LOAD_SECONDS} s through ${pair.map((e) => e.name).join(' and ')}`);
  const loadStart = Date.now();
  const windows: Window[] = [];
  const [load, notes] = await Promise.all([runLoad({ targets: pair.map((e) => ({ name: e.name, base: e.base })), seconds: LOAD_SECONDS, tag }), faults(pair, loadStart, windows)]);
  say('load over; stopping the engines and waiting for every node to be Synced');
  await stopEngines(pair);
  await waitSynced(nodes, 90_000);
  const checks = [...(await dataChecks(nodes, DATABASE, load, tag)), ...answerChecks(load, windows)];
  say(`same load for ${STEADY_SECONDS} s against the single server ${SINGLE.host}:${SINGLE.port}`);
  const single = await singleServerRun().catch((e: Error) => `the single-server run failed: ${e.message}`);
  summary(load, checks, notes, windows, single, hostList, sst);
  return checks.every((c) => c.ok) ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} catch (e) {
  console.error(`\nCluster test could not run: ${(e as Error).message}`);
  code = 2;
} finally {
  await cleanup();
}
console.log(code === 0 ? '\nCluster test: every check passed' : `\nCluster test: FAILED (exit ${code})`);
process.exit(code);
