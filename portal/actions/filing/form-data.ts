// Form.getData and Form.saveData (PROTOCOL.md §7, docs/filing.md "Data"): a form's cells as the
// filer sees them, and saving any number of them in one call, all or nothing.
import { Type } from '@sinclair/typebox';
import { recordId } from '../../../engine/runtime/record-arg.js';
import { requireVerifiedProfile } from '../../profile/profile-gate.js';
import { defineAction } from '../../../engine/runtime/registry.js';
import { recordset, text } from '../../../engine/protocol/envelope.js';
import { filedTemplate, placeContent, reachForm, storedCells } from '../../filing/form-data.js';
import { buildWorkbook, cellValueRows } from '../../filing/form-values.js';
import { saveFormData } from '../../filing/form-save.js';
import { cachedFormValues, keepFormValues } from '../../filing/form-values-cache.js';
import { externalValues, shownExternals } from '../../filing/external-values.js';
import { freezeOf } from '../../filing/batch-freeze.js';

export const FormId = recordId('Form', 'The form', { maximum: 999_999_999 });
export const Counter = Type.Integer({ minimum: 0, maximum: 999_999_999 });
const TabId = Type.String({ pattern: '^[0-9]{2}$', description: 'Tab id of the template, two digits ("01")' });
const Address = Type.String({ pattern: '^[A-Z]{1,3}[1-9][0-9]{0,6}$', description: 'A1-style address on the tab ("C7")' });
const CellValue = Type.Union([Type.String({ maxLength: 4000 }), Type.Number(), Type.Null()], { description: 'The value as typed; empty or null clears the cell' });

export const formGetData = defineAction({
  name: 'Form.getData',
  summary: "A form's input and formula cells (formulas and summaries computed over the stored values) and what the form is filed on; value 1 also carries `frozen`: null, or {since, by, reason} of its period's freeze; value 2: recordset (kind, code, type, value, label, source, form, missing) of the values its formulas read from other forms (extform, prev), read-only, each with where it came from",
  args: [Type.Object({ form: FormId }, { additionalProperties: false })],
  access: 'session',
  writes: false,
  // Value 2 and value 1's `frozen` (added within protocol 1.0.0, docs/contract/CHANGELOG.md) are told in the summary: the answer text is the versioned shape.
  answer: 'value 0: recordset (tab, address, code, type, value, readonly); value 1: text JSON {form, updatectr, state, template, version, rows}',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND'],
  async handler([a], ctx) {
    const form = await reachForm(ctx, a.form, 'select');
    const filed = await filedTemplate(ctx.db, form);
    const licenseKey = ctx.services.config.formulaLicenseKey;
    // As the caller is shown them: a value from a form the caller cannot see is withheld, and the
    // cells computed here from it are computed as the entry grid computes them, over a blank.
    const externals = await shownExternals(ctx, await externalValues(ctx.db, form, filed, { licenseKey, root: ctx.services.db }));
    // The computed cells also depend on the other forms read: a snapshot holds for the same values only.
    const stamp = externals.length ? JSON.stringify(externals.map((e) => [e.kind, e.code, e.form, e.value])) : '';
    let snapshot = cachedFormValues(ctx.services.db, form.id, form.updatectr, filed.id, filed.version);
    if (snapshot && (snapshot.externals ?? '') !== stamp) snapshot = undefined;
    if (!snapshot) {
      const content = placeContent(filed.layout, await storedCells(ctx.db, form.id));
      const wb = buildWorkbook(filed, content, licenseKey, externals);
      try {
        snapshot = { cells: cellValueRows(filed, content, wb), rows: content.rows, externals: stamp };
      } finally {
        wb.destroy();
      }
      keepFormValues(ctx.services.db, form.id, form.updatectr, filed.id, filed.version, snapshot);
    }
    const { cells: rows } = snapshot;
    return [
      recordset(
        [
          { name: 'tab', type: 'string' },
          { name: 'address', type: 'string' },
          { name: 'code', type: 'string' },
          { name: 'type', type: 'string' },
          { name: 'value', type: 'string' },
          { name: 'readonly', type: 'boolean' },
        ],
        rows.map((r) => [r.tab, r.address, r.code, r.type, r.value, r.readonly ? '1' : '0']),
      ),
      // frozen: null, or the freeze of its submission (since and by are null for a submission frozen on its own).
      text(JSON.stringify({ form: form.id, updatectr: form.updatectr, state: form.state, template: filed.id, version: filed.version, rows: snapshot.rows, frozen: await freezeOf(ctx.db, form.formbatch) })),
      recordset(
        ['kind', 'code', 'type', 'value', 'label', 'source', 'form', 'missing'].map((name) => ({ name, type: name === 'form' ? ('integer' as const) : ('string' as const) })),
        externals.map((e) => [e.kind, e.code, e.type, e.value, e.label, e.source, e.form === null ? null : String(e.form), e.missing]),
      ),
    ];
  },
});

export const formSaveData = defineAction({
  name: 'Form.saveData',
  summary: "Saves a form's cells (by tab and address, or by code) and the data rows of add-new-rows tabs in one transaction; dryRun checks everything and writes nothing",
  args: [
    Type.Object(
      {
        form: FormId,
        updatectr: Counter,
        cells: Type.Array(
          Type.Union([
            Type.Object({ tab: TabId, address: Address, value: CellValue }, { additionalProperties: false }),
            Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }), value: CellValue }, { additionalProperties: false }),
          ]),
          { maxItems: 100_000 },
        ),
        rows: Type.Optional(Type.Record(Type.String({ pattern: '^[0-9]{2}$' }), Type.Integer({ minimum: 0, maximum: 100_000 }), { description: 'Data rows of add-new-rows tabs by tab id' })),
        dryRun: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
  ],
  access: 'session',
  writes: true,
  answer: 'value 0: recordset (id, updatectr); with dryRun nothing is written and the counter is unchanged',
  errors: ['E_VALIDATION', 'E_CONCURRENT', 'E_STATETRANSITION', 'E_NOPERMISSION', 'E_NOTFOUND'],
  async handler([a], ctx) {
    await requireVerifiedProfile(ctx);
    const saved = await saveFormData(ctx, a);
    return [recordset([{ name: 'id', type: 'integer' }, { name: 'updatectr', type: 'integer' }], [[String(saved.id), String(saved.updatectr)]])];
  },
});
