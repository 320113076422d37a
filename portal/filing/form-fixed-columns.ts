// What a filed form is stays what it was created as: its entity, submission, template, template
// version, category, period and tab list are set from its batch and template version when the period is
// opened (period-open.ts) and no update changes them afterwards, whichever module of the form
// table (Form, REForm), action or channel it comes through (docs/filing.md "A form's owner and
// shape"). Forms send every field back, so a value equal to the stored one passes.
import { errors } from '../../engine/errors/catalogue.js';
import type { ResolvedModule } from '../../engine/metadata/module-registry.js';
import type { Row } from '../../engine/metadata/module-hooks.js';
import { differs } from '../../engine/records/update.js';

const PERIOD = "a form's period is fixed by its submission and cannot be changed";

/** The fixed fields of a form, each with what a caller who tried to change it is told. */
export const FORM_FIXED_FIELDS: Readonly<Record<string, string>> = {
  re: "a form's entity is fixed by its submission and cannot be changed",
  formbatch: 'a form stays in the submission it was created in and cannot be moved to another',
  formtemplate: "a form's template is fixed when it is created and cannot be changed",
  templateversion: 'a form is filled in on the template version it was created with, which cannot be changed',
  properties: "a form's tab list is its template version's and cannot be changed",
  // The category decides which regulator team reads the form (Form's row rules): it is the template's.
  category: "a form's category comes from its template and cannot be changed",
  calendar: PERIOD,
  endon: PERIOD,
  reportingperiod: PERIOD,
  datedesc: PERIOD,
  scheduletype: PERIOD,
};

/**
 * Refuses an update of an existing form that would change a fixed field: E_VALIDATION naming each
 * one. A create (`stored` null) sets them; the period opening writes them in its own code.
 */
export function assertFixedUnchanged(module: ResolvedModule, stored: Row | null, row: Row): void {
  if (!stored) return;
  const problems: Record<string, string> = {};
  for (const [name, message] of Object.entries(FORM_FIXED_FIELDS)) {
    const field = module.fields.get(name);
    if (!field || !(field.column in row)) continue;
    if (differs(field, stored[field.column], row[field.column])) problems[name] = message;
  }
  if (Object.keys(problems).length) throw errors.validation(problems);
}
