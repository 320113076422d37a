// Demo resubmission requests (docs/resubmission-extension.md): entity 1 (user `re`) has one at
// each main stage — Pending, Pending Payment, Pending Recommendation (paid by reference number),
// Approved (effective three days after the seeding day, so its form reopens then) and Cancelled —
// and entity 2 (user `re2`) one Pending; each names the first tab of an accepted form of a
// completed submission of its entity, so the lists, detail pages, sidebar count and dashboards
// have real rows to show.
import type { Knex } from 'knex';
import { insertRows } from './support.js';
import { PAYMENT_REFERENCE } from './lists.js';

/** seeds/demo-users.ts: `iru` 2, `re` 3 (entity 1), `re2` 4 (entity 2). */
const IRU = 2;
const RE_USERS: Record<number, number> = { 1: 3, 2: 4 };

/** [entity, state, reason, days before seeding] */
const REQUESTS: [number, number, string, number][] = [
  [1, 61, 'The cash balances of the first tab were reported in thousands instead of units.', 2],
  [1, 25, 'A late audit adjustment changes the loans and advances.', 6],
  [1, 79, 'Restatement of the deposits after the auditors\' review.', 10],
  [1, 66, 'The capital adequacy figures were taken from a draft.', 14],
  [1, 32, 'Asked by mistake; the figures were right.', 20],
  [2, 61, 'The premiums of the quarter were misclassified.', 3],
];

const DAY = 86_400_000;
const stamp = (t: number) => new Date(t).toISOString().slice(0, 19).replace('T', ' ');
const day = (t: number) => new Date(t).toISOString().slice(0, 10);

export async function seedDemoResubmissions(db: Knex, createon: string): Promise<Record<string, number>> {
  const seeded = Date.parse(`${createon.replace(' ', 'T')}Z`);
  const now = Number.isNaN(seeded) ? Date.now() : seeded;
  const formOf = new Map<number, { id: number; properties: unknown }>();
  for (const re of Object.keys(RE_USERS).map(Number)) {
    const form = await db({ f: 'form' }).join({ b: 'formbatch' }, 'b.id', 'f.formbatch').where({ 'f.re': re, 'f.state': 45, 'b.state': 71 }).orderBy('f.id').first('f.id', 'f.properties');
    if (form) formOf.set(re, { id: Number(form.id), properties: form.properties });
  }
  let requests = 0;
  let forms = 0;
  for (const [re, state, reason, ago] of REQUESTS) {
    const form = formOf.get(re);
    if (!form) continue;
    const user = RE_USERS[re];
    const made = now - ago * DAY;
    const next = made + DAY;
    const tabs = [{ id: '01', dataitem: 'Total assets' }];
    const paid = state === 79 || state === 66;
    const row: Record<string, unknown> = {
      re, state, reason, requestextdate: day(now + 10 * DAY), formcategory: 100211, forms: JSON.stringify([{ form: form.id, properties: tabs }]),
      initiateby: user, createby: user, createon: stamp(made), updateby: state === 61 ? user : IRU, updateon: stamp(state === 61 ? made : next), updatectr: state === 61 ? 1 : 3,
      ...(state !== 61 && state !== 32 ? { proceedby: IRU, proceedactiondate: stamp(made + DAY / 2) } : {}),
      ...(paid ? { paymenttype: PAYMENT_REFERENCE, receiptno: `FPX-DEMO-${String(ago).padStart(4, '0')}`, paymentdate: stamp(made + DAY * 0.75) } : {}),
      ...(state === 66 ? { reasonclass: 99001, recommend: 1, recommendby: IRU, processdate: stamp(next), recommextdate: day(now + 10 * DAY), approvaldate: stamp(now), actionby: IRU, apprextdate: day(now + 3 * DAY) } : {}),
      ...(state === 32 ? { cancelactiondate: stamp(next), actionby: IRU } : {}),
    };
    await db('resubmission').insert(row);
    const id = Number((await db('resubmission').max({ id: 'id' }))[0].id);
    await insertRows(db, 'resubmissionform', [{ resubmission: id, form: form.id, properties: JSON.stringify(tabs), re, updatectr: 1, createon: stamp(made), createby: user }]);
    requests++;
    forms++;
  }
  return { resubmission: requests, resubmissionform: forms };
}
