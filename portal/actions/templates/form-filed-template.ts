// Form.template: the template version a form is filed on, for whoever may read the form. Entity
// users hold no FormTemplate permission (the regulator's templates are not theirs to list), yet
// the entry grid needs the shape, formulas and rules of the version their form was created on.
import { Type } from '@sinclair/typebox';
import { recordId } from '../../../engine/runtime/record-arg.js';
import { defineAction } from '../../../engine/runtime/registry.js';
import { text } from '../../../engine/protocol/envelope.js';
import { AppError } from '../../../engine/errors/catalogue.js';
import { reachForm } from '../../filing/form-data.js';
import { templateVersion } from '../../filing/template-versions.js';

export const formFiledTemplate = defineAction({
  name: 'Form.template',
  summary: 'The template version a form is filed on (its properties JSON as published), for anyone who may read the form',
  args: [Type.Object({ form: recordId('Form', 'The form', { maximum: 999_999_999 }) }, { additionalProperties: false })],
  access: 'session',
  writes: false,
  answer: 'value 0: text, the properties JSON of the version; value 1: text JSON {template, version}',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND'],
  async handler([a], ctx) {
    const form = await reachForm(ctx, a.form, 'select');
    const found = form.formtemplate === null || form.templateversion === null ? null : await templateVersion(ctx.db, form.formtemplate, form.templateversion);
    if (!found?.properties) throw new AppError('E_NOTFOUND', 'This form has no template to fill in.');
    return [text(found.properties), text(JSON.stringify({ template: form.formtemplate, version: form.templateversion }))];
  },
});
