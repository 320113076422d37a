// npm run bench:client — the client's budget, measured in Chromium against the built client
// served by a real engine on the embedded database: the gzip size of the JavaScript the
// sign-in route loads (budget 250 KB: heavy libraries must load lazily), and the time from
// navigation to the rows of a generated list being shown (budget 1 s). A measurement, not a
// test: a missed budget is printed, the exit code stays 0.
//
// Env: BENCH_CLIENT_RUNS=7 (list loads measured; the median and worst are printed)
import { mkdirSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Page } from 'puppeteer-core';
import { ensureClientBuilt } from './client-build.js';
import { startPortal, signIn } from '../client/testing/portal.js';

const BUDGET = { signInJsGzipKb: 250, listRowsMs: 1000 };
/** A data row of the generic list's grid (client/src/list). */
const ROW_SELECTOR = '[data-list-grid] [role=row][data-row-id]';
const LIST_PATH = '/iru/reportingentity';
const runs = Number(process.env.BENCH_CLIENT_RUNS ?? 7);

/** Every script the page loads while `load` runs, with its size raw and gzipped. */
async function scriptsLoaded(page: Page, load: () => Promise<unknown>): Promise<{ url: string; bytes: number; gzip: number }[]> {
  const seen: Promise<{ url: string; bytes: number; gzip: number } | null>[] = [];
  const onResponse = (res: import('puppeteer-core').HTTPResponse) => {
    if (res.request().resourceType() !== 'script') return;
    seen.push(
      res.buffer().then(
        (body) => ({ url: new URL(res.url()).pathname, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length }),
        () => null,
      ),
    );
  };
  page.on('response', onResponse);
  await load();
  page.off('response', onResponse);
  return (await Promise.all(seen)).filter((s): s is { url: string; bytes: number; gzip: number } => s !== null);
}

async function main() {
  await ensureClientBuilt();
  const portal = await startPortal('sqlite');
  try {
    // Sign-in route: a fresh context, no cache.
    const { page: first } = await portal.page();
    const scripts = await scriptsLoaded(first, async () => {
      await first.goto(`${portal.url}/`, { waitUntil: 'networkidle0' });
      await first.waitForSelector('input[name=userid]');
    });
    const signInGzip = scripts.reduce((n, s) => n + s.gzip, 0) / 1024;

    // A generated list: signed in, then full page loads of the list route (cache warm, as a
    // user who has opened the portal before; the first, cold load is reported too).
    const { page } = await portal.page();
    await signIn(page, portal.url, 'iru');
    const times: number[] = [];
    for (let i = 0; i < runs + 1; i++) {
      const started = Date.now();
      await page.goto(`${portal.url}${LIST_PATH}`);
      await page.waitForSelector(ROW_SELECTOR, { timeout: 10_000 });
      times.push(Date.now() - started);
    }
    const [cold, ...warm] = times;
    warm.sort((a, b) => a - b);
    const median = warm[Math.floor(warm.length / 2)];
    const worst = warm[warm.length - 1];

    console.log('\nClient budget (Chromium, built client served by the engine, embedded SQLite)\n');
    console.log('sign-in route scripts:');
    for (const s of scripts) console.log(`  ${s.url.padEnd(48)} ${(s.bytes / 1024).toFixed(1).padStart(8)} KB  gzip ${(s.gzip / 1024).toFixed(1).padStart(7)} KB`);
    const jsVerdict = signInGzip <= BUDGET.signInJsGzipKb ? 'PASS' : 'FAIL';
    const listVerdict = worst <= BUDGET.listRowsMs ? 'PASS' : 'FAIL';
    console.log(`  total gzip ${signInGzip.toFixed(1)} KB (budget ${BUDGET.signInJsGzipKb} KB)  ${jsVerdict}`);
    console.log(`\nnavigation to rows shown, ${LIST_PATH}: first load ${cold} ms; then ${runs} loads median ${median} ms, worst ${worst} ms (budget ${BUDGET.listRowsMs} ms)  ${listVerdict}`);
    mkdirSync('.bench', { recursive: true });
    writeFileSync('.bench/client.json', JSON.stringify({ at: new Date().toISOString(), budget: BUDGET, signInJsGzipKb: Number(signInGzip.toFixed(1)), scripts, listRowsMs: { cold, median, worst, runs } }, null, 2) + '\n');
    console.log('\nWritten to .bench/client.json');
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
