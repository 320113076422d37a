// Opening a reporting period (docs/filing-periods.md): for a calendar and a period end, one
// batch per active entity in scope holding one form per active template of that calendar the
// entity files (by sector and category), each form on its template's current version. Anything
// that already exists is left as it is, so opening twice creates nothing twice. Runs in the
// caller's transaction. The action opens within the caller's rows (openPeriodAs); the ad hoc
// forms and the demo seed open for every entity in scope (openPeriodAllEntities).
import type { Knex } from 'knex';
import { errors } from '../../engine/errors/catalogue.js';
import { sqlDateTime } from '../../engine/db/clock.js';
import type { ModuleRegistry, ResolvedModule } from '../../engine/metadata/module-registry.js';
import type { ActionContext } from '../../engine/runtime/context.js';
import { recordAudit, recordStateChange } from '../../engine/records/record-history.js';
import { recountFor } from '../../engine/records/counters.js';
import { prepareExtractTables, type ExtractDatabases } from './extract-tables.js';
import { addDays, periodEndProblem, periodOf, type ReportingPeriod } from './period-dates.js';
import { filingRowsOf, type FilingRows } from './filing-rows.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Opening a period for the caller takes entities from its RE rows and keeps only new batches and forms that read back through its FormBatch and Form rows (rowsOf); it locks the calendar (reference data); the demo seed and the ad hoc form of an entity user, checked by adhocAccess, open for every entity in scope',
);

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

