// Background jobs (Excel list exports, later form exports and imports): a row per job, claimed
// by the job worker of any engine process under a lease, so jobs survive a restart and several
// processes share the work without running one twice. States are list ids (seeds/lists.ts):
// 61 pending (queued), 38 in progress (running), 71 completed (done), 2 failed.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

async function up(knex: Knex) {
  await knex.schema.createTable('job', (t) => {
    t.increments('id');
    t.string('type', 50).notNullable();
    // Unsigned to match user.id (an increments column), which MySQL insists on for a foreign key.
    t.integer('owner_id').unsigned().notNullable().index().references('id').inTable('user').onDelete('CASCADE');
    // The submitter's current entity at submit time: the job runs for that entity, as the list did.
    t.integer('current_re').nullable();
    t.integer('state').notNullable().defaultTo(61);
    t.integer('progress').notNullable().defaultTo(0);
    // Items done so far and in all (rows written / rows matching, for exports).
    t.integer('processed').notNullable().defaultTo(0);
    t.integer('total').nullable();
    // mediumtext on MySQL: a long where list or column list can outgrow 64 KB.
    t.text('args', 'mediumtext').notNullable();
    // A done job's download URL, or a failed job's message (safe to show to the user).
    t.string('result', 1000).nullable();
    // The output file under JOBS_DIR (named by id and claim), until it expires.
    t.string('file', 255).nullable();
    t.integer('attempts').notNullable().defaultTo(0);
    // Which worker holds the job (host:pid:random), and the claim it holds it by: every write
    // of a running job names its claim, so a worker whose lease ran out changes nothing.
    t.string('claimed_by', 100).nullable();
    t.string('claim_token', 32).nullable();
    t.datetime('available_at').notNullable();
    t.datetime('lease_until').nullable();
    t.datetime('createon').notNullable();
    t.datetime('startedon').nullable();
    t.datetime('finishedon').nullable();
    // The claim walks this index in order (named: the claim query names it).
    t.index(['state', 'available_at'], 'job_due_index');
  });
}

async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('job');
}

export const jobs: Migration = { name: '0009_jobs', up, down };
