// Two engine processes on one database share the outbox: each mail goes out exactly once.
// The second engine runs in a child process (engine-process.ts), as it would in production.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing/test-database.js';
import { PROJECT_ROOT } from '../metadata/paths.js';
import { MailWorker } from './mail-worker.js';
import { queueMail } from './outbox.js';
import { smtpSender } from './smtp-sender.js';
import { SmtpSink } from './testing/smtp-sink.js';

const tsx = join(PROJECT_ROOT, 'node_modules/.bin/tsx');

/** Starts the child engine and resolves once it says `ready`; `go()` makes it drain. */
function startChild(env: Record<string, string>) {
  const child: ChildProcessWithoutNullStreams = spawn(tsx, [join(PROJECT_ROOT, 'engine/mail/testing/engine-process.ts')], { cwd: PROJECT_ROOT, env: { ...process.env, ...env } });
  let out = '';
  let err = '';
  child.stderr.on('data', (c) => (err += c));
  const lineMatching = (re: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const m = re.exec(out);
        if (m) resolve(m);
      };
      child.stdout.on('data', (c) => {
        out += c;
        check();
      });
      child.on('exit', (code) => reject(new Error(`child engine exited (${code}): ${err.slice(0, 2000)}`)));
      check();
    });
  const ready = lineMatching(/^ready$/m);
  const drained = lineMatching(/^drained (\d+)$/m);
  return {
    ready,
    go: () => child.stdin.write('go\n'),
    drained: drained.then((m) => Number(m[1])),
    kill: () => child.kill(),
  };
}

describe.each(await testDialects())('two engine processes on %s', (dialect) => {
  let tdb: TestDatabase;
  let sink: SmtpSink;
  beforeAll(async () => {
    tdb = await createTestDatabase(dialect);
    // Each message takes a little while, so the two processes overlap for certain.
    sink = await SmtpSink.start(0, 15);
  });
  afterAll(async () => {
    await sink?.down();
    await tdb?.destroy();
  });

  it('deliver each of many mails exactly once between them', async () => {
    const n = 60;
    for (let i = 1; i <= n; i++) await queueMail(tdb.db, { to: `user${i}@example.test`, subject: `Mail ${i}`, text: `Body ${i}` });
    const child = startChild({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.databaseUrl ?? '', SMTP_URL: sink.url, LOG_LEVEL: 'silent' });
    const here = new MailWorker({ db: tdb.db, dialect, log: pino({ level: 'silent' }), sender: smtpSender(sink.url, 'Portal <no-reply@portal.local>'), pollMs: 3_600_000, maxAttempts: 10, batchSize: 3 });
    try {
      await child.ready;
      child.go();
      const [byHere, byChild] = await Promise.all([here.drain(), child.drained]);
      expect(byHere + byChild).toBe(n);
      // Both took part, or the test would prove nothing about two processes.
      expect(byHere).toBeGreaterThan(0);
      expect(byChild).toBeGreaterThan(0);
      expect(sink.received.map((m) => m.subject).sort()).toEqual(Array.from({ length: n }, (_, i) => `Mail ${i + 1}`).sort());
      const rows = await tdb.db('email_outbox').select('state', 'attempts');
      expect(rows.filter((r) => r.state === 'sent' && Number(r.attempts) === 1)).toHaveLength(n);
    } finally {
      await here.stop();
      child.kill();
    }
  });
});
