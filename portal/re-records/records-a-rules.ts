// The field rules of an entity's record types, first half (seed 001 §4.2, §5.2; seed 000 §5;
// docs/re-records.md, Record types A), run by the record engine on every write of their tables
// (portal/module-hooks.ts), whatever module, variant or client the write comes through.
// The forms (portal/metadata/screens/WebForms/300-309) mirror them; the server decides.
import { AppError } from '../../engine/errors/catalogue.js';
import { sqlDate } from '../../engine/db/clock.js';
import type { ResolvedModule } from '../../engine/metadata/module-registry.js';
import type { ActionContext } from '../../engine/runtime/context.js';
import type { Row } from '../../engine/records/write-values.js';
import type { ModuleHooks } from '../../engine/metadata/module-hooks.js';
import { dateDrivenState } from './date-driven-states.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Field rules of an entity\'s records check a row\'s own entity, board and list choices while the record engine writes it for a caller it already checked',
);

/** State ids of seed 001 §4.2. */
export const RECORD_STATE = { active: 33, inactive: 4, void: 35, listed: 76, delisted: 77 } as const;

/** Key officer types (list group 301) that need a designation, and those that may name a course (seed 001 §5.2). */
export const DESIGNATION_REQUIRED_FOR = [1035, 10084, 10083];
export const COURSE_ALLOWED_FOR = [1038, 9973, 9974];
/** Debenture / sukuk types (list group 305, seed 001 §9): 1015 and 9975 are debentures, 1016 and 9976 sukuk; 1015 and 1016 mature. */
export const DEBENTURE_TYPES = [1015, 9975];
export const SUKUK_TYPES = [1016, 9976];
export const MATURITY_REQUIRED_FOR = [1015, 1016];
/** The fields each kind requires, and clears when the other kind is chosen. */
export const DEBENTURE_FIELDS = ['couponrate', 'securitytype'];
export const SUKUK_FIELDS = ['shariahprinciple', 'shariahadviser'];
/** Office type whose officer in charge is a dash (seed 001 §5.2). */
export const OFFICE_NO_OFFICER_TYPE = 1100726;
/** Seed 000 §5 allowchairman: sectors 1 and 2, designation 1379 (Non-Executive Director) needs the board position 312. */
export const CHAIRMAN_RULE = { sectors: [1, 2], designation: 1379, value: 312 } as const;

/** The seeds' words where they give them, ours where they give the rule only. */
export const RECORD_MESSAGES = {
  chairman: 'Cannot be Chairman when designation is Non-Executive Director.',
  required: 'is required',
  course: 'Course attended is allowed only for a Compliance Officer, Designated Compliance Officer or Money Laundering Reporting Officer.',
  maturityBeforeListing: 'Maturity date cannot be earlier than the listing date.',
  delistBeforeListing: 'Delisting date cannot be earlier than the listing date.',
  delistAfterToday: 'Delisting date cannot be later than today.',
  resignAfterToday: 'Date of resignation cannot be later than today.',
  /** Seed 000 §5 afterDate, the end dates of the forms' date pairs. */
  greaterThan: (label: string) => `Must be greater than ${label}.`,
} as const;

function refuse(field: string, message: string): AppError {
  return new AppError('E_VALIDATION', message, { [field]: message });
}

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

function dayOf(v: unknown): string | null {
  if (v instanceof Date) return sqlDate(v);
  return typeof v === 'string' && v.length >= 10 ? v.slice(0, 10) : null;
}

/** Today's day (UTC), as every stored date is compared. */
export function today(): string {
  return sqlDate(new Date());
}

