// The arguments of Job.ValidationReport.submit: exactly one of a form or a batch, and the file's
// format. The stored job args add the download's file name, fixed at submit.
import { Type, type Static } from '@sinclair/typebox';
import { recordId } from '../../../engine/runtime/record-arg.js';

const Id = (module: string, description: string) => recordId(module, description, { maximum: 999_999_999 });
const Format = Type.Union([Type.Literal('xlsx'), Type.Literal('pdf')], { description: 'xlsx (a workbook) or pdf (printed)' });

export const ValidationReportArgs = Type.Object(
  {
    form_id: Type.Optional(Id('Form', 'The form')),
    formbatch_id: Type.Optional(Id('FormBatch', 'The submission')),
    format: Format,
  },
  { additionalProperties: false },
);
export type ValidationReportArgs = Static<typeof ValidationReportArgs>;

export const StoredReportArgs = Type.Object(
  {
    form_id: Type.Optional(Id('Form', 'The form')),
    formbatch_id: Type.Optional(Id('FormBatch', 'The submission')),
    format: Format,
    title: Type.String({ maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type StoredReportArgs = Static<typeof StoredReportArgs>;
