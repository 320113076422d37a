// Proves that metadata, migrations and seeds agree, on every dialect this run covers: each
// module's resolved columns exist with compatible types, the indexes its lists rely on exist,
// and the seeded reference and demo data is complete and consistent.
import { verify } from '@node-rs/argon2';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dialect } from '../db/connect.js';
import { migrateLatest, migrateRollbackAll } from '../db/migrate.js';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing/test-database.js';
import { MODULES_DIR } from '../../portal/paths.js';
import { BASE_ALIAS, ModuleRegistry, type ResolvedField, type ResolvedModule } from './module-registry.js';
import type { FieldType } from './module-schema.js';
import { DEMO_PASSWORD, DEMO_USERS, runSeeds } from '../../portal/seeds/index.js';
import { REGISTRANTS } from '../../portal/seeds/demo-history.js';
// The portal's own migrations (EngineApp.migrations) change its tables too.
import { portal } from '../../portal/app.js';

const registry = ModuleRegistry.fromDirectory(MODULES_DIR);
/** Variants read their base module's table, so only the base describes it. */
const tableModules = registry.all().filter((m) => !m.def.variantOf);
/** Tables of the engine's own migrations that no module describes (others may follow). */
const ENGINE_TABLES = ['session', 'state_history'];
const EXPECTED_TABLES = [...tableModules.map((m) => m.table), ...ENGINE_TABLES].sort();
const dialects = await testDialects();

/** Column types knex's columnInfo() reports for each field type (SQLite keeps the declared name). */
const COLUMN_TYPES: Record<Dialect, Record<FieldType, string[]>> = {
  sqlite: { string: ['varchar'], text: ['text'], integer: ['integer'], decimal: ['float', 'decimal'], date: ['date'], datetime: ['datetime'], boolean: ['boolean'], json: ['text'] },
  mysql: { string: ['varchar'], text: ['text', 'mediumtext', 'longtext'], integer: ['int'], decimal: ['decimal'], date: ['date'], datetime: ['datetime'], boolean: ['tinyint'], json: ['text', 'mediumtext', 'longtext'] },
};
const NOT_NULL_SYSTEM_COLUMNS = new Set(['id', 'updatectr', 'link_id', 'link_updatectr']);
const PRIMARY_KEYS = new Set(['id', 'link_id']);

/** The physical columns of a module's own table, each with the field that defines it. */
function physicalColumns(m: ResolvedModule): Map<string, ResolvedField> {
  const columns = new Map<string, ResolvedField>();
  // The first definition wins: `fk_{parent}` of a link module is only an alias of link_fk_{parent}.
  for (const f of [...m.fields.values(), ...m.secretFields.values()]) {
    if (f.alias === BASE_ALIAS && !columns.has(f.column)) columns.set(f.column, f);
  }
  return columns;
}

interface IndexInfo {
  name: string;
  columns: string[];
  unique: boolean;
}

async function indexesOf(db: Knex, dialect: Dialect, table: string): Promise<IndexInfo[]> {
  if (dialect === 'sqlite') {
    const list: { name: string; unique: number }[] = await db.raw('select name, "unique" from pragma_index_list(?)', [table]);
    const result: IndexInfo[] = [];
    for (const ix of list) {
      const cols: { seqno: number; name: string }[] = await db.raw('select seqno, name from pragma_index_info(?)', [ix.name]);
      result.push({ name: ix.name, unique: ix.unique === 1, columns: cols.sort((a, b) => a.seqno - b.seqno).map((c) => c.name) });
    }
    return result;
  }
  const [rows] = (await db.raw('SHOW INDEX FROM ??', [table])) as [{ Key_name: string; Column_name: string; Seq_in_index: number; Non_unique: number }[]];
  const byName = new Map<string, IndexInfo>();
  for (const r of [...rows].sort((a, b) => a.Seq_in_index - b.Seq_in_index)) {
    const ix = byName.get(r.Key_name) ?? { name: r.Key_name, columns: [], unique: Number(r.Non_unique) === 0 };
    ix.columns.push(r.Column_name);
    byName.set(r.Key_name, ix);
  }
  return [...byName.values()];
}