/** A write in progress: the stored row under the caller's values, and a way to set columns. */
class Write {
  readonly set = new Set<string>();
  constructor(readonly stored: Row | null, readonly row: Row) {}
  get(field: string): unknown {
    return field in this.row ? this.row[field] : this.stored?.[field];
  }
  day(field: string): string | null {
    return dayOf(this.get(field));
  }
  num(field: string): number | null {
    const v = this.get(field);
    return blank(v) ? null : Number(v);
  }
  put(field: string, value: unknown): void {
    this.row[field] = value;
    this.set.add(field);
  }
  /** Refuses `field` blank with the engine's required-field words. */
  require(field: string): void {
    if (blank(this.get(field))) throw refuse(field, RECORD_MESSAGES.required);
  }
  notAfterToday(field: string, message: string): void {
    const d = this.day(field);
    if (d && d > today()) throw refuse(field, message);
  }
  /** Seed 000 §5 afterDate: `end`, when given, is after `start`. */
  after(end: string, start: string, startLabel: string): void {
    const [a, b] = [this.day(end), this.day(start)];
    if (a && b && a <= b) throw refuse(end, RECORD_MESSAGES.greaterThan(startLabel));
  }
  /** The state the row is left in: a void row stays void (seed 001 §4.2). */
  keepsVoid(): boolean {
    return this.num('state') === RECORD_STATE.void;
  }
  setState(state: number): void {
    if (this.keepsVoid()) return;
    if (this.num('state') !== state || !this.stored) this.put('state', state);
  }
}

/** Seed 001 §4.2 date-driven auto state on `day` (today by default): date-driven-states.ts. */
export function autoState(start: string | null, end: string | null, day: string = today()): number {
  return dateDrivenState(start, end, day);
}

/**
 * Seed 001 §5.2 tenure: whole years, months and days from issuance to maturity, counted as a
 * calendar period is (the months first, a month added to the 31st ending on the month's last day,
 * then the days left), so 31/01 to 01/03 is 1 month and 1 day.
 */
