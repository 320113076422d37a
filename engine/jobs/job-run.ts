// What a job handler is given and answers. The worker (job-worker.ts) owns the claim, the lease
// and the outcome; a handler only does the work, says how far it got, and stops when told.
import type { EngineServices } from '../runtime/context.js';
import type { ClaimedJob } from './claim.js';
import type { Progress } from './job-outcome.js';

export interface JobRun {
  job: ClaimedJob;
  services: EngineServices;
  /** Aborted when the process stops or the claim was lost: stop at the next safe point. */
  signal: AbortSignal;
  /** Cheap: kept in memory, written to the row with the next lease renewal. */
  report(progress: Progress): void;
}

export interface JobResult {
  /** What the status answers for a done job (the download URL of an export). */
  result: string;
  /** The file written under JOBS_DIR, if any. */
  file: string | null;
  processed: number;
}

export type JobHandler = (run: JobRun) => Promise<JobResult>;
