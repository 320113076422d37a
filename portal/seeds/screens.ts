// The portal's screens (lists, list views, forms) as stored records, from portal/metadata/screens.
import type { Knex } from 'knex';
import { readScreenFiles } from '../../engine/metadata/screen-files.js';
import { insertRows } from './support.js';
import { keepScreenVersion } from '../../engine/metadata/screen-history.js';
import { SCREENS_DIR } from '../paths.js';

export async function seedScreens(db: Knex, createon: string): Promise<Record<string, number>> {
  const lists = readScreenFiles('WebList', SCREENS_DIR).map((r) => ({ id: r.id, name: r.name, module: r.module ?? null, properties: JSON.stringify(r.properties), createon }));
  const views = readScreenFiles('WebListview', SCREENS_DIR).map((r) => ({ id: r.id, name: r.name, weblist: r.weblist ?? null, properties: JSON.stringify(r.properties), createon }));
  const forms = readScreenFiles('WebForms', SCREENS_DIR).map((r) => ({ id: r.id, name: r.name, module: r.module ?? null, properties: JSON.stringify(r.properties), createon }));
  const counts = {
    weblist: await insertRows(db, 'weblist', lists),
    weblistview: await insertRows(db, 'weblistview', views),
    webforms: await insertRows(db, 'webforms', forms),
  };
  // Each shipped definition starts its history as version 1.
  const versions = [
    ...lists.map((r) => ['WebList', r.id] as const),
    ...views.map((r) => ['WebListview', r.id] as const),
    ...forms.map((r) => ['WebForms', r.id] as const),
  ];
  for (const [kind, id] of versions) await keepScreenVersion(db, kind, id, 1, 'create', null);
  return counts;
}
