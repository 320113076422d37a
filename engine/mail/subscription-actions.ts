// The actions of the E-mail Subscriptions screen (seed 002 §2, §7; docs/email-subscriptions.md):
// the subscribable templates with the caller's state (EmailTemplate.getList), subscribing and
// unsubscribing the caller, and the unsubscribe link of a mail (no session: the token is the proof).
// Every signed-in user manages only their own subscriptions; the permission is the select task
// of User_EmailTemplate, a read-only link module scoped to the caller's own rows.
import { Type } from '@sinclair/typebox';
import { defineAction } from '../runtime/registry.js';
import { recordset, text, type Cell } from '../protocol/envelope.js';
import { AppError, errors } from '../errors/catalogue.js';
import { subscribableTemplates, subscribe, subscribedIds, unsubscribe } from './subscriptions.js';
import { useUnsubscribeLink } from './unsubscribe-links.js';
import type { ActionContext } from '../runtime/context.js';

export const SUBSCRIPTION_PERMISSION = 'User_EmailTemplate.select';

/** Seed 002 §5: the dialogs' messages, which the server answers too when no e-mail is chosen. */
export const SUBSCRIBE_MESSAGES = {
  subscribeNone: 'You need to select at least one Email to subscribe to',
  unsubscribeNone: 'You need to select at least one Email to unsubscribe.',
  notSubscribable: 'is not an e-mail you can subscribe to',
} as const;

const Ids = Type.Object({ ids: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 200 }) }, { additionalProperties: false });

function callerId(ctx: ActionContext): number {
  if (!ctx.caller) throw errors.illegalAccess();
  return ctx.caller.userId;
}

/** The ids, each a subscribable template, else E_VALIDATION with the dialog's message. */
async function checkedIds(ctx: ActionContext, ids: number[], none: string): Promise<number[]> {
  if (!ids.length) throw new AppError('E_VALIDATION', none, { ids: none });
  const known = new Set((await subscribableTemplates(ctx.db)).map((t) => t.id));
  const bad = ids.find((id) => !known.has(id));
  if (bad !== undefined) throw errors.validation({ ids: `${bad} ${SUBSCRIBE_MESSAGES.notSubscribable}` });
  return ids;
}

export const getList = defineAction({
  name: 'EmailTemplate.getList',
  summary: 'The e-mail templates a user may subscribe to (active, subscription-governed), grouped, with whether the caller is subscribed to each',
  // Seed 002 §7: no payload; an empty object is accepted too.
  args: [Type.Object({}, { additionalProperties: false })],
  minArgs: 0,
  access: 'session',
  permission: SUBSCRIPTION_PERMISSION,
  writes: false,
  answer: 'value 0: recordset id, groupname, name, type, subscribed (1/0), ordered by group then name; value 1: text JSON [{groupname, templates: [{id, name, type, subscribed}]}]',
  errors: ['E_NOPERMISSION'],
  async handler(_args, ctx) {
    const templates = await subscribableTemplates(ctx.db);
    const mine = await subscribedIds(ctx.db, callerId(ctx));
    const rows: Cell[][] = templates.map((t) => [String(t.id), t.groupname, t.name, String(t.type), mine.has(t.id) ? '1' : '0']);
    const groups: { groupname: string; templates: { id: number; name: string; type: number; subscribed: boolean }[] }[] = [];
    for (const t of templates) {
      let group = groups.at(-1);
      if (!group || group.groupname !== t.groupname) groups.push((group = { groupname: t.groupname, templates: [] }));
      group.templates.push({ id: t.id, name: t.name, type: t.type, subscribed: mine.has(t.id) });
    }
    const columns = [
      { name: 'id', type: 'integer' as const },
      { name: 'groupname', type: 'string' as const },
      { name: 'name', type: 'string' as const },
      { name: 'type', type: 'integer' as const },
      { name: 'subscribed', type: 'boolean' as const },
    ];
    return [recordset(columns, rows), text(JSON.stringify(groups))];
  },
});

export const subscribeAction = defineAction({
  name: 'EmailTemplate.subscribe',
  summary: "Subscribes the caller to the e-mail templates `ids` (from EmailTemplate.getList); none answers the Subscribe dialog's message",
  args: [Ids],
  access: 'session',
  permission: SUBSCRIPTION_PERMISSION,
  writes: true,
  answer: 'value 0: text, how many subscriptions are new',
  errors: ['E_NOPERMISSION', 'E_VALIDATION', 'E_BADREQUEST'],
  async handler([a], ctx) {
    const ids = await checkedIds(ctx, a.ids, SUBSCRIBE_MESSAGES.subscribeNone);
    const added = await subscribe(ctx.db, callerId(ctx), ids);
    ctx.log.info({ templates: ids, added }, 'e-mail subscriptions added');
    return [text(String(added))];
  },
});

export const unsubscribeAction = defineAction({
  name: 'EmailTemplate.unsubscribe',
  summary: "Ends the caller's subscriptions to the e-mail templates `ids`; none answers the Unsubscribe dialog's message",
  args: [Ids],
  access: 'session',
  permission: SUBSCRIPTION_PERMISSION,
  writes: true,
  answer: 'value 0: text, how many subscriptions ended',
  errors: ['E_NOPERMISSION', 'E_VALIDATION', 'E_BADREQUEST'],
  async handler([a], ctx) {
    const ids = await checkedIds(ctx, a.ids, SUBSCRIBE_MESSAGES.unsubscribeNone);
    const removed = await unsubscribe(ctx.db, callerId(ctx), ids);
    ctx.log.info({ templates: ids, removed }, 'e-mail subscriptions ended');
    return [text(String(removed))];
  },
});

export const unsubscribeLink = defineAction({
  name: 'EmailTemplate.unsubscribeLink',
  summary: 'Uses the unsubscribe link of a mail (no session needed): ends the subscription it was issued for, once',
  args: [Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false })],
  access: 'public',
  writes: true,
  answer: "value 0: text, the name of the e-mail the link's user no longer receives",
  errors: ['E_VALIDATION', 'E_BADREQUEST'],
  async handler([a], ctx) {
    const name = await useUnsubscribeLink(ctx.db, a.token);
    ctx.log.info('e-mail subscription ended by link');
    return [text(name)];
  },
});

export const subscriptionActions = [getList, subscribeAction, unsubscribeAction, unsubscribeLink];
