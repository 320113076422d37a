// Ad hoc forms (seed 002 §6, §7, §9; docs/filing-periods.md): which ad hoc templates (calendar
// 282) an entity's user may create forms of, whether the Create New Forms button shows, and the
// creation itself, which opens the chosen period for that one entity and template through
// period-open.ts (the batch of the entity's ad hoc forms of that period end is shared).
import type { Knex } from 'knex';
import { AppError, errors } from '../../engine/errors/catalogue.js';
import type { ModuleRegistry } from '../../engine/metadata/module-registry.js';
import { ADHOC_CALENDAR, openPeriodAllEntities } from './period-open.js';
import { ADHOC_MESSAGES, adhocPeriod, adhocProblems, type AdhocRequest } from './adhoc-periods.js';
import type { ExtractDatabases } from './extract-tables.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';
import { parameterHolds } from '../../engine/records/row-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Which ad hoc templates the caller may create, and the ad hoc period it opens: the caller\'s own position, own entity link and own current entity only',
);

type Db = Knex | Knex.Transaction;

/** The App I/II form category (seed 003 §6), opened to senior users of sector 1 entities. */
export const APP_CATEGORY = 100213;
/** Sectors whose entities may create ad hoc forms (seed 002 §6, §9). */
export const CREATE_FORMS_SECTORS = new Set([1, 2, 3, 4, 5, 7, 8, 9, 10]);
const APPROVER_ROLE = 27;
const POSITION_GROUP = 295;
const SENIOR_POSITIONS = { from: 10000, to: 19999 } as const;
const ACTIVE = 33;

export interface AdhocCaller {
  userId: number;
  currentRe: number | null;
  roles: ReadonlySet<number>;
}

export interface AdhocCode {
  id: number;
  code: string;
  name: string;
}

export interface AdhocAccess {
  entity: { id: number; sector: number | null } | null;
  senior: boolean;
  codes: AdhocCode[];
  /** The Create New Forms button rule of seed 002 §6. */
  canCreate: boolean;
}

/**
 * A user's position value: the `value0` of their position's list entry (group 295), else the
 * position id itself. Seed 002 §6 compares it with 10000-19999; the demo positions carry such
 * values (seeds/lists.ts).
 */
export async function positionValue(db: Db, userId: number): Promise<number | null> {
  const user = await db('user').where({ id: userId }).first('position2');
  if (!user || user.position2 === null) return null;
  const entry = await db('list').where({ id: user.position2, listgroup: POSITION_GROUP }).first('value0');
  const value = Number(entry?.value0 ?? user.position2);
  return Number.isFinite(value) ? value : null;
}

/** Seed 002 §6: role 27, a position value of 10000-19999, and primary or sub user of the entity. */
export async function isSenior(db: Db, caller: AdhocCaller, re: number): Promise<boolean> {
  if (!caller.roles.has(APPROVER_ROLE)) return false;
  const link = await db('re_user').where({ link_fk_re: re, link_fk_user: caller.userId }).first('link_id');
  if (!link) return false;
  const value = await positionValue(db, caller.userId);
  return value !== null && value >= SENIOR_POSITIONS.from && value <= SENIOR_POSITIONS.to;
}

/**
 * The amlpu.visible switch (seed 001 §6, 002 §6): the AMLPU unit is open only while the parameter
 * is '1', read as the help desk's row rule reads it (Helpdesk.json), so a missing one is closed.
 */
export const AMLPU_SWITCH = { code: 'amlpu.visible', equals: '1' } as const;

export async function amlpuVisible(db: Db): Promise<boolean> {
  const p = await db('parameters').where({ code: AMLPU_SWITCH.code }).first('value0');
  return parameterHolds(p?.value0, AMLPU_SWITCH.equals);
}

export async function adhocAccess(db: Db, caller: AdhocCaller): Promise<AdhocAccess> {
  const none: AdhocAccess = { entity: null, senior: false, codes: [], canCreate: false };
  if (caller.currentRe === null) return none;
  const re = await db('re').where({ id: caller.currentRe, state: ACTIVE }).first('id', 'sector');
  if (!re) return none;
  const entity = { id: Number(re.id), sector: re.sector === null ? null : Number(re.sector) };
  const senior = await isSenior(db, caller, entity.id);
  const categories = new Set((await db('re_recategory').where({ link_fk_re: entity.id }).pluck('link_fk_recategory')).map(Number));
  // Seed 003 §6: a senior user of a sector 1 entity opens App I/II whatever the entity's own categories.
  if (senior && entity.sector === 1) categories.add(APP_CATEGORY);
  const rows = await db('formtemplate')
    .where({ calendar: ADHOC_CALENDAR, state: ACTIVE })
    .whereNotNull('properties')
    .where((w) => w.whereNull('sector').orWhere('sector', entity.sector ?? -1))
    .orderBy('code')
    .select('id', 'code', 'name', 'category');
  const codes = rows
    .filter((r: Record<string, unknown>) => r.category === null || categories.has(Number(r.category)))
    .map((r: Record<string, unknown>) => ({ id: Number(r.id), code: String(r.code), name: String(r.name) }));
  const canCreate = entity.sector !== null && CREATE_FORMS_SECTORS.has(entity.sector) && senior && codes.length > 0 && (await amlpuVisible(db));
  return { entity, senior, codes, canCreate };
}

/**
 * Creates the ad hoc form of `req` for the caller's entity. E_VALIDATION carries the seed's
 * messages by field (its message: them joined by line breaks); E_NOPERMISSION when the button
 * rule does not hold for the caller.
 */
export async function createAdhocForm(db: Db, modules: ModuleRegistry, caller: AdhocCaller, req: AdhocRequest, today: Date, extracts?: ExtractDatabases): Promise<{ form: number; formbatch: number }> {
  const access = await adhocAccess(db, caller);
  if (!access.canCreate || !access.entity) throw errors.noPermission('creating ad hoc forms (a senior user of an entity that may file one)');
  const problems = adhocProblems(req, access.codes.map((c) => c.code), today);
  if (Object.keys(problems).length) throw new AppError('E_VALIDATION', Object.values(problems).join('\n'), problems);
  const template = access.codes.find((c) => c.code === req.code!.trim())!;
  const period = adhocPeriod(template.code, Number(req.month), Number(req.year));
  const opened = await openPeriodAllEntities(db, modules, { calendar: ADHOC_CALENDAR, endon: period.end, re: access.entity.id, templates: [template.id] }, caller.userId, period, extracts);
  const mine = opened.forms.find((f) => f.code === template.code);
  if (!mine || mine.status === 'closed') throw new AppError('E_VALIDATION', 'The ad hoc submission of this period is already submitted.', { code: 'The ad hoc submission of this period is already submitted.' });
  if (mine.status === 'exists') throw new AppError('E_VALIDATION', 'This form already exists for the chosen period.', { code: 'This form already exists for the chosen period.' });
  return { form: mine.form!, formbatch: mine.formbatch! };
}

export { ADHOC_MESSAGES };
