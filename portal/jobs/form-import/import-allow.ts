// The one place that says whether an Excel import may write an entity's forms (docs/excel.md
// "Who may import"): the regulator's Import Allow rules (ImportAllow, import-allow-rules.ts)
// read for the entity, decided on the day (UTC, as every date rule of the portal), and the
// refusal said as a sentence. The job asks it per workbook, Job.ImportFromExcel.submit before
// queueing, the create page through Job.ImportFromExcel.allowance.
import type { Knex } from 'knex';
import { sqlDate } from '../../../engine/db/clock.js';
import { beyondRules } from '../../../engine/db/beyond-rules.js';
import { isoDay } from '../../filing/late-notice-rule.js';
import { shownDay } from '../../filing/return-mail.js';
import { decide, type AllowEntity, type AllowRule } from './import-allow-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Whether an entity may import is the regulator\'s rule whoever imports: the import reads the Import Allow rules concerning the entity (staff data an entity user cannot list, and a rule another team keeps still holds) and the entity\'s own forms\' templates',
);

type Db = Knex | Knex.Transaction;

interface Entity extends AllowEntity {
  name: string;
}

export interface TemplateRefusal {
  template: number;
  /** `BNK-01 Balance sheet`. */
  label: string;
  /** The first day import is allowed again (YYYY-MM-DD), or null. */
  until: string | null;
  message: string;
}

async function entityOf(db: Db, id: number): Promise<Entity | null> {
  const row = await db('re').where({ id }).first('id', 'sector', 'name');
  return row ? { id: Number(row.id), sector: row.sector === null ? null : Number(row.sector), name: String(row.name ?? '').trim() } : null;
}

/** The rules that can concern the entity: its own, its sector's, every entity's. */
async function rulesFor(db: Db, entity: AllowEntity): Promise<AllowRule[]> {
  const rows = await db('import_allow')
    .where((q) => {
      q.where('re', entity.id).orWhere((w) => w.whereNull('re').whereNull('sector'));
      if (entity.sector !== null) q.orWhere((w) => w.whereNull('re').where('sector', entity.sector));
    })
    .select('id', 're', 'sector', 'formtemplate', 'allowed', 'validfrom', 'validto');
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return rows.map((r) => ({ id: Number(r.id), re: num(r.re), sector: num(r.sector), formtemplate: num(r.formtemplate), allowed: Boolean(Number(r.allowed)), validfrom: isoDay(r.validfrom), validto: isoDay(r.validto) }));
}

async function templateLabels(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db('formtemplate').whereIn('id', [...ids]).select('id', 'code', 'name');
  return new Map(rows.map((r) => {
    const [code, name] = [String(r.code ?? '').trim(), String(r.name ?? '').trim()];
    return [Number(r.id), (name && name !== code ? `${code} ${name}` : code) || `template ${r.id}`];
  }));
}

/** `Excel import is not allowed for BNK-01 Balance sheet of Demo Bank Berhad until 01/01/2027.` */
export function refusalSentence(what: string, until: string | null): string {
  return `Excel import is not allowed for ${what}${until ? ` until ${shownDay(until)}` : ''}.`;
}

/** Why the import may not write a form of this template for this entity on `day`, or null when it may. */
export async function formImportRefusal(db: Db, form: { re: number; formtemplate: number | null }, day = sqlDate()): Promise<string | null> {
  if (form.formtemplate === null) return null;
  const entity = await entityOf(db, form.re);
  if (!entity) return null;
  const decision = decide(await rulesFor(db, entity), entity, form.formtemplate, day);
  if (decision.allowed) return null;
  const label = (await templateLabels(db, [form.formtemplate])).get(form.formtemplate)!;
  return refusalSentence(`${label} of ${entity.name}`, decision.until);
}

export interface Allowance {
  /** The entity may import none of its forms' templates: the sentence saying so, else null. */
  none: string | null;
  /** The templates of its forms it may not import today. */
  refused: TemplateRefusal[];
}

/** What the entity may not import on `day`, over the templates of its forms. */
export async function entityAllowance(db: Db, re: number, day = sqlDate()): Promise<Allowance> {
  const entity = await entityOf(db, re);
  if (!entity) return { none: null, refused: [] };
  const rules = await rulesFor(db, entity);
  if (!rules.length) return { none: null, refused: [] };
  const templates = (await db('form').where({ re }).whereNotNull('formtemplate').distinct('formtemplate').pluck('formtemplate')).map(Number);
  const refusedIds: { template: number; until: string | null }[] = [];
  for (const template of templates) {
    const d = decide(rules, entity, template, day);
    if (!d.allowed) refusedIds.push({ template, until: d.until });
  }
  const labels = await templateLabels(db, refusedIds.map((r) => r.template));
  const refused = refusedIds
    .map(({ template, until }) => {
      const label = labels.get(template) ?? `template ${template}`;
      return { template, label, until, message: refusalSentence(`${label} of ${entity.name}`, until) };
    })
    .sort((a, b) => a.label.localeCompare(b.label));
  if (!templates.length || refused.length < templates.length) return { none: null, refused };
  // None allowed: until the first day any of them is allowed again (null when none ever is).
  const until = refused.map((r) => r.until).filter((d): d is string => d !== null).sort()[0] ?? null;
  return { none: refusalSentence(entity.name, until), refused };
}

/**
 * Why an import for `entity` may not be queued at all, or null: the form it names (one of that
 * entity's: another's is left to the job, which answers it as not found) is refused, or the
 * entity may import none of its forms' templates.
 */
export async function importRefusal(db: Db, entity: number, formId: number | null, day = sqlDate()): Promise<string | null> {
  if (formId !== null) {
    const form = await db('form').where({ id: formId }).first('re', 'formtemplate');
    if (form && Number(form.re) === entity) {
      const refusal = await formImportRefusal(db, { re: entity, formtemplate: form.formtemplate === null ? null : Number(form.formtemplate) }, day);
      if (refusal) return refusal;
    }
  }
  return (await entityAllowance(db, entity, day)).none;
}
