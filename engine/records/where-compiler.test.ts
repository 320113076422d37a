import { errorCodeOf } from '../testing/error-code.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import knexFactory, { type Knex } from 'knex';
import { ModuleRegistry } from '../metadata/module-registry.js';
import type { ModuleDef } from '../metadata/module-schema.js';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing/test-database.js';
import { applyWhere, containsPattern, normaliseWhere, whereFields, MAX_CONDITIONS, MAX_DEPTH } from './where-compiler.js';

const defs: ModuleDef[] = [
  { name: 'User', table: 'user', fields: { name: { type: 'string' } } },
  { name: 'Category', table: 'category', fields: { name: { type: 'string' } } },
  {
    name: 'Thing',
    table: 'thing',
    fields: {
      code: { type: 'string' },
      name: { type: 'string' },
      notes: { type: 'text' },
      qty: { type: 'integer' },
      price: { type: 'decimal', length: 12, scale: 2 },
      due: { type: 'date' },
      seen: { type: 'datetime' },
      active: { type: 'boolean' },
      data: { type: 'json' },
      category: { type: 'integer', lookup: { module: 'Category' } },
      pin: { type: 'string', secret: true },
    },
    filters: {
      overdue: { where: [['due', '<', { now: '' }], ['active', '=', 1]] },
      minQty: { params: [{ name: 'min', type: 'integer' }], where: [['qty', '>=', { param: 0 }]] },
      seenBetween: {
        params: [{ name: 'from', type: 'datetime' }, { name: 'to', type: 'datetime' }],
        where: [['seen', 'between', [{ param: 0 }, { param: 1 }]]],
      },
      inCategories: { params: [{ name: 'ids', type: 'integer' }], where: [['category', 'in', { param: 0 }]] },
    },
  },
];
const thing = new ModuleRegistry(defs).get('Thing')!;
// 1 June 2024, noon, local time: the clock of the `overdue` filter.
const JUNE_FIRST = new Date(2024, 5, 1, 12, 0, 0);

const codeOf = (where: unknown) => errorCodeOf(() => normaliseWhere(where, thing));

function messageOf(where: unknown): string {
  try {
    normaliseWhere(where, thing);
  } catch (e) {
    return (e as Error).message;
  }
  return 'accepted';
}

