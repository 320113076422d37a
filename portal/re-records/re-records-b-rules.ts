// The rules of the entity record types B (seed 001 §4.2, §5.2; docs/re-records.md "Record types
// B"), run by the record engine on every write of their tables whatever module, variant or
// client the write comes through (portal/module-hooks.ts): date order (outsourcing
// contract dates, import period, start/end), dates that cannot be later than today, the
// date-driven state (4 / 33, void kept), the fund's listing state (76 / 77 by its delist date),
// the resignation state, and BCAF submission (31 December of the chosen year, state 56, then
// locked against any edit).
import { AppError } from '../../engine/errors/catalogue.js';
import { sqlDate } from '../../engine/db/clock.js';
import { dateDrivenState } from './date-driven-states.js';
import type { ResolvedModule } from '../../engine/metadata/module-registry.js';
import type { ActionContext } from '../../engine/runtime/context.js';
import type { Row } from '../../engine/records/write-values.js';
import type { ModuleHooks } from '../../engine/metadata/module-hooks.js';

/** Seed 001 §4.2 state ids. */
export const RECORD_STATE = { active: 33, inactive: 4, void: 35, bcafSubmitted: 56, listed: 76, delisted: 77 } as const;

/** The seed's words (seed 001 §5.2, §8), verbatim. */
export const BCAF_MESSAGES = {
  invalidDate: 'Invalid Date: ALERT! Please choose valid date',
  submitted: 'BCAF ORM has been submitted',
  confirm: 'Once submitted, this BCAF form can no longer be edited. Submit it?',
} as const;

/** Ours, where the seed gives the rule but no words. */
export const RECORD_B_REFUSALS = {
  contractOrder: 'The contract end date cannot be before the contract start date.',
  periodOrder: 'The end period cannot be before the start period.',
  dateOrder: 'The end date cannot be before the start date.',
  delistOrder: 'The delisting date cannot be before the launch date.',
  resignOrder: 'The resignation date cannot be before the appointment date.',
  delistFuture: 'The delist date cannot be later than today.',
  resignFuture: 'The resign date cannot be later than today.',
  bcafLocked: 'This BCAF has been submitted and can no longer be edited.',
  bcafVoid: 'A void BCAF cannot be submitted.',
} as const;

function refuse(field: string, message: string): AppError {
  return new AppError('E_VALIDATION', message, { [field]: message });
}

/** A stored or given date as YYYY-MM-DD (MariaDB answers Date objects, SQLite text), or null. */
export function dayOf(v: unknown): string | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : sqlDate(v);
  if (typeof v !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v.trim());
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(d.getTime()) || d.getUTCDate() !== Number(m[3]) ? null : `${m[1]}-${m[2]}-${m[3]}`;
}

/** The value after the write: the given one, else the stored one. */
function after(stored: Row | null, row: Row, column: string): unknown {
  return column in row ? row[column] : stored?.[column];
}


interface RecordRules {
  /** [start column, end column, message]: the end may equal the start, never precede it. */
  order?: [string, string, string];
  /** Columns whose date cannot be later than today. */
  notFuture?: [string, string][];
  /** How the state follows the dates (void, 35, is always kept). */
  state: 'dates' | 'listing' | 'resign' | 'bcaf';
}

const today = () => sqlDate(new Date());

