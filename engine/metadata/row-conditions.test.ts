import { describe, expect, it } from 'vitest';
import { meets, meetsAll } from './row-conditions.js';

describe('row conditions', () => {
  it('compares numbers whatever form the drivers hand them in', () => {
    expect(meets({ state: '8' }, ['state', '=', 8])).toBe(true);
    expect(meets({ category: 1408 }, ['category', '!=', '1408'])).toBe(false);
    expect(meets({ state: 13 }, ['state', 'in', [8, 80]])).toBe(false);
    expect(meets({ state: 80 }, ['state', 'in', '8,80'])).toBe(true);
    expect(meets({ duration: 3 }, ['duration', '>=', 2])).toBe(true);
  });

  it('treats a null as equal only to null, so != holds for it, and no order comparison does', () => {
    expect(meets({ conclusionconfirm: null }, ['conclusionconfirm', '!=', 1])).toBe(true);
    expect(meets({ conclusionconfirm: null }, ['conclusionconfirm', '=', 0])).toBe(false);
    expect(meets({ resubmission: null }, ['resubmission', 'is not null', null])).toBe(false);
    expect(meets({}, ['resubmission', 'is null', null])).toBe(true);
    expect(meets({ duration: null }, ['duration', '<', 5])).toBe(false);
  });

  it('ANDs a list of conditions', () => {
    const afterClosed = [['state', '=', 8], ['conclusionconfirm', '!=', 1]] as const;
    expect(meetsAll({ state: 8, conclusionconfirm: 0 }, afterClosed)).toBe(true);
    expect(meetsAll({ state: 8, conclusionconfirm: 1 }, afterClosed)).toBe(false);
    expect(meetsAll({ state: 13, conclusionconfirm: 0 }, afterClosed)).toBe(false);
  });
});
