import { describe, expect, it } from 'vitest';
import { FormWorkbook } from './formula-engine.js';
import { explainFailure } from './rule-explain.js';
import type { ExternalSource } from './external-sources.js';
import type { FormProperties } from './template-schema.js';

type Check = NonNullable<FormProperties['tabvalidation']>[number];

/** Capital (scale 2) and two whole-number figures with their labels; one check under test. */
function template(check: Check, cell: Partial<FormProperties['items'][number]['items'][number][number]> = {}): FormProperties {
  return {
    id: 'EX-01',
    title: 'Explained',
    tabvalidation: [check],
    items: [{
      id: '01', title: 'T', display_name: 'Tab', type: 'normal',
      header: { top: 1, left: 1, items: [[{ value: 'Item' }, { value: 'Amount' }]] },
      items: [
        [{ value: 'Capital' }, { editor: 'numeric', code: 'EX01001', scale: 2, ...cell }],
        [{ value: 'Loans' }, { editor: 'numeric', code: 'EX01002' }],
        [{ value: 'Deposits' }, { editor: 'numeric', code: 'EX01003', label_map: 'Customer deposits' }],
      ],
    }],
  };
}

function explained(t: FormProperties, values: Record<string, string>, externals: ExternalSource[] = []): string[] {
  const wb = FormWorkbook.build(t, { values, prev: Object.fromEntries(externals.map((e) => [e.code, e.value === null ? null : Number(e.value)])) });
  try {
    return wb.checks().failures.map((f) => explainFailure(t, f, wb, externals));
  } finally {
    wb.destroy();
  }
}

describe('the message of a failed rule', () => {
  it('shows an expression side as written, its figure to the places it has, and a relative tolerance as its share', () => {
    const t = template({ formula: '=cell(EX01002)/cell(EX01003)=cell(EX01001)', message: 'The ratio must equal the capital.', tolerance: { absolute: 0.001, relative: 0.01 } });
    expect(explained(t, { EX01001: '1.00', EX01002: '2', EX01003: '3' })).toEqual([
      'The ratio must equal the capital. (EX01002/EX01003 0.6667 ≠ Capital 1.00: difference 0.3333, tolerance 0.01 (1% of 1.00))',
    ]);
  });

  it('labels a cell by its label_map, and lists the cells another shape of rule cites once each', () => {
    const t = template({ formula: '=AND(cell(EX01003)>0,cell(EX01003)<cell(EX01002))', message: 'Deposits must be positive and below loans.' });
    expect(explained(t, { EX01002: '10', EX01003: '25000' })).toEqual(['Deposits must be positive and below loans. (EX01003 = 25,000; EX01002 = 10)']);
    const eq = template({ formula: '=cell(EX01003)=cell(EX01002)', message: 'Deposits must equal loans.' });
    expect(explained(eq, { EX01002: '10', EX01003: '12' })).toEqual(['Deposits must equal loans. (Customer deposits 12 ≠ Loans 10: difference 2)']);
  });

  it('explains a cell validation by its own value, and a side read from the previous period with its source', () => {
    const t = template({ formula: '=cell(EX01001)=prev(EX01001)', message: 'Capital must not change between periods.' }, { validations: '=rc(0,0)>=100', validationmsg: 'Capital is at least 100.' });
    const prev: ExternalSource = { kind: 'prev', code: 'EX01001', type: 'numeric', value: '150.00', label: 'Capital', form: 3, source: 'EX-01, period ending 31/10/2026', missing: null };
    expect(explained(t, { EX01001: '90.50' }, [prev])).toEqual([
      'Capital is at least 100. (EX01001 = 90.50)',
      'Capital must not change between periods. (Capital 90.50 ≠ Capital (EX-01, period ending 31/10/2026) 150.00: difference 59.50)',
    ]);
  });
});
