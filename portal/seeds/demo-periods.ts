// The demo's current reporting periods (docs/filing-periods.md): the month before today for the
// monthly templates and the last quarter ended for the quarterly ones, opened by the same code
// as FormBatch.openPeriod, so the first demo entity's preparer, checker and approver find Open
// forms of the current period to fill right after `npm start`.
import type { Knex } from 'knex';
import { ModuleRegistry } from '../../engine/metadata/module-registry.js';
import { MODULES_DIR } from '../paths.js';
import { openPeriodAllEntities } from '../filing/period-open.js';
import { monthEnd, previousMonthEnd } from '../filing/period-dates.js';
import { CALENDARS } from './lists.js';

const MONTHLY = CALENDARS.find(([, name]) => name === 'Monthly')![0];
const QUARTERLY = CALENDARS.find(([, name]) => name === 'Quarterly')![0];

/** The last day of the last quarter that ended before `today`'s month. */
function lastQuarterEnd(today: Date): string {
  const m0 = today.getUTCMonth();
  return monthEnd(today.getUTCFullYear(), m0 - (m0 % 3) - 1);
}

export async function seedDemoPeriods(db: Knex, today: Date = new Date()): Promise<Record<string, number>> {
  const modules = ModuleRegistry.fromDirectory(MODULES_DIR);
  let forms = 0;
  const batches = new Set<number>();
  for (const [calendar, endon] of [[MONTHLY, previousMonthEnd(today)], [QUARTERLY, lastQuarterEnd(today)]] as const) {
    const opened = await openPeriodAllEntities(db, modules, { calendar, endon }, null);
    for (const f of opened.forms.filter((x) => x.status === 'created')) {
      forms += 1;
      if (f.batchStatus === 'created') batches.add(f.formbatch!);
    }
  }
  return { formbatch: batches.size, form: forms };
}
