import { errorCodeOf } from '../testing/error-code.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import knexFactory from 'knex';
import { ModuleRegistry } from '../metadata/module-registry.js';
import type { ModuleDef } from '../metadata/module-schema.js';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing/test-database.js';
import { applyOrder, parseOrder, MAX_ORDER_TERMS } from './order-parser.js';

const defs: ModuleDef[] = [
  { name: 'User', table: 'user', fields: { name: { type: 'string' } } },
  { name: 'Category', table: 'category', fields: { name: { type: 'string' } } },
  {
    name: 'Thing',
    table: 'thing',
    defaultOrder: [['code', 'asc']],
    fields: {
      code: { type: 'string' },
      name: { type: 'string' },
      category: { type: 'integer', lookup: { module: 'Category' } },
      pin: { type: 'string', secret: true },
    },
  },
  { name: 'Thing_Category', table: 'thing_category', kind: 'link', link: { parent: 'Thing', child: 'Category' }, fields: {} },
];
const registry = new ModuleRegistry(defs);
const thing = registry.get('Thing')!;

const show = (raw: unknown, module = thing) => parseOrder(raw, module).map((t) => `${t.field.name} ${t.dir}`);

const codeOf = (raw: unknown) => errorCodeOf(() => parseOrder(raw, thing));

describe('parsing an order', () => {
  it('reads a comma-separated string and ends with the id as tiebreaker', () => {
    expect(show('createon desc, code asc')).toEqual(['createon desc', 'code asc', 'id asc']);
  });

  it('breaks ties by the id in the direction of the last term, so an index on that term serves the order read backwards', () => {
    expect(show('createon desc')).toEqual(['createon desc', 'id desc']);
    expect(show('code asc, createon desc')).toEqual(['code asc', 'createon desc', 'id desc']);
  });

  it('sorts ascending when no direction is given', () => {
    expect(show('name')).toEqual(['name asc', 'id asc']);
  });

  it('reads directions case-insensitively', () => {
    expect(show('name DESC,code Asc')).toEqual(['name desc', 'code asc', 'id asc']);
  });

  it('reads pairs, one-element pairs, objects and strings in an array', () => {
    expect(show([['createon', 'DESC'], ['code']])).toEqual(['createon desc', 'code asc', 'id asc']);
    expect(show([{ field: 'code', dir: 'desc' }, { field: 'name' }, 'updateon desc'])).toEqual(['code desc', 'name asc', 'updateon desc', 'id desc']);
  });

  it('uses the module default order when none is given', () => {
    for (const raw of [undefined, null, '', '  ', []]) expect(show(raw)).toEqual(['code asc', 'id asc']);
  });

  it('falls back to the id when the module declares no order', () => {
    expect(show(undefined, registry.get('Category')!)).toEqual(['id asc']);
  });

  it('does not add the id again when the caller already sorts by it', () => {
    expect(show('id desc')).toEqual(['id desc']);
  });

  it('keeps the first direction of a field named twice', () => {
    expect(show('name desc, name asc')).toEqual(['name desc', 'id desc']);
  });

  it('breaks ties by link_id on a link module', () => {
    expect(show('name', registry.get('Thing_Category')!)).toEqual(['name asc', 'link_id asc']);
  });

  it(`accepts ${MAX_ORDER_TERMS} terms`, () => {
    const fields = ['code', 'name', 'category', 'createon', 'updateon', 'createby', 'updateby', 'updatectr', 'category_name_ind_field', 'id'];
    expect(codeOf(fields.join(','))).toBe('accepted');
  });
});

describe('refusing an order', () => {
  it.each([
    ['an unknown field', 'nope desc'],
    ['SQL in a field name', [['name; drop table x', 'asc']]],
    ['a semicolon in a field term', 'name;drop asc'],
    ['a secret field', 'pin'],
    ['a prototype key', '__proto__'],
    ['a field that is not a string', [[5, 'asc']]],
  ])('refuses %s with E_INVALIDFIELD', (_name, raw) => {
    expect(codeOf(raw)).toBe('E_INVALIDFIELD');
  });

  it.each([
    ['a direction other than asc or desc', 'name up'],
    ['SQL as direction', [['name', 'desc; drop table x']]],
    ['a direction that is not a string', [['name', 1]]],
    ['a term of three words', 'name; drop table x'],
    ['an empty term', 'name,,code'],
    ['more than ten terms', Array.from({ length: MAX_ORDER_TERMS + 1 }, () => 'name').join(',')],
    ['a number', 42],
    ['an empty pair', [[]]],
    ['an object with unknown keys', [{ field: 'name', direction: 'asc' }]],
  ])('refuses %s with E_BADREQUEST', (_name, raw) => {
    expect(codeOf(raw)).toBe('E_BADREQUEST');
  });
});

describe('the SQL it builds', () => {
  const sqlite = knexFactory({ client: 'better-sqlite3', useNullAsDefault: true, connection: { filename: ':memory:' } });
  const mysql = knexFactory({ client: 'mysql2' });
  afterAll(async () => {
    await sqlite.destroy();
    await mysql.destroy();
  });

  it.each([
    ['SQLite', sqlite],
    ['MariaDB', mysql],
  ])('orders by qualified columns, lookups by their joined alias, on %s', (_name, db) => {
    const qb = applyOrder(db({ t: 'thing' }).select('t.id'), parseOrder('category_name_ind_field desc, code', thing));
    expect(qb.toSQL().sql).toBe('select `t`.`id` from `thing` as `t` order by `lk_category`.`name` desc, `t`.`code` asc, `t`.`id` asc');
  });
});

const dialects = await testDialects();

describe.each(dialects)('paging on %s', (dialect) => {
  let tdb: TestDatabase;

  beforeAll(async () => {
    tdb = await createTestDatabase(dialect, { migrate: false });
    await tdb.db.schema.createTable('category', (t) => {
      t.increments('id');
      t.string('name');
    });
    await tdb.db.schema.createTable('thing', (t) => {
      t.increments('id');
      t.string('code');
      t.integer('category');
    });
    await tdb.db('category').insert([{ id: 1, name: 'b' }, { id: 2, name: 'a' }]);
    await tdb.db('thing').insert([5, 3, 1, 4, 2, 6].map((id) => ({ id, code: id % 2 ? 'same' : 'other', category: id > 3 ? 2 : 1 })));
  });

  afterAll(async () => {
    await tdb?.destroy();
  });

  it('pages rows with equal sort values in a stable order', async () => {
    const page = async (n: number) => {
      const qb = tdb.db({ t: 'thing' }).leftJoin({ lk_category: 'category' }, 'lk_category.id', 't.category').select('t.id');
      const rows: { id: number }[] = await applyOrder(qb, parseOrder('category_name_ind_field, code desc', thing)).limit(2).offset(n * 2);
      return rows.map((r) => Number(r.id));
    };
    // category a: 4, 5, 6 (code same: 5; other: 4, 6); category b: 1, 2, 3 (same: 1, 3; other: 2);
    // ties broken by the id in the last term's direction (desc)
    expect([...(await page(0)), ...(await page(1)), ...(await page(2))]).toEqual([5, 6, 4, 3, 1, 2]);
  });
});
