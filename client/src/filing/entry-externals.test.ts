import { describe, expect, it } from 'vitest';
import { normaliseTemplate } from '../../../portal/filing/normalise.js';
import type { ExternalSource } from '../../../portal/filing/external-sources.js';
import type { FormProperties } from '../../../portal/filing/template-schema.js';
import { FormEntry } from './entry-model';

/** Total assets, last period's (a formula over prev()), and a check that they did not fall by half. */
const template: FormProperties = normaliseTemplate({
  id: 'GR-01',
  title: 'Growth',
  tabvalidation: [{ formula: '=cell(GR0101001)>=prev(GR0101001)*0.5', message: 'Total assets may not fall by more than half from last period.' }],
  items: [{
    id: '01', title: 'BS', display_name: 'Balance sheet', type: 'normal',
    header: { top: 1, left: 1, items: [[{ value: 'Item' }, { value: 'Amount' }]] },
    items: [
      [{ value: 'Total assets' }, { editor: 'numeric', code: 'GR0101001' }],
      [{ value: 'Total assets last period' }, { editor: 'formula', code: 'GR0101002', formula: '=prev(GR0101001)' }],
    ],
  }],
}, 'GR01');

const previous: ExternalSource = { kind: 'prev', code: 'GR0101001', type: 'numeric', value: '20000', label: 'Total assets', form: 7, source: 'GR-01, period ending 31/10/2026', missing: null };

describe('values read from other forms in the entry grid', () => {
  it('computes with them, marks the cell that reads them and names where each came from', () => {
    const e = new FormEntry(template, [{ tab: '01', address: 'B2', code: 'GR0101001', value: '9000' }], () => undefined, undefined, undefined, [previous]);
    const last = e.siteOfCode('GR0101002')!;
    expect(e.shown(last)).toBe('20,000');
    expect(e.externalNote(last)).toBe('prev(GR0101001) Total assets = 20,000, from GR-01, period ending 31/10/2026');
    expect(e.externalNote(e.siteOfCode('GR0101001')!)).toBeNull();
    expect(e.view(0, false, { problems: new Map(), queries: new Set() }).cells.find((c) => c.row === last.row && c.col === last.col)?.className).toContain('cell-external');
    expect(e.formFailures().map((f) => f.message)).toEqual(['Total assets may not fall by more than half from last period. (GR0101001 = 9,000; prev(GR0101001) = 20,000)']);
    e.destroy();
  });

  it('says why a value is blank when its form is not there', () => {
    const none: ExternalSource = { ...previous, value: null, form: null, source: null, missing: "There is no accepted GR-01 form of an earlier period, so the previous period's figures are blank." };
    const e = new FormEntry(template, [], () => undefined, undefined, undefined, [none]);
    expect(e.externalNote(e.siteOfCode('GR0101002')!)).toBe("prev(GR0101001) Total assets = blank: There is no accepted GR-01 form of an earlier period, so the previous period's figures are blank.");
    e.destroy();
  });
});
