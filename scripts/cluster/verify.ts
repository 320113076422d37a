// What the cluster test holds the run to, once the engines are stopped and every node is Synced:
// each acknowledged create stored exactly once on every node, the same rows and checksums of every
// table on all nodes, never two winners of one update race (and the winner's text is what is
// stored), every request answered with a success or a retryable code. Also the tallies the
// summary prints: answers by code, the longest stretch of failing seconds, throughput.
import type { LoadResult, Race } from './load.js';
import type { Outcome } from './rpc.js';
import { nodeConnection, type GaleraNode } from './nodes.js';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

/**
 * Codes a client may retry. E_CONCURRENT: the record changed, read it again (the expected loser of
 * a race). E_UNAVAILABLE: the database could not take the call now. E_CONNECT: the engine called
 * is not listening (killed on purpose here); another engine answers.
 */
export const RETRYABLE = ['E_CONCURRENT', 'E_UNAVAILABLE', 'E_CONNECT'];

export function codeCounts(outcomes: Outcome[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const o of outcomes) counts.set(o.code, (counts.get(o.code) ?? 0) + 1);
  return new Map([...counts].sort((x, y) => y[1] - x[1]));
}

/** A stretch of the load (seconds from its start) in which a node or an engine was down. */
export interface Window {
  label: string;
  from: number;
  to: number;
}

/** Failed answers by operation and code, split by whether a node or an engine was down then. */
export function failuresByOp(outcomes: Outcome[], windows: Window[]): Map<string, [number, number]> {
  const m = new Map<string, [number, number]>();
  for (const o of outcomes) {
    if (expected(o)) continue;
    const k = `${o.op} → ${o.code}`;
    const n = m.get(k) ?? [0, 0];
    n[windows.some((w) => o.at >= w.from && o.at <= w.to) ? 1 : 0]++;
    m.set(k, n);
  }
  return new Map([...m].sort((x, y) => y[1][0] + y[1][1] - x[1][0] - x[1][1]));
}

/** A success, or the loser's E_CONCURRENT of a race: not a failure at all. */
function expected(o: Outcome): boolean {
  return o.code === 'OK' || (o.op === 'race update' && o.code === 'E_CONCURRENT');
}

/** The longest run of consecutive whole seconds that each had at least one failed request. */
export function longestFailingStretch(outcomes: Outcome[]): { seconds: number; from: number } {
  const failing = new Set(outcomes.filter((o) => !expected(o)).map((o) => Math.floor(o.at)));
  let best = { seconds: 0, from: 0 };
  for (const s of [...failing].sort((x, y) => x - y)) {
    if (failing.has(s - 1)) continue;
    let n = 0;
    while (failing.has(s + n)) n++;
    if (n > best.seconds) best = { seconds: n, from: s };
  }
  return best;
}

/** Successful requests per second within [0, windowSeconds) of the load. */
export function throughput(outcomes: Outcome[], windowSeconds: number): number {
  return outcomes.filter((o) => o.code === 'OK' && o.at < windowSeconds).length / windowSeconds;
}

export function answerChecks(load: LoadResult, windows: Window[]): Check[] {
  const unexpected = load.recorder.outcomes.filter((o) => o.code !== 'OK' && !RETRYABLE.includes(o.code));
  const twoWinners = load.races.filter((r) => r.sides.filter((s) => s.code === 'OK').length > 1);
  // A loser whose call never reached an engine (E_CONNECT) did not race. One whose connection to
  // its node was cut while a node was down cannot know whether its write committed: E_UNAVAILABLE
  // (read and send again, which then answers E_CONCURRENT); with every node up, only E_CONCURRENT.
  const faulted = (r: Race) => windows.some((w) => r.at >= w.from - 1 && r.at <= w.to + 1);
  const fair = (r: Race, code: string) => ['OK', 'E_CONCURRENT', 'E_CONNECT'].includes(code) || (code === 'E_UNAVAILABLE' && faulted(r));
  const badLosers = load.races.filter((r) => r.sides.some((s) => s.code === 'OK') && r.sides.some((s) => !fair(r, s.code)));
  const noWinner = load.races.filter((r) => r.sides.every((s) => s.code !== 'OK'));
  return [
    {
      name: 'every request answered with a success or a retryable code',
      ok: unexpected.length === 0,
      detail: unexpected.length ? `${unexpected.length} of ${load.recorder.outcomes.length} answered otherwise (${[...codeCounts(unexpected)].map(([c, n]) => `${c} ${n}`).join(', ')})` : `${load.recorder.outcomes.length} requests`,
    },
    { name: 'never two winners of one update race', ok: twoWinners.length === 0, detail: `${load.races.length} races, ${twoWinners.length} with two winners${twoWinners.length ? ` (records ${twoWinners.map((r) => r.id).join(', ')})` : ''}, ${noWinner.length} without a winner` },
    {
      name: 'the loser of a race answers E_CONCURRENT (E_UNAVAILABLE only while a node or engine was down)',
      ok: badLosers.length === 0,
      detail: `${load.races.length - noWinner.length} races with one winner${badLosers.length ? `; ${badLosers.length} losers answered otherwise (${[...codeCounts(badLosers.map((r) => ({ at: 0, op: '', engine: '', ms: 0, code: r.sides.find((s) => s.code !== 'OK')!.code })))].map(([c, n]) => `${c} ${n}`).join(', ')})` : ''}`,
    },
    { name: 'an attachment uploaded through one engine downloads whole from the other', ok: load.uploads.mismatched === 0 && load.uploads.ok > 0, detail: `${load.uploads.ok} identical, ${load.uploads.mismatched} different` },
    { name: 'an export submitted on one engine downloads from the other', ok: load.exports.failed.length === 0 && load.exports.ok > 0, detail: `${load.exports.ok} downloaded${load.exports.failed.length ? `; ${load.exports.failed.join('; ')}` : ''}` },
    { name: 'the filing sign-off step went through', ok: load.signoffs > 0, detail: `${load.signoffs} moves Open → Pending Verification` },
  ];
}