async function tablesOf(db: Knex, dialect: Dialect): Promise<string[]> {
  const rows: { name: string }[] =
    dialect === 'sqlite'
      ? await db.raw("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
      : ((await db.raw('select table_name as name from information_schema.tables where table_schema = database()')) as [{ name: string }[]])[0];
  return rows.map((r) => r.name).filter((n) => !n.startsWith('knex_migrations')).sort();
}

/** What a list of a module asks the database to find quickly. */
function expectedIndexes(m: ResolvedModule) {
  const columns = physicalColumns(m);
  const leading = new Set<string>();
  const unique: string[][] = [];
  const exact: string[][] = [];
  for (const [column, f] of columns) {
    if (f.def.index) leading.add(column);
    if (f.def.unique) unique.push([column]);
  }
  const order = m.fields.get(m.defaultOrder[0][0]);
  if (order?.alias === BASE_ALIAS) leading.add(order.column);
  for (const names of m.def.indexes ?? []) exact.push(names.map((n) => m.fields.get(n)!.column));
  if (m.link) {
    unique.push([m.link.parentColumn, m.link.childColumn]);
    leading.add(m.link.parentColumn).add(m.link.childColumn);
  }
  for (const pk of PRIMARY_KEYS) leading.delete(pk);
  return { leading: [...leading], unique, exact };
}

describe('module metadata', () => {
  it('loads every file in portal/metadata/modules and resolves the platform modules', () => {
    const names = registry.all().map((m) => m.name);
    for (const name of ['User', 'Role', 'User_Role', 'PermissionTasks', 'Role_PermissionTasks', 'Sector', 'RECategory', 'RE', 'RE-RE', 'RE_User', 'RE_RECategory', 'ListGroup', 'List', 'Parameters', 'PublicMessage', 'WebList', 'WebListview', 'WebForms', 'DashboardGroup', 'DashboardChart', 'RE_Reference']) {
      expect(names).toContain(name);
    }
  });

  it('gives every module its own table except variants, which share their base module table', () => {
    const tables = tableModules.map((m) => m.table);
    expect(new Set(tables).size).toBe(tables.length);
    for (const v of registry.all().filter((m) => m.def.variantOf)) {
      expect(v.table).toBe(registry.get(v.def.variantOf!)!.table);
      expect(v.alwaysScoped).toBe(true);
    }
  });

  it('declares a default state that its own state map starts from or leads to', () => {
    // A variant's callers may create a record and make no move after (RE-Extension: Paid on creation, then the regulator's).
    for (const m of registry.all().filter((x) => x.stateMap)) {
      const states = m.stateMap!.transitions.flatMap(([a, b]) => [a, b]);
      expect(states, m.name).toContain(m.stateMap!.default);
    }
  });
});

describe.each(dialects)('on %s', (dialect) => {
  let tdb: TestDatabase;
  let db: Knex;
  beforeAll(async () => {
    tdb = await createTestDatabase(dialect, { app: portal });
    db = tdb.db;
  });
  afterAll(async () => {
    await tdb?.destroy();
  });

  describe('the migrated schema', () => {
    it('has a table for every module and for the engine state', async () => {
      expect(await tablesOf(db, dialect)).toEqual(expect.arrayContaining(EXPECTED_TABLES));
    });

    it.each(tableModules.map((m) => [m.name, m] as const))('gives %s exactly its resolved columns, with compatible types, lengths, nullability and defaults', async (_name, m) => {
      const info = await db(m.table).columnInfo();
      const columns = physicalColumns(m);
      expect(Object.keys(info).sort()).toEqual([...columns.keys()].sort());
      for (const [column, f] of columns) {
        const actual = info[column];
        const where = `${m.table}.${column}`;
        expect(COLUMN_TYPES[dialect][f.type], where).toContain(actual.type);
        if (f.type === 'string') expect(Number(actual.maxLength), where).toBe(f.def.length ?? 255);
        expect(actual.nullable, where).toBe(!(f.def.required || NOT_NULL_SYSTEM_COLUMNS.has(column)));
        if (typeof f.def.default === 'number' || typeof f.def.default === 'string') {
          expect(String(actual.defaultValue).replace(/^'(.*)'$/, '$1'), where).toBe(String(f.def.default));
        }
      }
    });

    it.runIf(dialect === 'mysql')('stores decimals with the precision and scale the metadata declares', async () => {
      const [rows] = (await db.raw(
        "select table_name as t, column_name as c, numeric_precision as p, numeric_scale as s from information_schema.columns where table_schema = database() and data_type = 'decimal'",
      )) as [{ t: string; c: string; p: number; s: number }[]];
      const actual = new Map(rows.map((r) => [`${r.t}.${r.c}`, [Number(r.p), Number(r.s)]]));
      for (const m of tableModules) {
        for (const [column, f] of physicalColumns(m)) {
          if (f.type === 'decimal') expect(actual.get(`${m.table}.${column}`)).toEqual([f.def.length ?? 10, f.def.scale ?? 0]);
        }
      }
    });

    it.each(tableModules.map((m) => [m.name, m] as const))('indexes the columns %s filters, orders and keeps unique', async (_name, m) => {
      const indexes = await indexesOf(db, dialect, m.table);
      const { leading, unique, exact } = expectedIndexes(m);
      for (const column of leading) {
        expect(indexes.some((ix) => ix.columns[0] === column), `index leading with ${m.table}.${column}`).toBe(true);
      }
      for (const cols of unique) {
        expect(indexes.some((ix) => ix.unique && ix.columns.join() === cols.join()), `unique ${m.table}(${cols})`).toBe(true);
      }
      for (const cols of exact) {
        expect(indexes.some((ix) => ix.columns.join() === cols.join()), `index ${m.table}(${cols})`).toBe(true);
      }
    });

    it('creates the session and state history tables the engine keeps its own state in', async () => {
      const session = await db('session').columnInfo();
      expect(Object.keys(session).sort()).toEqual(['created_at', 'current_re', 'data', 'expires_at', 'id', 'last_seen_at', 'user_id']);
      expect(session.current_re.nullable).toBe(true);
      expect(session.expires_at.nullable).toBe(false);
      const history = await db('state_history').columnInfo();
      expect(Object.keys(history).sort()).toEqual(['createby', 'createon', 'from_state', 'id', 'module', 'reason', 'record_id', 'to_state']);
      expect((await indexesOf(db, dialect, 'session')).some((ix) => ix.columns[0] === 'expires_at')).toBe(true);
      expect((await indexesOf(db, dialect, 'state_history')).some((ix) => ix.columns.join() === 'module,record_id')).toBe(true);
    });
  });

  describe('the seeds', () => {
    it('fill an empty database with reference and demo data', async () => {
      const report = await runSeeds(db, { demo: true });
      expect(report.skipped).toBe(false);
      expect(report.counts.list).toBeGreaterThan(40);
      expect(report.counts.re).toBeGreaterThanOrEqual(24);
      // The demo accounts, and the entities' staff who registered during the demo year.
      expect(report.counts.user).toBe(DEMO_USERS.length + REGISTRANTS.length);
    });

    it('do nothing on a second run and say they were skipped', async () => {
      const before = await db('list').count({ n: '*' }).first();
      const report = await runSeeds(db, { demo: true });
      expect(report).toEqual({ skipped: true, counts: {} });
      expect(await db('list').count({ n: '*' }).first()).toEqual(before);
    });

    it('add to a database seeded by an earlier release the tasks it lacks, granted to the system role only', async () => {
      const lacking = ['My-User.update', 'System.monitor'];
      const ids = (await db('permissiontasks').whereIn('name', lacking).pluck('id')).map(Number);
      expect(ids).toHaveLength(2);
      await db('role_permissiontasks').whereIn('link_fk_permissiontasks', ids).delete();
      await db('permissiontasks').whereIn('id', ids).delete();

      expect(await runSeeds(db, { demo: true })).toEqual({ skipped: true, counts: { permissiontasks: 2 } });
      const grants = await db({ rp: 'role_permissiontasks' })
        .join({ p: 'permissiontasks' }, 'p.id', 'rp.link_fk_permissiontasks')
        .whereIn('p.name', lacking)
        .select('p.name', 'rp.link_fk_role');
      expect(grants.map((g) => [g.name, Number(g.link_fk_role)]).sort()).toEqual([['My-User.update', 10], ['System.monitor', 10]]);
      expect(await runSeeds(db, { demo: true })).toEqual({ skipped: true, counts: {} });
    });

    it('add to a database seeded by an earlier release the mail templates it lacks, and leave the others as they are', async () => {
      await db('email_template').where({ type: 1008 }).delete();
      await db('email_template').where({ type: 1003 }).update({ subject: 'Edited by an administrator' });
      expect(await runSeeds(db, { demo: true })).toEqual({ skipped: true, counts: { email_template: 1 } });
      expect(await db('email_template').where({ type: 1008 }).first('name')).toMatchObject({ name: 'Late submission notice' });
      expect(await db('email_template').where({ type: 1003 }).first('subject')).toMatchObject({ subject: 'Edited by an administrator' });
      expect(await runSeeds(db, { demo: true })).toEqual({ skipped: true, counts: {} });
    });

    it('store every status of the enumeration under its fixed id, named in title case with spaces', async () => {
      const enumeration: Record<number, string> = {
        54: 'NEW', 13: 'OPEN', 33: 'ACTIVE', 58: 'RESPONDED', 44: 'ONHOLD', 8: 'CLOSED', 45: 'ACCEPTED', 4: 'INACTIVE',
        61: 'PENDING', 25: 'PENDING_PAYMENT', 63: 'APPLICATION_REJECTED', 31: 'PAID', 64: 'PAYMENT_REJECTED',
        65: 'RECOMMENDED', 23: 'REJECTED', 66: 'APPROVED', 56: 'SUBMITTED', 70: 'RECOMMEND_TO_REJECT', 55: 'READY',
        71: 'COMPLETED', 38: 'INPROGRESS', 74: 'AMENDMENT_REQUIRED', 78: 'PENDING_VERIFICATION',
        79: 'PENDING_RECOMMENDATION', 80: 'CLOSED_WITH_RESUBMISSION', 50: 'NOT_STARTED', 75: 'INCOMPLETE',
        81: 'IRU_EXCLUDE', 82: 'IRU_RECOMMEND', 83: 'HOU_EXCLUDE', 84: 'HOU_RECOMMEND', 85: 'EXCLUDED', 42: 'ISSUED',
        32: 'CANCELLED', 103: 'PUBLISHED',
      };
      const rows: { id: number; name: string }[] = await db('list').whereIn('id', Object.keys(enumeration).map(Number)).select('id', 'name');
      const names = new Map(rows.map((r) => [Number(r.id), r.name]));
      for (const [id, code] of Object.entries(enumeration)) {
        const name = names.get(Number(id));
        expect(name, `status ${id}`).toBeDefined();
        expect(name!.replace(/ /g, '').toLowerCase(), `status ${id}`).toBe(code.replace(/_/g, '').toLowerCase());
        expect(name, `status ${id}`).toMatch(/^[A-Z][A-Za-z]*( [A-Za-z]+)*$/);
      }
      expect(names.get(71)).toBe('Completed');
      expect((await db('list').where({ id: 62 }).first())?.name).toBe('Pending Email Verification');
    });

    it('provide positions in group 295 and parameter types in group 280', async () => {
      const positions = await db('list').where({ listgroup: 295 }).select('id', 'name');
      expect(positions.length).toBeGreaterThanOrEqual(10);
      expect(positions.every((p) => Number(p.id) >= 300 && Number(p.id) <= 315)).toBe(true);
      expect(positions.find((p) => Number(p.id) === 312)?.name).toBe('Chairman');
      const types = (await db('list').where({ listgroup: 280 }).orderBy('id').select('id')).map((r) => Number(r.id));
      expect(types).toEqual([1648, 1649, 1650, 1651, 1840, 7631, 7632]);
      expect((await db('parameters').where({ code: 'MFA_POLICY' }).first())?.value0).toBe('optional');
    });

    it('create at least twenty entities over six sectors with every required field filled, some inactive', async () => {
      const entities = await db('re').select('*');
      expect(entities.length).toBeGreaterThanOrEqual(20);
      expect(new Set(entities.map((e) => Number(e.sector))).size).toBeGreaterThanOrEqual(6);
      expect(entities.some((e) => Number(e.state) === 4)).toBe(true);
      const required = [...registry.get('RE')!.fields.values()].filter((f) => f.def.required).map((f) => f.column);
      for (const e of entities) for (const column of required) expect(e[column] ?? '', `re ${e.id}.${column}`).not.toBe('');
    });

    it('hash every demo password with argon2id', async () => {
      const users = await db('user').whereIn('userid', DEMO_USERS.map((u) => u.userid)).select('userid', 'password', 'logintype');
      expect(users.map((u) => u.userid).sort()).toEqual(DEMO_USERS.map((u) => u.userid).sort());
      for (const u of users) expect(u.password, u.userid).toMatch(/^\$argon2id\$/);
      expect(new Set(users.map((u) => Number(u.logintype)))).toEqual(new Set([1, 2, 3]));
      expect(await verify(users[0].password, DEMO_PASSWORD)).toBe(true);
    });

    it('link the re demo user to three entities, as primary approver of the first', async () => {
      const links = await db('re_user').join('user', 'user.id', 're_user.link_fk_user').where('user.userid', 're').orderBy('re_user.link_id').select('re_user.*');
      expect(links).toHaveLength(3);
      expect(Boolean(links[0].isprimary)).toBe(true);
      expect(Number(links[0].role)).toBe(27);
      const other = await db('re_user').join('user', 'user.id', 're_user.link_fk_user').where('user.userid', 're2').select('re_user.link_fk_re');
      expect(other.map((l) => l.link_fk_re)).not.toContain(links[0].link_fk_re);
    });

    it('grant the four record actions of every module, all of them to the System Administrator', async () => {
      // Features add tasks of their own beyond the record actions (User.activate, Email.generate, …).
      // A read-only module (AuditLog) has its select task only: nobody writes it through Record.*.
      const recordTasks = registry.all().flatMap((m) => (m.def.readOnly ? ['select'] : ['select', 'create', 'update', 'delete']).map((verb) => `${m.permissionName}.${verb}`));
      expect((await db('permissiontasks').whereIn('name', recordTasks).pluck('name')).sort()).toEqual(recordTasks.sort());
      const admin = await db('role_permissiontasks').where({ link_fk_role: 10 }).count({ n: '*' }).first();
      expect(Number(admin?.n)).toBe(Number((await db('permissiontasks').count({ n: '*' }).first())?.n));
      const re = await db('role_permissiontasks').join('permissiontasks', 'permissiontasks.id', 'role_permissiontasks.link_fk_permissiontasks').where({ link_fk_role: 1 }).pluck('permissiontasks.name');
      expect(re).toContain('RE-RE.select');
      expect(re).not.toContain('RE.select');
    });

    it('point every seeded lookup value at an existing row', async () => {
      for (const m of tableModules) {
        for (const lk of m.lookups.filter((l) => l.fromAlias === BASE_ALIAS)) {
          const missing = await db(`${m.table} as t`)
            .leftJoin(`${lk.table} as k`, 'k.id', `t.${lk.fromColumn}`)
            .whereNotNull(`t.${lk.fromColumn}`)
            .whereNull('k.id')
            .select(`t.${lk.fromColumn} as value`);
          expect(missing, `${m.table}.${lk.fromColumn} → ${lk.table}`).toEqual([]);
        }
      }
    });
  });

  it('removes the link rows of a deleted user through the cascading foreign keys', async () => {
    await db('user').insert({ userid: 'cascade-probe', name: 'Probe', email: 'probe@example.test', logintype: 1 });
    const userId = Number((await db('user').where({ userid: 'cascade-probe' }).first()).id);
    await db('user_role').insert({ link_fk_user: userId, link_fk_role: 2 });
    await db('user').where({ id: userId }).delete();
    expect(await db('user_role').where({ link_fk_user: userId })).toEqual([]);
  });

  it('rolls every migration back, leaving no table, and migrates to the latest again', async () => {
    const fresh = await createTestDatabase(dialect, { app: portal });
    try {
      await migrateRollbackAll(fresh.db, portal);
      expect(await tablesOf(fresh.db, dialect)).toEqual([]);
      await migrateLatest(fresh.db, portal);
      expect(await tablesOf(fresh.db, dialect)).toEqual(expect.arrayContaining(EXPECTED_TABLES));
    } finally {
      await fresh.destroy();
    }
    // Three passes over every migration: MariaDB's DDL takes some 40 s of it on its own.
  }, 240_000);
});
