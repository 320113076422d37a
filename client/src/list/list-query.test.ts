import { describe, expect, it } from 'vitest';
import type { ListFilter } from '../../../engine/metadata/screen-schemas.js';
import {
  buildWhere,
  encodeFilter,
  encodeSearch,
  escapeLike,
  FilterInputError,
  pageButtons,
  parseSort,
  parseUserDate,
  parseWhereParam,
  restoreForm,
  routeFilters,
  type ColumnType,
  type FormState,
} from './list-query';

const f = (name: string, type: ListFilter['type'], extra: Partial<ListFilter> = {}): ListFilter => ({ name, type, ...extra });

describe('list filters as where conditions', () => {
  it('turns a text filter into a case-insensitive contains with the user\'s wildcards escaped', () => {
    expect(encodeFilter(f('name', 'plain'), { value: ' 50%_off\\ ' }, 'string')).toEqual([['name', 'like', '%50\\%\\_off\\\\%']]);
  });

  it('matches exactly in absolute mode, for select boxes and for numbers', () => {
    expect(encodeFilter(f('name', 'plain', { absolute: true }), { value: 'Acme' }, 'string')).toEqual([['name', '=', 'Acme']]);
    expect(encodeFilter(f('sector', 'plain', { source: { module: 'Sector' } }), { value: '3' }, 'integer')).toEqual([['sector', '=', '3']]);
    expect(encodeFilter(f('type', 'plain'), { value: '1003' }, 'integer')).toEqual([['type', '=', '1003']]);
  });

  it('uses a configured condition, prefix and suffix', () => {
    expect(encodeFilter(f('code', 'plain', { condition: 'like', prefix: '', suffix: '%' }), { value: 'LL1' }, 'string')).toEqual([['code', 'like', 'LL1%']]);
    expect(encodeFilter(f('id', 'plain', { condition: 'in' }), { value: '1, 2,3' }, 'integer')).toEqual([['id', 'in', ['1', '2', '3']]]);
  });

  it('sends a date typed DD/MM/YYYY as YYYY-MM-DD, and a date-time as that whole day', () => {
    expect(parseUserDate('07/03/2024')).toBe('2024-03-07');
    expect(parseUserDate('31/02/2024')).toBeNull();
    expect(encodeFilter(f('endon', 'date'), { value: '07/03/2024' }, 'date')).toEqual([['endon', '=', '2024-03-07']]);
    expect(encodeFilter(f('createon', 'date'), { value: '07-03-2024' }, 'datetime')).toEqual([['createon', 'between', '2024-03-07 00:00:00,2024-03-07 23:59:59']]);
    expect(encodeFilter(f('createon', 'date', { condition: '<=' }), { value: '07/03/2024' }, 'datetime')).toEqual([['createon', '<=', '2024-03-07 23:59:59']]);
  });

  it('runs a date range from the first day to the last second of the end day', () => {
    expect(encodeFilter(f('d', 'daterange'), { from: '01/01/2020', to: '31/12/2020' }, 'datetime')).toEqual([['d', 'between', '2020-01-01 00:00:00,2020-12-31 23:59:59']]);
    expect(encodeFilter(f('d', 'daterange'), { from: '01/01/2020', to: '31/12/2020' }, 'date')).toEqual([['d', 'between', '2020-01-01,2020-12-31']]);
    // One empty end: that one day.
    expect(encodeFilter(f('d', 'daterange'), { to: '05/05/2021' }, 'date')).toEqual([['d', 'between', '2021-05-05,2021-05-05']]);
    expect(() => encodeFilter(f('d', 'daterange'), { from: '02/01/2020', to: '01/01/2020' }, 'date')).toThrow(FilterInputError);
    expect(() => encodeFilter(f('d', 'daterange'), { from: '2020' }, 'date')).toThrow('Invalid date');
  });

  it('expands years and months to their first and last day', () => {
    expect(encodeFilter(f('d', 'year'), { value: '2024' }, 'date')).toEqual([['d', 'between', '2024-01-01,2024-12-31']]);
    expect(encodeFilter(f('d', 'month'), { value: '2024-02' }, 'date')).toEqual([['d', 'between', '2024-02-01,2024-02-29']]);
    expect(encodeFilter(f('d', 'month'), { value: '11/2023' }, 'datetime')).toEqual([['d', 'between', '2023-11-01 00:00:00,2023-11-30 23:59:59']]);
    expect(encodeFilter(f('d', 'btwn_year'), { from: '2019', to: '2021' }, 'date')).toEqual([['d', 'between', '2019-01-01,2021-12-31']]);
    expect(encodeFilter(f('d', 'btwn_month'), { from: '2024-01', to: '2024-03' }, 'date')).toEqual([['d', 'between', '2024-01-01,2024-03-31']]);
    expect(encodeFilter(f('d', 'btwn_month'), { from: '2024-04' }, 'date')).toEqual([['d', 'between', '2024-04-01,2024-04-30']]);
    expect(() => encodeFilter(f('d', 'year'), { value: '24' }, 'date')).toThrow('Invalid year');
  });

  it('leaves empty filters out', () => {
    for (const type of ['plain', 'date', 'daterange', 'year', 'month', 'btwn_year', 'btwn_month'] as const) expect(encodeFilter(f('x', type), { value: ' ', from: '', to: '' }, 'date')).toEqual([]);
  });
});

