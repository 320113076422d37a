// Seed 001 §4.2's date-driven state of the entity's records: a start in the future or an end
// already past makes a record inactive (4), otherwise it is active (33); void (35) and a submitted
// BCAF (56) are never moved. The write hooks (records-a-rules.ts, re-records-b-rules.ts) apply it
// on every write; the daily sweep here applies it when only the calendar moved (an office whose
// closing date passed last night is inactive this morning without anyone editing it). Each move
// goes through the record engine as the system, so it is audited and versioned like an edit.
import type { Caller, EngineServices } from '../../engine/runtime/context.js';
import { LOGIN_TYPE } from '../../engine/runtime/context.js';
import { engineContext } from '../../engine/runtime/engine-context.js';
import { sqlDate } from '../../engine/db/clock.js';
import { updateRecord } from '../../engine/records/update.js';
import { startRecurring } from '../../engine/server/recurring.js';

export const DATED_STATE = { active: 33, inactive: 4 } as const;

/** The state a record's dates give on `today` (all YYYY-MM-DD; the same day counts as within). */
export function dateDrivenState(start: string | null, end: string | null, today: string): number {
  return (start && start > today) || (end && end < today) ? DATED_STATE.inactive : DATED_STATE.active;
}

/** Table → [start column, end column or null]: every record type whose state follows its dates. */
export const DATE_DRIVEN_TABLES: Record<string, readonly [string, string | null]> = {
  re_office: ['dateopened', 'dateclosed'],
  re_boardcomp: ['effectivefrom', 'effectiveto'],
  re_boardcommittee: ['datestablished', 'datedissolved'],
  re_debsukuk: ['issuancedate', 'maturitydate'],
  re_tradingprofile: ['effectivedate', null],
  re_tradingplatform: ['startdate', 'enddate'],
  re_fundmanager: ['startdate', 'enddate'],
  re_moneybroker: ['startdate', 'enddate'],
  re_outsource: ['contractsd', 'contracted'],
  re_bcaf: ['start_date', 'end_date'],
  re_insurance: ['startdate', 'enddate'],
  re_leasing: ['startdate', 'enddate'],
  re_litc: ['startdate', 'enddate'],
  re_fintech: ['startdate', 'enddate'],
  re_fundext: ['startperiod', 'endperiod'],
  re_trustcompany: ['startdate', 'enddate'],
  re_puc: ['startdate', 'enddate'],
};

/** How often a running engine looks: hourly, so a day's change lands within the hour after midnight. */
export const SWEEP_EVERY_MS = 60 * 60_000;

/** A stored date as YYYY-MM-DD (MariaDB answers Date objects, SQLite text), or null. */
function day(v: unknown): string | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : sqlDate(v);
  return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null;
}

function systemCaller(module: string): Caller {
  return {
    sessionId: 'date-driven-states',
    userId: 0,
    userid: 'system',
    name: 'System',
    loginType: LOGIN_TYPE.IRU,
    currentRe: null,
    entities: [],
    roles: new Set(),
    permissions: new Set([`${module}.select`, `${module}.update`]),
    restriction: null,
  };
}

export interface SweepOutcome {
  /** Table → ids moved. */
  moved: Record<string, number[]>;
}

/**
 * Moves every active or inactive record whose dates now say otherwise. Only rows in 33 or 4 are
 * read, and of those only the ones whose state differs are written, one record engine update each.
 * A record that cannot be written (changed meanwhile) is logged and tried again next time.
 */
export async function sweepDateDrivenStates(services: EngineServices, today = sqlDate()): Promise<SweepOutcome> {
  const outcome: SweepOutcome = { moved: {} };
  for (const [table, [start, end]] of Object.entries(DATE_DRIVEN_TABLES)) {
    const module = services.modules.all().find((m) => m.table === table && !m.def.variantOf);
    if (!module) continue;
    const columns = ['id', 'state', module.ctrField, start, ...(end ? [end] : [])];
    const rows = await services.db(table).whereIn('state', [DATED_STATE.active, DATED_STATE.inactive]).select(columns);
    for (const r of rows) {
      const due = dateDrivenState(day(r[start]), end ? day(r[end]) : null, today);
      if (due === Number(r.state)) continue;
      try {
        const ctx = engineContext(services, services.db, systemCaller(module.name), 'date-driven-states');
        await services.db.transaction(async (trx) => {
          await updateRecord({ ...ctx, db: trx }, { module: module.name, fields: ['id', module.ctrField], values: [Number(r.id), Number(r[module.ctrField])], reason: 'The record\'s dates' }, { state: due });
        });
        (outcome.moved[table] ??= []).push(Number(r.id));
      } catch (e) {
        services.log.warn({ err: e, table, id: r.id }, 'Could not move a record to the state its dates give');
      }
    }
  }
  return outcome;
}

/** Runs the sweep shortly after start and every hour while the engine runs. */
export function startDateDrivenStates(services: EngineServices): { stop(): void } {
  return startRecurring(services, 'The date-driven state sweep', () => sweepDateDrivenStates(services), SWEEP_EVERY_MS, 5_000);
}
