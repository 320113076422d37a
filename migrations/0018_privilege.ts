// No self-granted privilege (docs/roles.md): system parameters (`parameters.issystem`) are
// written only with a task of their own, Parameters.updateSystem, which IRU staff do not get.
// On a database seeded by an earlier release the task is added and granted to the system roles
// (issystem: the System Administrator) only; a fresh database gets it from the seeds, which run
// after the migrations. Written out value by value, as every migration is.
import type { Knex } from 'knex';
import type { Migration } from './index.js';

const TASK = { name: 'Parameters.updateSystem', code: 'updateSystem', module: 'Parameters', module_name: 'Business parameter', state: 33 };

/**
 * Running engines keep callers' permissions per change version of these tables. Run again on a
 * later database (its test does), the table has a row per writer slot (0040): slot 1 is bumped.
 */
async function bump(knex: Knex, tables: string[]) {
  const slots = await knex.schema.hasColumn('change_version', 'slot');
  for (const name of tables) {
    const version = { version: knex.raw('?? + 1', ['change_version.version']) };
    if (slots) await knex('change_version').insert({ name, slot: 1, version: 1 }).onConflict(['name', 'slot']).merge(version);
    else await knex('change_version').insert({ name, version: 1 }).onConflict('name').merge(version);
  }
}

async function taskId(knex: Knex): Promise<number | undefined> {
  const row = await knex('permissiontasks').where({ name: TASK.name }).first('id');
  return row ? Number(row.id) : undefined;
}

async function up(knex: Knex) {
  // Not seeded yet: the seeds write every task of the release and the system role's grants.
  if (!(await knex('permissiontasks').first('id'))) return;
  let id = await taskId(knex);
  if (id === undefined) {
    await knex('permissiontasks').insert({ ...TASK, createon: new Date().toISOString().slice(0, 19).replace('T', ' ') });
    id = (await taskId(knex))!;
  }
  const systemRoles = (await knex('role').where({ issystem: true }).pluck('id')).map(Number);
  const granted = new Set((await knex('role_permissiontasks').where({ link_fk_permissiontasks: id }).pluck('link_fk_role')).map(Number));
  const missing = systemRoles.filter((role) => !granted.has(role));
  if (missing.length) await knex('role_permissiontasks').insert(missing.map((role) => ({ link_fk_role: role, link_fk_permissiontasks: id, link_updatectr: 1 })));
  await bump(knex, ['permissiontasks', 'role_permissiontasks']);
}

async function down(knex: Knex) {
  const id = await taskId(knex);
  if (id === undefined) return;
  await knex('role_permissiontasks').where({ link_fk_permissiontasks: id }).delete();
  await knex('permissiontasks').where({ id }).delete();
  await bump(knex, ['permissiontasks', 'role_permissiontasks']);
}

export const privilege: Migration = { name: '0018_privilege', up, down };
