// Demo bulletins (seed 002 Bulletins): two current ones for sector 1 (one also for sector 2), one
// for the insurance sector only, one Inactive, one that has ended, so the IRU list has both states
// and the RE feed shows only what its sector may read. Dates are relative to the seeding day.
import type { Knex } from 'knex';
import { sqlDate } from '../../engine/db/clock.js';
import { insertRows } from './support.js';

const DAY = 86_400_000;
const day = (offset: number) => sqlDate(new Date(Date.now() + offset * DAY));

/** [title, message, start offset in days, end offset, state, sectors]. */
const BULLETINS: [string, string, number, number, number, number[]][] = [
  ['Quarterly returns: submission window open',
    '<p>The submission window for the quarterly prudential returns is now open. Please submit all forms of the quarter through the portal before the due date shown on your Submissions page.</p><p>Late submissions will be followed up under the non-compliance procedure.</p>',
    0, 60, 33, [1, 2]],
  ['Revised capital adequacy reporting template',
    '<p>A revised capital adequacy template applies from the next reporting period. The new template adds a breakdown of operational risk charges; the guidance notes are attached to the form.</p>',
    0, 90, 33, [1]],
  ['Insurance solvency margin guidance',
    '<p>Guidance on the computation of the solvency margin for insurers and reinsurers has been updated.</p>',
    0, 30, 33, [2]],
  ['Planned portal maintenance', '<p>The portal will be unavailable on Saturday from 22:00 to 02:00 for maintenance.</p>', 0, 14, 4, [1, 2, 3, 4, 5, 6]],
  ['Year-end closing reminder', '<p>This reminder has ended and is no longer shown to reporting entities.</p>', -40, -10, 33, [1]],
];

export async function seedDemoBulletins(db: Knex, createon: string): Promise<Record<string, number>> {
  const rows = BULLETINS.map(([name, message, start, end, state, sectors], i) => ({
    id: i + 1,
    name,
    message,
    startdate: `${day(start)} 00:00:00`,
    enddate: `${day(end)} 23:59:59`,
    state,
    sectorcount: sectors.length,
    createon,
    createby: 2,
    updatectr: 1,
  }));
  const links = BULLETINS.flatMap(([, , , , , sectors], i) => sectors.map((s) => ({ link_fk_bulletin: i + 1, link_fk_sector: s })));
  return { bulletin: await insertRows(db, 'bulletin', rows), bulletin_sector: await insertRows(db, 'bulletin_sector', links) };
}
