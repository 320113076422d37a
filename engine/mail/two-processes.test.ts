// Two engine processes on one database share the outbox: each mail goes out exactly once, and
// the mail of one that dies mid-send goes out from the other within a minute of its claim.
// The second engine runs in a child process (engine-process.ts), as it would in production.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing/test-database.js';
import { PROJECT_ROOT } from '../paths.js';
import { sqlDateTime } from '../db/clock.js';
import { MailWorker } from './mail-worker.js';
import { queueMail } from './outbox.js';
import { smtpSender } from './smtp-sender.js';
import { SmtpSink } from './testing/smtp-sink.js';

/** Starts the child engine and resolves once it says `ready`; `go()` makes it drain. */
function startChild(env: Record<string, string>) {
  // Node itself with tsx's loader, not the tsx command: that one runs the program in a second
  // process, which a SIGKILL of the first would leave running.
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'engine/mail/testing/engine-process.ts')], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env },
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (c) => (err += c));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
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
  const drained = lineMatching(/^drained (\d+)$/m).then((m) => Number(m[1]));
  // A child killed before it said these must not leave an unhandled rejection behind.
  ready.catch(() => undefined);
  drained.catch(() => undefined);
  return {
    ready,
    go: () => child.stdin.write('go\n'),
    drained,
    /** SIGKILL: the process dies at once, as in a crash. */
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
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
      await child.kill();
    }
  });

  it('send the mail of a process killed mid-send from the other one, within a minute of its claim', async () => {
    const subject = 'Claimed by a process that died';
    const id = await queueMail(tdb.db, { to: 'crash@example.test', subject, text: 'Body' });
    // The dying process's send waits for an answer it never gets.
    const smtp = await SmtpSink.start();
    smtp.hold();
    const child = startChild({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.databaseUrl ?? '', SMTP_URL: smtp.url, LOG_LEVEL: 'silent' });
    let clock = new Date();
    const here = new MailWorker({ db: tdb.db, dialect, log: pino({ level: 'silent' }), sender: smtpSender(smtp.url, 'Portal <no-reply@portal.local>'), pollMs: 3_600_000, maxAttempts: 10, now: () => clock });
    try {
      await child.ready;
      const claimedFrom = new Date();
      child.go();
      await smtp.waitFor(1, 30_000);
      await child.kill();
      smtp.release();
      // Its lease, the engine's own (no setting shortens it here), still holds the row 20 s on.
      expect(await tdb.db('email_outbox').where({ id }).first()).toMatchObject({ state: 'sending', attempts: 1 });
      clock = new Date(claimedFrom.getTime() + 20_000);
      expect(await here.drain()).toBe(0);
      // A minute after the claim at the latest, the lease has run out and this process sends it.
      clock = new Date(claimedFrom.getTime() + 60_000);
      expect(await here.drain()).toBe(1);
      // Twice in all: the dead process's copy was never acknowledged (delivery is at least once).
      expect(smtp.received.map((m) => m.subject)).toEqual([subject, subject]);
      expect(await tdb.db('email_outbox').where({ id }).first()).toMatchObject({ state: 'sent', attempts: 2, senton: sqlDateTime(clock) });
    } finally {
      await here.stop();
      await child.kill();
      await smtp.down();
    }
  });
});