function hooksFor(rules: RecordRules): ModuleHooks {
  return {
    async beforeWrite(_ctx: ActionContext, _module: ResolvedModule, stored: Row | null, row: Row): Promise<string[]> {
      const storedState = stored ? Number(stored.state) : null;
      const given = 'state' in row && row.state !== null && row.state !== undefined ? Number(row.state) : null;
      // A submitted BCAF is locked: nothing more may be written to it (seed 001 §4.2).
      if (rules.state === 'bcaf' && storedState === RECORD_STATE.bcafSubmitted) throw refuse('state', RECORD_B_REFUSALS.bcafLocked);
      if (rules.order) {
        const [from, to, message] = rules.order;
        const a = dayOf(after(stored, row, from));
        const b = dayOf(after(stored, row, to));
        if (a && b && b < a) throw refuse(to, message);
      }
      const now = today();
      for (const [column, message] of rules.notFuture ?? []) {
        if (!(column in row)) continue;
        const d = dayOf(row[column]);
        if (d && d > now && d !== dayOf(stored?.[column])) throw refuse(column, message);
      }
      const target = given ?? storedState;
      if (target === RECORD_STATE.void) return [];
      if (rules.state === 'bcaf' && given === RECORD_STATE.bcafSubmitted) {
        if (storedState === RECORD_STATE.void) throw refuse('state', RECORD_B_REFUSALS.bcafVoid);
        // Seed 001 §5.2: the year picked decides the submission date, 31 December of that year.
        const picked = dayOf(row.submitted_date);
        if (!picked) throw refuse('submitted_date', BCAF_MESSAGES.invalidDate);
        row.submitted_date = `${picked.slice(0, 4)}-12-31`;
        return ['submitted_date'];
      }
      if (rules.state === 'bcaf' && 'submitted_date' in row && row.submitted_date !== null && dayOf(row.submitted_date) !== dayOf(stored?.submitted_date)) {
        // The submission date is the submission's own: it is set only by submitting.
        throw refuse('submitted_date', BCAF_MESSAGES.invalidDate);
      }
      let state: number;
      if (rules.state === 'listing') state = dayOf(after(stored, row, 'datedelist')) ? RECORD_STATE.delisted : RECORD_STATE.listed;
      else if (rules.state === 'resign') state = dayOf(after(stored, row, 'dateresign')) ? RECORD_STATE.inactive : RECORD_STATE.active;
      else {
        const [from, to] = rules.order!;
        state = dateDrivenState(dayOf(after(stored, row, from)), dayOf(after(stored, row, to)), now);
      }
      if (state === storedState && given === null) return [];
      row.state = state;
      return ['state'];
    },
  };
}

/** Module → its hooks, as the portal registers them (portal/module-hooks.ts). */
export const RECORDS_B_HOOKS: Record<string, ModuleHooks> = {
  REFundManager: hooksFor({ order: ['startdate', 'enddate', RECORD_B_REFUSALS.dateOrder], state: 'dates' }),
  REFund: hooksFor({ order: ['datelaunch', 'datedelist', RECORD_B_REFUSALS.delistOrder], notFuture: [['datedelist', RECORD_B_REFUSALS.delistFuture]], state: 'listing' }),
  REMoneyBroker: hooksFor({ order: ['startdate', 'enddate', RECORD_B_REFUSALS.dateOrder], state: 'dates' }),
  REOutsource: hooksFor({ order: ['contractsd', 'contracted', RECORD_B_REFUSALS.contractOrder], state: 'dates' }),
  REBCAF: hooksFor({ order: ['start_date', 'end_date', RECORD_B_REFUSALS.dateOrder], state: 'bcaf' }),
  REInsurance: hooksFor({ order: ['startdate', 'enddate', RECORD_B_REFUSALS.dateOrder], state: 'dates' }),
  RELeasing: hooksFor({ order: ['startdate', 'enddate', RECORD_B_REFUSALS.dateOrder], state: 'dates' }),
  RELITC: hooksFor({ order: ['startdate', 'enddate', RECORD_B_REFUSALS.dateOrder], state: 'dates' }),
  REFintech: hooksFor({ order: ['startdate', 'enddate', RECORD_B_REFUSALS.dateOrder], state: 'dates' }),
  REFundExt: hooksFor({ order: ['startperiod', 'endperiod', RECORD_B_REFUSALS.periodOrder], state: 'dates' }),
  RETrustCompany: hooksFor({ order: ['startdate', 'enddate', RECORD_B_REFUSALS.dateOrder], state: 'dates' }),
  REDSH: hooksFor({ order: ['dateappointed', 'dateresign', RECORD_B_REFUSALS.resignOrder], notFuture: [['dateresign', RECORD_B_REFUSALS.resignFuture]], state: 'resign' }),
  REPUC: hooksFor({ order: ['startdate', 'enddate', RECORD_B_REFUSALS.dateOrder], state: 'dates' }),
};