/** Row counts and CHECKSUM TABLE of every table, and the run's tickets, read from each node. */
export async function dataChecks(nodes: GaleraNode[], database: string, load: LoadResult, tag: string): Promise<Check[]> {
  const perNode: { node: string; tableState: Map<string, string>; ticketCounts: Map<string, number>; races: Map<number, string> }[] = [];
  for (const node of nodes) {
    const c = await nodeConnection(node, database);
    try {
      // Reads wait until the node has applied everything the cluster committed before them.
      await c.query('SET SESSION wsrep_sync_wait = 15');
      const [tables] = await c.query("SHOW FULL TABLES WHERE Table_type = 'BASE TABLE'");
      const names = (tables as Record<string, string>[]).map((t) => Object.values(t)[0]).sort();
      const tableState = new Map<string, string>();
      for (const t of names) {
        const [[count]] = (await c.query(`SELECT COUNT(*) AS n FROM \`${t}\``)) as unknown as [[{ n: number }]];
        const [[sum]] = (await c.query(`CHECKSUM TABLE \`${t}\``)) as unknown as [[{ Checksum: string | null }]];
        tableState.set(t, `${count.n} rows, checksum ${sum.Checksum}`);
      }
      const [tickets] = await c.query('SELECT name, COUNT(*) AS n FROM helpdesk WHERE name LIKE ? GROUP BY name', [`${tag}-%`]);
      const ticketCounts = new Map((tickets as { name: string; n: number }[]).map((r) => [r.name, Number(r.n)]));
      const races = new Map<number, string>();
      for (const r of load.races) {
        const [rows] = await c.query('SELECT description FROM helpdesk WHERE id = ?', [r.id]);
        races.set(r.id, String((rows as { description: string }[])[0]?.description));
      }
      perNode.push({ node: node.name, tableState, ticketCounts, races });
    } finally {
      await c.end();
    }
  }
  const checks: Check[] = [];
  const missing: string[] = [];
  const doubled: string[] = [];
  for (const n of perNode) {
    for (const subject of load.acked.keys()) {
      const k = n.ticketCounts.get(subject) ?? 0;
      if (k === 0) missing.push(`${subject} on ${n.node}`);
      if (k > 1) doubled.push(`${subject} ×${k} on ${n.node}`);
    }
    for (const subject of load.unacked) if ((n.ticketCounts.get(subject) ?? 0) > 1) doubled.push(`${subject} (unacknowledged) ×${n.ticketCounts.get(subject)} on ${n.node}`);
  }
  checks.push({ name: 'every acknowledged create present exactly once on every node', ok: missing.length + doubled.length === 0, detail: `${load.acked.size} acknowledged × ${perNode.length} nodes${missing.length ? `; missing: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}` : ''}${doubled.length ? `; more than once: ${doubled.slice(0, 5).join(', ')}` : ''}` });
  const stored = perNode[0] ? [...perNode[0].ticketCounts.keys()].filter((s) => load.unacked.includes(s)).length : 0;
  checks.push({ name: 'creates without a success are stored at most once', ok: !doubled.some((d) => d.includes('unacknowledged')), detail: `${load.unacked.length} without a success, ${stored} of them stored nevertheless` });
  const tableNames = new Set(perNode.flatMap((n) => [...n.tableState.keys()]));
  const differing = [...tableNames].filter((t) => new Set(perNode.map((n) => n.tableState.get(t) ?? 'absent')).size > 1);
  checks.push({
    name: 'per-table row counts and CHECKSUM TABLE equal on all nodes',
    ok: differing.length === 0,
    detail: `${tableNames.size} tables${differing.length ? `; differ: ${differing.map((t) => `${t} (${perNode.map((n) => `${n.node} ${n.tableState.get(t) ?? 'absent'}`).join(' / ')})`).join('; ')}` : ''}`,
  });
  const wrongText = load.races.filter((r) => {
    const winners = r.sides.filter((s) => s.code === 'OK');
    return winners.length === 1 && perNode.some((n) => n.races.get(r.id) !== winners[0].text);
  });
  checks.push({ name: "a race's stored text is its winner's, on every node", ok: wrongText.length === 0, detail: wrongText.length ? `records ${wrongText.map((r) => r.id).join(', ')}` : `${load.races.length} races read back` });
  return checks;
}
