// Opening a reporting period (docs/filing-periods.md): for a calendar and a period end, one
// batch per active entity in scope holding one form per active template of that calendar the
// entity files (by sector and category), each form on its template's current version. Anything
// that already exists is left as it is, so opening twice creates nothing twice. Runs in the
// caller's transaction; the action, the ad hoc forms and the demo seed all call this.
import type { Knex } from 'knex';
import { errors } from '../../engine/errors/catalogue.js';
import { sqlDateTime } from '../../engine/db/clock.js';
import type { ModuleRegistry } from '../../engine/metadata/module-registry.js';
import { recordAudit, recordStateChange } from '../../engine/records/record-history.js';
import { recountFor } from '../../engine/records/counters.js';
import { prepareExtractTables, type ExtractDatabases } from './extract-tables.js';
import { addDays, periodEndProblem, periodOf, type ReportingPeriod } from './period-dates.js';

type Db = Knex | Knex.Transaction;

export const CALENDAR_LIST_GROUP = 80;
export const ADHOC_CALENDAR = 282;
const ACTIVE = 33;
const OPEN = 13;
/** Batches past these states (or frozen) get no new forms: the entity has submitted them. */
const CLOSED_BATCH_STATES = new Set([56, 45, 71]);
const DEFAULT_DUE_DAYS = 15;

export interface PeriodScope {
  calendar: number;
  endon: string;
  sector?: number;
  category?: number;
  /** Only these entities (ad hoc forms: the caller's entity). */
  re?: number;
  /** Only these templates, already checked by the caller (ad hoc forms: the chosen code the entity may file). */
  templates?: number[];
  dryRun?: boolean;
}

export type OpenStatus = 'created' | 'exists' | 'closed';

export interface OpenedForm {
  re: number;
  re_name: string;
  formbatch: number | null;
  batchStatus: OpenStatus;
  code: string;
  form: number | null;
  status: OpenStatus;
}

export interface OpenedPeriod {
  period: ReportingPeriod;
  calendar: number;
  dueDate: string | null;
  forms: OpenedForm[];
  dryRun: boolean;
}

export interface Calendar {
  id: number;
  name: string;
  /** Months a period spans; null for the ad hoc calendar. */
  months: number | null;
}

export async function loadCalendar(db: Db, id: number): Promise<Calendar | null> {
  const row = await db('list').where({ id, listgroup: CALENDAR_LIST_GROUP, state: ACTIVE }).first('id', 'name', 'value0');
  if (!row) return null;
  const months = Number(row.value0);
  return { id: Number(row.id), name: String(row.name), months: Number.isInteger(months) && months > 0 ? months : null };
}

interface Template {
  id: number;
  code: string;
  name: string;
  sector: number | null;
  category: number | null;
  duedays: number;
  version: number;
  summary: string;
}

/** The form's `properties`: the template's tabs (id, title, display name), what lists and queries show of them. */
function tabSummary(properties: unknown): string {
  const p = (typeof properties === 'string' ? JSON.parse(properties) : properties) as { id?: string; title?: string; items?: { id: string; title?: string; display_name?: string }[] };
  return JSON.stringify({ id: p.id, title: p.title, items: (p.items ?? []).map((t) => ({ id: t.id, title: t.title, display_name: t.display_name })) });
}

async function templatesOf(db: Db, scope: PeriodScope): Promise<Template[]> {
  const q = db('formtemplate').where({ calendar: scope.calendar, state: ACTIVE }).whereNotNull('properties').where('version', '>=', 1).orderBy('code');
  if (scope.sector !== undefined) q.where((w) => w.whereNull('sector').orWhere('sector', scope.sector!));
  if (scope.category !== undefined) q.where((w) => w.whereNull('category').orWhere('category', scope.category!));
  if (scope.templates) q.whereIn('id', scope.templates);
  const rows = await q.select('id', 'code', 'name', 'sector', 'category', 'duedays', 'version', 'properties');
  return rows.map((r: Record<string, unknown>) => ({
    id: Number(r.id),
    code: String(r.code),
    name: String(r.name),
    sector: r.sector === null ? null : Number(r.sector),
    category: r.category === null ? null : Number(r.category),
    duedays: r.duedays === null ? DEFAULT_DUE_DAYS : Number(r.duedays),
    version: Number(r.version),
    summary: tabSummary(r.properties),
  }));
}

