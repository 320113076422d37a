// The calls of the E-mail Subscriptions screen (engine/mail/subscription-actions.ts): the
// subscribable templates by group with the caller's state, subscribe, unsubscribe, and the
// unsubscribe link of a mail.
import { rpc, textAt } from '../rpc/rpc';

export interface SubscriptionEntry {
  id: number;
  name: string;
  type: number;
  subscribed: boolean;
}

export interface SubscriptionGroup {
  groupname: string;
  templates: SubscriptionEntry[];
}

/** Seed 002 §5: what the dialogs say when nothing is ticked (the server answers the same). */
export const NONE_TO_SUBSCRIBE = 'You need to select at least one Email to subscribe to';
export const NONE_TO_UNSUBSCRIBE = 'You need to select at least one Email to unsubscribe.';

/** Seed 002 §2, §9: subscription requests to the regulator are help desk questions of this category. */
export const SUBSCRIPTION_CATEGORY = 1409;

export async function loadSubscriptions(): Promise<SubscriptionGroup[]> {
  const values = await rpc.call('EmailTemplate.getList');
  return JSON.parse(textAt(values, 1) || '[]') as SubscriptionGroup[];
}

export async function changeSubscriptions(subscribe: boolean, ids: number[]): Promise<number> {
  return Number(await rpc.text(subscribe ? 'EmailTemplate.subscribe' : 'EmailTemplate.unsubscribe', { ids }));
}

/** Uses a mail's unsubscribe link; answers the name of the e-mail no longer received. */
export function unsubscribeByLink(token: string): Promise<string> {
  return rpc.text('EmailTemplate.unsubscribeLink', { token });
}

/** The help desk's Create New Question, prefilled (c, s, d) for a request to the regulator. */
export function helpdeskRequestPath(subject: 'Subscribe' | 'Unsubscribe', names: string[]): string {
  const q = new URLSearchParams({ c: String(SUBSCRIPTION_CATEGORY), s: subject });
  if (names.length) q.set('d', `Please ${subject.toLowerCase()} me ${subject === 'Subscribe' ? 'to' : 'from'} these e-mails:\n${names.map((n) => `- ${n}`).join('\n')}`);
  return `/re/helpdesk/create?${q.toString()}`;
}
