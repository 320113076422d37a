// Report.preview: the report designer's live PDF of an unsaved definition for one record (or,
// given params.WHERE, the records a list report prints),
// printed through the report path (printRecord: the caller's permission on the report's module
// and entity scope, the same template, sanitiser and locked-down Chromium as /out/{name}.pdf).
// A draft is refused as Record.create would refuse it: E_VALIDATION, each column's problem
// (a template's naming its line).
import { Type } from '@sinclair/typebox';
import { recordId } from '../../runtime/record-arg.js';
import { defineAction } from '../../runtime/registry.js';
import { text } from '../../protocol/envelope.js';
import { errors } from '../../errors/catalogue.js';
import { compileReport, reportProblems, type ReportProps } from '../../reports/report-definition.js';
import { printRecord } from '../../reports/print-report.js';
import { reportPrinting } from '../../reports/report-store.js';
import { parseWhereParam, type Condition } from '../../reports/where-param.js';
import { historyValues, restoreValues, versionValues } from '../screens/actions.js';

export const previewReport = defineAction({
  name: 'Report.preview',
  summary: 'The PDF of an unsaved report definition for one record (read as the caller, as GET /out/{report}.pdf reads it), base64, with a picture of its page',
  args: [
    Type.Object(
      {
        report: Type.Object(
          {
            name: Type.Optional(Type.String({ maxLength: 100 })),
            module: Type.String({ maxLength: 100 }),
            title: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
            template: Type.String({ maxLength: 100_000 }),
            /** WebReport.properties: {fields, paper?, landscape?, values?}, validated by its schema. */
            properties: Type.Unknown(),
          },
          { additionalProperties: false },
        ),
        id: Type.Integer({ minimum: 1 }),
        /** The print's other parameters, for reports whose print values read them (SHOWCAUSE). */
        params: Type.Optional(Type.Record(Type.String({ maxLength: 50 }), Type.String({ maxLength: 500 }), { maxProperties: 20 })),
      },
      { additionalProperties: false },
    ),
  ],
  access: 'session',
  permission: 'WebReport.select',
  writes: false,
  answer: 'value 0: text, the PDF as base64; value 1: text, JSON {filename, png: a picture of the printed page as base64 PNG}',
  errors: ['E_VALIDATION', 'E_BADREQUEST', 'E_NOPERMISSION', 'E_NOTFOUND', 'E_FAIL', 'E_RATELIMIT'],
  async handler([a], ctx) {
    const draft = { name: a.report.name || 'preview', module: a.report.module, title: a.report.title ?? null, template: a.report.template, properties: a.report.properties };
    const problems = reportProblems(ctx.services.modules, draft);
    if (Object.keys(problems).length) throw errors.validation(problems);
    const report = compileReport(ctx.services.modules, { ...draft, properties: draft.properties as ReportProps });
    const { print } = reportPrinting(ctx.services);
    // params.WHERE, as /out/{report}.pdf takes it, chooses the records instead of id (a list report's preview).
    const where = a.params?.WHERE;
    const conditions = where?.trim() ? parseWhereParam(where) : [['id', '=', String(a.id)] as Condition];
    const printed = await printRecord(ctx, report, print, conditions, a.params ?? {}, true);
    return [text(Buffer.from(printed.pdf).toString('base64')), text(JSON.stringify({ filename: printed.filename, png: printed.png ? Buffer.from(printed.png).toString('base64') : null }))];
  },
});

const Id = Type.Integer({ minimum: 1 });
const ReportId = recordId('WebReport', 'The report');

// A report's versions, kept in screen_version like the screens' (docs/reports.md).
export const reportHistory = defineAction({
  name: 'Report.history',
  summary: 'The saved versions of a report (WebReport), newest first: version, action, who, when and the top-level keys it changed',
  args: [Type.Object({ id: ReportId }, { additionalProperties: false })],
  access: 'session',
  permission: 'WebReport.select',
  writes: false,
  answer: 'value 0: recordset (version, action, createby, createby_name, createon, changed), as Screen.history',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND'],
  handler: ([a], ctx) => historyValues(ctx, 'WebReport', a.id),
});

export const reportVersion = defineAction({
  name: 'Report.version',
  summary: 'One saved version of a report: {name, module, title, template, properties}',
  args: [Type.Object({ id: ReportId, version: Id }, { additionalProperties: false })],
  access: 'session',
  permission: 'WebReport.select',
  writes: false,
  answer: 'value 0: text, JSON definition (null for a deletion)',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND'],
  handler: ([a], ctx) => versionValues(ctx, 'WebReport', a.id, a.version),
});

export const reportRestore = defineAction({
  name: 'Report.restore',
  summary: 'Saves an earlier version of a report as its newest (updatectr: the counter the caller last read)',
  args: [Type.Object({ id: ReportId, version: Id, updatectr: Id }, { additionalProperties: false })],
  access: 'session',
  permission: 'WebReport.update',
  writes: true,
  answer: 'value 0: recordset (id, updatectr) after the save',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND', 'E_CONCURRENT', 'E_VALIDATION', 'E_BADREQUEST'],
  handler: ([a], ctx) => restoreValues(ctx, 'WebReport', a.id, a.version, a.updatectr),
});

export const reportActions = [previewReport, reportHistory, reportVersion, reportRestore];
