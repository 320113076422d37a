// The benchmark's verdict and its table. Targets from the issue: the engine keeps at least
// 0.7 of the floor's throughput, with p99 under 25 ms at 20 connections on 2 cores.
import type { Dialect } from '../../engine/db/connect.js';
import type { LoadResult } from './load.js';
import type { StageTiming } from './stages.js';
import type { ListCaseResult } from './list-cases.js';
import type { RuleRatioResult } from './rule-ratio.js';

export const TARGET = { ratio: 0.7, p99Ms: 25 };

export interface DialectResult {
  dialect: Dialect;
  generateMs: number;
  /** Rows matching the filter (the count query's answer). */
  total: number;
  engine: LoadResult;
  floor: LoadResult;
  /** The rows statement alone, without the total. */
  rowsFloor: LoadResult;
  ratio: number;
  rowsRatio: number;
  pass: boolean;
  stages?: Record<string, StageTiming>;
  /** The list traffic cases (list-cases.ts) and the machine's load average before → after. */
  lists?: { load: string; results: ListCaseResult[] };
  /** The list cases with and without a row rule (rule-ratio.ts). */
  rule?: RuleRatioResult[];
}

function verdict(r: DialectResult): string {
  const missed = [
    r.ratio < TARGET.ratio ? `ratio < ${TARGET.ratio}` : '',
    r.engine.p99 >= TARGET.p99Ms ? `p99 >= ${TARGET.p99Ms} ms` : '',
  ].filter(Boolean);
  return missed.length ? `FAIL (${missed.join(', ')})` : 'PASS';
}

const faults = (l: LoadResult) => (l.errors || l.timeouts || l.non2xx ? `  ! ${l.errors} errors, ${l.timeouts} timeouts, ${l.non2xx} non-2xx` : '');

export function printTable(results: DialectResult[]): void {
  const head = ['dialect', 'target', 'req/s', 'p50 ms', 'p99 ms', 'engine/floor', 'verdict'];
  const lines: string[][] = [];
  for (const r of results) {
    lines.push([r.dialect, 'floor', r.floor.rps.toFixed(0), String(r.floor.p50), String(r.floor.p99), '', faults(r.floor)]);
    lines.push([r.dialect, 'floor, rows only', r.rowsFloor.rps.toFixed(0), String(r.rowsFloor.p50), String(r.rowsFloor.p99), '', faults(r.rowsFloor)]);
    lines.push([r.dialect, 'engine', r.engine.rps.toFixed(0), String(r.engine.p50), String(r.engine.p99), `${r.ratio.toFixed(2)} (${r.rowsRatio.toFixed(2)} of rows only)`, verdict(r) + faults(r.engine)]);
  }
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (l: string[]) => l.map((c, i) => (i >= 2 && i <= 5 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
  console.log(`\nRecord.select, 20-row page of RE; target: engine/floor >= ${TARGET.ratio} and engine p99 < ${TARGET.p99Ms} ms\n`);
  console.log(fmt(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(fmt(l));
  for (const r of results) {
    if (!r.stages) continue;
    console.log(`\n[${r.dialect}] stages, one call at a time (mean / p99 ms):`);
    for (const [name, t] of Object.entries(r.stages)) console.log(`  ${name.padEnd(44)} ${t.meanMs.toFixed(3).padStart(8)} / ${t.p99Ms.toFixed(3)}`);
  }
}

/** The list traffic cases: each against its rows-only floor measured in the same run. */
/** PASS, or what missed: the ratio, the p99 (noting when the floor's own p99 is over the aim too). */
function listVerdict(c: ListCaseResult): string {
  const missed = [c.ratio >= TARGET.ratio ? '' : 'ratio', c.engine.p99 < TARGET.p99Ms ? '' : c.floor.p99 >= TARGET.p99Ms ? "p99 (floor's too)" : 'p99'].filter(Boolean);
  return missed.length ? `MISS ${missed.join(', ')}` : 'PASS';
}

export function printListCases(results: DialectResult[]): void {
  for (const r of results) {
    if (!r.lists) continue;
    console.log(`\n[${r.dialect}] list traffic, 100,000 help desk rows (list 201's columns), ${r.lists.results.length} cases; load average ${r.lists.load}`);
    const rounds = r.lists.results[0]?.rounds ?? 1;
    console.log(`target: engine / rows-only floor >= ${TARGET.ratio}, engine p99 < ${TARGET.p99Ms} ms; each side's median of ${rounds} alternating round${rounds === 1 ? '' : 's'}\n`);
    // CPU ratio: the floor's CPU per request over the engine's, what the req/s ratio is on a machine with the cores to itself.
    const head = ['case', 'floor req/s', 'engine req/s', 'ratio', 'floor p99', 'engine p99', 'CPU ms/req floor', 'engine', 'CPU ratio', 'verdict'];
    const lines = r.lists.results.map((c) => [
      c.name, c.floor.rps.toFixed(0), c.engine.rps.toFixed(0), c.ratio.toFixed(2), String(c.floor.p99), String(c.engine.p99), c.floor.cpuMsPerReq.toFixed(2), c.engine.cpuMsPerReq.toFixed(2),
      c.engine.cpuMsPerReq > 0 ? (c.floor.cpuMsPerReq / c.engine.cpuMsPerReq).toFixed(2) : '-',
      listVerdict(c) + faults(c.engine) + faults(c.floor),
    ]);
    const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
    const fmt = (l: string[]) => l.map((c, i) => (i > 0 && i < 9 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
    console.log(fmt(head));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const l of lines) console.log(fmt(l));
  }
}
