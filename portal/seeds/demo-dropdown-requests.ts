// Demo dropdown value requests (docs/requests.md): entity 1 (user `re`) asks for new items of a
// form's dropdown, one still New, one Approved by `iru` under its own wording, one Rejected with
// a remark; entity 2 (user `re2`) has one New. Fixed dates, so every run produces the same rows.
import type { Knex } from 'knex';
import { insertRows } from './support.js';
import { LIST_GROUPS } from './lists.js';

/** seeds/demo-users.ts: `iru` 2, `re` 3 (entity 1), `re2` 4 (entity 2). */
const IRU = 2;
const RE_USERS: Record<number, number> = { 1: 3, 2: 4 };

/** [entity, requested item, state, approved item, remark, day in April 2024] */
const REQUESTS: [number, string, number, string | null, string | null, number][] = [
  [1, 'Regional Manager', 54, null, null, 3],
  [1, 'Chief Risk Officer', 66, 'Chief Risk Officer (CRO)', null, 5],
  [1, 'Tea lady', 23, null, 'Not a reporting position', 8],
  [2, 'Head of Shariah', 54, null, null, 9],
];

const at = (day: number, hour: number) => `2024-04-${String(day).padStart(2, '0')} ${String(hour).padStart(2, '0')}:15:00`;

export async function seedDemoDropdownRequests(db: Knex, _createon: string): Promise<Record<string, number>> {
  const formOf = new Map<number, number>();
  for (const re of Object.keys(RE_USERS).map(Number)) {
    const form = await db('form').where({ re }).orderBy('id').first('id');
    if (form) formOf.set(re, Number(form.id));
  }
  const rows = REQUESTS.filter(([re]) => formOf.has(re)).map(([re, value, state, approved, remark, day]) => ({
    re, formid: formOf.get(re), dropdown: LIST_GROUPS.position, value, state,
    requester: RE_USERS[re], description: `Please add "${value}" to the position list.`,
    approvevalue: state === 66 ? approved : null, remark,
    approver: state === 66 ? IRU : null, approveddate: state === 66 ? at(day + 1, 10) : null,
    createby: RE_USERS[re], createon: at(day, 9), updateon: state === 54 ? at(day, 9) : at(day + 1, 10),
    updateby: state === 54 ? RE_USERS[re] : IRU, updatectr: state === 54 ? 1 : 2,
  }));
  return { smsdropdown: await insertRows(db, 'smsdropdown', rows) };
}
