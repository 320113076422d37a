// The arguments of FormBatch.freezePeriod checked at once (docs/filing-periods.md "Freezing a
// period"): every field wrong is named with a sentence the regulator can act on, in one E_VALIDATION.
import type { Knex } from 'knex';
import { AppError } from '../../engine/errors/catalogue.js';
import { loadCalendar, type Calendar } from './period-open.js';
import { periodEndProblem } from './period-dates.js';

type Db = Knex | Knex.Transaction;

import type { FreezeAction } from './period-freeze-shape.js';

export interface FreezeArgs {
  endon?: unknown;
  calendar?: unknown;
  sector?: unknown;
  action?: unknown;
  reason?: unknown;
  dryRun?: boolean;
}

export interface FreezeScope {
  endon: string;
  calendar: Calendar | null;
  sector: { id: number; name: string } | null;
  action: FreezeAction;
  reason: string;
  dryRun: boolean;
}

export const REASON_MAX = 1000;

const PERIOD_END_WORDS: Record<string, string> = {
  'is not a date (YYYY-MM-DD)': 'Give the period end as a date (DD/MM/YYYY).',
  'must be the last day of a month': 'The period end must be the last day of a month.',
};

/** The scope, or E_VALIDATION naming every field that is wrong. */
export async function checkFreezeArgs(db: Db, a: FreezeArgs): Promise<FreezeScope> {
  const problems: Record<string, string> = {};
  const endon = typeof a.endon === 'string' ? a.endon.trim() : '';
  let calendar: Calendar | null = null;
  if (a.calendar !== undefined && a.calendar !== null) {
    calendar = Number.isInteger(a.calendar) && Number(a.calendar) > 0 ? await loadCalendar(db, Number(a.calendar)) : null;
    if (!calendar) problems.calendar = 'Choose an active calendar, or none for every calendar.';
  }
  if (!endon) problems.endon = 'Give the period end (DD/MM/YYYY).';
  else {
    const problem = periodEndProblem(endon, calendar?.months ?? 1);
    if (problem) problems.endon = PERIOD_END_WORDS[problem] ?? `The period end ${problem.replace('must end', 'must close')} for the ${calendar?.name ?? 'chosen'} calendar.`;
  }
  let sector: FreezeScope['sector'] = null;
  if (a.sector !== undefined && a.sector !== null) {
    const row = Number.isInteger(a.sector) && Number(a.sector) > 0 ? await db('sector').where({ id: Number(a.sector) }).first('id', 'name') : undefined;
    if (row) sector = { id: Number(row.id), name: String(row.name ?? '') };
    else problems.sector = 'Choose a sector from the list, or none for every sector.';
  }
  const action = a.action === 'freeze' || a.action === 'unfreeze' ? a.action : null;
  if (!action) problems.action = 'Say whether to freeze or to unfreeze the period.';
  const reason = typeof a.reason === 'string' ? a.reason.trim() : '';
  if (a.reason !== undefined && a.reason !== null && typeof a.reason !== 'string') problems.reason = 'Give the reason as text.';
  else if (!reason && a.dryRun !== true) problems.reason = `Give the reason for ${action === 'unfreeze' ? 'unfreezing' : 'freezing'} the period: the entities are told it.`;
  else if (reason.length > REASON_MAX) problems.reason = `Keep the reason within ${REASON_MAX} characters (it has ${reason.length}).`;
  const names = Object.keys(problems);
  if (names.length) {
    const sentence = names.length === 1 ? problems[names[0]] : `The period cannot be ${action === 'unfreeze' ? 'unfrozen' : 'frozen'} as asked: ${names.map((n) => problems[n]).join(' ')}`;
    throw new AppError('E_VALIDATION', sentence, problems);
  }
  return { endon, calendar, sector, action: action!, reason, dryRun: a.dryRun === true };
}
