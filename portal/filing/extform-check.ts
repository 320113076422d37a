// The save check of extform(CODE) (docs/form-templates.md "Rules across forms and periods"): a
// code names a cell of another template by that template's item code, so at save a mistyped code
// is refused at the rule that cites it, rather than read as blank in every form. The templates
// whose item codes could start the codes are read in one statement.
import type { Knex } from 'knex';
import { cellLabels } from './cell-labels.js';
import { externalKeys } from './formula-references.js';
import { templateCells } from './template-grid.js';
import type { FormProperties, TemplateProblem } from './template-schema.js';

type Db = Knex | Knex.Transaction;

/** Every extform() code of the template with the path of the formula citing it. */
function citations(template: FormProperties): { path: string; code: string }[] {
  const out: { path: string; code: string }[] = [];
  const add = (formula: string | undefined, path: string) => {
    if (!formula || !/extform/i.test(formula)) return;
    for (const key of externalKeys(formula)) if (key.startsWith('extform:')) out.push({ path, code: key.slice('extform:'.length) });
  };
  (template.tabvalidation ?? []).forEach((c, i) => add(c.formula, `/tabvalidation/${i}/formula`));
  (template.tier2 ?? []).forEach((c, i) => add(c.formula, `/tier2/${i}/formula`));
  for (const p of templateCells(template)) {
    add(p.cell.formula, `${p.path}/formula`);
    add(p.cell.validations, `${p.path}/validations`);
    add(p.cell.disablecondition, `${p.path}/disablecondition`);
  }
  return out;
}

/** Problems of the template's extform() codes: each must name a cell of another template. */
export async function extformProblems(db: Db, template: FormProperties, itemcode: string | null): Promise<TemplateProblem[]> {
  const cited = citations(template);
  if (!cited.length) return [];
  // A code is item code + tab id (2 digits) + counter (3 or 4 digits).
  const candidates = [...new Set(cited.flatMap(({ code }) => [code.slice(0, -5), code.slice(0, -6)]).filter(Boolean))];
  const rows = await db('formtemplate').whereIn('itemcode', candidates).select('code', 'itemcode', 'properties');
  const codesOf = new Map<string, { name: string; codes: ReadonlySet<string> }>();
  for (const r of rows) {
    if (typeof r.properties !== 'string' || !r.properties) continue;
    codesOf.set(String(r.itemcode), { name: String(r.code), codes: new Set(cellLabels(JSON.parse(r.properties) as FormProperties).keys()) });
  }
  const problems: TemplateProblem[] = [];
  for (const { path, code } of cited) {
    const owner = [code.slice(0, -5), code.slice(0, -6)].filter((c) => c && /^\d{5,6}$/.test(code.slice(c.length))).find((c) => codesOf.has(c) || c === itemcode);
    if (owner !== undefined && owner === itemcode) problems.push({ path, message: `extform(${code}) names a cell of this template: write cell(${code}).` });
    else if (owner === undefined) problems.push({ path, message: `extform(${code}) names no cell of another template: no template has an item code that starts ${code}.` });
    else if (!codesOf.get(owner)!.codes.has(code)) problems.push({ path, message: `extform(${code}) names no cell of template ${codesOf.get(owner)!.name}.` });
  }
  return problems;
}
