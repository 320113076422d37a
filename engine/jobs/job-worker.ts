// The job worker: one per engine process, running up to JOB_CONCURRENCY jobs at a time. It
// claims due jobs (claim.ts) every JOB_POLL_MS and whenever a run ends, renews each run's lease
// while it works (writing its progress with it), and records the outcome. A run whose lease was
// taken over stops at its next page and writes nothing; a process that stops releases its jobs
// to the queue; one that dies leaves them to be claimed again when their leases run out.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { EngineServices } from '../runtime/context.js';
import { isAppError } from '../errors/catalogue.js';
import { claimJob, type ClaimedJob } from './claim.js';
import { RENEWALS_PER_LEASE, startHeartbeat } from './heartbeat.js';
import { completeJob, failJob, releaseJob, renewLease, type Progress } from './job-outcome.js';
import { jobFileKey, jobFileStore, sweepJobFiles } from './job-files.js';
import type { JobHandler } from './job-run.js';
import { jobTypesOf } from './job-types.js';

export interface JobWorkerOptions {
  services: EngineServices;
  concurrency: number;
  pollMs: number;
  leaseMs: number;
  maxAttempts: number;
  keepHours: number;
  handlers?: Readonly<Record<string, JobHandler>>;
}

/** Why a run was cut short. */
class Stopped extends Error {
  constructor(readonly why: 'stop' | 'lost') {
    super(why === 'stop' ? 'The engine is stopping' : 'The job was taken over by another worker');
  }
}

interface ActiveRun {
  controller: AbortController;
  done: Promise<void>;
}

const SWEEP_EVERY_MS = 10 * 60_000;

export class JobWorker {
  /** Written to the rows this worker claims (`claimed_by`). */
  readonly id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly log: Logger;
  private readonly handlers: Readonly<Record<string, JobHandler>>;
  private readonly active = new Map<number, ActiveRun>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopped = false;
  /** Claims run one after another in a process, so free slots are never over-filled. */
  private claims: Promise<number> = Promise.resolve(0);
  private lastSweep = 0;
  /** The poll under way (its file sweep included), which stop() waits for. */
  private ticking: Promise<void> = Promise.resolve();
  private lastLoopError: string | undefined;

  constructor(private readonly opts: JobWorkerOptions) {
    this.log = opts.services.log.child({ component: 'jobs' });
    this.handlers = opts.handlers ?? Object.fromEntries(Object.entries(jobTypesOf(opts.services.modules.app)).map(([type, t]) => [type, t.run]));
  }

  start(): void {
    if (this.running || this.opts.concurrency < 1) return;
    this.running = true;
    this.stopped = false;
    this.schedule(0);
  }

  /** Looks for due jobs now rather than at the next poll (a call of this process has just queued one). */
  wake(): void {
    if (this.running) this.schedule(0);
  }

  /** Stops claiming, stops the runs under way and puts their jobs back in the queue. */
  async stop(): Promise<void> {
    this.running = false;
    this.stopped = true;
    clearTimeout(this.timer);
    // A claim under way ends first (no further one starts), so its run is stopped with the rest.
    await this.claims.catch(() => undefined);
    for (const run of this.active.values()) run.controller.abort(new Stopped('stop'));
    await Promise.all([...this.active.values()].map((r) => r.done));
    await this.ticking;
  }

  /** Runs due jobs until none is due and none of this worker's is running; answers how many it started. */
  async drain(): Promise<number> {
    let started = 0;
    for (;;) {
      started += await this.fill();
      if (!this.active.size) return started;
      await Promise.race([...this.active.values()].map((r) => r.done));
    }
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    // The worker alone never keeps a process alive (scripts, tests).
    this.timer.unref();
  }

  private tick(): Promise<void> {
    this.ticking = this.pass();
    return this.ticking;
  }

  private async pass() {
    try {
      await this.fill();
      await this.sweepNow();
      this.lastLoopError = undefined;
    } catch (err) {
      // A database outage would repeat every poll: say it once until it changes.
      const message = err instanceof Error ? err.message : String(err);
      if (message !== this.lastLoopError) this.log.error({ err }, 'job worker pass failed; retrying');
      this.lastLoopError = message;
    } finally {
      if (this.running) this.schedule(this.opts.pollMs);
    }
  }

