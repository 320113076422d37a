// A CPU profile of the designer opening the large template (portal/testing/large-template.ts):
// one warm load in Chromium through the Chrome DevTools Protocol profiler, summarised as self time
// per function and per script, garbage collection and idle apart. Where to look before cutting;
// the full profile is written to .bench/designer-open.cpuprofile (open it in DevTools).
// Run: CLIENT_DIR=… npx tsx scripts/bench/designer-profile.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { ensureClientBuilt } from '../client-build.js';
import { signIn, startPortal } from '../../client/testing/portal.js';
import { largeTemplateId } from './designer-open.js';

const GRID_CELL = '[data-testid=designer-grid] .ht_master tbody tr:nth-child(3) td:nth-of-type(3)';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const frameKey = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\//, '')}:${n.callFrame.lineNumber + 1}:${n.callFrame.columnNumber + 1}`;

/**
 * Time (ms) per key over a profile's samples: self time (the sampled frame only), or inclusive
 * (every distinct key on the sampled stack: what a function and its callees cost).
 */
function times(profile: Profile, key: (n: ProfileNode) => string, inclusive = false): [string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const keys = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = inclusive ? parent.get(at) : undefined) keys.add(key(byId.get(at)!));
    for (const k of keys) totals.set(k, (totals.get(k) ?? 0) + ms);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

async function main() {
  if (!process.env.CLIENT_DIR) await ensureClientBuilt();
  const portal = await startPortal('sqlite');
  try {
    const id = await largeTemplateId(portal, await portal.t.sessionFor('iru'));
    const { page } = await portal.page();
    await page.setViewport({ width: 1366, height: 768 });
    await signIn(page, portal.url, 'iru');
    const url = `${portal.url}/iru/formviewer/${id}`;
    // A first load fetches the designer's chunks; the profiled one is a warm load as users repeat it.
    await page.goto(url);
    await page.waitForSelector(GRID_CELL, { timeout: 60_000 });
    await page.goto(`${portal.url}/`);
    const cdp = await page.createCDPSession();
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const started = Date.now();
    await page.goto(url);
    await page.waitForSelector(GRID_CELL, { timeout: 60_000 });
    const shown = Date.now() - started;
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    mkdirSync('.bench', { recursive: true });
    writeFileSync('.bench/designer-open.cpuprofile', JSON.stringify(profile));
    const total = profile.timeDeltas.reduce((a, b) => a + b, 0) / 1000;
    console.log(`cells shown after ${shown} ms; profile ${total.toFixed(0)} ms`);
    const fmt = (rows: [string, number][], n: number) => rows.slice(0, n).forEach(([k, ms]) => console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${k}`));
    console.log('Self time by script:');
    fmt(times(profile, (n) => n.callFrame.url.replace(/^.*\//, '') || n.callFrame.functionName), 12);
    console.log('Self time by function:');
    fmt(times(profile, frameKey), 20);
    // Function names are only readable in a build made with --minify false.
    console.log('Inclusive time by function (scripts only):');
    fmt(times(profile, frameKey, true).filter(([k]) => /\.js:/.test(k)), 30);
  } finally {
    await portal.close();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
