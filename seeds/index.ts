// Seeds a freshly migrated database: reference data always, demo entities and accounts on
// request. Runs once: a database whose `list` table has rows is left alone.
import type { Knex } from 'knex';
import { sqlDateTime } from '../engine/db/clock.js';
import { seedAccess } from './access.js';
import { seedDemoEntities } from './demo-entities.js';
import { seedDemoForms } from './demo-forms.js';
import { seedDemoUsers } from './demo-users.js';
import { seedLists } from './lists.js';
import { seedMailTemplates } from './mail-templates.js';
import { seedParameters } from './parameters.js';
import { seedScreens } from './screens.js';

export { DEMO_PASSWORD, DEMO_USERS } from './demo-users.js';

export interface SeedReport {
  skipped: boolean;
  /** Rows inserted per table. */
  counts: Record<string, number>;
}

export async function runSeeds(db: Knex, opts: { demo: boolean }): Promise<SeedReport> {
  // One transaction, so a failed run leaves nothing half-seeded for the next run to skip.
  return db.transaction(async (trx) => {
    const existing = await trx('list').count({ n: '*' }).first();
    if (Number(existing?.n ?? 0) > 0) return { skipped: true, counts: {} };

    // A UTC string, as the engine stores date-times; knex would bind a Date as epoch ms on SQLite.
    const createon = sqlDateTime();
    const counts: Record<string, number> = {
      ...(await seedLists(trx, createon)),
      ...(await seedAccess(trx, createon)),
      ...(await seedParameters(trx, createon)),
      ...(await seedMailTemplates(trx, createon)),
      ...(await seedScreens(trx, createon)),
    };
    if (opts.demo) {
      Object.assign(counts, await seedDemoEntities(trx, createon));
      Object.assign(counts, await seedDemoUsers(trx, createon));
      Object.assign(counts, await seedDemoForms(trx, createon));
    }
    return { skipped: false, counts };
  });
}
