// Reference rows of routine reports and PEOI cases (docs/routine-reports-peoi.md): the bulletin
// templates a report publishes through (seed 003 §3 BulletinTmpl: names and texts are ours), and,
// for the demo, the office addresses of the first two entities (the show-cause letter's
// addressees; the third entity has none, so its letter shows 'Details of Office not found').
import type { Knex } from 'knex';
import { insertRows } from './support.js';

/** [name, stakeholders, publication, periodicity, opening text]. */
export const BULLETIN_TEMPLATES: [string, string, string, string, string][] = [
  ['Monthly Statistical Bulletin', 'external', 'yes', 'monthly', '<p>The regulator publishes the following statistics compiled from the monthly returns of reporting entities.</p>'],
  ['Quarterly Industry Review', 'external', 'yes', 'quarterly', '<p>This review summarises the quarterly returns of the industry.</p>'],
  ['Internal Data Quality Note', 'internal', 'no', 'monthly', '<p>For internal use: the quality of the data submitted this period.</p>'],
];

export async function seedBulletinTemplates(db: Knex, createon: string): Promise<Record<string, number>> {
  const rows = BULLETIN_TEMPLATES.map(([name, stakeholders, publication, periodicity, message]) => ({ name, stakeholders, publication, periodicity, message, state: 33, createon }));
  return { bulletintmpl: await insertRows(db, 'bulletintmpl', rows) };
}

/** [entity, type of office, address, city, postcode, state, country]. */
const OFFICES: [number, string, string, string, string, string, string][] = [
  [1, 'Head Office', 'Level 12, Menara Demo, 1 Jalan Sultan Ismail', 'Kuala Lumpur', '50250', 'Wilayah Persekutuan', 'Malaysia'],
  [1, 'Branch', '22 Lebuh Pantai', 'George Town', '10300', 'Pulau Pinang', 'Malaysia'],
  [2, 'Head Office', '8 Jalan Tun Razak', 'Kuala Lumpur', '50400', 'Wilayah Persekutuan', 'Malaysia'],
];

export async function seedDemoOffices(db: Knex, createon: string): Promise<Record<string, number>> {
  const rows = OFFICES.map(([re, typeoffice, address, city, postcode, statename, country]) => ({ re, typeoffice, address, city, postcode, statename, country, createon, createby: 2 }));
  return { re_office: await insertRows(db, 're_office', rows) };
}
