// Demo extension requests (docs/resubmission-extension.md): entity 1 (user `re`) has one paid and
// waiting for a recommendation on its newest submission, and one rejected on an older one with its
// fee refunded; entity 2 (user `re2`) has one recommended (In Progress to its users). No demo
// request is approved, so every demo submission keeps the due date its period gave it.
import type { Knex } from 'knex';
import { insertRows } from './support.js';

/** seeds/demo-users.ts: `iru` 2, `re` 3 (entity 1), `re2` 4 (entity 2). */
const IRU = 2;
const RE_USERS: Record<number, number> = { 1: 3, 2: 4 };
const REFERENCE = 1100483;
const REASON = 101001;

const day = (d: unknown, plus: number) => new Date(Date.parse(`${String(d instanceof Date ? d.toISOString() : d).slice(0, 10)}T00:00:00Z`) + plus * 86_400_000).toISOString().slice(0, 10);
const at = (d: string, time: string) => `${d} ${time}`;

export async function seedDemoExtensions(db: Knex, _createon: string): Promise<Record<string, number>> {
  const rows: Record<string, unknown>[] = [];
  const batches = async (re: number) => db('formbatch').where({ re }).orderBy('duedate', 'desc').select('id', 'duedate');
  const one = await batches(1);
  if (one.length >= 2) {
    const [newest, older] = [one[0], one[one.length - 1]];
    rows.push({
      formbatch: newest.id, re: 1, state: 31, description: 'Our external auditors need two more weeks to sign off the figures.',
      extenddate: day(newest.duedate, 14), duedate: day(newest.duedate, 0), paymenttype: REFERENCE, receiptno: 'FPX-DEMO-0001',
      paymentdate: at(day(newest.duedate, -10), '09:30:00'), createby: RE_USERS[1], createon: at(day(newest.duedate, -10), '09:20:00'), updateby: RE_USERS[1], updatectr: 2,
    });
    rows.push({
      formbatch: older.id, re: 1, state: 23, description: 'System migration delayed our reporting.', extenddate: day(older.duedate, 30), duedate: day(older.duedate, 0),
      paymenttype: REFERENCE, receiptno: 'FPX-DEMO-0000', paymentdate: at(day(older.duedate, -12), '10:00:00'),
      reason: REASON, extenddaterecommend: day(older.duedate, 30), refund: 1, refundamount: 100, recommend: 0, recommendby: IRU, recommenddate: at(day(older.duedate, -8), '11:00:00'),
      description2: 'The migration was planned well ahead of the deadline.', refundapprv: 1, refundamtapprv: 100, refundcomplete: 1, actionby: IRU, approvaldate: at(day(older.duedate, -6), '15:00:00'),
      createby: RE_USERS[1], createon: at(day(older.duedate, -12), '09:45:00'), updateby: IRU, updatectr: 5,
    });
  }
  const two = await batches(2);
  if (two.length) {
    const newest = two[0];
    rows.push({
      formbatch: newest.id, re: 2, state: 65, description: 'Key staff on leave during the reporting period.', extenddate: day(newest.duedate, 7), duedate: day(newest.duedate, 0),
      paymenttype: REFERENCE, receiptno: 'FPX-DEMO-0002', paymentdate: at(day(newest.duedate, -9), '14:00:00'), reason: REASON, extenddaterecommend: day(newest.duedate, 7), refund: 0,
      recommend: 1, recommendby: IRU, recommenddate: at(day(newest.duedate, -7), '10:30:00'),
      createby: RE_USERS[2], createon: at(day(newest.duedate, -9), '13:40:00'), updateby: IRU, updatectr: 3,
    });
  }
  for (const r of rows) r.updateon = r.createon;
  return { extension: rows.length ? await insertRows(db, 'extension', rows) : 0 };
}
