// Form.copyFromPrevious (PROTOCOL.md §7 in docs/protocol.md, docs/filing.md "Copy from last
// period"): an Open form filled from the same entity's previous accepted form of its template.
import { Type } from '@sinclair/typebox';
import { requireVerifiedProfile } from '../../profile/profile-gate.js';
import { defineAction } from '../../../engine/runtime/registry.js';
import { recordset } from '../../../engine/protocol/envelope.js';
import { copyFromPrevious } from '../../filing/copy-previous.js';
import { Counter, FormId } from './form-data.js';

export const formCopyFromPrevious = defineAction({
  name: 'Form.copyFromPrevious',
  summary: "Fills an Open (or Amendment Required) form's tabs, all or the chosen ones, with the input values of the previous accepted period's form of the same template, through Form.saveData's checks, in one revision",
  args: [
    Type.Object(
      {
        form: FormId,
        updatectr: Counter,
        tabs: Type.Optional(Type.Array(Type.String({ pattern: '^[0-9]{2}$' }), { minItems: 1, maxItems: 100, uniqueItems: true, description: 'Tab ids to copy ("01"); every tab when absent' })),
      },
      { additionalProperties: false },
    ),
  ],
  access: 'session',
  writes: true,
  answer: 'value 0: recordset (id, updatectr, previous, endon, copied, skipped): the previous form and its period end, the cells given a value, the previous values whose cell code this version no longer has as an input cell',
  errors: ['E_VALIDATION', 'E_CONCURRENT', 'E_STATETRANSITION', 'E_NOPERMISSION', 'E_NOTFOUND'],
  async handler([a], ctx) {
    await requireVerifiedProfile(ctx);
    const r = await copyFromPrevious(ctx, a);
    return [
      recordset(
        [
          { name: 'id', type: 'integer' },
          { name: 'updatectr', type: 'integer' },
          { name: 'previous', type: 'integer' },
          { name: 'endon', type: 'date' },
          { name: 'copied', type: 'integer' },
          { name: 'skipped', type: 'integer' },
        ],
        [[String(r.id), String(r.updatectr), String(r.previous), r.endon, String(r.copied), String(r.skipped)]],
      ),
    ];
  },
});
