// System.monitor: the figures of the home page (seed 000 §2.7) measured on this engine instead of
// the original's random numbers. `app` is this engine process; `database` is the machine and the
// database (its size), since a database server's own CPU is not readable through SQL portably.
import { Type } from '@sinclair/typebox';
import type { Knex } from 'knex';
import { defineAction } from '../../runtime/registry.js';
import { LOGIN_TYPE, type ActionContext } from '../../runtime/context.js';
import { text } from '../../protocol/envelope.js';
import { addMinutes, sqlDateTime } from '../../db/clock.js';
import { JOB_TABLE, stateName } from '../../jobs/job-table.js';
import { diskUse, hostCpu, hostMemory, processCpu, processMemory } from './host-figures.js';
import { beyondRules } from '../../db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'The system monitor counts users by state and joins session and job owners for the administrator\'s home page figures; it names no entity data',
);

const ACTIVE = 33;
const INACTIVE = 4;
/** Rows of the jobs table on the page. */
const JOB_ROWS = 5;

export const MonitorArgs = Type.Object(
  { server: Type.Optional(Type.Union([Type.Literal('database'), Type.Literal('app')])) },
  { additionalProperties: false },
);

async function userCounts(ctx: ActionContext) {
  const db = ctx.db;
  const byState = (await db('user').select('state').count({ n: '*' }).groupBy('state')) as { state: unknown; n: unknown }[];
  const count = (state?: number) => byState.filter((r) => state === undefined || Number(r.state) === state).reduce((s, r) => s + Number(r.n), 0);
  const now = new Date();
  // Live as engine/identity/session-store.ts reads a session: not expired, not idle, user active.
  const [online] = await db({ s: 'session' })
    .join({ u: 'user' }, 'u.id', 's.user_id')
    .where('s.expires_at', '>', sqlDateTime(now))
    .andWhere('s.last_seen_at', '>', sqlDateTime(addMinutes(now, -ctx.services.config.sessionIdleMinutes)))
    .andWhere('u.state', ACTIVE)
    .countDistinct({ n: 's.user_id' });
  return { total: count(), active: count(ACTIVE), inactive: count(INACTIVE), online: Number(online.n) };
}

/** Bytes the database takes: SQLite's pages, or MariaDB's data and indexes of this schema. */
async function databaseBytes(db: Knex, dialect: string): Promise<number> {
  if (dialect === 'sqlite') {
    const rows = await db.raw('select page_count * page_size as n from pragma_page_count(), pragma_page_size()');
    return Number(rows[0]?.n ?? 0);
  }
  const [rows] = await db.raw('select coalesce(sum(data_length + index_length), 0) as n from information_schema.tables where table_schema = database()');
  return Number(rows[0]?.n ?? 0);
}

/**
 * The latest jobs the caller may see: everyone's for an internal administrator, else their own
 * (a job belongs to its submitter, PROTOCOL.md §6). Type, state and progress only, never args or files.
 */
async function latestJobs(ctx: ActionContext) {
  const caller = ctx.caller!;
  const q = ctx.db({ j: JOB_TABLE })
    .join({ u: 'user' }, 'u.id', 'j.owner_id')
    .orderBy('j.id', 'desc')
    .limit(JOB_ROWS)
    .select('j.id', 'j.type', 'j.state', 'j.progress', 'j.createon', 'j.finishedon', 'u.userid as owner');
  if (caller.loginType !== LOGIN_TYPE.ADMIN) q.where('j.owner_id', caller.userId);
  return (await q).map((r) => ({
    id: Number(r.id),
    type: String(r.type),
    state: stateName(Number(r.state)),
    progress: Number(r.progress),
    owner: String(r.owner),
    createon: String(r.createon),
    finishedon: r.finishedon === null ? null : String(r.finishedon),
  }));
}

export const monitor = defineAction({
  name: 'System.monitor',
  summary:
    'The home page monitors: CPU, memory and disk use in % (app: this engine process; database: the machine, with the database size), user counts and the latest jobs the caller may see',
  args: [MonitorArgs],
  minArgs: 0,
  access: 'session',
  permission: 'System.monitor',
  writes: false,
  answer:
    'value 0: text, JSON {server, at, cpu, memory, disk (0-100), memoryBytes, memoryTotalBytes, diskUsedBytes, diskTotalBytes, databaseBytes (database only), dialect, users: {total, active, inactive, online}, jobs: [{id, type, state, progress, owner, createon, finishedon}]}',
  errors: ['E_BADREQUEST', 'E_NOPERMISSION'],
  async handler([a], ctx) {
    const server = a?.server ?? 'database';
    const { dialect, config } = ctx.services;
    const memory = server === 'app' ? processMemory() : hostMemory();
    const [disk, users, jobs, dbBytes] = await Promise.all([
      diskUse(config.dataDir),
      userCounts(ctx),
      latestJobs(ctx),
      server === 'database' ? databaseBytes(ctx.db as Knex, dialect) : Promise.resolve(undefined),
    ]);
    return [
      text(
        JSON.stringify({
          server,
          at: new Date().toISOString(),
          cpu: server === 'app' ? processCpu() : hostCpu(),
          memory: memory.percent,
          disk: disk.percent,
          memoryBytes: memory.usedBytes,
          memoryTotalBytes: memory.totalBytes,
          diskUsedBytes: disk.usedBytes,
          diskTotalBytes: disk.totalBytes,
          ...(dbBytes === undefined ? {} : { databaseBytes: dbBytes }),
          dialect,
          users,
          jobs,
        }),
      ),
    ];
  },
});
