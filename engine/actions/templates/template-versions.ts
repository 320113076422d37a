// FormTemplate.versions and FormTemplate.version: the published versions of a form template
// (docs/form-templates.md), newest first, and one version's whole template as it was published.
import { Type } from '@sinclair/typebox';
import { defineAction } from '../registry.js';
import { recordset, text } from '../../protocol/envelope.js';
import { AppError } from '../../errors/catalogue.js';
import { accessModule } from '../../records/module-access.js';
import { loadForWrite } from '../../records/record-read.js';
import { templateVersion, templateVersions } from '../../filing/template-versions.js';

const MODULE = 'FormTemplate';
const Id = Type.Integer({ minimum: 1 });

export const formTemplateVersions = defineAction({
  name: 'FormTemplate.versions',
  summary: 'The published versions of a form template, newest first: version, who published it and when',
  args: [Type.Object({ id: Id }, { additionalProperties: false })],
  access: 'session',
  permission: 'FormTemplate.select',
  writes: false,
  answer: 'value 0: recordset (version, createby, createby_name, createon)',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND'],
  async handler([a], ctx) {
    const { module, scopeRe } = accessModule(ctx, MODULE, 'select');
    await loadForWrite(ctx, module, scopeRe, a.id);
    const rows = (await templateVersions(ctx.db, a.id)).map((v) => [String(v.version), v.createby === null ? null : String(v.createby), v.createby_name, v.createon]);
    return [
      recordset(
        [
          { name: 'version', type: 'integer' },
          { name: 'createby', type: 'integer' },
          { name: 'createby_name', type: 'string' },
          { name: 'createon', type: 'datetime' },
        ],
        rows,
      ),
    ];
  },
});

export const formTemplateVersion = defineAction({
  name: 'FormTemplate.version',
  summary: 'One published version of a form template: its properties and extract definition (JSON) as published',
  args: [Type.Object({ id: Id, version: Id }, { additionalProperties: false })],
  access: 'session',
  permission: 'FormTemplate.select',
  writes: false,
  answer: 'value 0: text, the properties JSON; value 1: text, the extract definition JSON (empty when none)',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND'],
  async handler([a], ctx) {
    accessModule(ctx, MODULE, 'select');
    const found = await templateVersion(ctx.db, a.id, a.version);
    if (!found) throw new AppError('E_NOTFOUND', `Form template ${a.id} has no version ${a.version}.`);
    return [text(found.properties ?? ''), text(found.etlproperties ?? '')];
  },
});

export const templateActions = [formTemplateVersions, formTemplateVersion];
