// The save hook of form templates and their overrides (docs/form-templates.md): every write of
// `properties`, through the designer's Save, Record.create/update by an integrator or a restore,
// runs the one check of template-check.ts on the server. A template that breaks a rule is refused
// (E_VALIDATION naming the JSON path); one that passes is stored normalised, with its cell codes
// assigned and its extract definition computed here (a caller's etlproperties is never trusted).
import type { ActionContext } from '../../engine/runtime/context.js';
import type { ResolvedModule } from '../../engine/metadata/module-registry.js';
import { errors } from '../../engine/errors/catalogue.js';
import { checkTemplate } from './template-check.js';
import { extformProblems } from './extform-check.js';
import { problemFields, type FormProperties } from './template-schema.js';

type Row = Record<string, unknown>;

const TEMPLATE_TABLE = 'formtemplate';
const OVERRIDE_TABLE = 'formpropertiesoverride';
/** Seed 001 §9: standard list groups are the active ones. */
const ACTIVE = 33;

const parsed = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

/** Seed 001 §4.1: a tab's table type, once set, cannot be changed. */
function typeChanges(before: unknown, after: FormProperties): Record<string, string> {
  const old = new Map<string, string>();
  for (const tab of (before as { items?: { id?: string; type?: string }[] } | null)?.items ?? []) if (tab?.id && tab.type) old.set(tab.id, tab.type);
  const problems: Record<string, string> = {};
  after.items.forEach((tab, i) => {
    const was = old.get(tab.id);
    if (was && was !== tab.type) problems[`properties/items/${i}/type`] = `The table type of tab ${tab.id} is ${was} and cannot be changed once set.`;
  });
  return problems;
}

async function itemCodeOf(ctx: ActionContext, module: ResolvedModule, row: Row, stored: Row | null): Promise<string | null> {
  if (module.table === TEMPLATE_TABLE) return ((row.itemcode ?? stored?.itemcode) as string | null | undefined) ?? null;
  const template = row.template ?? stored?.template;
  const found = template === undefined || template === null ? undefined : await ctx.db(TEMPLATE_TABLE).where({ id: Number(template) }).first('itemcode');
  return (found?.itemcode as string | null | undefined) ?? null;
}

/** Checks and completes `row` (column → value about to be written) of a template or an override. */
export async function prepareTemplateWrite(ctx: ActionContext, module: ResolvedModule, row: Row, stored: Row | null): Promise<void> {
  if (module.table !== TEMPLATE_TABLE && module.table !== OVERRIDE_TABLE) return;
  // The extract definition follows from the properties: computed here, never taken from the caller.
  delete row.etlproperties;
  // Cell codes are built from the item code: once a version is published they are the template's names.
  if (module.table === TEMPLATE_TABLE && 'itemcode' in row && stored && Number(stored.version ?? 0) > 0 && (row.itemcode ?? null) !== (stored.itemcode ?? null)) {
    throw errors.validation({ itemcode: 'cannot be changed once the template has a published version: its cell codes are built from it' });
  }
  if (!('properties' in row)) return;
  const source = row.properties;
  if (source === null || source === undefined) {
    row.etlproperties = null;
    return;
  }
  const listGroups: number[] = (await ctx.db('listgroup').where('state', ACTIVE).pluck('id')).map(Number);
  const itemcode = await itemCodeOf(ctx, module, row, stored);
  const result = checkTemplate(parsed(source), { itemcode, listGroups, licenseKey: ctx.services.config.formulaLicenseKey });
  if (!result.ok) throw errors.validation(problemFields(result.problems));
  // extform() names another template's cell: checked against the templates stored now.
  const crossForm = await extformProblems(ctx.db, result.template, itemcode);
  if (crossForm.length) throw errors.validation(problemFields(crossForm));
  const changed = typeChanges(stored ? parsed(stored.properties ?? null) : null, result.template);
  if (Object.keys(changed).length) throw errors.validation(changed);
  row.properties = JSON.stringify(result.template);
  row.etlproperties = JSON.stringify(result.extracts);
}
