// RE.getProfileTabs (docs/re-profile.md): the tabs of the Reporting Entity Profile that the
// caller is shown for an entity, decided here from the stored tab definitions (ProfileTab) and the entity's
// facts (seed 001 §2.5, §6). An RE user asks for its current entity; regulator staff for one
// their team covers (RE's row rules).
import { Type } from '@sinclair/typebox';
import { defineAction } from '../../../engine/runtime/registry.js';
import { isReUser } from '../../../engine/runtime/context.js';
import { recordset, type EnvelopeValue } from '../../../engine/protocol/envelope.js';
import { errors } from '../../../engine/errors/catalogue.js';
import { accessModule } from '../../../engine/records/module-access.js';
import { rowsOf } from '../../../engine/records/scoped-rows.js';
import { recordId } from '../../../engine/runtime/record-arg.js';
import { entityFacts, profileTabs, tabScreen, visibleTabs } from '../../profile/profile-tabs.js';

export const getProfileTabs = defineAction({
  name: 'RE.getProfileTabs',
  summary: "The Reporting Entity Profile's tabs shown to the caller for an entity (its current entity for an RE user), in order",
  args: [Type.Optional(Type.Object({ re: Type.Optional(recordId('RE', 'The entity; an RE user may name only its current one')) }, { additionalProperties: false }))],
  minArgs: 0,
  access: 'session',
  writes: false,
  answer: 'value 0: recordset (id, title, kind, list, form): kind 1 list, 2 form, 3 office details list, 4 MIDA',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND', 'E_BADREQUEST'],
  async handler([a], ctx): Promise<EnvelopeValue[]> {
    const caller = ctx.caller!;
    const reUser = isReUser(caller);
    // The entity's own record must be readable: RE-RE (its current entity) or RE (regulator staff).
    accessModule(ctx, reUser ? 'RE-RE' : 'RE', 'select');
    const re = a?.re ?? (reUser ? caller.currentRe : null);
    if (re === null || re === undefined) throw errors.badRequest('re is required');
    // One of the caller's entities (its current one for an RE user, its team's for staff): any
    // other is answered as a missing one.
    await rowsOf(ctx, 'RE').get(re);
    const file = await profileTabs(ctx);
    const facts = await entityFacts(ctx.db, re, file);
    if (!facts) throw errors.notFound(`RE #${re}`);
    const audience = reUser ? 're' : 'iru';
    const rows = visibleTabs(file, audience, facts).map((tab) => {
      const screen = tabScreen(tab, audience) ?? {};
      return [String(tab.id), tab.title, String(tab.kind), screen.list === undefined ? null : String(screen.list), screen.form === undefined ? null : String(screen.form)];
    });
    return [
      recordset(
        [
          { name: 'id', type: 'integer' },
          { name: 'title', type: 'string' },
          { name: 'kind', type: 'integer' },
          { name: 'list', type: 'integer' },
          { name: 'form', type: 'integer' },
        ],
        rows,
      ),
    ];
  },
});