async function entitiesOf(db: Db, scope: PeriodScope, reach: FilingRows | null): Promise<Entity[]> {
  const q = db('re').where('state', ACTIVE).orderBy('id');
  if (reach) q.whereIn('id', reach.re.ids(db));
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

/** What one entity's batch and forms are written with. */
interface Writing {
  calendar: Calendar;
  period: ReportingPeriod;
  now: string;
  who: number | null;
  batchModule: ResolvedModule;
  formModule: ResolvedModule;
}

/** Writes the entity's batch (when `batchId` is null) and one Open form per template; answers the batch and the forms' ids by template. */
async function writeEntity(db: Db, w: Writing, entity: Entity, batchId: number | null, category: number | null, due: string, templates: Template[]): Promise<{ batchId: number; forms: Map<number, number> }> {
  const { calendar, period: p, now, who } = w;
  if (batchId === null) {
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
    await recordStateChange(db, w.batchModule, batchId, null, OPEN, who, null);
    await recordAudit(db, w.batchModule, batchId, 1, 'create', ['re', 'name', 'calendar', 'category', 'endon', 'duedate', 're_sector', 'state'], who, { after: { ...batchRow, id: batchId } });
  }
  const rows = templates.map((t) => ({
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
  await db('form').insert(rows);
  const ids = await db('form').where('formbatch', batchId).whereIn('formtemplate', templates.map((t) => t.id)).select('id', 'formtemplate');
  const forms = new Map<number, number>();
  for (const t of templates) {
    const id = Number(ids.find((r: Record<string, unknown>) => Number(r.formtemplate) === t.id)!.id);
    forms.set(t.id, id);
    await recordStateChange(db, w.formModule, id, null, OPEN, who, null);
    await recordAudit(db, w.formModule, id, 1, 'create', ['code', 'name', 'formbatch', 're', 'calendar', 'category', 'endon', 'formtemplate', 'templateversion', 'state'], who, { after: { ...rows.find((r) => r.formtemplate === t.id), id } });
  }
  return { batchId, forms };
}

/** A trial write undone: what of it the caller would reach. */
class Undone extends Error {
  constructor(readonly batchReached: boolean, readonly templates: Set<number>) {
    super('trial write undone');
  }
}

interface Trial {
  /** The caller reaches the batch (new or existing). */
  batchReached: boolean;
  /** The templates whose new forms the caller reaches. */
  templates: Set<number>;
  /** The writes, kept: every row reached and `keep` asked for them. */
  kept?: { batchId: number; forms: Map<number, number> };
}

/**
 * Whether the caller would reach the entity's new batch and forms: they are written in a
 * savepoint and read back through the caller's FormBatch and Form rows (the one evaluator of the
 * row rules, so the answer is what the lists would show), then undone unless `keep` and all of
 * them are reached. A period opening adds only rows its caller may list.
 */
async function trialWrite(db: Db, reach: FilingRows, w: Writing, entity: Entity, batchId: number | null, category: number | null, due: string, templates: Template[], keep: boolean): Promise<Trial> {
  try {
    const kept = await db.transaction(async (sp) => {
      const written = await writeEntity(sp, w, entity, batchId, category, due, templates);
      const batchReached = await reach.batch.reaches(written.batchId, sp);
      const seen = new Set((await reach.form.from('f', sp).where('f.formbatch', written.batchId).pluck('f.id')).map(Number));
      const reached = new Set(templates.filter((t) => seen.has(written.forms.get(t.id)!)).map((t) => t.id));
      if (!keep || !batchReached || reached.size < templates.length) throw new Undone(batchReached, reached);
      return written;
    });
    return { batchReached: true, templates: new Set(templates.map((t) => t.id)), kept };
  } catch (e) {
    if (e instanceof Undone) return { batchReached: e.batchReached, templates: e.batchReached ? e.templates : new Set() };
    throw e;
  }
}

/**
 * Opens the period of `scope` for the caller (FormBatch.openPeriod): only entities it reaches
 * under RE's row rules, keeping to batches and forms it reaches under FormBatch's and Form's. An
 * entity outside them is not touched and the answer neither names nor counts it; an existing
 * batch or form outside them is left as it is and not named; a batch or form the caller would
 * not reach once written is not created (nor previewed).
 */
export async function openPeriodAs(ctx: ActionContext, scope: PeriodScope, extracts?: ExtractDatabases): Promise<OpenedPeriod> {
  return open(ctx.db, ctx.services.modules, scope, ctx.caller?.userId ?? null, filingRowsOf(ctx), undefined, extracts);
}

/**
 * Opens the period of `scope` for every entity in it, whoever may list them: the demo seed's
 * current periods (no caller) and an entity user's own ad hoc form (its entity and template
 * already checked by adhocAccess). Never for a regulator's request. `period` overrides
 * the calendar's own span (ad hoc periods of seed 002 §9 span 1 or 6 months under the one ad
 * hoc calendar).
 */
export async function openPeriodAllEntities(db: Db, modules: ModuleRegistry, scope: PeriodScope, who: number | null, period?: ReportingPeriod, extracts?: ExtractDatabases): Promise<OpenedPeriod> {
  return open(db, modules, scope, who, null, period, extracts);
}

/**
 * Opens the period, within the caller's rows `reach` when given. With `extracts`, the extract
 * tables of the versions the new forms are filed on are created now, ahead of any acceptance
 * (portal/filing/extract-tables.ts says why); the seed leaves that to the first acceptance.
 */
async function open(db: Db, modules: ModuleRegistry, scope: PeriodScope, who: number | null, reach: FilingRows | null, period?: ReportingPeriod, extracts?: ExtractDatabases): Promise<OpenedPeriod> {
  const checked = period ? null : await checkPeriodScope(db, scope);
  const p = period ?? checked!.period;
  const calendar = checked?.calendar ?? (await loadCalendar(db, scope.calendar));
  if (!calendar) throw errors.validation({ calendar: 'is not an active calendar (list group 80)' });
  const dryRun = scope.dryRun === true;
  // Two openings of one calendar at once would both find no batch and both create one: the
  // calendar's list row is held for the transaction, so they run one after the other.
  if (!dryRun) await db('list').where({ id: calendar.id }).forUpdate().first('id');
  const [templates, entities] = await Promise.all([templatesOf(db, scope), entitiesOf(db, scope, reach)]);
  const w: Writing = { calendar, period: p, now: sqlDateTime(), who, batchModule: modules.get('FormBatch')!, formModule: modules.get('Form')! };
  const opened: OpenedForm[] = [];
  const written: Record<string, unknown>[] = [];
  let latestDue: string | null = null;

  for (const entity of entities) {
    const mine = scope.templates ? templates : templates.filter((t) => files(entity, t));
    if (!mine.length) continue;
    // The batch is due when its most generous form is: no form of it is late before then.
    const due = addDays(p.end, Math.max(...mine.map((t) => t.duedays)));
    const named = opened.length;
    await openFor(entity, mine, due);
    if (opened.length > named && (latestDue === null || due > latestDue)) latestDue = due;
  }

  async function openFor(entity: Entity, mine: Template[], due: string): Promise<void> {
    const existing = await db('formbatch').where({ re: entity.id, calendar: calendar!.id, endon: p.end }).orderBy('id').first('id', 'state', 'frozen_ind');
    const batchId: number | null = existing ? Number(existing.id) : null;
    // A batch outside the caller's rows is another team's: left as it is, and not named.
    if (reach && batchId !== null && !(await reach.batch.reaches(batchId, db))) return;
    const batchStatus: OpenStatus = !existing ? 'created' : Boolean(Number(existing.frozen_ind)) || CLOSED_BATCH_STATES.has(Number(existing.state)) ? 'closed' : 'exists';
    const row = (code: string, form: number | null, status: OpenStatus, formbatch = batchId): OpenedForm => ({ re: entity.id, re_name: entity.name, formbatch, batchStatus, code, form, status });
    const have = new Set<string>();
    if (batchId !== null) {
      const shown = reach ? new Set((await reach.form.from('f', db).where('f.formbatch', batchId).pluck('f.id')).map(Number)) : null;
      for (const f of await db('form').where('formbatch', batchId).select('id', 'code', 'formtemplate')) {
        have.add(`c:${f.code}`);
        if (f.formtemplate !== null) have.add(`t:${f.formtemplate}`);
        const t = mine.find((x) => x.code === f.code || x.id === Number(f.formtemplate));
        if (t && (!shown || shown.has(Number(f.id)))) opened.push(row(t.code, Number(f.id), 'exists'));
      }
    }
    const missing = mine.filter((t) => !have.has(`t:${t.id}`) && !have.has(`c:${t.code}`));
    if (!missing.length) return;
    const category = scope.category ?? (mine.every((t) => t.category === mine[0].category) && mine[0].category !== null ? mine[0].category : (entity.categories[0] ?? null));
    // Within the caller's rows, only the forms (and batch) it would reach are created or named.
    const trial = reach ? await trialWrite(db, reach, w, entity, batchId, category, due, missing, batchStatus !== 'closed' && !dryRun) : null;
    if (trial && !trial.batchReached) return;
    const kept = trial ? missing.filter((t) => trial.templates.has(t.id)) : missing;
    if (batchStatus === 'closed' || dryRun) {
      for (const t of kept) opened.push(row(t.code, null, batchStatus === 'closed' ? 'closed' : 'created'));
      return;
    }
    if (!kept.length) return;
    const made = trial?.kept ?? (await writeEntity(db, w, entity, batchId, category, due, kept));
    for (const t of kept) opened.push(row(t.code, made.forms.get(t.id)!, 'created', made.batchId));
    written.push({ formbatch: made.batchId });
  }

  // The batches' counters (forms by state) from their forms, as every engine write keeps them.
  if (written.length) await recountFor(db, modules, 'form', written);
  if (extracts && written.length) {
    const used = new Set(opened.filter((f) => f.status === 'created').map((f) => f.code));
    for (const t of templates.filter((x) => used.has(x.code))) await prepareExtractTables(extracts, t.id, t.version);
  }
  return { period: p, calendar: calendar.id, dueDate: latestDue, forms: opened, dryRun };
}
