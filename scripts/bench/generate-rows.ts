// Bulk-inserts generated reporting entities for the benchmark: multi-row INSERTs in chunks
// inside one transaction (one fsync/commit instead of 100,000). Values derive from the row's
// position only, so every run measures the same data.
import type { Knex } from 'knex';
import { sqlDateTime } from '../../engine/db/clock.js';
import { dialectOf } from '../../engine/db/connect.js';

/** 27 columns × 500 rows stays far below SQLite's bound-variable limit and MariaDB's packet size. */
const CHUNK = 500;
const FIRST = ['Harbour', 'Coral', 'Meridian', 'Eastgate', 'Pacific', 'Bluewater', 'Sentinel', 'Granite', 'Silverbay', 'Orchid', 'Summit', 'Kestrel', 'Ledger', 'Nimbus', 'Anchor', 'Straits', 'Compass', 'Evergreen', 'Keystone', 'Oakbridge'];
const SECOND = ['Bank', 'Assurance', 'Capital', 'Securities', 'Payments', 'Brokers', 'Trustees', 'Fiduciary', 'Partners', 'Holdings'];
const ORIGINS = ['Malaysia', 'Singapore', 'United Kingdom', 'Japan', 'Hong Kong', 'Australia', 'Switzerland'];

/** A cheap integer hash, so neighbouring rows get unrelated names, sectors and creators. */
function mix(i: number): number {
  let h = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');

function row(i: number, creators: number[], epoch: number) {
  const h = mix(i);
  const capital = 1_000_000 + (h % 500) * 100_000;
  const year = 1990 + (h % 30);
  const date = `${year}-${pad(1 + (h % 12), 2)}-${pad(1 + (h % 28), 2)}`;
  return {
    companyno: `BX${pad(i, 6)}`,
    otherno: `B${pad(i, 7)}`,
    // The serial keeps names unique; the hashed words spread them over the whole alphabet.
    name: `${FIRST[h % FIRST.length]} ${SECOND[(h >>> 8) % SECOND.length]} ${pad(i, 6)} Ltd`,
    email: `compliance${i}@bench.example`,
    owner: `${FIRST[(h >>> 4) % FIRST.length]} Group`,
    // One in five inactive: the benchmark's filter (state = Active) matches 80% of the rows.
    state: i % 5 === 0 ? 4 : 33,
    dateincorporated: date,
    branchtype: 'ABCD'[h % 4],
    comporigin: ORIGINS[h % ORIGINS.length],
    trustcompany: 'Keystone Trust Company Ltd',
    authorizedcapital: `${capital}.00`,
    divisionofauthorized: `${capital} ordinary shares of USD 1.00 each`,
    bussnature: 'Generated for the benchmark',
    paupcapital: `${capital / 2}.00`,
    isscapital: `${capital / 2}.00`,
    divpaupcapital: `${capital / 2} ordinary shares`,
    divisscapital: `${capital / 2} ordinary shares`,
    fy: '31/12',
    shaalldate: date,
    sector: 1 + ((h >>> 12) % 6),
    updatectr: 1,
    createon: sqlDateTime(new Date(epoch - i * 60_000)),
    createby: creators[(h >>> 16) % creators.length],
  };
}

/** A what-if index on `re` (BENCH_RE_INDEX=state,name), to try a fix before writing its migration. */
export async function addReIndex(db: Knex, columns: string[]): Promise<void> {
  await db.schema.alterTable('re', (t) => t.index(columns, `re_bench_${columns.join('_')}_index`));
  await db.raw(dialectOf(db) === 'mysql' ? 'ANALYZE TABLE re' : 'ANALYZE');
}

/** Inserts `count` RE rows; answers how long it took in ms. */
export async function generateReRows(db: Knex, count: number): Promise<number> {
  const started = performance.now();
  const creators = (await db('user').orderBy('id').pluck('id')).map(Number);
  if (!creators.length) throw new Error('generateReRows: seed the users first (createby looks them up)');
  const epoch = Date.UTC(2025, 0, 1);
  await db.transaction(async (trx) => {
    for (let start = 1; start <= count; start += CHUNK) {
      const chunk = [];
      for (let i = start; i < start + CHUNK && i <= count; i++) chunk.push(row(i, creators, epoch));
      await trx('re').insert(chunk);
    }
  });
  // Planner statistics, as a database in service has them (InnoDB keeps its own; SQLite only after ANALYZE).
  await db.raw(dialectOf(db) === 'mysql' ? 'ANALYZE TABLE re' : 'ANALYZE');
  return performance.now() - started;
}
