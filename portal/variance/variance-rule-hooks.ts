// A variance threshold as staff write it (VarianceRule, docs/filing-periods.md "Variance check"):
// a limit in percent and/or in amount, both above zero; the cell, when one is named, a numeric
// cell of the template's current version outside add-new-rows tabs; one threshold per cell (and
// one for "every numeric cell") of a template, so the check never has to choose between two. The
// cell's tab and label are kept beside its code (celllabel), so the list of thresholds reads in words.
import type { Knex } from 'knex';
import { errors } from '../../engine/errors/catalogue.js';
import type { ModuleHooks } from '../../engine/metadata/module-hooks.js';
import { filedTemplate } from '../filing/form-data.js';
import { isComparableCell, ruleCellLabel } from './variance-rules.js';

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

async function templateLayout(db: Knex | Knex.Transaction, template: number) {
  const row = await db('formtemplate').where({ id: template }).first('code', 'version');
  if (!row || row.version === null) return null;
  return { code: String(row.code), filed: await filedTemplate(db, { id: 0, formtemplate: template, templateversion: Number(row.version) }) };
}

export const varianceRuleHooks: ModuleHooks = {
  async beforeWrite(ctx, _module, stored, row) {
    const after = (f: string) => (f in row ? row[f] : stored?.[f]);
    const problems: Record<string, string> = {};
    const percent = after('percent');
    const amount = after('amount');
    if (blank(percent) && blank(amount)) problems.percent = 'Enter a threshold: a percentage, an amount, or both';
    if (!blank(percent) && !(Number(percent) > 0)) problems.percent = 'The percentage must be more than 0';
    if (!blank(amount) && !(Number(amount) > 0)) problems.amount = 'The amount must be more than 0';
    const set: string[] = [];
    const code = blank(after('code')) ? null : String(after('code')).trim().toUpperCase();
    if ('code' in row) {
      row.code = code;
      set.push('code');
    }
    const template = Number(after('formtemplate'));
    const found = await templateLayout(ctx.db, template);
    if (!found) problems.formtemplate = 'Choose a template that has been saved';
    else if (code !== null && !isComparableCell(found.filed.layout, code)) {
      problems.code = found.filed.layout.byCodeOf(code)
        ? `${code} is not a number cell of ${found.code} with one value a form (numbers in add-new-rows tabs are not compared): choose another cell, or leave it empty for every number cell`
        : `${found.code} has no cell ${code}: enter a cell code of the template, or leave it empty for every number cell`;
    }
    if (!problems.formtemplate && !problems.code) {
      const twin = ctx.db('variancerule').where({ formtemplate: template });
      if (code === null) twin.whereNull('code');
      else twin.where({ code });
      if (stored) twin.whereNot({ id: Number(stored.id) });
      if (await twin.first('id')) problems.code = code === null ? `${found!.code} already has a threshold for every number cell: change that one` : `${found!.code} already has a threshold for ${code}: change that one`;
    }
    if (Object.keys(problems).length) throw errors.validation(problems);
    if ('code' in row || 'formtemplate' in row || !stored) {
      row.celllabel = ruleCellLabel(found!.filed.layout, code);
      set.push('celllabel');
    }
    return set;
  },
};
