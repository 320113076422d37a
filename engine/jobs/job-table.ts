// The `job` table (migration 0009): its states and how a row reads. States are ids of the
// status list (seeds/lists.ts), so a job's state reads like any other record's: seed 001 §4.2
// fixes 71 (done) and 2 (failed); 61 PENDING and 38 INPROGRESS are the waiting and running ones.
import type { Knex } from 'knex';

export const JOB_TABLE = 'job';

export const JOB_STATE = { queued: 61, running: 38, done: 71, failed: 2 } as const;
export type JobState = (typeof JOB_STATE)[keyof typeof JOB_STATE];

const NAMES = new Map<number, string>(Object.entries(JOB_STATE).map(([name, id]) => [id, name]));

/** `queued`, `running`, `done` or `failed`. */
export function stateName(state: number): string {
  return NAMES.get(state) ?? 'unknown';
}

export interface JobRow {
  id: number;
  type: string;
  ownerId: number;
  currentRe: number | null;
  state: number;
  progress: number;
  processed: number;
  total: number | null;
  args: unknown;
  result: string | null;
  file: string | null;
  attempts: number;
  createon: string;
  startedon: string | null;
  finishedon: string | null;
}

const nullableNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const nullableText = (v: unknown) => (v === null || v === undefined ? null : String(v));

function parseArgs(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

export function jobFromRow(r: Record<string, unknown>): JobRow {
  return {
    id: Number(r.id),
    type: String(r.type),
    ownerId: Number(r.owner_id),
    currentRe: nullableNumber(r.current_re),
    state: Number(r.state),
    progress: Number(r.progress),
    processed: Number(r.processed),
    total: nullableNumber(r.total),
    args: parseArgs(r.args),
    result: nullableText(r.result),
    file: nullableText(r.file),
    attempts: Number(r.attempts),
    createon: String(r.createon),
    startedon: nullableText(r.startedon),
    finishedon: nullableText(r.finishedon),
  };
}

export async function readJob(db: Knex | Knex.Transaction, id: number): Promise<JobRow | null> {
  const row = await db(JOB_TABLE).where({ id }).first();
  return row ? jobFromRow(row) : null;
}
