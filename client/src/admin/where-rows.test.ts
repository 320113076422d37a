import { describe, expect, it } from 'vitest';
import { rowsOf, whereOf, type WhereRow } from './where-rows';

const row = (join: WhereRow['join'], field: string, operator: string, value = ''): WhereRow => ({ join, field, operator, value });

describe('the chart where-builder', () => {
  it('writes rows all joined by And as plain triples, numbers as numbers and lists from commas', () => {
    expect(whereOf([row('and', 'state', 'in', '13, 55'), row('and', 'name', 'like', 'Bank'), row('and', 'duedate', 'is null')])).toEqual([
      ['state', 'in', [13, 55]],
      ['name', 'like', 'Bank'],
      ['duedate', 'is null'],
    ]);
    expect(whereOf([])).toBeUndefined();
  });

  it('writes Or as one group of alternatives, And binding first', () => {
    const where = whereOf([row('and', 'state', '=', '13'), row('and', 're', '=', '1'), row('or', 'state', '=', '8')]);
    expect(where).toEqual([{ or: [{ and: [['state', '=', 13], ['re', '=', 1]] }, ['state', '=', 8]] }]);
  });

  it('reads back what it writes, and refuses shapes it cannot show', () => {
    const rows = [row('and', 'state', '=', '13'), row('and', 're', 'between', '1, 5'), row('or', 'state', 'not in', '8, 23')];
    expect(rowsOf(whereOf(rows))).toEqual(rows);
    expect(rowsOf(undefined)).toEqual([]);
    expect(rowsOf([{ or: [['a', '='], 'x'] }])).toBeNull();
    expect(rowsOf('state = 1')).toBeNull();
    expect(rowsOf([['a', '=', 1], { or: [['b', '=', 2]] }])).toBeNull();
  });
});
