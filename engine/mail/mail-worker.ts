// The mail worker: delivers due outbox rows, a batch at a time, every MAIL_POLL_MS. Any number
// of engine processes may run one against the same database (claim.ts keeps each mail to one
// of them, under a lease renewed while the worker holds it). Delivery is at least once: a
// process that dies after the SMTP server accepted a mail but before recording it leaves the
// row to be sent again when its lease runs out.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { EngineServices } from '../runtime/context.js';
import type { Dialect } from '../db/connect.js';
import { RENEWALS_PER_LEASE, startHeartbeat } from '../jobs/heartbeat.js';
import { claimDue, type ClaimedMail } from './claim.js';
import { renewLeases } from './lease.js';
import { recordFailure, recordSent } from './outcome.js';
import { smtpSender, type MailSender } from './smtp-sender.js';
import { withPortalLinks } from './unsubscribe-links.js';

/**
 * How long a claim holds unless renewed: the mail of a process that died goes out again this
 * long after its last renewal (and a poll). Renewed every third of it (10 s) while a send is
 * under way, however long the SMTP server takes to answer (smtp-sender.ts allows minutes).
 */
export const MAIL_LEASE_MS = 30_000;

export interface MailWorkerOptions {
  db: Knex;
  dialect: Dialect;
  log: Logger;
  sender: MailSender;
  pollMs: number;
  maxAttempts: number;
  /** Rows claimed at a time (default 5). */
  batchSize?: number;
  /** How long a claim holds unless renewed (default MAIL_LEASE_MS; tests shorten it). */
  leaseMs?: number;
  /** The clock (tests move it forward to reach a retry). */
  now?: () => Date;
}

export class MailWorker {
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopped = false;
  /** Passes run one after another in a process; drain() waits for the one under way. */
  private chain: Promise<unknown> = Promise.resolve();
  private lastLoopError: string | undefined;

  constructor(private readonly opts: MailWorkerOptions) {
    this.batchSize = opts.batchSize ?? 5;
    this.leaseMs = opts.leaseMs ?? MAIL_LEASE_MS;
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
      const batch = await claimDue(this.opts.db, this.opts.dialect, { now: this.now(), leaseMs: this.leaseMs, limit: this.batchSize });
      if (!batch.length) break;
      attempted += await this.deliverBatch(batch);
    }
    return attempted;
  }

  /**
   * Sends a claimed batch one mail after another; answers how many it attempted. Meanwhile a
   * heartbeat renews the leases of the rows not done yet, so however slow the SMTP server, no
   * other worker takes one. Each send starts only once its own lease was renewed: a row taken
   * over while it waited (no renewal reached the database for a whole lease) is left to the
   * worker that holds it now.
   */
  private async deliverBatch(batch: ClaimedMail[]): Promise<number> {
    const { db, log } = this.opts;
    const held = new Map(batch.map((m) => [m.id, m]));
    const renew = async (claims: ClaimedMail[]) => {
      const still = await renewLeases(db, claims, new Date(this.now().getTime() + this.leaseMs));
      for (const c of claims) if (!still.has(c.id)) held.delete(c.id);
      return still;
    };
    const stopHeartbeat = startHeartbeat(
      this.leaseMs / RENEWALS_PER_LEASE,
      async () => (await renew([...held.values()])).size > 0,
      (err) => log.warn({ err }, 'could not renew mail leases'),
    );
    let attempted = 0;
    try {
      for (const mail of batch) {
        if (!held.has(mail.id) || !(await renew([mail])).has(mail.id)) {
          log.warn({ mailId: mail.id }, 'mail lease taken over by another worker; left to it');
          continue;
        }
        await this.deliver(mail);
        held.delete(mail.id);
        attempted++;
      }
    } finally {
      stopHeartbeat();
    }
    return attempted;
  }

  private async deliver(mail: ClaimedMail): Promise<void> {
    const { db, log, sender, maxAttempts } = this.opts;
    // Claimed more often than allowed: its sending kept dying with its process; stop trying.
    if (mail.attempts > maxAttempts) {
      if (await recordFailure(db, mail, 'Delivery was interrupted too many times', this.now(), maxAttempts)) {
        log.error({ mailId: mail.id, attempts: mail.attempts }, 'mail given up after interrupted deliveries');
      }
      return;
    }
    try {
      await sender.send(mail);
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const state = await recordFailure(db, mail, error, this.now(), maxAttempts);
      if (state === null) log.warn({ mailId: mail.id, error }, 'mail delivery failed after its lease was taken over; the outcome of the worker holding it stands');
      else log.warn({ mailId: mail.id, attempts: mail.attempts, state, error }, state === 'failed' ? 'mail delivery failed for good' : 'mail delivery failed; will retry');
      return;
    }
    if (await recordSent(db, mail, this.now())) log.debug({ mailId: mail.id }, 'mail sent');
    else log.warn({ mailId: mail.id }, 'mail sent after its lease was taken over; the worker holding it may send it again');
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
    // Unsubscribe links are queued with a mark for the portal's address (unsubscribe-links.ts).
    sender: withPortalLinks(smtpSender(config.smtpUrl, config.mailFrom), config.publicUrl ?? `http://${config.host}:${config.port}`),
    pollMs: config.mailPollMs,
    maxAttempts: config.mailMaxAttempts,
  });
}
