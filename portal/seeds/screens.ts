// The portal's screens (lists, list views, forms) as stored records, from portal/metadata/screens.
import type { Knex } from 'knex';
import { seedScreens as seedScreenFiles } from '../../engine/app/seed-helpers.js';
import { SCREENS_DIR } from '../paths.js';

export function seedScreens(db: Knex, createon: string): Promise<Record<string, number>> {
  return seedScreenFiles(db, SCREENS_DIR, createon);
}
