import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/catalogue.js';
import { parseWhereParam } from './where-param.js';

const refused = (raw: string) => {
  try {
    parseWhereParam(raw);
  } catch (e) {
    return e instanceof AppError ? e.code : 'other';
  }
  return 'accepted';
};

describe('the WHERE parameter of a report print', () => {
  it('reads field = value conditions joined by AND, values kept as text', () => {
    expect(parseWhereParam('id=12')).toEqual([['id', '=', '12']]);
    expect(parseWhereParam(' id = 12 ')).toEqual([['id', '=', '12']]);
    expect(parseWhereParam("companyno = 'BX 007' AND state=33 and sector = -1.5")).toEqual([
      ['companyno', '=', 'BX 007'],
      ['state', '=', '33'],
      ['sector', '=', '-1.5'],
    ]);
  });

  it('reads a quote doubled inside a quoted value as one quote', () => {
    expect(parseWhereParam("name = 'O''Brien & Sons'")).toEqual([['name', '=', "O'Brien & Sons"]]);
  });

  it.each([
    'id=1 OR 1=1',
    'id=1; DROP TABLE re',
    'id in (1,2)',
    'id > 1',
    "name = 'unterminated",
    'id = 1 AND',
    'id=1 -- comment',
    '(id=1)',
    'id = (select 1)',
    'id = 1 ANDstate = 2',
    'id = 0x1F',
    '',
    'id',
  ])('refuses %j as a malformed request, never reaching SQL', (raw) => {
    expect(refused(raw)).toBe('E_BADREQUEST');
  });

  it('refuses a long parameter and more than ten conditions', () => {
    expect(refused(`name = '${'x'.repeat(600)}'`)).toBe('E_BADREQUEST');
    expect(refused(Array.from({ length: 11 }, (_, i) => `id = ${i}`).join(' AND '))).toBe('E_BADREQUEST');
  });
});
