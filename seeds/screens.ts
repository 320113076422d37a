// The portal's screens (lists, list views, forms) as stored records, from metadata/screens.
import type { Knex } from 'knex';
import { readScreenFiles } from '../engine/metadata/screen-files.js';
import { insertRows } from './support.js';

export async function seedScreens(db: Knex, createon: string): Promise<Record<string, number>> {
  const lists = readScreenFiles('WebList').map((r) => ({ id: r.id, name: r.name, module: r.module ?? null, properties: JSON.stringify(r.properties), createon }));
  const views = readScreenFiles('WebListview').map((r) => ({ id: r.id, name: r.name, weblist: r.weblist ?? null, properties: JSON.stringify(r.properties), createon }));
  const forms = readScreenFiles('WebForms').map((r) => ({ id: r.id, name: r.name, module: r.module ?? null, properties: JSON.stringify(r.properties), createon }));
  return {
    weblist: await insertRows(db, 'weblist', lists),
    weblistview: await insertRows(db, 'weblistview', views),
    webforms: await insertRows(db, 'webforms', forms),
  };
}
