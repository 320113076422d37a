// A job queued by a call is claimed as soon as the call has committed, not at the worker's next
// poll: with a poll of an hour, an export submitted through /process still finishes, on every
// dialect (the user of a quick export waits for the job, not for the clock).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { finished, submitExport } from './testing/export-kit.js';

describe.each(await testDialects())('a queued job on %s', (dialect) => {
  let t: TestEngine;
  let admin: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect, { JOB_CONCURRENCY: '1', JOB_POLL_MS: '3600000' });
    admin = await t.sessionFor('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is run at once by the process that queued it, long before the next poll', async () => {
    // The worker's first pass at start-up has run by now; the next one is an hour away.
    await new Promise((r) => setTimeout(r, 200));
    for (const title of ['first', 'second']) {
      const id = await submitExport(t, admin, { title, module: 'Sector', fields: ['id', 'name'], columnNames: ['Id', 'Name'] });
      const done = await finished(t, admin, id, 60_000);
      expect(done).toMatchObject({ id, state: 71 });
    }
  });
});
