// Which storage layout keeps a form's cells together (docs/benchmarks.md "Cell storage layout").
// For each candidate layout and database it builds a table of N forms of 2,000 cells written the
// way the portal writes them: small saves (50–200 cells of one form, a fifth of them updates of
// cells already filled) of many forms interleaved, a period's forms filled side by side, period
// after period. Then it times, median of --runs, with a cold-ish and a warm cache:
//   (a) reading every cell of one form (Form.getData: `where form = ?`),
//   (b) saving 100 cells of a form (the old rows out, the new ones in, as form-save.ts does),
//   (c) reading ten named cells of one form (prev() and cross-form reads: `code in (…)`),
// and reports rows and bytes on disk. Cold: a form not read before; on SQLite after the
// connection's page cache is emptied and the database file's pages (that file's alone: the
// machine is shared) are dropped from the operating system's cache; on MariaDB (O_DIRECT, no
// operating system cache) the table is larger than the buffer pool and the forms read were
// written long before. Warm: the same form again.
//
// Layouts: today (migrations/0021_filing.ts: primary key (form, tab, address), index (form, code);
// on SQLite a rowid table, so rows lie in the order they were saved), id-key (an auto-increment id
// clustering rows in save order on both databases, (form, tab, address) unique), clustered
// (SQLite only: today's key WITHOUT ROWID; on MariaDB it is today's table), tab-json (one row per
// form and tab: {address: [code, value]}, primary key (form, tab)).
//
// Saves are grouped 25 to a transaction while the table is built: the order of the rows written,
// which makes the layout on disk, is that of single saves; only the commits are fewer.
//
//   npx tsx scripts/bench/scale/cell-layout.ts                 # 1,000 forms (2 million cells), both databases
//   npx tsx scripts/bench/scale/cell-layout.ts --forms=1500 --runs=15 --seed=2
//   BENCH_DIALECTS=sqlite npx tsx scripts/bench/scale/cell-layout.ts --layouts=today,clustered
import { execFileSync } from 'node:child_process';
import { closeSync, fsyncSync, openSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import type { Dialect } from '../../../engine/db/connect.js';
import { createTestDatabase, mariadbReachable, type TestDatabase } from '../../../engine/testing/test-database.js';
import { isScript } from '../../is-script.js';
import { seeded } from '../../../portal/testing/formula-corpus.js';

export const LAYOUTS = ['today', 'id-key', 'clustered', 'tab-json'] as const;
export type Layout = (typeof LAYOUTS)[number];

const TABS = ['01', '02', '03', '04'];
const ROWS = 25;
const COLUMNS = 20;
const CELLS_PER_FORM = TABS.length * ROWS * COLUMNS;
/** Forms of one period, filled side by side. */
const PERIOD_FORMS = 300;
const SAVES_PER_COMMIT = 25;
const NAMED_CELLS = 10;
const SAVED_CELLS = 100;

interface Cell {
  tab: string;
  address: string;
  code: string;
}

/** The template's cells in grid order: 4 tabs of 25 rows × 20 columns (B…U from row 3). */
const CELLS: Cell[] = TABS.flatMap((tab) =>
  Array.from({ length: ROWS * COLUMNS }, (_, i) => ({
    tab,
    address: `${String.fromCharCode(66 + (i % COLUMNS))}${3 + Math.floor(i / COLUMNS)}`,
    code: `SCLQ${tab}${String(i + 1).padStart(3, '0')}`,
  })),
);

/** An amount as typed: up to 11 digits, some with two decimals. */
function value(r: () => number): string {
  const digits = 1 + Math.floor(r() * 11);
  const n = Math.floor(r() * 10 ** digits);
  return r() < 0.3 ? `${n}.${String(Math.floor(r() * 100)).padStart(2, '0')}` : String(n);
}

interface Write extends Cell {
  value: string;
}

/** What one layout stores and how it reads and writes a form's cells. */
interface Store {
  create(db: Knex): Promise<void>;
  /** Writes cells of one form; `existing` are those already stored (to be replaced). */
  save(trx: Knex.Transaction, form: number, cells: readonly Write[], existing: ReadonlySet<string>): Promise<void>;
  readForm(db: Knex, form: number): Promise<{ tab: string; address: string; code: string | null; value: string | null }[]>;
  readCodes(db: Knex, form: number, codes: readonly Cell[]): Promise<{ code: string; value: string | null }[]>;
  tables: string[];
}

const key = (c: Cell) => `${c.tab}!${c.address}`;

function chunks<T>(list: readonly T[], size = 200): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

const rowStore = (create: (db: Knex) => Promise<void>): Store => ({
  tables: ['formcell'],
  create,
  async save(trx, form, cells, existing) {
    // form-save.ts: the stored rows of the cells saved out (per tab), the new rows in.
    const old = new Map<string, string[]>();
    for (const c of cells) if (existing.has(key(c))) (old.get(c.tab) ?? old.set(c.tab, []).get(c.tab)!).push(c.address);
    for (const [tab, addresses] of old) for (const part of chunks(addresses)) await trx('formcell').where({ form, tab }).whereIn('address', part).delete();
    for (const part of chunks(cells)) await trx('formcell').insert(part.map((c) => ({ form, tab: c.tab, address: c.address, code: c.code, value: c.value })));
  },
  readForm: (db, form) => db('formcell').where({ form }).select('tab', 'address', 'code', 'value'),
  readCodes: (db, form, codes) => db('formcell').where({ form }).whereIn('code', codes.map((c) => c.code)).select('code', 'value'),
});

const formTable = (t: Knex.CreateTableBuilder) => {
  t.integer('form').unsigned().notNullable().references('id').inTable('form');
  t.string('tab', 10).notNullable();
};

const STORES: Record<Layout, (dialect: Dialect) => Store | undefined> = {
  today: () =>
    rowStore((db) =>
      db.schema.createTable('formcell', (t) => {
        formTable(t);
        t.string('address', 16).notNullable();
        t.string('code', 64).nullable();
        t.text('value').nullable();
        t.primary(['form', 'tab', 'address']);
        t.index(['form', 'code']);
      }),
    ),
  'id-key': () =>
    rowStore((db) =>
      db.schema.createTable('formcell', (t) => {
        t.increments('id');
        formTable(t);
        t.string('address', 16).notNullable();
        t.string('code', 64).nullable();
        t.text('value').nullable();
        t.unique(['form', 'tab', 'address']);
        t.index(['form', 'code']);
      }),
    ),
  clustered: (dialect) =>
    dialect === 'mysql'
      ? undefined // InnoDB already clusters today's table by its primary key (form, tab, address).
      : rowStore(async (db) => {
          await db.raw(
            'CREATE TABLE formcell (form integer not null references form(id), tab varchar(10) not null, address varchar(16) not null, code varchar(64) null, value text null, primary key (form, tab, address)) WITHOUT ROWID',
          );
          await db.raw('CREATE INDEX formcell_form_code_index on formcell (form, code)');
        }),
  'tab-json': () => ({
    tables: ['formtab'],
    create: (db) =>
      db.schema.createTable('formtab', (t) => {
        formTable(t);
        t.text('cells', 'mediumtext').notNullable();
        t.primary(['form', 'tab']);
      }),
    async save(trx, form, cells) {
      const byTab = new Map<string, Write[]>();
      for (const c of cells) (byTab.get(c.tab) ?? byTab.set(c.tab, []).get(c.tab)!).push(c);
      for (const [tab, list] of byTab) {
        const row = await trx('formtab').where({ form, tab }).first('cells');
        const map = row ? (JSON.parse(row.cells as string) as Record<string, [string, string]>) : {};
        for (const c of list) map[c.address] = [c.code, c.value];
        if (row) await trx('formtab').where({ form, tab }).update({ cells: JSON.stringify(map) });
        else await trx('formtab').insert({ form, tab, cells: JSON.stringify(map) });
      }
    },
    async readForm(db, form) {
      const rows = await db('formtab').where({ form }).select('tab', 'cells');
      return rows.flatMap((r: { tab: string; cells: string }) => Object.entries(JSON.parse(r.cells) as Record<string, [string, string]>).map(([address, [code, v]]) => ({ tab: r.tab, address, code, value: v })));
    },
    async readCodes(db, form, codes) {
      // The template knows each code's tab: only those tabs are read.
      const wanted = new Set(codes.map((c) => c.code));
      const rows = await db('formtab').where({ form }).whereIn('tab', [...new Set(codes.map((c) => c.tab))]).select('cells');
      const out: { code: string; value: string | null }[] = [];
      for (const r of rows) for (const [code, v] of Object.values(JSON.parse(r.cells) as Record<string, [string, string]>)) if (wanted.has(code)) out.push({ code, value: v });
      return out;
    },
  }),
};

export interface BuildOptions {
  forms: number;
  seed: number;
}

/**
 * Fills `forms` forms by small interleaved saves, period by period; answers the saves written.
 * Every layout is handed the same saves in the same order.
 */
export async function build(db: Knex, store: Store, opts: BuildOptions): Promise<{ saves: number; writes: number }> {
  for (const part of chunks(Array.from({ length: opts.forms }, (_, i) => ({ id: i + 1 })), 500)) await db('form').insert(part);
  const r = seeded(opts.seed);
  let saves = 0;
  let writes = 0;
  for (let first = 1; first <= opts.forms; first += PERIOD_FORMS) {
    const period = Array.from({ length: Math.min(PERIOD_FORMS, opts.forms - first + 1) }, (_, i) => ({ form: first + i, filled: 0 }));
    const open = [...period];
    while (open.length) {
      await db.transaction(async (trx) => {
        for (let s = 0; s < SAVES_PER_COMMIT && open.length; s++) {
          const at = Math.floor(r() * open.length);
          const f = open[at];
          const size = 50 + Math.floor(r() * 151);
          const updates = f.filled ? Math.min(f.filled, Math.floor(size / 5)) : 0;
          const fresh = Math.min(size - updates, CELLS_PER_FORM - f.filled);
          const picked = new Set<number>();
          for (let i = 0; i < updates; i++) picked.add(Math.floor(r() * f.filled));
          const existing = new Set([...picked].map((i) => key(CELLS[i])));
          for (let i = 0; i < fresh; i++) picked.add(f.filled + i);
          const cells = [...picked].map((i) => ({ ...CELLS[i], value: value(r) }));
          await store.save(trx, f.form, cells, existing);
          f.filled += fresh;
          saves++;
          writes += cells.length;
          if (f.filled === CELLS_PER_FORM) open.splice(at, 1);
        }
      });
    }
  }
  return { saves, writes };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

export interface LayoutFigures {
  dialect: Dialect;
  layout: Layout;
  rows: number;
  bytes: number;
  buildSeconds: number;
  saves: number;
  /** Medians in ms. */
  readCold: number;
  readWarm: number;
  saveCold: number;
  saveWarm: number;
  namedCold: number;
  namedWarm: number;
  load: [number, number];
}

/**
 * Empties the connection's page cache and drops the database file's pages (only this file's)
 * from the operating system's cache, so the next read comes from the disk.
 */
async function dropSqliteCaches(db: Knex, file: string): Promise<void> {
  await db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
  await db.raw('PRAGMA shrink_memory');
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  execFileSync('dd', [`if=${file}`, 'iflag=nocache', 'count=0', 'status=none']);
}

async function bytesOf(database: TestDatabase, store: Store): Promise<number> {
  const { db, dialect } = database;
  if (dialect === 'sqlite') {
    await db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
    return statSync(join(database.dataDir, 'portal.sqlite')).size;
  }
  await db.raw(`ANALYZE TABLE ${store.tables.join(', ')}`);
  const [rows] = await db.raw('SELECT SUM(data_length + index_length) AS n FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name IN (?)', [store.tables]);
  return Number(rows[0].n);
}

/** Builds one layout's table in a scratch database, times the three reads and writes, drops it. */
export async function measureLayout(dialect: Dialect, layout: Layout, opts: BuildOptions & { runs: number }): Promise<LayoutFigures | undefined> {
  const store = STORES[layout](dialect);
  if (!store) return undefined;
  const database = await createTestDatabase(dialect, { migrate: false });
  const { db } = database;
  try {
    const loadBefore = loadavg()[0];
    await db.schema.createTable('form', (t) => t.increments('id'));
    await store.create(db);
    const start = performance.now();
    const built = await build(db, store, opts);
    const buildSeconds = (performance.now() - start) / 1000;
    const bytes = await bytesOf(database, store);
    if (dialect === 'sqlite') await db.raw('ANALYZE');
    const rows = layout === 'tab-json' ? opts.forms * CELLS_PER_FORM : Number((await db('formcell').count({ n: '*' }))[0].n);
    const r = seeded(opts.seed + 7);
    // Cold-ish samples: distinct forms of the earlier periods, never read before.
    const early = Math.max(1, Math.floor(opts.forms * 0.8));
    const used = new Set<number>();
    const coldForm = () => {
      for (;;) {
        const f = 1 + Math.floor(r() * early);
        if (!used.has(f) || used.size >= early) return used.add(f), f;
      }
    };
    const cold = async (fn: (form: number) => Promise<unknown>) => {
      const times: number[] = [];
      for (let i = 0; i < opts.runs; i++) {
        const form = coldForm();
        if (dialect === 'sqlite') await dropSqliteCaches(db, join(database.dataDir, 'portal.sqlite'));
        times.push(await timed(() => fn(form)));
      }
      return median(times);
    };
    const warm = async (fn: (form: number) => Promise<unknown>) => {
      const form = opts.forms;
      for (let i = 0; i < 2; i++) await fn(form);
      const times: number[] = [];
      for (let i = 0; i < opts.runs; i++) times.push(await timed(() => fn(form)));
      return median(times);
    };
    const read = async (form: number) => {
      const got = await store.readForm(db, form);
      if (got.length !== CELLS_PER_FORM) throw new Error(`${layout}: form ${form} has ${got.length} cells`);
    };
    const named = () => {
      const set = new Set<number>();
      while (set.size < NAMED_CELLS) set.add(Math.floor(r() * CELLS_PER_FORM));
      return [...set].map((i) => CELLS[i]);
    };
    const readNamed = async (form: number) => {
      const got = await store.readCodes(db, form, named());
      if (got.length !== NAMED_CELLS) throw new Error(`${layout}: form ${form} answered ${got.length} named cells`);
    };
    const save = async (form: number) => {
      const from = Math.floor(r() * (CELLS_PER_FORM - SAVED_CELLS));
      const cells = CELLS.slice(from, from + SAVED_CELLS).map((c) => ({ ...c, value: value(r) }));
      await db.transaction((trx) => store.save(trx, form, cells, new Set(cells.map(key))));
    };
    const figures: LayoutFigures = {
      dialect,
      layout,
      rows,
      bytes,
      buildSeconds,
      saves: built.saves,
      readCold: await cold(read),
      readWarm: await warm(read),
      namedCold: await cold(readNamed),
      namedWarm: await warm(readNamed),
      saveCold: await cold(save),
      saveWarm: await warm(save),
      load: [loadBefore, loadavg()[0]],
    };
    return figures;
  } finally {
    await database.destroy();
  }
}

function print(all: LayoutFigures[], opts: BuildOptions & { runs: number }): void {
  const ms = (n: number) => (n >= 10 ? n.toFixed(0) : n.toFixed(2));
  console.log(`\nCell layouts: ${opts.forms} forms × ${CELLS_PER_FORM} cells, seed ${opts.seed}, median of ${opts.runs} (ms)`);
  console.log('| database | layout | rows | MB on disk | built in | read form cold | warm | 10 named cold | warm | save 100 cold | warm | load |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const f of all) {
    console.log(
      `| ${f.dialect === 'mysql' ? 'MariaDB' : 'SQLite'} | ${f.layout} | ${f.rows.toLocaleString('en-US')} | ${(f.bytes / 1e6).toFixed(0)} | ${f.buildSeconds.toFixed(0)} s | ${ms(f.readCold)} | ${ms(f.readWarm)} | ${ms(f.namedCold)} | ${ms(f.namedWarm)} | ${ms(f.saveCold)} | ${ms(f.saveWarm)} | ${f.load.map((l) => l.toFixed(1)).join('–')} |`,
    );
  }
}

if (isScript('cell-layout.ts')) {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const opts = { forms: Number(arg('forms') ?? 1000), seed: Number(arg('seed') ?? 1), runs: Number(arg('runs') ?? 9) };
  const layouts = (arg('layouts')?.split(',') ?? LAYOUTS) as Layout[];
  for (const l of layouts) if (!LAYOUTS.includes(l)) throw new Error(`unknown layout ${l} (${LAYOUTS.join(', ')})`);
  const dialects = (process.env.BENCH_DIALECTS ?? ((await mariadbReachable()) ? 'sqlite,mysql' : 'sqlite')).split(',').map((s) => s.trim()) as Dialect[];
  const all: LayoutFigures[] = [];
  for (const dialect of dialects)
    for (const layout of layouts) {
      const f = await measureLayout(dialect, layout, opts);
      if (!f) continue;
      all.push(f);
      console.log(JSON.stringify(f));
    }
  print(all, opts);
  process.exit(0);
}