interface Entity {
  id: number;
  name: string;
  sector: number | null;
  categories: number[];
}

async function entitiesOf(db: Db, scope: PeriodScope): Promise<Entity[]> {
  const q = db('re').where('state', ACTIVE).orderBy('id');
  if (scope.sector !== undefined) q.where('sector', scope.sector);
  if (scope.re !== undefined) q.where('id', scope.re);
  const rows = await q.select('id', 'name', 'sector');
  const links = await db('re_recategory').orderBy('link_id').select('link_fk_re', 'link_fk_recategory');
  const categories = new Map<number, number[]>();
  for (const l of links) {
    const re = Number(l.link_fk_re);
    categories.set(re, [...(categories.get(re) ?? []), Number(l.link_fk_recategory)]);
  }
  return rows
    .map((r: Record<string, unknown>) => ({ id: Number(r.id), name: String(r.name), sector: r.sector === null ? null : Number(r.sector), categories: categories.get(Number(r.id)) ?? [] }))
    .filter((e: Entity) => scope.category === undefined || e.categories.includes(scope.category));
}

const files = (e: Entity, t: Template) => (t.sector === null || t.sector === e.sector) && (t.category === null || e.categories.includes(t.category));

/** Checks the scope and answers its calendar and period; E_VALIDATION names what is wrong. */
export async function checkPeriodScope(db: Db, scope: PeriodScope, allowAdhoc = false): Promise<{ calendar: Calendar; period: ReportingPeriod }> {
  const calendar = await loadCalendar(db, scope.calendar);
  if (!calendar) throw errors.validation({ calendar: 'is not an active calendar (list group 80)' });
  const months = calendar.months ?? (allowAdhoc ? 1 : null);
  if (months === null) throw errors.validation({ calendar: 'is the ad hoc calendar: entities create ad hoc forms themselves (RE.createAdhocForm)' });
  const problem = periodEndProblem(scope.endon, months);
  if (problem) throw errors.validation({ endon: problem });
  return { calendar, period: periodOf(scope.endon, months) };
}

/**
 * Opens the period of `scope`. `period` overrides the calendar's own span (ad hoc periods of
 * seed 002 §9 span 1 or 6 months under the one ad hoc calendar). With `extracts`, the extract
 * tables of the versions the new forms are filed on are created now, ahead of any acceptance
 * (portal/filing/extract-tables.ts says why); the seed leaves that to the first acceptance.
 */
