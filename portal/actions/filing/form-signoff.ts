// Form.validate and Form.submit (PROTOCOL.md §7, docs/filing.md "Submission"). Submitting is the
// move Ready (55) → Submitted (56) of REForm's state map through the record engine, so the same
// permission, four-eyes rule, blocking rules and stamps apply as to that move by Record.update
// (portal/filing/form-state-effects.ts).
import { Type } from '@sinclair/typebox';
import { defineAction } from '../../../engine/runtime/registry.js';
import { recordset } from '../../../engine/protocol/envelope.js';
import { reachForm } from '../../filing/form-data.js';
import { storedFormBreaches } from '../../filing/form-rules.js';
import { FORM_STATE } from '../../filing/form-states.js';
import { updateRecord } from '../../../engine/records/update.js';
import { Counter, FormId } from './form-data.js';

export const formValidate = defineAction({
  name: 'Form.validate',
  summary: "Every rule a form's stored values break: required cells, types and lists, cell validations with their messages, formula results, tab validations, tier-2 checks, fewest rows",
  args: [Type.Object({ form: FormId }, { additionalProperties: false })],
  access: 'session',
  writes: false,
  answer: 'value 0: recordset (tab, address, code, rule, severity, message); severity error blocks a submission, warning does not',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND'],
  async handler([a], ctx) {
    const form = await reachForm(ctx, a.form, 'select');
    const { breaches } = await storedFormBreaches(ctx, form);
    return [
      recordset(
        ['tab', 'address', 'code', 'rule', 'severity', 'message'].map((name) => ({ name, type: 'string' as const })),
        breaches.map((b) => [b.tab, b.address, b.code, b.rule, b.severity, b.message]),
      ),
    ];
  },
});

export const formSubmit = defineAction({
  name: 'Form.submit',
  summary: 'Submits a Ready form (55 → 56) after every blocking rule passes on the server; stamps lastsubmiton and submitby. The user who prepared the version cannot submit it',
  args: [Type.Object({ form: FormId, updatectr: Counter }, { additionalProperties: false })],
  access: 'session',
  writes: true,
  answer: 'value 0: recordset (id, updatectr, state)',
  errors: ['E_VALIDATION', 'E_CONCURRENT', 'E_STATETRANSITION', 'E_NOPERMISSION', 'E_NOTFOUND'],
  async handler([a], ctx) {
    // Reached first so that another entity's form is "not found", as for the other filing actions.
    await reachForm(ctx, a.form, 'update');
    return updateRecord(ctx, { module: 'REForm', fields: ['id', 'updatectr', 'state'], values: [a.form, a.updatectr, FORM_STATE.submitted], read: ['id', 'updatectr', 'state'] });
  },
});
