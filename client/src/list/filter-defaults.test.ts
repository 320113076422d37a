// A list filter's default may count from today ({relativeMonths}: seed 003 §2.1's previous-month
// End Date of the forms list); a literal default stays as it is.
import { describe, expect, it } from 'vitest';
import { defaultValues } from './list-query';
import { WebListview } from '../metadata/screen-validators.generated.js';
import listview155 from '../../../portal/metadata/screens/WebListview/155.json';

const now = new Date('2026-01-15T12:00:00Z');

describe('list filter defaults', () => {
  it('starts a month range a month before today as YYYY-MM at both ends, across a year end', () => {
    expect(defaultValues([{ name: 'endon', type: 'btwn_month', default: { relativeMonths: -1 } }], now)).toEqual({ 0: { from: '2025-12', to: '2025-12' } });
  });

  it('counts a relative default as a year or a day for year and date filters', () => {
    expect(defaultValues([{ name: 'y', type: 'year', default: { relativeMonths: -1 } }, { name: 'd', type: 'date', default: { relativeMonths: 2 } }], now)).toEqual({ 0: { value: '2025' }, 1: { value: '15/03/2026' } });
  });

  it("is what the forms list's End Date filter says, and the screen schema accepts it", () => {
    const filter = listview155.properties.filters.find((f) => f.name === 'endon');
    expect(filter?.default).toEqual({ relativeMonths: -1 });
    expect(WebListview(listview155.properties), JSON.stringify(WebListview.errors)).toBe(true);
    expect(WebListview({ ...listview155.properties, filters: [{ name: 'endon', type: 'btwn_month', default: { relativeMonths: 'x' } }] })).toBe(false);
  });

  it('keeps a literal default', () => {
    expect(defaultValues([{ name: 'code', type: 'plain', default: 'BNK-01' }], now)).toEqual({ 0: { value: 'BNK-01' } });
  });
});
