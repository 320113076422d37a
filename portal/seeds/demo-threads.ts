// Demo threads (docs/threads.md): help desk questions of entity 1 (user `re`) and entity 2 (user
// `re2`) in several states, some answered by `iru`; queries raised by `iru` on entity 1's first
// submitted forms (one confidential). Fixed dates, so every run produces the same rows.
import type { Knex } from 'knex';
import { insertRows } from './support.js';

/** seeds/demo-users.ts: `iru` 2, `re` 3 (entity 1), `re2` 4 (entity 2). */
const IRU = 2;
const RE_USERS: Record<number, number> = { 1: 3, 2: 4 };
/** Author roles of messages (HelpdeskMessage.createbyrole). */
const ROLE = { iru: 1001, re: 1002 } as const;

/** [id, entity, category, subject, state, day in March 2024, reply by IRU?] */
const HELPDESK: [number, number, number, string, number, number, boolean][] = [
  [1, 1, 1410, 'How do I correct a submitted form?', 58, 4, true],
  [2, 1, 1411, 'Upload fails for large workbooks', 54, 6, false],
  [3, 1, 1408, 'Please link our new preparer', 13, 8, false],
  [4, 2, 1412, 'Due date of the quarterly return', 8, 2, true],
];

const at = (day: number, hour: number, month = '2024-03') => `${month}-${String(day).padStart(2, '0')} ${String(hour).padStart(2, '0')}:04:00`;
const Q_MONTH = '2025-10';

export async function seedDemoThreads(db: Knex, _createon: string): Promise<Record<string, number>> {
  const threads = HELPDESK.map(([id, re, category, name, state, day]) => ({
    id, re, category, name, state,
    description: `${name}\nThank you in advance.`,
    ...(category === 1408 ? { userid: 'newpreparer', approver: '0', preparer: '1', checker: '0' } : {}),
    createby: RE_USERS[re], createon: at(day, 15), updateon: at(day, 15), updatectr: 1,
  }));
  const messages = HELPDESK.flatMap(([id, re, , , , day, answered]) => [
    ...(answered ? [{ helpdesk: id, re, description: 'Thank you for your question. Please see the guidance attached to the bulletin.', createbyrole: ROLE.iru, createby: IRU, createon: at(day + 1, 10) }] : []),
    ...(id === 3 ? [{ helpdesk: id, re, description: 'Any update on this request?', createbyrole: ROLE.re, createby: RE_USERS[re], createon: at(day + 1, 9) }] : []),
  ]);
  return {
    helpdesk: await insertRows(db, 'helpdesk', threads),
    helpdeskmessage: await insertRows(db, 'helpdeskmessage', messages.map((m) => ({ ...m, updatectr: 1 }))),
    ...(await seedDemoQueries(db)),
  };
}

/** [subject, data item, state, confidential, day in October 2025 (after the demo periods), RE reply?] */
const QUERIES: [string, string, number, number, number, boolean][] = [
  ['Total assets differ from last period', 'Total assets', 54, 0, 2, false],
  ['Negative value in capital', 'Tier 1 capital', 58, 0, 3, true],
  ['Reclassified loans', 'Loans and advances', 8, 0, 4, true],
  ['Large exposure to a related party', 'Related party exposure', 13, 1, 5, false],
];

async function seedDemoQueries(db: Knex): Promise<Record<string, number>> {
  const forms = await db('form').where({ re: 1 }).whereNotNull('formbatch').orderBy('id').limit(QUERIES.length).select('id', 'formbatch');
  if (forms.length < QUERIES.length) return {};
  const rows = QUERIES.map(([name, dataitem, state, confidential, day, replied], i) => ({
    id: i + 1, re: 1, formbatch: forms[i].formbatch, form: forms[i].id, formtab: 'Main', dataitem, name, confidential, state,
    description: `Please explain: ${name.toLowerCase()}.`,
    replyon: replied ? at(day + 1, 9, Q_MONTH) : null,
    closeon: state === 8 ? at(day + 2, 9, Q_MONTH) : null,
    duration: state === 8 ? 2 : null,
    conclusion: state === 8 ? 'Explained by the entity; no further action.' : null,
    conclusionconfirm: state === 8 ? 1 : 0,
    createby: IRU, createon: at(day, 10, Q_MONTH), updatectr: 1,
  }));
  const messages = QUERIES.flatMap(([, , , , day, replied], i) =>
    replied ? [{ query: i + 1, re: 1, description: 'The figure was reclassified; see the note in the form.', createbyrole: ROLE.re, createby: RE_USERS[1], createon: at(day + 1, 9, Q_MONTH), updatectr: 1 }] : [],
  );
  return { query: await insertRows(db, 'query', rows), querymessage: await insertRows(db, 'querymessage', messages) };
}
