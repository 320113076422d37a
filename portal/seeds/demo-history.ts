// The demo's year of activity besides submissions (seeds/demo-forms.ts holds those): help desk
// questions and queries in each of the twelve months before the seeding day, and the demo's RE
// users and entities registered across that year, so that a newcomer's dashboards (RE and
// regulator) show full charts. Outstanding items are the recent ones; older ones are closed.
// Rows are added after the fixed demo threads (seeds/demo-threads.ts), which keep their ids.
import { hash } from '@node-rs/argon2';
import type { Knex } from 'knex';
import { ROLES } from './access.js';
import { DEMO_PASSWORD } from './demo-users.js';
import { insertRows } from './support.js';

/** seeds/demo-users.ts: `iru` 2; `re` 3 (primary of entity 1), `re2` 4 (primary of entity 2). */
const IRU = 2;
const ASKERS: [entity: number, user: number][] = [
  [1, 3],
  [2, 4],
];
/** Help desk categories (list group of Helpdesk.category). */
const CATEGORIES = [1410, 1411, 1412];
/** Thread states: New 54, Open 13, Responded 58, Closed 8. */
const STATE_BY_AGE = (monthsBack: number, i: number) => (monthsBack <= 1 ? [54, 13][i % 2] : monthsBack <= 3 ? [58, 8][i % 2] : 8);

const SUBJECTS = ['Access for a new preparer', 'Change of financial year end', 'Form validation message', 'Late submission notice', 'Correcting an accepted form', 'Excel import template'];
const QUERIES = ['Movement in total assets', 'Classification of deposits', 'Negative provision balance', 'Related party balances', 'Change in capital ratio', 'Unexplained variance'];

/**
 * Staff of entities without a demo user, who registered during the year (so the regulator's New
 * User Registration chart has a bar in every month): [user id, name, entity]. Preparers (role 25),
 * not primary users, so the entities' profile confirmation is untouched. Sectors 4 and 5.
 */
export const REGISTRANTS: [number, string, number][] = [
  [201, 'Farah Ismail', 16], [202, 'Daniel Wong', 17], [203, 'Priya Nair', 18], [204, 'Hafiz Rahman', 19],
  [205, 'Mei Ling Tan', 21], [206, 'Arjun Pillai', 22], [207, 'Siti Zulaikha', 23], [208, 'Kevin Lim', 24],
];

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment `monthsBack` months before `now`'s month, on `day` at `hour` (UTC, as the engine stores them). */
function monthsBefore(now: Date, monthsBack: number, day: number, hour: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, day, hour, 12, 0));
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

export async function seedDemoHistory(db: Knex, createon: string): Promise<Record<string, number>> {
  const now = new Date(`${createon.replace(' ', 'T')}Z`);
  const months = Array.from({ length: 12 }, (_, i) => i + 1);

  const helpdesk = months.flatMap((back) =>
    ASKERS.filter(([re]) => re === 1 || back % 2 === 0).map(([re, user], i) => {
      const at = monthsBefore(now, back, 3 + ((back * 5 + re) % 24), 9 + i);
      const state = STATE_BY_AGE(back, back + i);
      const name = `${SUBJECTS[(back + re) % SUBJECTS.length]} (${pad(((now.getUTCMonth() - back + 12 * 2) % 12) + 1)})`;
      return { re, category: CATEGORIES[(back + re) % CATEGORIES.length], name, description: `${name}\nThank you in advance.`, state, createby: user, createon: at, updateon: at, updatectr: 1 };
    }),
  );

  // Queries on entity 1's forms, one a month, raised by the regulator's officer.
  const forms = await db('form').where({ re: 1 }).whereNotNull('formbatch').orderBy('id').select('id', 'formbatch');
  const queries = forms.length
    ? months.map((back) => {
        const form = forms[(back * 3) % forms.length];
        const at = monthsBefore(now, back, 10 + (back % 15), 11);
        const state = STATE_BY_AGE(back, back);
        const closed = state === 8;
        return {
          re: 1, formbatch: form.formbatch, form: form.id, formtab: 'Main', dataitem: 'Total assets',
          name: QUERIES[back % QUERIES.length], description: `Please explain: ${QUERIES[back % QUERIES.length].toLowerCase()}.`,
          confidential: 0, state,
          replyon: state === 54 || state === 13 ? null : monthsBefore(now, back, 11 + (back % 15), 9),
          closeon: closed ? monthsBefore(now, back, 12 + (back % 15), 9) : null,
          duration: closed ? 2 : null,
          conclusion: closed ? 'Explained by the entity; no further action.' : null,
          conclusionconfirm: closed ? 1 : 0,
          createby: IRU, createon: at, updatectr: 1,
        };
      })
    : [];

  // Registrations across the year: the RE users and the entities, spread over the twelve months.
  // One hash serves every registrant (same demo password): seeding stays fast in tests.
  const password = await hash(DEMO_PASSWORD);
  const registrants = REGISTRANTS.map(([id, name]) => ({
    id, userid: name.toLowerCase().replace(/[^a-z]+/g, '.'), name, email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@regportal.example`,
    password, logintype: 2, contactno: `0123456${id}`, position2: 303, state: 33, mfa: 0, pwchangedon: createon,
    failedlogins: 0, firsttimelogin: false, emailverified: true, createon,
  }));
  const added = await insertRows(db, 'user', registrants);
  await insertRows(db, 'user_role', REGISTRANTS.map(([id]) => ({ link_fk_user: id, link_fk_role: ROLES.re })));
  await insertRows(db, 're_user', REGISTRANTS.map(([id, , re]) => ({ link_fk_re: re, link_fk_user: id, role: ROLES.preparer, isprimary: false })));
  const reUsers = await db('user').where({ logintype: 2 }).orderBy('id').pluck('id');
  for (const [i, id] of reUsers.entries()) await db('user').where({ id }).update({ createon: monthsBefore(now, 1 + ((i * 5) % 12), 5 + i, 10) });
  const entities = await db('re').orderBy('id').pluck('id');
  for (const [i, id] of entities.entries()) await db('re').where({ id }).update({ createon: monthsBefore(now, 1 + (i % 12), 2 + (i % 20), 10) });

  return {
    helpdesk: await insertRows(db, 'helpdesk', helpdesk),
    query: await insertRows(db, 'query', queries),
    user: added,
  };
}
