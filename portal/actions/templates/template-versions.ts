// FormTemplate.versions and FormTemplate.version: the published versions of a form template
// (docs/form-templates.md), newest first, and one version's whole template as it was published.
import { Type } from '@sinclair/typebox';
import { recordId } from '../../../engine/runtime/record-arg.js';
import { defineAction } from '../../../engine/runtime/registry.js';
import { recordset, text } from '../../../engine/protocol/envelope.js';
import { AppError } from '../../../engine/errors/catalogue.js';
import { accessModule } from '../../../engine/records/module-access.js';
import { loadForWrite } from '../../../engine/records/record-read.js';
import { templateVersion, templateVersions } from '../../filing/template-versions.js';
import { diffTemplates } from '../../filing/template-diff.js';
import type { FormProperties } from '../../filing/template-schema.js';
import { formFiledTemplate } from './form-filed-template.js';

const MODULE = 'FormTemplate';
const Id = Type.Integer({ minimum: 1 });
const TemplateId = recordId('FormTemplate', 'The form template');

export const formTemplateVersions = defineAction({
  name: 'FormTemplate.versions',
  summary: 'The published versions of a form template, newest first: version, who published it and when',
  args: [Type.Object({ id: TemplateId }, { additionalProperties: false })],
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
  args: [Type.Object({ id: TemplateId, version: Id }, { additionalProperties: false })],
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

export const formTemplateCompare = defineAction({
  name: 'FormTemplate.compare',
  summary: 'Two published versions of a form template compared cell by cell: coded cells followed by their code wherever they moved, others by place; form and tab properties too',
  args: [Type.Object({ id: TemplateId, from: Id, to: Id }, { additionalProperties: false })],
  access: 'session',
  permission: 'FormTemplate.select',
  writes: false,
  answer: 'value 0: recordset (tab, code, address, kind: added|removed|changed|moved, attribute, before, after), one row per attribute that differs; tab null for the form itself',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND'],
  async handler([a], ctx) {
    accessModule(ctx, MODULE, 'select');
    const [from, to] = await Promise.all([templateVersion(ctx.db, a.id, a.from), templateVersion(ctx.db, a.id, a.to)]);
    const missing = !from?.properties ? a.from : !to?.properties ? a.to : null;
    if (missing !== null) throw new AppError('E_NOTFOUND', `Form template ${a.id} has no version ${missing}.`);
    const changes = diffTemplates(JSON.parse(from!.properties!) as FormProperties, JSON.parse(to!.properties!) as FormProperties);
    const rows = changes.flatMap((c) => Object.entries(c.attributes).map(([attribute, [before, after]]) => [c.tab, c.code, c.address, c.kind, attribute, before, after]));
    return [
      recordset(
        ['tab', 'code', 'address', 'kind', 'attribute', 'before', 'after'].map((name) => ({ name, type: 'string' as const })),
        rows,
      ),
    ];
  },
});

export const templateActions = [formTemplateVersions, formTemplateVersion, formTemplateCompare, formFiledTemplate];
