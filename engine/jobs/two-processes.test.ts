// Two engine processes on one database share the job queue: each job runs exactly once (one
// claim, one worker), and both take part. One worker runs in this process, the other in a
// child process, as two servers behind a load balancer would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { JobWorker } from './job-worker.js';
import { startChildEngine } from './testing/child-engine.js';
import { download, finished, readSheet, selectAll, submitExport } from './testing/export-kit.js';

const JOBS = 10;
const ARGS = { module: 'Form', fields: ['id', 'code', 'name', 'endon'], order: 'code asc' };

describe.each(await testDialects())('two engine processes on %s', (dialect) => {
  let t: TestEngine;
  let admin: string;
  let iru: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect, { JOB_CONCURRENCY: '0', EXPORT_PAGE_ROWS: '10' });
    admin = await t.sessionFor('admin');
    iru = await t.sessionFor('iru');
  });
  afterAll(async () => t?.close());

  it('run each of many export jobs exactly once between them', async () => {
    // Two users: one may have only five exports waiting at a time.
    const owners = Array.from({ length: JOBS }, (_, i) => (i % 2 ? iru : admin));
    const ids: number[] = [];
    for (const owner of owners) ids.push(await submitExport(t, owner, ARGS));
    const child = startChildEngine({ DATA_DIR: t.database.dataDir, DATABASE_URL: t.database.databaseUrl ?? '', JOB_CONCURRENCY: '1', JOB_POLL_MS: '50', EXPORT_PAGE_ROWS: '10' });
    const here = new JobWorker({ services: t.engine.services, concurrency: 1, pollMs: 50, leaseMs: 60_000, maxAttempts: 3, keepHours: 24 });
    try {
      const { workerId: there } = await child.ready;
      here.start();
      for (const [i, id] of ids.entries()) expect(await finished(t, owners[i], id, 120_000)).toMatchObject({ state: 71 });
      const rows = await t.database.db('job').whereIn('id', ids).select('id', 'attempts', 'claimed_by');
      // One claim each: a second run of a job, side by side or after, would have claimed it again.
      expect(rows.map((r) => Number(r.attempts))).toEqual(ids.map(() => 1));
      const byWorker = new Map<string, number>();
      for (const r of rows) byWorker.set(r.claimed_by, (byWorker.get(r.claimed_by) ?? 0) + 1);
      // Both took part, or the test would prove nothing about two processes.
      expect([...byWorker.keys()].sort()).toEqual([here.id, there].sort());
      for (const i of [0, JOBS - 1]) {
        // Each owner's export holds the rows that owner may read (the regulator's row rules apply).
        const expected = await selectAll(t, owners[i], ARGS);
        const sheet = await readSheet((await download(t, `/out/${ids[i]}.xlsx`, owners[i])).rawPayload, expected.columns);
        expect(sheet.rows).toEqual(expected.rows);
      }
    } finally {
      await here.stop();
      await child.stop().catch(() => child.kill());
    }
  }, 180_000);
});