export function tenureOf(from: string, to: string): string | null {
  if (to < from) return null;
  const [y1, m1, d1] = from.split('-').map(Number);
  const [y2, m2, d2] = to.split('-').map(Number);
  let months = (y2 - y1) * 12 + (m2 - m1);
  if (months > 0 && d2 < d1) months -= 1;
  const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const ym = y1 * 12 + (m1 - 1) + months;
  const [y, m] = [Math.floor(ym / 12), ym % 12];
  const stepped = Date.UTC(y, m, Math.min(d1, lastDay(y, m)));
  const days = Math.round((Date.UTC(y2, m2 - 1, d2) - stepped) / 86_400_000);
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${unit(Math.floor(months / 12), 'year')}, ${unit(months % 12, 'month')}, ${unit(days, 'day')}`;
}

type Rule = (ctx: ActionContext, w: Write) => Promise<void> | void;

function hooksOf(rule: Rule): ModuleHooks {
  return {
    async beforeWrite(ctx: ActionContext, _module: ResolvedModule, stored: Row | null, row: Row): Promise<string[]> {
      const w = new Write(stored, row);
      await rule(ctx, w);
      return [...w.set];
    },
  };
}

/** A record with a start and an optional end: end after start, state by the dates. */
function dated(start: string, end: string, startLabel: string): Rule {
  return (_ctx, w) => {
    w.after(end, start, startLabel);
    w.setState(autoState(w.day(start), w.day(end)));
  };
}

const office: Rule = async (ctx, w) => {
  dated('dateopened', 'dateclosed', 'Date opened')(ctx, w);
  const type = w.num('officetype');
  if (type === OFFICE_NO_OFFICER_TYPE && blank(w.get('nameoffcharge'))) w.put('nameoffcharge', '-');
  // The office's type by name, where the show-cause letter reads it (re_office.typeoffice).
  if (type !== null && 'officetype' in w.row) {
    const entry = await ctx.db('list').where({ id: type }).first('name');
    if (entry) w.put('typeoffice', String(entry.name).slice(0, 100));
  }
};

const keyOfficer: Rule = (_ctx, w) => {
  const type = w.num('keyofficeer');
  if (type !== null && DESIGNATION_REQUIRED_FOR.includes(type)) w.require('designation');
  if (!blank(w.get('courseattended')) && (type === null || !COURSE_ALLOWED_FOR.includes(type))) throw refuse('courseattended', RECORD_MESSAGES.course);
  w.notAfterToday('dateresign', RECORD_MESSAGES.resignAfterToday);
  w.after('dateresign', 'dateappointed', 'Date of appointment');
  w.setState(blank(w.get('dateresign')) ? RECORD_STATE.active : RECORD_STATE.inactive);
};

const boardMember: Rule = async (ctx, w) => {
  const position = w.num('boardposition');
  if (position !== null && w.num('designation') === CHAIRMAN_RULE.designation && position !== CHAIRMAN_RULE.value) {
    const entity = await ctx.db('re').where({ id: Number(w.get('re')) }).first('sector');
    if (entity && (CHAIRMAN_RULE.sectors as readonly number[]).includes(Number(entity.sector))) throw refuse('boardposition', RECORD_MESSAGES.chairman);
  }
  const board = w.num('boardcomposition');
  if (board !== null) {
    const parent = await ctx.db('re_boardcomp').where({ id: board }).first('re');
    if (!parent || Number(parent.re) !== Number(w.get('re'))) throw refuse('boardcomposition', 'The board is not one of this reporting entity\'s.');
  }
  w.notAfterToday('dateresign', RECORD_MESSAGES.resignAfterToday);
  w.after('dateresign', 'dateappointed', 'Date of appointment');
  w.setState(blank(w.get('dateresign')) ? RECORD_STATE.active : RECORD_STATE.inactive);
};

const instrument: Rule = (_ctx, w) => {
  const [listing, maturity, delist] = [w.day('datelisting'), w.day('datematurity'), w.day('datedelist')];
  if (listing && maturity && maturity < listing) throw refuse('datematurity', RECORD_MESSAGES.maturityBeforeListing);
  if (listing && delist && delist < listing) throw refuse('datedelist', RECORD_MESSAGES.delistBeforeListing);
  w.notAfterToday('datedelist', RECORD_MESSAGES.delistAfterToday);
  w.setState(delist ? RECORD_STATE.delisted : RECORD_STATE.listed);
};

const debentureSukuk: Rule = (_ctx, w) => {
  const type = w.num('debenturesukuk');
  const debenture = type !== null && DEBENTURE_TYPES.includes(type);
  const sukuk = type !== null && SUKUK_TYPES.includes(type);
  const [mine, others] = debenture ? [DEBENTURE_FIELDS, SUKUK_FIELDS] : sukuk ? [SUKUK_FIELDS, DEBENTURE_FIELDS] : [[], []];
  for (const f of others) if (!blank(w.get(f))) w.put(f, null);
  for (const f of mine) w.require(f);
  if (type !== null && MATURITY_REQUIRED_FOR.includes(type)) w.require('maturitydate');
  w.after('maturitydate', 'issuancedate', 'Issuance date');
  const [issued, matures] = [w.day('issuancedate'), w.day('maturitydate')];
  const tenure = issued && matures ? tenureOf(issued, matures) : null;
  if (tenure !== (w.get('tenure') ?? null)) w.put('tenure', tenure);
  w.setState(autoState(issued, matures));
};

/** By module name, as the portal registers them (portal/module-hooks.ts). */
export const RECORDS_A_HOOKS: Record<string, ModuleHooks> = {
  REOffice: hooksOf(office),
  REKeyOfficer: hooksOf(keyOfficer),
  REBoardComposition: hooksOf(dated('effectivefrom', 'effectiveto', 'Effective from')),
  REBoardMember: hooksOf(boardMember),
  REBoardCommittee: hooksOf(dated('datestablished', 'datedissolved', 'Date established')),
  REInstrument: hooksOf(instrument),
  REDebentureSukuk: hooksOf(debentureSukuk),
  RETradingProfile: hooksOf((_ctx, w) => w.setState(autoState(w.day('effectivedate'), null))),
  RETradingPlatform: hooksOf(dated('startdate', 'enddate', 'Start date')),
};