describe('normalising conditions', () => {
  const ops = (where: unknown) => normaliseWhere(where, thing).map((c) => c.op);

  it('gives <> the canonical form !=', () => {
    expect(ops([['qty', '<>', 1]])).toEqual(['!=']);
  });

  it('reads operators case-insensitively with whitespace collapsed', () => {
    expect(ops([['notes', ' IS   NOT\tNULL ', ''], ['name', 'Not Like', 'a%'], ['qty', 'IN', '1,2']])).toEqual(['is not null', 'not like', 'in']);
  });

  it('turns = and != with a list into in and not in', () => {
    expect(ops([['qty', '=', [1, 2]], ['qty', '!=', [3]]])).toEqual(['in', 'not in']);
  });

  it('turns = null and != null into is null and is not null', () => {
    expect(ops([['qty', '=', null], ['qty', '!=', null], ['qty', 'is not', null], ['qty', 'is not', 'NULL']])).toEqual([
      'is null', 'is not null', 'is not null', 'is not null',
    ]);
  });

  it('makes an empty in-list false and drops an empty not-in list', () => {
    expect(ops([['qty', 'in', []], ['qty', 'not in', '']])).toEqual(['false']);
  });

  it('coerces values by field type', () => {
    const [qty, price, due, seen, active, inList] = normaliseWhere(
      [['qty', '=', ' 42 '], ['price', '>', '10.50'], ['due', '=', '05/03/2024'], ['seen', 'between', '2024-03-01,01/03/2024 10:30'], ['active', '=', 'TRUE'], ['code', 'in', 'a, b,a']],
      thing,
    );
    expect([qty, price, due, seen, active, inList].map((c) => ('value' in c ? c.value : undefined))).toEqual([
      42, 10.5, '2024-03-05', ['2024-03-01 00:00:00', '2024-03-01 10:30:00'], 1, ['a', 'b'],
    ]);
  });

  it('gives a date-only value on a date-time field the start or end of its day by operator', () => {
    const values = normaliseWhere([['seen', '<', '2024-03-05'], ['seen', '>=', '2024-03-05'], ['seen', '<=', '2024-03-05'], ['seen', '>', '2024-03-05']], thing).map((c) => ('value' in c ? c.value : undefined));
    expect(values).toEqual(['2024-03-05 00:00:00', '2024-03-05 00:00:00', '2024-03-05 23:59:59', '2024-03-05 23:59:59']);
  });

  it('accepts the original clients\u2019 object conditions', () => {
    expect(normaliseWhere([{ field: 'qty', operator: '>=', value: '7' }], thing)).toMatchObject([{ op: '>=', value: 7 }]);
  });

  it('expands a named filter with its parameters and the current time', () => {
    expect(normaliseWhere([['$filter', 'overdue']], thing, { now: JUNE_FIRST })).toMatchObject([
      { op: '<', value: '2024-06-01' },
      { op: '=', value: 1 },
    ]);
    expect(normaliseWhere([['$filter', 'minQty', ['7']]], thing)).toMatchObject([{ op: '>=', value: 7 }]);
  });

  it('lists the fields the conditions read, including those inside groups', () => {
    const conds = normaliseWhere([['qty', '=', 1], { or: [['category_name_ind_field', 'like', 'a%'], { and: [['due', 'is null']] }] }], thing);
    expect(whereFields(conds).map((f) => `${f.alias}.${f.column}`)).toEqual(['t.qty', 'lk_category.name', 't.due']);
  });

  it('escapes wildcards and the escape character in a contains pattern', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('the SQL it builds', () => {
  const sqlite = knexFactory({ client: 'better-sqlite3', useNullAsDefault: true, connection: { filename: ':memory:' } });
  const mysql = knexFactory({ client: 'mysql2' });
  afterAll(async () => {
    await sqlite.destroy();
    await mysql.destroy();
  });

  function compile(db: Knex, where: unknown) {
    const qb = db({ t: 'thing' }).select('t.id');
    const { sql, bindings } = applyWhere(qb, normaliseWhere(where, thing, { now: JUNE_FIRST }), thing).toSQL();
    const prefix = 'select `t`.`id` from `thing` as `t`';
    expect(sql.startsWith(prefix)).toBe(true);
    return { where: sql.slice(prefix.length).replace(/^ where /, ''), bindings };
  }

  // [where, SQL after WHERE, bindings]: knex quotes with backticks on both dialects.
  const cases: [string, unknown, string, unknown[]][] = [
    ['=', [['name', '=', 'x']], '`t`.`name` = ?', ['x']],
    ['!=', [['name', '!=', 'x']], '`t`.`name` <> ?', ['x']],
    ['<> as !=', [['name', '<>', 'x']], '`t`.`name` <> ?', ['x']],
    ['<', [['qty', '<', 5]], '`t`.`qty` < ?', [5]],
    ['>', [['qty', '>', '5']], '`t`.`qty` > ?', [5]],
    ['<=', [['price', '<=', 1.25]], '`t`.`price` <= ?', [1.25]],
    ['>=', [['due', '>=', '2024-03-05']], '`t`.`due` >= ?', ['2024-03-05']],
    ['like', [['name', 'LIKE', '%a%']], '`t`.`name` like ? escape ?', ['%a%', '\\']],
    ['not like', [['name', 'not like', 'a_']], '`t`.`name` not like ? escape ?', ['a_', '\\']],
    ['between a string', [['qty', 'between', '1,5']], '`t`.`qty` between ? and ?', [1, 5]],
    ['between an array of days on a date-time', [['seen', 'between', ['2024-03-05', '2024-03-06']]], '`t`.`seen` between ? and ?', ['2024-03-05 00:00:00', '2024-03-06 23:59:59']],
    ['in an array', [['qty', 'in', [1, 2]]], '`t`.`qty` in (?, ?)', [1, 2]],
    ['in a comma-joined string', [['qty', 'IN', '1, 2']], '`t`.`qty` in (?, ?)', [1, 2]],
    ['= with a list', [['qty', '=', [1, 2]]], '`t`.`qty` in (?, ?)', [1, 2]],
    ['not in', [['qty', 'not in', [3]]], '`t`.`qty` not in (?)', [3]],
    ['empty in', [['qty', 'in', []]], '1 = 0', []],
    ['empty not in', [['qty', 'not in', []]], '', []],
    ['is null', [['notes', 'is null']], '`t`.`notes` is null', []],
    ['is not null', [['notes', 'is not null', '']], '`t`.`notes` is not null', []],
    ['= null', [['qty', '=', null]], '`t`.`qty` is null', []],
    ['is not with a value', [['qty', 'is not', 5]], '(`t`.`qty` <> ? or `t`.`qty` is null)', [5]],
    ['is not "null"', [['qty', 'is not', 'null']], '`t`.`qty` is not null', []],
    ['a boolean', [['active', '=', true]], '`t`.`active` = ?', [1]],
    ['a lookup display field', [['category_name_ind_field', 'like', 'a%']], '`lk_category`.`name` like ? escape ?', ['a%', '\\']],
    ['an or-group', [{ or: [['qty', '<', 0], ['name', 'like', '%x%']] }, ['active', '=', 0]], '(`t`.`qty` < ? or `t`.`name` like ? escape ?) and `t`.`active` = ?', [0, '%x%', '\\', 0]],
    ['an and-group inside an or', [{ or: [{ and: [['qty', '>', 0], ['active', '=', 1]] }, ['qty', 'is null']] }], '((`t`.`qty` > ? and `t`.`active` = ?) or `t`.`qty` is null)', [0, 1]],
    ['an or-group with an always-true member', [{ or: [['qty', 'not in', []], ['qty', '=', 1]] }], '', []],
    ['an empty or-group', [{ or: [] }], '1 = 0', []],
    ['a named filter with a parameter', [['$filter', 'minQty', [5]]], '`t`.`qty` >= ?', [5]],
    ['a named filter with the current time', [['$filter', 'overdue']], '`t`.`due` < ? and `t`.`active` = ?', ['2024-06-01', 1]],
    ['an injection attempt in a value', [['name', '=', "' OR 1=1 --"]], '`t`.`name` = ?', ["' OR 1=1 --"]],
  ];

  it.each(cases)('compiles %s on SQLite', (_name, where, sql, bindings) => {
    expect(compile(sqlite, where)).toEqual({ where: sql, bindings });
  });

  it.each(cases)('compiles %s on MariaDB', (_name, where, sql, bindings) => {
    expect(compile(mysql, where)).toEqual({ where: sql, bindings });
  });
});

describe('refusals', () => {
  it.each([
    ['an unknown field', [['nope', '=', 1]]],
    ['SQL in a field name', [['name; drop table x', '=', 1]]],
    ['a quoted field name', [['"t"."name"', '=', 1]]],
    ['a secret field', [['pin', '=', '1234']]],
    ['a prototype key as field', [['__proto__', '=', 1]]],
    ['a field that is not a string', [[5, '=', 1]]],
    ['an unknown named filter', [['$filter', 'nope']]],
    ['a prototype key as filter name', [['$filter', 'constructor']]],
  ])('refuses %s with E_INVALIDFIELD', (_name, where) => {
    expect(codeOf(where)).toBe('E_INVALIDFIELD');
  });

  it.each([
    ['an unknown operator', [['name', 'contains', 'x']]],
    ['==', [['name', '==', 'x']]],
    ['SQL in an operator', [['name', '= 1 or 1=1 --', 'x']]],
    ['like on an integer', [['qty', 'like', '%1%']]],
    ['< on a boolean', [['active', '<', 1]]],
    ['between on a text', [['notes', 'between', 'a,b']]],
    ['in on a text', [['notes', 'in', ['a']]]],
    ['= with a list on a text', [['notes', '=', ['a']]]],
    ['= on json', [['data', '=', '{}']]],
    ['between on json', [['data', 'between', 'a,b']]],
  ])('refuses %s with E_INVALIDOPERATOR', (_name, where) => {
    expect(codeOf(where)).toBe('E_INVALIDOPERATOR');
  });

  it.each([
    ['a where that is not an array', "name = 'x'"],
    ['a where that is an object', { name: 'x' }],
    ['a condition that is a number', [42]],
    ['a one-element condition', [['name']]],
    ['a four-element condition', [['name', '=', 'x', 'y']]],
    ['an operator that is not a string', [['name', 5, 'x']]],
    ['a missing value', [['qty', '=']]],
    ['an or that is not an array', [{ or: 'x' }]],
    ['an object with both or and and', [{ or: [], and: [] }]],
    ['an object condition with extra keys', [{ field: 'name', operator: '=', value: 'x', sql: '1=1' }]],
    ['text in an integer', [['qty', '=', 'abc']]],
    ['a fraction in an integer', [['qty', '=', 1.5]]],
    ['a boolean in an integer', [['qty', '=', true]]],
    ['a decimal comma', [['price', '=', '1,5']]],
    ['an impossible date', [['due', '=', '2024-02-30']]],
    ['a time on a date', [['due', '=', '2024-03-05 10:00:00']]],
    ['a word as date-time', [['seen', '=', 'yesterday']]],
    ['a date-only = on a date-time', [['seen', '=', '2024-03-05']]],
    ['a word as boolean', [['active', '=', 'yes']]],
    ['an object as value', [['name', '=', { x: 1 }]]],
    ['a null like pattern', [['name', 'like', null]]],
    ['< null', [['qty', '<', null]]],
    ['between with one bound', [['qty', 'between', '1']]],
    ['between with a one-element array', [['qty', 'between', [1]]]],
    ['between with three bounds', [['qty', 'between', '1,2,3']]],
    ['between with an empty bound', [['qty', 'between', '1,']]],
    ['a null in an in-list', [['qty', 'in', [1, null]]]],
    ['an object as in-list', [['qty', 'in', { a: 1 }]]],
    ['an in-list of 1001 values', [['qty', 'in', Array.from({ length: 1001 }, (_, i) => i)]]],
    ['a named filter without its parameter', [['$filter', 'minQty']]],
    ['a named filter parameter of the wrong type', [['$filter', 'minQty', ['abc']]]],
    ['a named filter with too many parameters', [['$filter', 'minQty', [1, 2]]]],
    ['named filter parameters that are not an array', [['$filter', 'minQty', 5]]],
  ])('refuses %s with E_BADREQUEST', (_name, where) => {
    expect(codeOf(where)).toBe('E_BADREQUEST');
  });

  const nested = (levels: number): unknown => {
    let c: unknown = ['qty', '=', 1];
    for (let i = 0; i < levels; i++) c = { or: [c] };
    return [c];
  };

  it(`accepts groups nested ${MAX_DEPTH} deep and refuses one level more`, () => {
    expect(codeOf(nested(MAX_DEPTH))).toBe('accepted');
    expect(codeOf(nested(MAX_DEPTH + 1))).toBe('E_BADREQUEST');
    expect(messageOf(nested(MAX_DEPTH + 1))).toMatch(/nested/);
  });

  it(`accepts ${MAX_CONDITIONS} conditions and refuses one more`, () => {
    const many = (n: number) => Array.from({ length: n }, () => ['qty', '=', 1]);
    expect(codeOf(many(MAX_CONDITIONS))).toBe('accepted');
    expect(codeOf(many(MAX_CONDITIONS + 1))).toBe('E_BADREQUEST');
    expect(codeOf([{ or: many(MAX_CONDITIONS) }])).toBe('E_BADREQUEST');
  });

  it('names the path of the offending element', () => {
    expect(messageOf([['name', '=', 'x'], ['qty', '=', 'abc']])).toMatch(/^where\[1\]\[2\]: "abc" is not an integer \(field qty\)/);
    expect(messageOf([{ or: [['qty', '=', 1], ['due', 'between', '2024-01-01']] }])).toMatch(/^where\[0\]\.or\[1\]\[2\]: between needs two bounds/);
    expect(messageOf([['name', '=', 'x'], ['nope']])).toMatch(/^where\[1\]: /);
  });
});

const dialects = await testDialects();

describe.each(dialects)('running on %s', (dialect) => {
  let tdb: TestDatabase;

  beforeAll(async () => {
    tdb = await createTestDatabase(dialect, { migrate: false });
    const { db } = tdb;
    await db.schema.createTable('category', (t) => {
      t.increments('id');
      t.string('name');
    });
    await db.schema.createTable('thing', (t) => {
      t.increments('id');
      t.string('code');
      t.string('name');
      t.text('notes');
      t.integer('qty');
      t.decimal('price', 12, 2);
      t.date('due');
      t.datetime('seen');
      t.boolean('active');
      t.json('data');
      t.integer('category');
      t.string('pin');
    });
    await db('category').insert([{ id: 1, name: 'Alpha' }, { id: 2, name: 'Beta_1' }, { id: 3, name: 'Gamma%' }]);
    const row = (id: number, code: string, name: string, notes: string | null, qty: number | null, price: number | null, due: string | null, seen: string | null, active: boolean | null, data: string | null, category: number | null) =>
      ({ id, code, name, notes, qty, price, due, seen, active, data, category, pin: '1234' });
    await db('thing').insert([
      row(1, 'A1', 'Apple', 'plain', 5, 10.5, '2024-03-01', '2024-03-01 00:00:00', true, '{"k":"v"}', 1),
      row(2, 'A2', '50% off', 'has % sign', 10, 0.1, '2024-03-05', '2024-03-05 23:59:59', false, null, 2),
      row(3, 'B_1', 'under_score', null, null, null, null, null, null, null, null),
      row(4, 'B21', 'Ünïcode 日本', 'emoji 😀', -3, 99.99, '2024-12-31', '2024-03-06 00:00:00', true, '[]', 3),
      row(5, 'c3', "O'Brien", 'back\\slash', 0, 1000, '2024-02-29', '2024-03-05 12:30:00', false, null, 1),
      row(6, 'C4', 'apple pie', "' OR 1=1 --", 7, 5, '2025-01-01', '2023-12-31 23:59:59', true, null, null),
    ]);
  });

  afterAll(async () => {
    await tdb?.destroy();
  });

  async function ids(where: unknown): Promise<number[]> {
    const qb = tdb.db({ t: 'thing' }).leftJoin({ lk_category: 'category' }, 'lk_category.id', 't.category').select('t.id', 't.name', 'lk_category.name as category_name_ind_field').orderBy('t.id');
    const rows: { id: number }[] = await applyWhere(qb, normaliseWhere(where, thing, { now: JUNE_FIRST }), thing);
    return rows.map((r) => Number(r.id));
  }

  const ALL = [1, 2, 3, 4, 5, 6];
  it.each([
    ['= finds an exact string', [['name', '=', 'Apple']], [1]],
    ['= finds unicode text', [['name', '=', 'Ünïcode 日本']], [4]],
    ['= finds a quote', [['name', '=', "O'Brien"]], [5]],
    ['= finds a backslash', [['notes', '=', 'back\\slash']], [5]],
    ['= with an integer string', [['qty', '=', '5']], [1]],
    ['!= leaves out NULLs', [['qty', '!=', 5]], [2, 4, 5, 6]],
    ['<> is !=', [['qty', '<>', 5]], [2, 4, 5, 6]],
    ['is not with a value keeps NULLs', [['qty', 'is not', 5]], [2, 3, 4, 5, 6]],
    ['is not null', [['qty', 'is not', null]], [1, 2, 4, 5, 6]],
    ['<', [['qty', '<', 5]], [4, 5]],
    ['>', [['qty', '>', 5]], [2, 6]],
    ['<=', [['qty', '<=', 5]], [1, 4, 5]],
    ['>=', [['qty', '>=', 5]], [1, 2, 6]],
    ['> on a decimal', [['price', '>', 10.5]], [4, 5]],
    ['= on a decimal string', [['price', '=', '10.50']], [1]],
    ['< on a decimal', [['price', '<', 1]], [2]],
    ['between on decimals', [['price', 'between', '0.1,5']], [2, 6]],
    ['between on integers as a string', [['qty', 'between', '0,7']], [1, 5, 6]],
    ['between on integers as an array', [['qty', 'between', [-3, 0]]], [4, 5]],
    ['between on dates', [['due', 'between', '2024-03-01,2024-03-05']], [1, 2]],
    ['= on a DD/MM/YYYY date', [['due', '=', '05/03/2024']], [2]],
    ['< on a date, across a leap day', [['due', '<', '2024-03-01']], [5]],
    ['>= on a date', [['due', '>=', '2024-12-31']], [4, 6]],
    ['in on dates', [['due', 'in', ['2024-03-01', '05/03/2024']]], [1, 2]],
    ['between one day on a date-time covers the whole day', [['seen', 'between', '2024-03-05,2024-03-05']], [2, 5]],
    ['between DD/MM/YYYY days on a date-time', [['seen', 'between', '01/03/2024,05/03/2024']], [1, 2, 5]],
    ['between exact date-times includes both ends', [['seen', 'between', ['2024-03-05 12:30:00', '2024-03-06 00:00:00']]], [2, 4, 5]],
    ['<= a day on a date-time includes its last second', [['seen', '<=', '2024-03-05']], [1, 2, 5, 6]],
    ['> a day on a date-time starts the next day', [['seen', '>', '2024-03-05']], [4]],
    ['< a day on a date-time ends before its midnight', [['seen', '<', '2024-03-01']], [6]],
    ['= true on a boolean', [['active', '=', true]], [1, 4, 6]],
    ['= 0 on a boolean', [['active', '=', 0]], [2, 5]],
    ['= "false" on a boolean', [['active', '=', 'false']], [2, 5]],
    ['is null on a boolean', [['active', 'is null']], [3]],
    ['is not on a boolean keeps NULLs', [['active', 'is not', 1]], [2, 3, 5]],
    ['like is case-insensitive', [['name', 'like', '%apple%']], [1, 6]],
    ['like keeps the client\u2019s _ wildcard', [['code', 'like', 'B_1']], [3, 4]],
    ['like with an escaped %', [['name', 'like', '50\\%%']], [2]],
    ['a contains pattern finds a literal %', [['name', 'like', containsPattern('%')]], [2]],
    ['a contains pattern finds a literal _', [['name', 'like', containsPattern('_')]], [3]],
    ['a contains pattern finds a literal _ in a code', [['code', 'like', containsPattern('B_1')]], [3]],
    ['a contains pattern finds a backslash', [['notes', 'like', containsPattern('\\')]], [5]],
    ['like finds an emoji', [['notes', 'like', '%😀%']], [4]],
    ['like on unicode text', [['name', 'like', '%日本']], [4]],
    ['like on json', [['data', 'like', '%"k"%']], [1]],
    ['not like leaves out NULLs', [['notes', 'not like', '%a%']], [4, 6]],
    ['not like is case-insensitive', [['name', 'not like', '%APPLE%']], [2, 3, 4, 5]],
    ['in an array', [['qty', 'in', [5, 10]]], [1, 2]],
    ['in a comma-joined string', [['qty', 'in', '5,10']], [1, 2]],
    ['in strings with spaces after commas', [['code', 'IN', 'A1, c3']], [1, 5]],
    ['= with a list', [['qty', '=', [5, 10]]], [1, 2]],
    ['an empty in-list matches no rows', [['qty', 'in', []]], []],
    ['an empty not-in list matches every row', [['qty', 'not in', []]], ALL],
    ['not in leaves out NULLs', [['qty', 'not in', [5]]], [2, 4, 5, 6]],
    ['!= with a list', [['qty', '!=', [5, 10]]], [4, 5, 6]],
    ['is null on text', [['notes', 'is null']], [3]],
    ['is not null on json', [['data', 'is not null']], [1, 4]],
    ['an or-group', [{ or: [['qty', '<', 0], ['name', 'like', '%pie%']] }], [4, 6]],
    ['an or-group with an and-group and a null test', [{ or: [{ and: [['qty', '>', 0], ['active', '=', 1]] }, ['qty', 'is null']] }], [1, 3, 6]],
    ['an or-group AND-ed with a condition', [{ or: [['qty', '<', 0], ['qty', '>', 6]] }, ['active', '=', 1]], [4, 6]],
    ['an or-group with an always-true member', [{ or: [['qty', 'not in', []], ['qty', '=', -100]] }], ALL],
    ['an or-group with an empty in-list', [{ or: [['qty', 'in', []], ['qty', '=', 5]] }], [1]],
    ['an empty or-group matches no rows', [{ or: [] }], []],
    ['an empty and-group matches every row', [{ and: [] }], ALL],
    ['object conditions', [{ field: 'qty', operator: '>=', value: '7' }], [2, 6]],
    ['= on a lookup key', [['category', '=', 1]], [1, 5]],
    ['= on a lookup display field', [['category_name_ind_field', '=', 'Alpha']], [1, 5]],
    ['like on a lookup display field', [['category_name_ind_field', 'like', 'beta%']], [2]],
    ['a contains pattern on a lookup display field', [['category_name_ind_field', 'like', containsPattern('%')]], [4]],
    ['is null on a lookup display field', [['category_name_ind_field', 'is null']], [3, 6]],
    ['a named filter with a parameter', [['$filter', 'minQty', [5]]], [1, 2, 6]],
    ['a named filter with a string parameter', [['$filter', 'minQty', ['7']]], [2, 6]],
    ['a named filter with the current time', [['$filter', 'overdue']], [1]],
    ['a named filter with day parameters on a date-time', [['$filter', 'seenBetween', ['2024-03-05', '2024-03-05']]], [2, 5]],
    ['a named filter with a list parameter', [['$filter', 'inCategories', [[1, 3]]]], [1, 4, 5]],
    ['a named filter inside an or-group', [{ or: [['$filter', 'minQty', [10]], ['qty', '<', 0]] }], [2, 4]],
    ['an injection attempt in a value matches nothing', [['name', '=', "' OR 1=1 --"]], []],
    ['an injection attempt in a like matches nothing', [['name', 'like', "%' OR 1=1 --%"]], []],
    ['an injection attempt in a list matches nothing', [['code', 'in', ["A1') OR ('1'='1"]]], []],
    ['a stored injection text is found verbatim', [['notes', '=', "' OR 1=1 --"]], [6]],
  ] as [string, unknown, number[]][])('%s', async (_name, where, expected) => {
    expect(await ids(where)).toEqual(expected);
  });
});
