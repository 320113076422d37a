// Delivery of the outbox to a real SMTP server (smtp-server on loopback): sent once, retried
// with backoff while the server is down, given up after the last attempt, never lost; held by
// one worker at a time however slow the server, and by another once the first lost its lease.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing/test-database.js';
import { connect } from '../db/connect.js';
import { sqlDateTime } from '../db/clock.js';
import { MAIL_LEASE_MS, MailWorker } from './mail-worker.js';
import { queueMail } from './outbox.js';
import { smtpSender, type MailSender } from './smtp-sender.js';
import { SmtpSink } from './testing/smtp-sink.js';

const log = pino({ level: 'silent' });
const MINUTE = 60_000;

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A sender whose first send waits until the test ends it with an error. */
function stalledSender() {
  const subjects: string[] = [];
  let started!: () => void;
  let fail!: (err: Error) => void;
  const ended = new Promise<void>((_resolve, reject) => (fail = reject));
  ended.catch(() => undefined);
  const sender: MailSender = {
    async send(mail) {
      subjects.push(mail.subject);
      started();
      await ended;
    },
    close() {},
  };
  return { sender, subjects, started: new Promise<void>((resolve) => (started = resolve)), fail };
}

describe.each(await testDialects())('the mail worker on %s', (dialect) => {
  let tdb: TestDatabase;
  let sink: SmtpSink;
  let workers: MailWorker[] = [];
  /** The workers' clock when a test fixes it (to move it to a retry); else the real time. */
  let clock: Date | undefined;

  beforeAll(async () => {
    tdb = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await tdb?.destroy();
  });
  beforeEach(async () => {
    await tdb.db('email_outbox').delete();
    clock = undefined;
    sink = await SmtpSink.start();
  });
  afterEach(async () => {
    // A test that failed with the sink holding its answers would leave its workers waiting.
    sink.release();
    await Promise.all(workers.map((w) => w.stop()));
    workers = [];
    await sink.down();
  });

  function worker(opts: { db?: Knex; maxAttempts?: number; batchSize?: number; leaseMs?: number; sender?: MailSender; now?: () => Date } = {}): MailWorker {
    const w = new MailWorker({
      db: opts.db ?? tdb.db,
      dialect,
      log,
      sender: opts.sender ?? smtpSender(sink.url, 'Regulator Portal <no-reply@portal.local>'),
      pollMs: 60 * MINUTE,
      maxAttempts: opts.maxAttempts ?? 10,
      batchSize: opts.batchSize,
      leaseMs: opts.leaseMs,
      now: opts.now ?? (() => clock ?? new Date()),
    });
    workers.push(w);
    return w;
  }

  const rowOf = (id: number) => tdb.db('email_outbox').where({ id }).first();
  const queue = (subject: string, to = 'user@example.test') => queueMail(tdb.db, { to, subject, text: `Text of ${subject}`, html: `<p>HTML of ${subject}</p>` });

  it('delivers a queued mail with its subject and both parts, and marks the row sent', async () => {
    const id = await queueMail(tdb.db, { to: 'officer@example.test', cc: 'copy@example.test', subject: 'Request 42 requires amendment', text: 'Remark: fix row 3 & 4', html: '<p>Remark: fix row 3 &amp; 4</p>' });
    clock = new Date();
    expect(await worker().drain()).toBe(1);
    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received;
    expect(mail.subject).toBe('Request 42 requires amendment');
    expect(mail.text.trim()).toBe('Remark: fix row 3 & 4');
    expect(mail.html.trim()).toBe('<p>Remark: fix row 3 &amp; 4</p>');
    expect(mail.envelopeFrom).toBe('no-reply@portal.local');
    expect(mail.envelopeTo.sort()).toEqual(['copy@example.test', 'officer@example.test']);
    expect(mail.headers.get('from')).toBe('Regulator Portal <no-reply@portal.local>');
    const row = await rowOf(id);
    expect(row).toMatchObject({ state: 'sent', attempts: 1, last_error: null, lease_until: null, senton: sqlDateTime(clock) });
    expect(await worker().drain()).toBe(0);
    expect(sink.received).toHaveLength(1);
  });

  it('keeps a mail pending while the SMTP server is down and delivers it once the server is up and its time has come', async () => {
    const w = worker();
    await sink.down();
    const id = await queue('Outage');
    clock = new Date();
    expect(await w.drain()).toBe(1);
    let row = await rowOf(id);
    expect(row).toMatchObject({ state: 'pending', attempts: 1, senton: null, lease_until: null });
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(row.next_attempt_at).toBe(sqlDateTime(new Date(clock.getTime() + MINUTE)));

    await sink.up();
    clock = new Date(clock.getTime() + 30_000);
    expect(await w.drain()).toBe(0);
    expect(sink.received).toHaveLength(0);

    clock = new Date(clock.getTime() + 30_000);
    expect(await w.drain()).toBe(1);
    expect(sink.received.map((m) => m.subject)).toEqual(['Outage']);
    row = await rowOf(id);
    expect(row).toMatchObject({ state: 'sent', attempts: 2, last_error: null, senton: sqlDateTime(clock) });
  });

  it('doubles the wait after each failure and marks the mail failed, kept, after the last attempt', async () => {
    const w = worker({ maxAttempts: 3 });
    await sink.down();
    const id = await queue('Never arrives');
    clock = new Date();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await w.drain()).toBe(1);
      const row = await rowOf(id);
      expect(row.attempts).toBe(attempt);
      if (attempt < 3) {
        expect(row.state).toBe('pending');
        const next = Date.parse(`${row.next_attempt_at.replace(' ', 'T')}Z`);
        waits.push((next - Math.floor(clock.getTime() / 1000) * 1000) / MINUTE);
        clock = new Date(next);
      }
    }
    expect(waits).toEqual([1, 2]);
    const row = await rowOf(id);
    expect(row).toMatchObject({ state: 'failed', attempts: 3, senton: null });
    expect(row.last_error).toBeTruthy();
    await sink.up();
    clock = new Date(clock.getTime() + 24 * 60 * MINUTE);
    expect(await w.drain()).toBe(0);
    expect(sink.received).toHaveLength(0);
  });

  it('sends again a mail whose sending process died (its lease ran out), but not one still under lease', async () => {
    clock = new Date();
    const base = { recipient: 'user@example.test', body_text: 't', attempts: 1, next_attempt_at: sqlDateTime(clock), createon: sqlDateTime(clock), state: 'sending' };
    const [expired] = await tdb.db('email_outbox').insert({ ...base, subject: 'Lease ran out', lease_until: sqlDateTime(new Date(clock.getTime() - 1000)) });
    const [held] = await tdb.db('email_outbox').insert({ ...base, subject: 'Still leased', lease_until: sqlDateTime(new Date(clock.getTime() + 5 * MINUTE)) });
    expect(await worker().drain()).toBe(1);
    expect(sink.received.map((m) => m.subject)).toEqual(['Lease ran out']);
    expect(await rowOf(Number(expired))).toMatchObject({ state: 'sent', attempts: 2 });
    expect(await rowOf(Number(held))).toMatchObject({ state: 'sending', attempts: 1 });
  });

  // The clock is the workers' (moved by whole seconds: the database keeps seconds); the lease is
  // short so that its renewals, every third of it in real time, come while the test waits.
  it('renews the leases of its batch while the SMTP server is slow to answer, so a second worker polling meanwhile takes none and each mail goes out once', async () => {
    const lease = 2000;
    const ids = [await queue('Slow 1'), await queue('Slow 2')];
    const start = new Date(Math.floor(Date.now() / 1000) * 1000);
    clock = start;
    sink.hold();
    const takenByB: string[] = [];
    const a = worker({ leaseMs: lease });
    const b = worker({ leaseMs: lease, sender: { send: async (m) => void takenByB.push(m.subject), close() {} } });
    const sending = a.drain();
    // The first mail is with the server, unanswered; the second waits in the same batch.
    await sink.waitFor(1, 30_000);
    const leases = async () => (await tdb.db('email_outbox').whereIn('id', ids).select('lease_until')).map((r) => String(r.lease_until));
    for (let s = 1; s <= 4; s++) {
      clock = new Date(start.getTime() + s * 1000);
      expect(await b.drain()).toBe(0);
      const renewed = sqlDateTime(new Date(clock.getTime() + lease));
      // Every ⅔ s of real time they are; ten seconds allow for a loaded machine.
      await until(`the leases are renewed at +${s} s`, async () => (await leases()).every((l) => l >= renewed), 10_000);
    }
    // Two lease periods after the claim the server answers.
    sink.release();
    expect(await sending).toBe(2);
    expect(await b.drain()).toBe(0);
    expect(takenByB).toEqual([]);
    expect(sink.received.map((m) => m.subject)).toEqual(['Slow 1', 'Slow 2']);
    for (const id of ids) expect(await rowOf(id)).toMatchObject({ state: 'sent', attempts: 1, lease_until: null });
  });

  it('drops the outcome of a worker whose lease was taken over, and leaves the rest of its batch to the worker holding it now', async () => {
    const [first, second] = [await queue('Taken over 1'), await queue('Taken over 2')];
    const start = new Date();
    // A's clock stands still (a stalled process, or renewals that could not reach the database):
    // its leases never reach past start + lease, so B, later, finds them run out.
    const stalled = stalledSender();
    const a = worker({ sender: stalled.sender, now: () => start });
    const byA = a.drain();
    await stalled.started;
    clock = new Date(start.getTime() + 2 * MAIL_LEASE_MS);
    sink.hold();
    const byB = worker().drain();
    await sink.waitFor(1, 30_000);
    // A's send fails while B is sending the same mail: A writes no retry over B's claim.
    stalled.fail(new Error('421 try again later'));
    expect(await byA).toBe(1);
    expect(stalled.subjects).toEqual(['Taken over 1']);
    expect(await rowOf(first)).toMatchObject({ state: 'sending', attempts: 2, last_error: null });
    sink.release();
    expect(await byB).toBe(2);
    expect(sink.received.map((m) => m.subject)).toEqual(['Taken over 1', 'Taken over 2']);
    for (const id of [first, second]) expect(await rowOf(id)).toMatchObject({ state: 'sent', attempts: 2, last_error: null, senton: sqlDateTime(clock) });
  });

  it('gives up, without sending, a mail whose every attempt ended with its process', async () => {
    clock = new Date();
    const [id] = await tdb.db('email_outbox').insert({
      recipient: 'user@example.test', subject: 'Crashes its sender', body_text: 't', state: 'sending', attempts: 3,
      next_attempt_at: sqlDateTime(clock), lease_until: sqlDateTime(new Date(clock.getTime() - 1000)), createon: sqlDateTime(clock),
    });
    expect(await worker({ maxAttempts: 3 }).drain()).toBe(1);
    expect(sink.received).toHaveLength(0);
    expect(await rowOf(Number(id))).toMatchObject({ state: 'failed', attempts: 4, last_error: 'Delivery was interrupted too many times', senton: null });
  });

  it('never sends a mail queued in a transaction that rolled back', async () => {
    await tdb.db
      .transaction(async (trx) => {
        await queueMail(trx, { to: 'rolled@example.test', subject: 'Rolled back', text: 'no' });
        throw new Error('action failed');
      })
      .catch(() => undefined);
    await queue('Committed');
    expect(await worker().drain()).toBe(1);
    expect(sink.received.map((m) => m.subject)).toEqual(['Committed']);
  });

  // Two workers interleaving at every await. On SQLite they share one handle: two connections
  // in one process would wait on each other synchronously (two processes are fine, see
  // two-processes.test.ts); the conditional claim is what keeps them apart here.
  it('delivers each of many mails exactly once with two workers side by side', async () => {
    const second = dialect === 'mysql' ? connect({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir }) : tdb.db;
    try {
      const n = 40;
      for (let i = 1; i <= n; i++) await queue(`Mail ${i}`, `user${i}@example.test`);
      const [byA, byB] = await Promise.all([worker({ batchSize: 3 }).drain(), worker({ db: second, batchSize: 3 }).drain()]);
      expect(byA + byB).toBe(n);
      // Both took part, or the test would prove nothing about two workers.
      expect(byA).toBeGreaterThan(0);
      expect(byB).toBeGreaterThan(0);
      const subjects = sink.received.map((m) => m.subject).sort();
      expect(subjects).toEqual(Array.from({ length: n }, (_, i) => `Mail ${i + 1}`).sort());
      const rows = await tdb.db('email_outbox').select('state', 'attempts');
      expect(rows.every((r) => r.state === 'sent' && Number(r.attempts) === 1)).toBe(true);
    } finally {
      if (second !== tdb.db) await second.destroy();
    }
  });
});
