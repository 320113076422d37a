// Attachment files: Record.uploadFile / Record.getFile (Record2.* twins are aliases) and one
// `{Module}.removeReference` per attachment module in the metadata.
import { Type } from '@sinclair/typebox';
import { defineAction, type AnyAction } from '../../runtime/registry.js';
import { text } from '../../protocol/envelope.js';
import type { ModuleRegistry } from '../../metadata/module-registry.js';
import { downloadUrl, findAttachment, removeAttachment, uploadAttachment } from '../../files/attachments.js';
import { ModuleName } from '../../records/record-schemas.js';

const Names = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 100, description: 'Field names' });
const Values = Type.Array(Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]), { maxItems: 100, description: 'Values, parallel to the names' });
const RecordId = Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[1-9][0-9]{0,14}$' })]);

export const recordUploadFile = defineAction({
  name: 'Record.uploadFile',
  summary:
    'Stores the multipart file part "file" and creates its attachment record: a0 field names, a1 values (the module by a "module" entry or its parent key, e.g. fk_re)',
  args: [Names, Values],
  access: 'session',
  permission: { module: 'create' },
  writes: true,
  answer: 'value 0: recordset of the new attachment row: id, updatectr, name, contenttype, size, url',
  errors: ['E_TOOLARGE', 'E_FILETYPE', 'E_NOPERMISSION', 'E_VALIDATION', 'E_INVALIDFIELD', 'E_BADREQUEST'],
  handler: ([names, values], ctx) => uploadAttachment(ctx, names, values),
});

export const recordGetFile = defineAction({
  name: 'Record.getFile',
  summary: 'The download URL of an attachment record (GET it with the session cookie)',
  args: [Type.Object({ module: ModuleName, id: RecordId }, { additionalProperties: false })],
  access: 'session',
  permission: { module: 'select' },
  writes: false,
  answer: 'value 0: text, the URL /file/{module}/{id}',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND', 'E_BADREQUEST'],
  async handler([a], ctx) {
    const found = await findAttachment(ctx, a.module, Number(a.id));
    return [text(downloadUrl(found.module.name, found.id))];
  },
});

export const fileActions = [recordUploadFile, recordGetFile];

/** `{Module}.removeReference` for every attachment module (`RE_Reference.removeReference`). */
export function removeReferenceActions(modules: ModuleRegistry): AnyAction[] {
  return modules
    .all()
    .filter((m) => m.kind === 'attachment')
    .map((m) =>
      defineAction({
        name: `${m.name}.removeReference`,
        summary: `Deletes a ${m.name} attachment record if its counter is still the stored one: a0 names, a1 values (id, updatectr)`,
        args: [Names, Values],
        access: 'session',
        permission: { module: 'delete' },
        writes: true,
        answer: 'value 0: text 1',
        errors: ['E_NOPERMISSION', 'E_NOTFOUND', 'E_CONCURRENT', 'E_VALIDATION', 'E_BADREQUEST'],
        handler: ([names, values], ctx) => removeAttachment(ctx, m.name, names, values),
      }),
    );
}
