// Jobs survive their engine, on every dialect. Worker engines run as child processes on the
// test's database (as a second server would); this process serves the web side only
// (JOB_CONCURRENCY=0). An engine killed mid-export leaves its job to be finished by another
// once the lease runs out; an engine that stops cleanly hands its job back to the queue at once.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateReRows } from '../../scripts/bench/generate-rows.js';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { startChildEngine, type ChildEngine } from './testing/child-engine.js';
import { download, finished, readSheet, selectAll, statusOf, submitExport } from './testing/export-kit.js';

const ARGS = { title: 'Entities', module: 'RE', fields: ['id', 'name', 'companyno', 'dateincorporated', 'authorizedcapital'], order: 'name asc' };

async function until(what: string, check: () => Promise<boolean>, seen: () => Promise<unknown>, timeoutMs = 120_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}; last seen ${JSON.stringify(await seen())}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each(await testDialects())('jobs across engine restarts on %s', (dialect) => {
  let t: TestEngine;
  let admin: string;
  let env: Record<string, string>;
  const children: ChildEngine[] = [];

  beforeAll(async () => {
    t = await startTestEngine(dialect, { JOB_CONCURRENCY: '0' });
    // Enough rows, in small pages, that an export takes seconds: long enough to be caught half-way.
    await generateReRows(t.database.db, dialect === 'mysql' ? 12_000 : 25_000);
    admin = await t.sessionFor('admin');
    const pageRows = dialect === 'mysql' ? '40' : '10';
    env = { DATA_DIR: t.database.dataDir, DATABASE_URL: t.database.databaseUrl ?? '', JOB_CONCURRENCY: '1', JOB_POLL_MS: '100', JOB_LEASE_SECONDS: '2', EXPORT_PAGE_ROWS: pageRows };
  });
  afterAll(async () => {
    for (const c of children) await c.kill();
    await t?.close();
  });

  function child(): ChildEngine {
    const c = startChildEngine(env);
    children.push(c);
    return c;
  }

  const jobRow = (id: number) => t.database.db('job').where({ id }).first();
  const partFile = (id: number, token: string) => join(t.config.jobsDir, `${id}-${token}.xlsx.part`);
  /** Running, with its sheet begun: rows in the file, or rows counted in the row (whichever shows first: the file is compressed in chunks, the row's progress lags up to a second behind). */
  const halfway = (id: number) => async () => {
    const j = await jobRow(id);
    if (Number(j.state) !== 38) return false;
    const part = partFile(id, j.claim_token);
    return existsSync(part) && (statSync(part).size > 0 || Number(j.processed) > 0);
  };

  async function expectComplete(id: number) {
    const status = await finished(t, admin, id, 120_000);
    expect(status).toMatchObject({ state: 71, progress: 100 });
    const { title: _title, ...select } = ARGS;
    const expected = await selectAll(t, admin, select);
    expect(status.processed).toBe(expected.rows.length);
    const sheet = await readSheet((await download(t, `/out/${id}.xlsx`, admin)).rawPayload, expected.columns, { authorizedcapital: 2 });
    expect(sheet.rows).toEqual(expected.rows);
  }

  it('finishes a job whose engine was killed mid-way on another engine, once the lease has run out', async () => {
    const id = await submitExport(t, admin, ARGS);
    const first = child();
    const { workerId: firstWorker } = await first.ready;
    await until('the first engine is half-way', halfway(id), () => jobRow(id));
    expect((await jobRow(id)).claimed_by).toBe(firstWorker);
    await first.kill();
    // Dead half-way through its sheet; its lease says it is running until it runs out.
    const dead = await jobRow(id);
    expect(dead).toMatchObject({ state: 38, claimed_by: firstWorker });
    expect(existsSync(partFile(id, dead.claim_token))).toBe(true);
    expect(await statusOf(t, admin, id)).toMatchObject({ state: 38, status: 'running' });

    const second = child();
    const { workerId: secondWorker } = await second.ready;
    await expectComplete(id);
    expect(await jobRow(id)).toMatchObject({ claimed_by: secondWorker, attempts: 2 });
    await second.stop();
  }, 300_000);

  it('puts the job of an engine that stops mid-way back in the queue, and the next engine runs it at once', async () => {
    const id = await submitExport(t, admin, ARGS);
    const first = child();
    await first.ready;
    await until('the first engine is half-way', halfway(id), () => jobRow(id));
    const { claim_token: token } = await jobRow(id);
    await first.stop();
    // Its sheet is dropped, and the job is as it was before anyone started it.
    expect(existsSync(partFile(id, token))).toBe(false);
    expect(await jobRow(id)).toMatchObject({ state: 61, processed: 0, progress: 0, attempts: 0, claim_token: null, lease_until: null });

    const second = child();
    const { workerId } = await second.ready;
    await expectComplete(id);
    expect(await jobRow(id)).toMatchObject({ claimed_by: workerId, attempts: 1 });
    await second.stop();
  }, 300_000);
});
