// RE.getAdhocList and RE.createAdhocForm (seed 002 §6, §7, §9; docs/filing-periods.md): the ad
// hoc templates the caller's current entity may file, with the periods each may be created for
// and whether the Create New Forms button shows; and the creation of one such form.
import { Type } from '@sinclair/typebox';
import { defineAction } from '../../../engine/runtime/registry.js';
import { isReUser, type ActionContext } from '../../../engine/runtime/context.js';
import { recordset, text } from '../../../engine/protocol/envelope.js';
import { errors } from '../../../engine/errors/catalogue.js';
import { ADHOC_MESSAGES, adhocAccess, createAdhocForm, type AdhocCaller } from '../../filing/adhoc-forms.js';
import { adhocChoices, adhocYears } from '../../filing/adhoc-periods.js';
import { extractDatabases } from '../../filing/extract-tables.js';

function entityCaller(ctx: ActionContext): AdhocCaller {
  const c = ctx.caller;
  if (!c || !isReUser(c)) throw errors.noPermission('ad hoc forms (reporting entity users only)');
  // A session left on an entity the user was since unlinked from has no entity to file for.
  const currentRe = c.currentRe !== null && c.entities.includes(c.currentRe) ? c.currentRe : null;
  return { userId: c.userId, currentRe, roles: c.roles };
}

export const reGetAdhocList = defineAction({
  name: 'RE.getAdhocList',
  summary: 'The ad hoc form codes (calendar 282) the current entity may create forms of, the periods each may be created for, the years offered, and whether the Create New Forms button shows (seed 002 §6)',
  args: [],
  access: 'session',
  writes: false,
  answer: 'value 0: text JSON {codes: [{code, name, months: [{value, label}]}], years: [previous, current, next], canCreate}',
  errors: ['E_NOPERMISSION'],
  async handler(_args, ctx) {
    const access = await adhocAccess(ctx.db, entityCaller(ctx));
    const codes = access.codes.map((c) => ({ code: c.code, name: c.name, months: adhocChoices(c.code).choices }));
    return [text(JSON.stringify({ codes, years: adhocYears(new Date()), canCreate: access.canCreate }))];
  },
});

const Wholeish = Type.Union([Type.Integer({ minimum: 0, maximum: 9999 }), Type.String({ maxLength: 10 })]);

export const reCreateAdhocForm = defineAction({
  name: 'RE.createAdhocForm',
  summary: 'Creates an ad hoc form of the chosen code for the period ending in the chosen month and year, in the current entity\'s ad hoc submission of that period',
  args: [
    Type.Object(
      {
        code: Type.Optional(Type.String({ maxLength: 50, description: 'An ad hoc form code of RE.getAdhocList' })),
        month: Type.Optional(Wholeish),
        year: Type.Optional(Wholeish),
      },
      { additionalProperties: false },
    ),
  ],
  access: 'session',
  writes: true,
  answer: `value 0: recordset (id, formbatch) of the new form; value 1: text "${ADHOC_MESSAGES.success}". E_VALIDATION: the message is the problems joined by line breaks ("${ADHOC_MESSAGES.code}", "${ADHOC_MESSAGES.month}", "${ADHOC_MESSAGES.year}"), details by field`,
  errors: ['E_NOPERMISSION', 'E_VALIDATION'],
  async handler([a], ctx) {
    const made = await createAdhocForm(ctx.db, ctx.services.modules, entityCaller(ctx), a, new Date(), extractDatabases(ctx));
    return [
      recordset([{ name: 'id', type: 'integer' }, { name: 'formbatch', type: 'integer' }], [[String(made.form), String(made.formbatch)]]),
      text(ADHOC_MESSAGES.success),
    ];
  },
});
