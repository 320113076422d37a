// Record.select through the protocol, on every dialect: the where language, named filters,
// order, paging, counts, default and chosen columns, and the refusals of PROTOCOL.md §4.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { failure, ids, range, select, sorted, type Row } from '../testing/record-calls.js';

// The demo data (seeds/demo-entities.ts): 30 entities, five per sector (sector k holds ids
// 5k-4 … 5k), ids 5, 15 and 25 Inactive (4), every other one Active (33). Sector 1's five
// entities are the only ones with "Bank" in their name.
const ALL = range(1, 30);
const INACTIVE = [5, 15, 25];
const ACTIVE = ALL.filter((id) => !INACTIVE.includes(id));
const SECTOR = (k: number) => range(5 * k - 4, 5 * k);

describe.each(await testDialects())('Record.select on %s', (dialect) => {
  let t: TestEngine;
  let iru: string;
  /** Every entity as the protocol answers it: the oracle for the comparison operators. */
  let entities: Row[];

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    iru = await t.sessionFor('iru');
    const all = await select(t, iru, {
      module: 'RE',
      fields: ['id', 'name', 'sector', 'state', 'authorizedcapital', 'dateincorporated'],
      order: 'id asc',
      max: 1000,
    });
    entities = all.rows;
  });
  afterAll(async () => t?.close());

  const whereIds = async (where: unknown[], module = 'RE') => sorted(ids(await select(t, iru, { module, fields: ['id'], where, max: 1000 })));
  const oracle = (keep: (r: Row) => boolean) => entities.filter(keep).map((r) => Number(r.id));

  it('reads all thirty demo entities with the total count', async () => {
    expect(entities.map((r) => r.id)).toEqual(ALL);
    const page = await select(t, iru, { module: 'RE', fields: ['id'], max: 1000 });
    expect(page.total).toBe(30);
  });

  describe('where operators', () => {
    it('= keeps the rows equal to the value', async () => {
      expect(await whereIds([['sector', '=', 2]])).toEqual(SECTOR(2));
      expect(await whereIds([['name', '=', 'Keystone Trust Company Ltd']])).toEqual([27]);
    });

    it('!= and <> keep the rows that differ', async () => {
      expect(await whereIds([['state', '!=', 33]])).toEqual(INACTIVE);
      expect(await whereIds([['state', '<>', 33]])).toEqual(INACTIVE);
      expect(await whereIds([['state', '<>', 4]])).toEqual(ACTIVE);
    });

    it('<, >, <= and >= compare integers', async () => {
      expect(await whereIds([['id', '<', 4]])).toEqual([1, 2, 3]);
      expect(await whereIds([['id', '>', 27]])).toEqual([28, 29, 30]);
      expect(await whereIds([['id', '<=', 3]])).toEqual([1, 2, 3]);
      expect(await whereIds([['id', '>=', 28]])).toEqual([28, 29, 30]);
    });

    it('compares decimals numerically, not as text', async () => {
      // 9,000,000 < 10,000,000 although "9…" sorts after "1…" as text.
      const limit = 9_000_000;
      const expected = oracle((r) => Number(r.authorizedcapital) < limit);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(30);
      expect(await whereIds([['authorizedcapital', '<', limit]])).toEqual(expected);
      expect(await whereIds([['authorizedcapital', '>=', String(limit)]])).toEqual(oracle((r) => Number(r.authorizedcapital) >= limit));
    });

    it('compares dates', async () => {
      const day = '2005-06-15';
      const before = oracle((r) => String(r.dateincorporated) < day);
      expect(before.length).toBeGreaterThan(0);
      expect(before.length).toBeLessThan(30);
      expect(await whereIds([['dateincorporated', '<', day]])).toEqual(before);
      expect(await whereIds([['dateincorporated', '>', day]])).toEqual(oracle((r) => String(r.dateincorporated) > day));
      expect(await whereIds([['dateincorporated', '<=', day]])).toEqual(oracle((r) => String(r.dateincorporated) <= day));
    });

    it('like matches a pattern with % wildcards, regardless of case', async () => {
      expect(await whereIds([['name', 'like', '%Bank%']])).toEqual(SECTOR(1));
      expect(await whereIds([['name', 'like', '%bank%']])).toEqual(SECTOR(1));
      expect(await whereIds([['name', 'like', 'Keystone%']])).toEqual([27]);
      expect(await whereIds([['name', 'like', 'K_ystone%']])).toEqual([27]);
    });

    it('not like keeps the rows that do not match', async () => {
      expect(await whereIds([['name', 'not like', '%Bank%']])).toEqual(range(6, 30));
      expect(await whereIds([['name', 'not like', '%Ltd']])).toEqual([]);
    });

    it('between takes "a,b" or [a, b] and includes both bounds', async () => {
      expect(await whereIds([['id', 'between', '3,6']])).toEqual([3, 4, 5, 6]);
      expect(await whereIds([['id', 'between', [3, 6]]])).toEqual([3, 4, 5, 6]);
      expect(await whereIds([['id', 'between', ['3', '6']]])).toEqual([3, 4, 5, 6]);
      const [lo, hi] = ['2000-01-01', '2009-12-31'];
      const expected = oracle((r) => String(r.dateincorporated) >= lo && String(r.dateincorporated) <= hi);
      expect(expected.length).toBeGreaterThan(0);
      expect(await whereIds([['dateincorporated', 'between', `${lo},${hi}`]])).toEqual(expected);
    });

    it('in, IN and not in take an array or a comma-joined string', async () => {
      const first2 = [...SECTOR(1), ...SECTOR(2)];
      expect(await whereIds([['sector', 'in', [1, 2]]])).toEqual(first2);
      expect(await whereIds([['sector', 'in', '1,2']])).toEqual(first2);
      expect(await whereIds([['sector', 'IN', [1, 2]]])).toEqual(first2);
      expect(await whereIds([['sector', 'IN', '1, 2']])).toEqual(first2);
      expect(await whereIds([['sector', 'not in', [1, 2, 3, 4, 5]]])).toEqual(SECTOR(6));
      expect(await whereIds([['sector', 'not in', '1,2,3,4,5']])).toEqual(SECTOR(6));
      expect(await whereIds([['name', 'in', ['Keystone Trust Company Ltd', 'Oakbridge Trust Ltd']]])).toEqual([27, 30]);
    });

    it('an empty in matches nothing and an empty not in everything', async () => {
      expect(await whereIds([['id', 'in', []]])).toEqual([]);
      expect(await whereIds([['id', 'not in', []]])).toEqual(ALL);
    });

    const FIRST_USERS: [string, string, number] = ['id', '<=', 8];
    // Users: admin (1), iru (2) and mfa (5) have no position; re (3) and approver (8) have 304, re2 (4),
    // preparer (6) and checker (7) others. The demo's later users (registrants, team officers) are left out.
    it('is null and is not null test for SQL NULL', async () => {
      expect(await whereIds([['position2', 'is null'], FIRST_USERS], 'User')).toEqual([1, 2, 5]);
      expect(await whereIds([['position2', 'is null', null], FIRST_USERS], 'User')).toEqual([1, 2, 5]);
      expect(await whereIds([['position2', 'is not null'], FIRST_USERS], 'User')).toEqual([3, 4, 6, 7, 8]);
      expect(await whereIds([['position2', '=', null], FIRST_USERS], 'User')).toEqual([1, 2, 5]);
    });

    it('is not is an inequality that keeps NULLs, and is not null when given null', async () => {
      expect(await whereIds([['position2', 'is not', 304], FIRST_USERS], 'User')).toEqual([1, 2, 4, 5, 6, 7]);
      // != keeps SQL meaning: a NULL column never matches.
      expect(await whereIds([['position2', '!=', 304], FIRST_USERS], 'User')).toEqual([4, 6, 7]);
      expect(await whereIds([['position2', 'is not', null], FIRST_USERS], 'User')).toEqual([3, 4, 6, 7, 8]);
      expect(await whereIds([['position2', 'is not', 'null'], FIRST_USERS], 'User')).toEqual([3, 4, 6, 7, 8]);
    });

    it('conditions of the where array are AND-ed', async () => {
      expect(await whereIds([['sector', '=', 3], ['state', '=', 4]])).toEqual([15]);
      expect(await whereIds([['id', '>', 10], ['id', '<', 14], ['state', '=', 33]])).toEqual([11, 12, 13]);
    });

    it('an OR-group matches rows meeting any of its conditions', async () => {
      expect(await whereIds([{ or: [['sector', '=', 1], ['state', '=', 4]] }])).toEqual([1, 2, 3, 4, 5, 15, 25]);
    });

    it('an OR-group is AND-ed with its sibling conditions', async () => {
      expect(await whereIds([['sector', 'in', [1, 3]], { or: [['state', '=', 4], ['id', '=', 11]] }])).toEqual([5, 11, 15]);
      expect(await whereIds([{ or: [['id', '=', 1], ['id', '=', 2]] }, { or: [['id', '=', 2], ['id', '=', 3]] }])).toEqual([2]);
    });

    it('an OR-group may hold an AND-group', async () => {
      expect(await whereIds([{ or: [{ and: [['sector', '=', 2], ['id', '>', 8]] }, ['id', '=', 1]] }])).toEqual([1, 9, 10]);
    });

    it('an empty OR-group matches nothing', async () => {
      expect(await whereIds([{ or: [] }])).toEqual([]);
    });

    it('filters on a lookup display column through its join', async () => {
      expect(await whereIds([['state_name_ind_field', '=', 'Inactive']])).toEqual(INACTIVE);
      expect(await whereIds([['sector_name_ind_field', 'like', 'Trust%']])).toEqual(SECTOR(6));
    });

    it('binds values as data, so quotes and SQL in a value match literally', async () => {
      expect(await whereIds([['name', '=', "x' or '1'='1"]])).toEqual([]);
      expect(await whereIds([['name', 'like', "%' or 1=1 --%"]])).toEqual([]);
    });
  });

  describe('named filters', () => {
    it('["$filter", name] applies the conditions declared in the module metadata', async () => {
      expect(await whereIds([['$filter', 'inactive']])).toEqual(INACTIVE);
      const active = await select(t, iru, { module: 'RE', fields: ['id'], where: [['$filter', 'active']], max: 1000 });
      expect(sorted(ids(active))).toEqual(ACTIVE);
      expect(active.total).toBe(27);
    });

    it('passes parameters to the filter', async () => {
      expect(await whereIds([['$filter', 'bySector', [3]]])).toEqual(SECTOR(3));
      expect(await whereIds([['$filter', 'bySector', ['6']]])).toEqual(SECTOR(6));
    });

    it('combines with other conditions and OR-groups', async () => {
      expect(await whereIds([['$filter', 'bySector', [3]], ['$filter', 'active']])).toEqual([11, 12, 13, 14]);
      expect(await whereIds([{ or: [['$filter', 'inactive'], ['id', '=', 1]] }])).toEqual([1, 5, 15, 25]);
    });

    it('refuses a filter the module does not declare with E_INVALIDFIELD', async () => {
      const f = failure(await t.call('Record.select', [{ module: 'RE', where: [['$filter', 'overdue']] }], iru));
      expect(f.code).toBe('E_INVALIDFIELD');
      expect(f.message).toContain('overdue');
    });

    it('refuses a filter given the wrong number or type of parameters with E_BADREQUEST', async () => {
      expect(failure(await t.call('Record.select', [{ module: 'RE', where: [['$filter', 'bySector']] }], iru)).code).toBe('E_BADREQUEST');
      expect(failure(await t.call('Record.select', [{ module: 'RE', where: [['$filter', 'bySector', ['x']]] }], iru)).code).toBe('E_BADREQUEST');
    });
  });

  describe('order', () => {
    // Sector descending, then id ascending within each sector.
    const expected = [6, 5, 4, 3, 2, 1].flatMap(SECTOR);

    it('accepts "field dir, field dir"', async () => {
      const page = await select(t, iru, { module: 'RE', fields: ['id'], order: 'sector desc, id asc', max: 1000 });
      expect(ids(page)).toEqual(expected);
    });

    it('accepts [[field, dir], …] with the same meaning', async () => {
      const page = await select(t, iru, { module: 'RE', fields: ['id'], order: [['sector', 'desc'], ['id', 'asc']], max: 1000 });
      expect(ids(page)).toEqual(expected);
    });

    it('sorts on a field that is not among the columns asked for', async () => {
      const page = await select(t, iru, { module: 'RE', fields: ['id'], order: 'name desc', max: 3 });
      const byName = [...entities].sort((a, b) => String(b.name).localeCompare(String(a.name)));
      expect(ids(page)).toEqual(byName.slice(0, 3).map((r) => Number(r.id)));
    });

    it("without order, rows come in the module's default order (RE: name asc)", async () => {
      const page = await select(t, iru, { module: 'RE', fields: ['id', 'name'], max: 1000 });
      const names = page.rows.map((r) => String(r.name));
      expect(names).toEqual(entities.map((r) => String(r.name)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    });

    it('refuses an order on an unknown field with E_INVALIDFIELD', async () => {
      const f = failure(await t.call('Record.select', [{ module: 'RE', order: 'nosuch desc' }], iru));
      expect(f.code).toBe('E_INVALIDFIELD');
    });
  });

  describe('paging and counts', () => {
    it('answers 20 rows when max is not given, with the full count', async () => {
      const page = await select(t, iru, { module: 'RE', fields: ['id'] });
      expect(page.rows).toHaveLength(20);
      expect(page.total).toBe(30);
    });

    it('accepts max up to the ceiling (MAX_PAGE_SIZE) and refuses more with E_BADREQUEST', async () => {
      const max = t.config.maxPageSize;
      const page = await select(t, iru, { module: 'RE', fields: ['id'], max });
      expect(page.rows).toHaveLength(30);
      const f = failure(await t.call('Record.select', [{ module: 'RE', fields: ['id'], max: max + 1 }], iru));
      expect(f.code).toBe('E_BADREQUEST');
      expect(f.message).toContain(String(max));
    });

    it('refuses max 0 and pageIndex 0 with E_BADREQUEST', async () => {
      expect(failure(await t.call('Record.select', [{ module: 'RE', max: 0 }], iru)).code).toBe('E_BADREQUEST');
      expect(failure(await t.call('Record.select', [{ module: 'RE', pageIndex: 0 }], iru)).code).toBe('E_BADREQUEST');
    });

    it('pages by pageIndex: pages do not overlap and together hold every row', async () => {
      const pages = [];
      for (let pageIndex = 1; pageIndex <= 5; pageIndex++) {
        pages.push(await select(t, iru, { module: 'RE', fields: ['id'], order: 'name asc', max: 7, pageIndex }));
      }
      expect(pages.map((p) => p.rows.length)).toEqual([7, 7, 7, 7, 2]);
      const seen = pages.flatMap(ids);
      expect(new Set(seen).size).toBe(seen.length);
      expect(sorted(seen)).toEqual(ALL);
      // Page by page, the order is the one a single page would give.
      const whole = await select(t, iru, { module: 'RE', fields: ['id'], order: 'name asc', max: 1000 });
      expect(seen).toEqual(ids(whole));
    });

    it('pages with equal sort values stay stable (id is the last sort key)', async () => {
      const pages = [];
      for (let pageIndex = 1; pageIndex <= 6; pageIndex++) {
        pages.push(await select(t, iru, { module: 'RE', fields: ['id'], order: 'state asc', max: 5, pageIndex }));
      }
      expect(sorted(pages.flatMap(ids))).toEqual(ALL);
    });

    it('accepts max and pageIndex as digit strings (form clients send them so)', async () => {
      const page = await select(t, iru, { module: 'RE', fields: ['id'], order: 'id asc', max: '4', pageIndex: '2' });
      expect(ids(page)).toEqual([5, 6, 7, 8]);
    });

    it('answers a page past the end with no rows and the full count', async () => {
      const page = await select(t, iru, { module: 'RE', fields: ['id'], max: 20, pageIndex: 3 });
      expect(page.rows).toEqual([]);
      expect(page.total).toBe(30);
    });

    it('counts every row matching where, whatever the page', async () => {
      for (const pageIndex of [1, 2, 3]) {
        const page = await select(t, iru, { module: 'RE', fields: ['id'], where: [['state', '=', 33]], order: 'id asc', max: 10, pageIndex });
        expect(page.total).toBe(27);
        expect(ids(page)).toEqual(ACTIVE.slice((pageIndex - 1) * 10, pageIndex * 10));
      }
      const none = await select(t, iru, { module: 'RE', fields: ['id'], where: [['id', '<', 0]] });
      expect(none.total).toBe(0);
    });

    it('does not count extra rows when the where reads a lookup column', async () => {
      const page = await select(t, iru, { module: 'RE', fields: ['id'], where: [['sector_name_ind_field', '=', 'Banking']], max: 2 });
      expect(page.rows).toHaveLength(2);
      expect(page.total).toBe(5);
    });
  });

  describe('columns', () => {
    it("without fields answers the module's default columns, each lookup with its display column", async () => {
      const page = await select(t, iru, { module: 'RE', where: [['id', '=', 1]] });
      for (const lookup of ['state', 'sector', 'createby', 'updateby']) {
        expect(page.columns).toContain(lookup);
        expect(page.columns).toContain(`${lookup}_name_ind_field`);
      }
      expect(page.columns).toEqual(expect.arrayContaining(['id', 'updatectr', 'name', 'companyno', 'authorizedcapital', 'createon']));
      expect(page.rows).toHaveLength(1);
      expect(page.rows[0]).toMatchObject({ id: 1, name: 'Harbourline Bank Ltd', state: 33, state_name_ind_field: 'Active', sector: 1, sector_name_ind_field: 'Banking' });
    });

    it('fills an Inactive entity\'s state_name_ind_field with "Inactive"', async () => {
      const page = await select(t, iru, { module: 'RE', fields: ['id', 'state_name_ind_field'], where: [['id', '=', 15]] });
      expect(page.rows).toEqual([{ id: 15, state_name_ind_field: 'Inactive' }]);
    });

    it('answers exactly the fields asked for, in that order', async () => {
      const page = await select(t, iru, { module: 'RE', fields: ['name', 'id', 'state_name_ind_field'], where: [['id', '=', 27]] });
      expect(page.columns).toEqual(['name', 'id', 'state_name_ind_field']);
      expect(page.rows).toEqual([{ name: 'Keystone Trust Company Ltd', id: 27, state_name_ind_field: 'Active' }]);
    });

    it('types the columns from field metadata and writes each type the same way on every dialect', async () => {
      const values = await t.call('Record.select', [{ module: 'RE', fields: ['id', 'name', 'authorizedcapital', 'dateincorporated', 'createon'], where: [['id', '=', 1]] }], iru);
      const set = values[0];
      expect(set.type).toBe('recordset');
      if (set.type !== 'recordset') return;
      expect(set.columns.map((c) => c.type)).toEqual(['integer', 'string', 'decimal', 'date', 'datetime']);
      const [id, name, capital, date, stamp] = set.rows[0];
      // The same text on every dialect: a decimal keeps its declared scale.
      expect([id, name, capital, date]).toEqual(['1', 'Harbourline Bank Ltd', '50250000.00', '2002-06-12']);
      expect(stamp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });

    it('never answers a secret column, by default or on request', async () => {
      const page = await select(t, iru, { module: 'User', where: [['id', '=', 1]] });
      expect(page.columns).not.toContain('password');
      expect(page.columns).not.toContain('otpsecret');
      expect(failure(await t.call('Record.select', [{ module: 'User', fields: ['id', 'password'] }], iru)).code).toBe('E_INVALIDFIELD');
      expect(failure(await t.call('Record.select', [{ module: 'User', where: [['password', 'like', '%']] }], iru)).code).toBe('E_INVALIDFIELD');
    });
  });

  describe('refusals', () => {
    it('refuses an unknown field in fields with E_INVALIDFIELD naming it', async () => {
      const f = failure(await t.call('Record.select', [{ module: 'RE', fields: ['id', 'nosuch'] }], iru));
      expect(f.code).toBe('E_INVALIDFIELD');
      expect(f.message).toContain('nosuch');
    });

    it('refuses an unknown field in where with E_INVALIDFIELD, also inside an OR-group', async () => {
      expect(failure(await t.call('Record.select', [{ module: 'RE', where: [['nosuch', '=', 1]] }], iru)).code).toBe('E_INVALIDFIELD');
      expect(failure(await t.call('Record.select', [{ module: 'RE', where: [{ or: [['id', '=', 1], ['nosuch', '=', 1]] }] }], iru)).code).toBe('E_INVALIDFIELD');
    });

    it('refuses an unknown operator with E_INVALIDOPERATOR', async () => {
      for (const op of ['==', 'contains', '; drop table re', 'regexp']) {
        const f = failure(await t.call('Record.select', [{ module: 'RE', where: [['name', op, 'x']] }], iru));
        expect(f.code, op).toBe('E_INVALIDOPERATOR');
      }
    });

    it('refuses an operator the field type does not support with E_INVALIDOPERATOR', async () => {
      const f = failure(await t.call('Record.select', [{ module: 'RE', where: [['id', 'like', '1%']] }], iru));
      expect(f.code).toBe('E_INVALIDOPERATOR');
    });

    it('refuses a value of the wrong type with E_BADREQUEST', async () => {
      expect(failure(await t.call('Record.select', [{ module: 'RE', where: [['id', '=', 'abc']] }], iru)).code).toBe('E_BADREQUEST');
      expect(failure(await t.call('Record.select', [{ module: 'RE', where: [['id', 'between', '1']] }], iru)).code).toBe('E_BADREQUEST');
    });

    it('refuses an unknown module with E_BADREQUEST', async () => {
      const f = failure(await t.call('Record.select', [{ module: 'NoSuchModule' }], iru));
      expect(f).toEqual({ code: 'E_BADREQUEST', message: 'Unknown module: NoSuchModule' });
    });

    it('refuses arguments outside the schema with E_BADREQUEST', async () => {
      expect(failure(await t.call('Record.select', [{ module: 'RE', sql: 'select 1' }], iru)).code).toBe('E_BADREQUEST');
      expect(failure(await t.call('Record.select', [{ module: 'RE', where: 'id = 1' }], iru)).code).toBe('E_BADREQUEST');
    });
  });

  describe('Record2.select', () => {
    it('answers exactly what Record.select answers', async () => {
      const args = { module: 'RE', where: [['sector', 'in', [2, 3]], { or: [['state', '=', 4], ['id', '<', 9]] }], order: 'id desc', max: 3, pageIndex: 1 };
      const one = await t.call('Record.select', [args], iru);
      const two = await t.call('Record2.select', [args], iru);
      expect(two).toEqual(one);
      expect(one[1]).toEqual({ type: 'text', text: '4' });
    });

    it('refuses the same things with the same codes', async () => {
      const bad = { module: 'RE', where: [['nosuch', '=', 1]] };
      expect(await t.call('Record2.select', [bad], iru)).toEqual(await t.call('Record.select', [bad], iru));
    });
  });
});