describe('the custom search box', () => {
  it('searches text with contains and dates typed DD/MM/YYYY as that day', () => {
    expect(encodeSearch({ field: 'name', text: 'bank' }, 'string')).toEqual([['name', 'like', '%bank%']]);
    expect(encodeSearch({ field: 'dateincorporated', text: '03/04/2001' }, 'date')).toEqual([['dateincorporated', '=', '2001-04-03']]);
    expect(encodeSearch({ field: 'createon', text: '03/04/2001' }, 'datetime')).toEqual([['createon', 'between', '2001-04-03 00:00:00,2001-04-03 23:59:59']]);
    expect(encodeSearch({ field: 'note', text: '03/04/2001' }, 'string')).toEqual([['note', 'like', '%2001-04-03%']]);
    expect(encodeSearch({ field: 'name', text: '  ' }, 'string')).toEqual([]);
  });
});

describe('restoring the form from an address', () => {
  const filters = [
    f('sector', 'plain', { source: { module: 'Sector' } }),
    f('name', 'plain'),
    f('dateincorporated', 'daterange'),
    f('endon', 'btwn_month'),
    f('startdate', 'year'),
  ];
  const types: Record<string, ColumnType> = { sector: 'integer', name: 'string', dateincorporated: 'date', endon: 'date', startdate: 'date', email: 'string' };

  it('fills every filter and the search box with what built the where', () => {
    const form: FormState = {
      values: { 0: { value: '2' }, 1: { value: 'Tide_well 100%' }, 2: { from: '01/01/1990', to: '31/12/2005' }, 3: { from: '2024-01', to: '2024-06' }, 4: { value: '2023' } },
      search: { field: 'email', text: 'example' },
    };
    const where = buildWhere(filters, form, (n) => types[n]);
    const again = restoreForm(filters, parseWhereParam(JSON.stringify(where))!, ['name', 'email']);
    expect(again).toEqual(form);
  });

  it('ignores a where that is not an array of triples', () => {
    expect(parseWhereParam('{"a":1}')).toBeNull();
    expect(parseWhereParam('[[1,"=",2]]')).toBeNull();
    expect(parseWhereParam('not json')).toBeNull();
    expect(parseWhereParam('[["name","like","%a%"]]')).toEqual([['name', 'like', '%a%']]);
  });
});

describe('route filters, sort and pages', () => {
  it('turns fk_ route parameters and the generic fk pair into equality filters on the column after the prefix', () => {
    expect(routeFilters({ listId: '47', fk: 'fk_listgroup', fkValue: '295' })).toEqual([['listgroup', '=', 295]]);
    expect(routeFilters({ fk_re: 'A1', data_id: '3' })).toEqual([['re', '=', 'A1']]);
    expect(routeFilters({ listId: '47', fk: 'view', fkValue: '3' })).toEqual([]);
  });

  it('reads a sort from the address only when it is a column and a direction', () => {
    expect(parseSort('name desc')).toEqual({ column: 'name', dir: 'desc' });
    expect(parseSort('name; drop')).toBeNull();
  });

  it('offers at most ten page buttons around the current page', () => {
    expect(pageButtons(1, 3)).toEqual([1, 2, 3]);
    expect(pageButtons(1, 30)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageButtons(15, 30)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(pageButtons(30, 30)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
  });

  it('escapes LIKE wildcards so they match themselves', () => {
    expect(escapeLike('a%b_c\\d')).toBe('a\\%b\\_c\\\\d');
  });
});
