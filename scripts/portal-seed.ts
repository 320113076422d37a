// The seeds as `npm start` and `npm run seed` run them: reference data, and on a fresh database the
// demo's. The demo's accepted forms then get their accepted values kept, as their acceptance would
// have kept them (portal/filing/accepted-backfill.ts), so that the analysts' extract and the change
// feed hold the demo's data from the first start. Tests seed with runSeeds alone: a few seconds
// each saved, and none of them reads the demo's accepted values.
import type { Knex } from 'knex';
import { dialectOf } from '../engine/db/connect.js';
import { backfillAcceptances } from '../portal/filing/accepted-backfill.js';
import { runSeeds, type SeedReport } from '../portal/seeds/index.js';

export async function seedPortal(db: Knex, opts: { demo: boolean; formulaLicenseKey?: string | null }): Promise<SeedReport> {
  const report = await runSeeds(db, { demo: opts.demo });
  if (opts.demo && !report.skipped) await backfillAcceptances(db, dialectOf(db), opts.formulaLicenseKey ?? undefined);
  return report;
}