export async function openPeriod(db: Db, modules: ModuleRegistry, scope: PeriodScope, who: number | null, period?: ReportingPeriod, extracts?: ExtractDatabases): Promise<OpenedPeriod> {
  const checked = period ? null : await checkPeriodScope(db, scope);
  const p = period ?? checked!.period;
  const calendar = checked?.calendar ?? (await loadCalendar(db, scope.calendar));
  if (!calendar) throw errors.validation({ calendar: 'is not an active calendar (list group 80)' });
  const dryRun = scope.dryRun === true;
  // Two openings of one calendar at once would both find no batch and both create one: the
  // calendar's list row is held for the transaction, so they run one after the other.
  if (!dryRun) await db('list').where({ id: calendar.id }).forUpdate().first('id');
  const [templates, entities] = await Promise.all([templatesOf(db, scope), entitiesOf(db, scope)]);
  const now = sqlDateTime();
  const batchModule = modules.get('FormBatch')!;
  const formModule = modules.get('Form')!;
  const opened: OpenedForm[] = [];
  const written: Record<string, unknown>[] = [];
  let latestDue: string | null = null;

  for (const entity of entities) {
    const mine = scope.templates ? templates : templates.filter((t) => files(entity, t));
    if (!mine.length) continue;
    // The batch is due when its most generous form is: no form of it is late before then.
    const due = addDays(p.end, Math.max(...mine.map((t) => t.duedays)));
    if (latestDue === null || due > latestDue) latestDue = due;
    const existing = await db('formbatch').where({ re: entity.id, calendar: calendar.id, endon: p.end }).orderBy('id').first('id', 'state', 'frozen_ind');
    let batchId: number | null = existing ? Number(existing.id) : null;
    const batchStatus: OpenStatus = !existing ? 'created' : Boolean(Number(existing.frozen_ind)) || CLOSED_BATCH_STATES.has(Number(existing.state)) ? 'closed' : 'exists';
    const have = new Set<string>();
    if (existing) {
      for (const f of await db('form').where('formbatch', batchId).select('id', 'code', 'formtemplate')) {
        have.add(`c:${f.code}`);
        if (f.formtemplate !== null) have.add(`t:${f.formtemplate}`);
        const t = mine.find((x) => x.code === f.code || x.id === Number(f.formtemplate));
        if (t) opened.push({ re: entity.id, re_name: entity.name, formbatch: batchId, batchStatus, code: t.code, form: Number(f.id), status: 'exists' });
      }
    }
    const missing = mine.filter((t) => !have.has(`t:${t.id}`) && !have.has(`c:${t.code}`));
    if (batchStatus === 'closed') {
      for (const t of missing) opened.push({ re: entity.id, re_name: entity.name, formbatch: batchId, batchStatus, code: t.code, form: null, status: 'closed' });
      continue;
    }
    if (!missing.length) continue;
    const category = scope.category ?? (mine.every((t) => t.category === mine[0].category) && mine[0].category !== null ? mine[0].category : (entity.categories[0] ?? null));
    if (!dryRun && batchId === null) {
      const batchRow = {
        re: entity.id,
        name: `${p.label} ${calendar.name} Returns`,
        calendar: calendar.id,
        category,
        endon: p.end,
        duedate: due,
        frozen_ind: false,
        re_sector: entity.sector,
        state: OPEN,
        updatectr: 1,
        createon: now,
        createby: who,
        updateon: now,
        updateby: who,
      };
      await db('formbatch').insert(batchRow);
      const made = await db('formbatch').where({ re: entity.id, calendar: calendar.id, endon: p.end }).orderBy('id', 'desc').first('id');
      batchId = Number(made.id);
      await recordStateChange(db, batchModule, batchId, null, OPEN, who, null);
      await recordAudit(db, batchModule, batchId, 1, 'create', ['re', 'name', 'calendar', 'category', 'endon', 'duedate', 're_sector', 'state'], who, { after: { ...batchRow, id: batchId } });
    }
    const rows = missing.map((t) => ({
      code: t.code,
      name: t.name,
      properties: t.summary,
      formbatch: batchId,
      re: entity.id,
      calendar: calendar.id,
      category: t.category ?? category,
      endon: p.end,
      reportingperiod: p.month,
      scheduletype: calendar.months === null ? 'Ad Hoc' : 'Periodic',
      datedesc: p.datedesc,
      formtemplate: t.id,
      templateversion: t.version,
      state: OPEN,
      updatectr: 1,
      createon: now,
      createby: who,
      updateon: now,
      updateby: who,
    }));
    if (!dryRun) {
      await db('form').insert(rows);
      const ids = await db('form').where('formbatch', batchId).whereIn('formtemplate', missing.map((t) => t.id)).select('id', 'formtemplate');
      for (const t of missing) {
        const id = Number(ids.find((r: Record<string, unknown>) => Number(r.formtemplate) === t.id)!.id);
        await recordStateChange(db, formModule, id, null, OPEN, who, null);
        await recordAudit(db, formModule, id, 1, 'create', ['code', 'name', 'formbatch', 're', 'calendar', 'category', 'endon', 'formtemplate', 'templateversion', 'state'], who, { after: { ...rows.find((r) => r.formtemplate === t.id), id } });
        opened.push({ re: entity.id, re_name: entity.name, formbatch: batchId, batchStatus, code: t.code, form: id, status: 'created' });
      }
      written.push({ formbatch: batchId });
    } else {
      for (const t of missing) opened.push({ re: entity.id, re_name: entity.name, formbatch: batchId, batchStatus, code: t.code, form: null, status: 'created' });
    }
  }
  // The batches' counters (forms by state) from their forms, as every engine write keeps them.
  if (written.length) await recountFor(db, modules, 'form', written);
  if (extracts && written.length) {
    const used = new Set(opened.filter((f) => f.status === 'created').map((f) => f.code));
    for (const t of templates.filter((x) => used.has(x.code))) await prepareExtractTables(extracts, t.id, t.version);
  }
  return { period: p, calendar: calendar.id, dueDate: latestDue, forms: opened, dryRun };
}
