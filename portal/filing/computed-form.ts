// A form's values as they stand, computed once: its inputs as stored and its formulas worked out
// over them (references to other forms included) by the one formula engine. Accepting a form
// keeps them twice, in the extract tables and as the accepted values, from this one computation.
import { filedTemplate, placeContent, readFormEnd, readFormRow, storedCells, type FiledTemplate, type FormContent, type FormRow } from './form-data.js';
import { buildWorkbook, cellValueRows, type CellValueRow } from './form-values.js';
import { externalValues } from './external-values.js';
import type { ExtractDatabases } from './extract-tables.js';

export interface ComputedForm {
  form: FormRow;
  /** The period end, YYYY-MM-DD (null for a form without one). */
  endon: string | null;
  filed: FiledTemplate;
  content: FormContent;
  /** Every cell of the template in eachCell's order, with its value (inputs as stored, formulas computed). */
  values: CellValueRow[];
}

/** The form's computed values, or null for a form without a template. */
export async function computeForm(dbs: Pick<ExtractDatabases, 'db' | 'root'>, formId: number, licenseKey?: string): Promise<ComputedForm | null> {
  const form = await readFormRow(dbs.db, formId);
  if (form.formtemplate === null || form.templateversion === null) return null;
  const filed = await filedTemplate(dbs.db, form);
  const content = placeContent(filed.layout, await storedCells(dbs.db, formId));
  const endon = await readFormEnd(dbs.db, formId);
  const externals = await externalValues(dbs.db, form, filed, { licenseKey, root: dbs.root });
  const wb = buildWorkbook(filed, content, licenseKey, externals);
  try {
    return { form, endon, filed, content, values: cellValueRows(filed, content, wb) };
  } finally {
    wb.destroy();
  }
}
