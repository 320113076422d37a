// The mail worker: delivers due outbox rows, a batch at a time, every MAIL_POLL_MS. Any number
// of engine processes may run one against the same database (claim.ts keeps each mail to one
// of them). Delivery is at least once: a process that dies after the SMTP server accepted a
// mail but before recording it leaves the row to be sent again when its lease runs out.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { EngineServices } from '../actions/context.js';
import type { Dialect } from '../db/connect.js';
import { claimDue, type ClaimedMail } from './claim.js';
import { recordFailure, recordSent } from './outcome.js';
import { SEND_BUDGET_MS, smtpSender, type MailSender } from './smtp-sender.js';

export interface MailWorkerOptions {
  db: Knex;
  dialect: Dialect;
  log: Logger;
  sender: MailSender;
  pollMs: number;
  maxAttempts: number;
  /** Rows claimed at a time (default 5). */
  batchSize?: number;
  /** The clock (tests move it forward to reach a retry). */
  now?: () => Date;
}

export class MailWorker {
  private readonly batchSize: number;
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopped = false;
  /** Passes run one after another in a process; drain() waits for the one under way. */
  private chain: Promise<unknown> = Promise.resolve();
  private lastLoopError: string | undefined;

  constructor(private readonly opts: MailWorkerOptions) {
    this.batchSize = opts.batchSize ?? 5;
    this.now = opts.now ?? (() => new Date());
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling, lets the batch under way finish, closes the SMTP transport. */
  async stop(): Promise<void> {
    this.running = false;
    this.stopped = true;
    clearTimeout(this.timer);
    await this.chain.catch(() => undefined);
    this.opts.sender.close();
  }

  /** Delivers everything due now; answers how many rows it attempted. */
  drain(): Promise<number> {
    const pass = this.chain.catch(() => undefined).then(() => this.deliverDue());
    this.chain = pass;
    return pass;
  }

  private schedule(ms: number) {
    this.timer = setTimeout(() => void this.tick(), ms);
    // The worker alone never keeps a process alive (scripts, tests).
    this.timer.unref();
  }

  private async tick() {
    try {
      await this.drain();
      this.lastLoopError = undefined;
    } catch (err) {
      // A database outage would repeat every poll: say it once until it changes.
      const message = err instanceof Error ? err.message : String(err);
      if (message !== this.lastLoopError) this.opts.log.error({ err }, 'mail worker pass failed; retrying');
      this.lastLoopError = message;
    } finally {
      if (this.running) this.schedule(this.opts.pollMs);
    }
  }

  private async deliverDue(): Promise<number> {
    let attempted = 0;
    // A batch at a time, claimed anew each round; after stop() no further batch is claimed.
    while (!this.stopped) {
      const batch = await claimDue(this.opts.db, this.opts.dialect, { now: this.now(), leaseMs: this.batchSize * SEND_BUDGET_MS, limit: this.batchSize });
      if (!batch.length) break;
      for (const mail of batch) await this.deliver(mail);
      attempted += batch.length;
    }
    return attempted;
  }

  private async deliver(mail: ClaimedMail): Promise<void> {
    const { db, log, sender, maxAttempts } = this.opts;
    // Claimed more often than allowed: its sending kept dying with its process; stop trying.
    if (mail.attempts > maxAttempts) {
      await recordFailure(db, mail, 'Delivery was interrupted too many times', this.now(), maxAttempts);
      log.error({ mailId: mail.id, attempts: mail.attempts }, 'mail given up after interrupted deliveries');
      return;
    }
    try {
      await sender.send(mail);
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const state = await recordFailure(db, mail, error, this.now(), maxAttempts);
      log.warn({ mailId: mail.id, attempts: mail.attempts, state, error }, state === 'failed' ? 'mail delivery failed for good' : 'mail delivery failed; will retry');
      return;
    }
    await recordSent(db, mail.id, this.now());
    log.debug({ mailId: mail.id }, 'mail sent');
  }
}

/** The engine's worker when SMTP_URL is set; without it mail stays in the outbox (said once). */
export function mailWorkerFor(services: EngineServices): MailWorker | null {
  const { config, log } = services;
  if (!config.smtpUrl) {
    log.info('SMTP_URL is not set: mail is kept in the outbox and not sent');
    return null;
  }
  return new MailWorker({
    db: services.db,
    dialect: services.dialect,
    log: log.child({ component: 'mail' }),
    sender: smtpSender(config.smtpUrl, config.mailFrom),
    pollMs: config.mailPollMs,
    maxAttempts: config.mailMaxAttempts,
  });
}