  private fill(): Promise<number> {
    const next = this.claims.catch(() => 0).then(() => this.claimFreeSlots());
    this.claims = next;
    return next;
  }

  private async claimFreeSlots(): Promise<number> {
    let started = 0;
    const { services, leaseMs } = this.opts;
    while (!this.stopped && this.active.size < this.opts.concurrency) {
      const job = await claimJob(services.db, services.dialect, { now: new Date(), leaseMs, worker: this.id });
      if (!job) break;
      this.launch(job);
      started++;
    }
    return started;
  }

  private launch(job: ClaimedJob) {
    const controller = new AbortController();
    const done = this.execute(job, controller).finally(() => {
      this.active.delete(job.id);
      // A slot is free: look for the next job now rather than at the next poll.
      if (this.running) this.schedule(0);
    });
    this.active.set(job.id, { controller, done });
  }

  private async sweepNow() {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await sweepJobFiles(this.opts.services.db, this.opts.services.config, this.opts.keepHours, new Date(now), this.log);
  }

  /** Renews the lease every third of it (at least every second, which is how often progress shows). */
  private heartbeat(job: ClaimedJob, controller: AbortController, progress: () => Progress): () => void {
    const { services, leaseMs } = this.opts;
    return startHeartbeat(
      Math.min(1000, leaseMs / RENEWALS_PER_LEASE),
      async () => {
        if (controller.signal.aborted) return false;
        const held = await renewLease(services.db, job.id, job.claimToken, new Date(Date.now() + leaseMs), progress());
        if (!held) controller.abort(new Stopped('lost'));
        return held;
      },
      (err) => this.log.warn({ err, jobId: job.id }, 'could not renew a job lease'),
    );
  }

  private async execute(job: ClaimedJob, controller: AbortController): Promise<void> {
    const { services, maxAttempts } = this.opts;
    const { db } = services;
    const log = this.log.child({ jobId: job.id, type: job.type, attempt: job.attempts });
    let progress: Progress = { processed: 0, total: null };
    const stopHeartbeat = this.heartbeat(job, controller, () => progress);
    try {
      // Claimed more often than allowed: its runs kept dying with their process; stop trying.
      if (job.attempts > maxAttempts) {
        await failJob(db, job.id, job.claimToken, 'The job was interrupted too many times', new Date());
        log.error('job given up after interrupted runs');
        return;
      }
      const handler = Object.hasOwn(this.handlers, job.type) ? this.handlers[job.type] : undefined;
      if (!handler) {
        await failJob(db, job.id, job.claimToken, `Unknown job type ${job.type}`, new Date());
        return;
      }
      log.info('job started');
      const result = await handler({ job, services, signal: controller.signal, report: (p) => (progress = p) });
      stopHeartbeat();
      if (await completeJob(db, job.id, job.claimToken, result, new Date())) {
        log.info({ processed: result.processed }, 'job done');
      } else {
        // Taken over meanwhile: the other run's outcome stands, and its file is the one served.
        const key = result.file ? jobFileKey(result.file) : undefined;
        if (key) await jobFileStore(services).delete(key);
        log.warn('job finished after its lease was taken over; its outcome was dropped');
      }
    } catch (e) {
      stopHeartbeat();
      const reason: unknown = controller.signal.reason;
      if (controller.signal.aborted && reason instanceof Stopped) {
        if (reason.why === 'stop') await releaseJob(db, job.id, job.claimToken, new Date()).catch((err) => log.warn({ err }, 'could not release a job'));
        log.info(reason.message);
        return;
      }
      const message = isAppError(e) ? e.message : `Unknown error (job ${job.id})`;
      if (!isAppError(e)) log.error({ err: e }, 'job failed');
      else log.info({ message }, 'job failed');
      await failJob(db, job.id, job.claimToken, message, new Date()).catch((err) => log.error({ err }, 'could not record a job failure'));
    } finally {
      stopHeartbeat();
    }
  }
}

/** The engine's worker; JOB_CONCURRENCY=0 makes a process that serves requests only. */
export function jobWorkerFor(services: EngineServices): JobWorker {
  const { config } = services;
  return new JobWorker({
    services,
    concurrency: config.jobConcurrency,
    pollMs: config.jobPollMs,
    leaseMs: config.jobLeaseSeconds * 1000,
    maxAttempts: config.jobMaxAttempts,
    keepHours: config.jobKeepHours,
  });
}
