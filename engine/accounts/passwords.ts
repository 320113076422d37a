// Setting a new password: argon2id hash, pwchangedon now (which ends an expired password), and
// the user's other sessions ended, since whoever held the old password may hold one of them.
import type { Knex } from 'knex';
import { sqlDateTime } from '../db/clock.js';
import { bumpVersions } from '../db/change-versions.js';
import type { ModuleRegistry } from '../metadata/module-registry.js';
import { updateUser } from '../identity/users.js';
import { hashPassword } from '../identity/password-hash.js';

type Db = Knex | Knex.Transaction;

export async function setPassword(db: Db, modules: ModuleRegistry, userId: number, password: string, who: number | null, keepSession?: string): Promise<void> {
  await updateUser(db, modules, userId, { password: await hashPassword(password), pwchangedon: sqlDateTime() }, who);
  const others = db('session').where({ user_id: userId });
  if (keepSession) others.whereNot({ id: keepSession });
  await others.delete();
  await bumpVersions(db, ['session']);
}
