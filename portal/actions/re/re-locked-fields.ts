// Which fields of an entity the caller may not change (seed 001 §6; docs/re-admin-actions.md):
// the business information fields outside the entity's sector's list (BusinessInfoField, portal/re/business-info-fields.ts),
// and, for the banks' relationship managers (roles 35, 37), every field but smd1 and smd2. The
// entity form shows these read-only; the `re` write hook refuses them whatever the form shows.
import { Type } from '@sinclair/typebox';
import { recordId } from '../../../engine/runtime/record-arg.js';
import { defineAction } from '../../../engine/runtime/registry.js';
import { isReUser } from '../../../engine/runtime/context.js';
import { recordset, type EnvelopeValue } from '../../../engine/protocol/envelope.js';
import { loadForWrite } from '../../../engine/records/record-read.js';
import { accessModule } from '../../../engine/records/module-access.js';
import { businessInfoRules, lockedBusinessFields } from '../../re/business-info-fields.js';
import { MANAGER_FIELDS, MANAGER_ROLES } from '../../re/re-admin-rules.js';

export const reGetLockedFields = defineAction({
  name: 'RE.getLockedFields',
  summary: "The fields of an entity the caller may not change: business information outside the entity's sector's list, and for relationship managers (roles 35, 37) all but smd1 and smd2",
  args: [Type.Object({ id: recordId('RE', 'The entity') }, { additionalProperties: false })],
  access: 'session',
  permission: 'RE.update',
  writes: false,
  answer: 'value 0: recordset (field) of the locked field names',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND', 'E_BADREQUEST'],
  async handler([a], ctx): Promise<EnvelopeValue[]> {
    const { module, scopeRe } = accessModule(ctx, 'RE', 'update');
    const stored = await loadForWrite(ctx, module, scopeRe, a.id);
    const caller = ctx.caller!;
    const manager = !isReUser(caller) && MANAGER_ROLES.some((r) => caller.roles.has(r));
    const locked = manager
      ? [...module.fields.values()].filter((f) => f.writable && !(MANAGER_FIELDS as readonly string[]).includes(f.name)).map((f) => f.name)
      : lockedBusinessFields(await businessInfoRules(ctx), stored.sector);
    return [recordset([{ name: 'field', type: 'string' }], locked.map((f) => [f]))];
  },
});
