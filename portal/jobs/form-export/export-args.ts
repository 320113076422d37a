// The arguments of Job.ExportToExcel.submit (seed 001 §7): exactly one of a form, a batch (a .zip
// of its forms) or a template (the blank template at its current version), and whether the
// form's values go in. The stored job args add the download's file name, fixed at submit.
import { Type, type Static } from '@sinclair/typebox';
import { recordId } from '../../../engine/runtime/record-arg.js';

const Id = (module: string, description: string) => recordId(module, description, { maximum: 999_999_999 });

export const ExportToExcelArgs = Type.Object(
  {
    form_id: Type.Optional(Id('Form', 'The form')),
    formbatch_id: Type.Optional(Id('FormBatch', 'The submission')),
    ft_id: Type.Optional(Id('FormTemplate', 'The form template')),
    withData: Type.Optional(Type.Boolean({ description: "Write the form's values (default true); false gives the empty inputs" })),
  },
  { additionalProperties: false },
);
export type ExportToExcelArgs = Static<typeof ExportToExcelArgs>;

/** What the job row keeps: the submit arguments and the file name the download answers with. */
export const StoredExportArgs = Type.Object(
  {
    form_id: Type.Optional(Id('Form', 'The form')),
    formbatch_id: Type.Optional(Id('FormBatch', 'The submission')),
    ft_id: Type.Optional(Id('FormTemplate', 'The form template')),
    withData: Type.Boolean(),
    title: Type.String({ maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type StoredExportArgs = Static<typeof StoredExportArgs>;

export type ExportKind = 'form' | 'batch' | 'template';

export function kindOf(a: { form_id?: number; formbatch_id?: number; ft_id?: number }): ExportKind | null {
  const given = [a.form_id, a.formbatch_id, a.ft_id].filter((v) => v !== undefined).length;
  if (given !== 1) return null;
  return a.form_id !== undefined ? 'form' : a.formbatch_id !== undefined ? 'batch' : 'template';
}

/** A file name safe on every system: letters, digits, `-`, `_`, `.` and spaces kept, the rest `_`. */
export function safeFileName(name: string): string {
  const clean = name.replace(/[^A-Za-z0-9 ._-]+/g, '_').replace(/^[. ]+|[. ]+$/g, '').slice(0, 150);
  return clean || 'form';
}
