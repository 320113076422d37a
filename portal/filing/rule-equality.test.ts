import { describe, expect, it } from 'vitest';
import { allowance, splitEquality, toleranceProblems, withinTolerance } from './rule-equality.js';
import { FormWorkbook } from './formula-engine.js';
import { checkTemplate } from './template-check.js';
import type { FormProperties } from './template-schema.js';

/** One tab: assets (X01001) and liabilities (X01002), and a check that they are equal. */
function balance(check: Partial<NonNullable<FormProperties['tabvalidation']>[number]> = {}): FormProperties {
  return {
    id: 'X-01',
    title: 'Balance',
    tabvalidation: [{ formula: '=cell(X01001)=cell(X01002)', message: 'Assets must equal liabilities.', ...check }],
    items: [{
      id: '01', title: 'BS', display_name: 'Balance sheet', type: 'normal',
      header: { top: 0, left: 1, items: [] },
      items: [[{ value: 'Total assets' }, { editor: 'numeric', code: 'X01001' }], [{ value: 'Total liabilities' }, { editor: 'numeric', code: 'X01002' }]],
    }],
  };
}

const failures = (t: FormProperties, a: string, b: string) => {
  const wb = FormWorkbook.build(t, { values: { X01001: a, X01002: b } });
  try {
    return wb.checks().failures;
  } finally {
    wb.destroy();
  }
};

describe('equality rules', () => {
  it('splits a formula only when its top-level operator is one equals sign', () => {
    expect(splitEquality('=cell(A)=cell(B)')).toEqual({ left: 'cell(A)', right: 'cell(B)' });
    expect(splitEquality('=SUM(cell(A):cell(B)) = cell(C)+1')).toEqual({ left: 'SUM(cell(A):cell(B))', right: 'cell(C)+1' });
    expect(splitEquality('=IF(cell(A)=1,TRUE,FALSE)')).toBeNull();
    expect(splitEquality('=cell(A)>=cell(B)')).toBeNull();
    expect(splitEquality('=cell(A)<>cell(B)')).toBeNull();
    expect(splitEquality('=cell(A)=cell(B)=TRUE')).toBeNull();
    expect(splitEquality('=cell(A)="a=b"')).toEqual({ left: 'cell(A)', right: '"a=b"' });
  });

  it('allows the larger of the absolute amount and the relative share of the larger side', () => {
    expect(allowance(25035, 25030, { absolute: 1 })).toBe(1);
    expect(allowance(25035, 25030, { absolute: 1, relative: 0.001 })).toBeCloseTo(25.035);
    expect(withinTolerance(1.1, 1.0, { absolute: 0.1 })).toBe(true);
    expect(withinTolerance(1.11, 1.0, { absolute: 0.1 })).toBe(false);
  });

  it('passes an equality check within its tolerance and fails it beyond, with both sides and the allowance', () => {
    expect(failures(balance({ tolerance: { absolute: 5 } }), '25035', '25030')).toEqual([]);
    expect(failures(balance({ tolerance: { absolute: 1 } }), '25035', '25030')).toEqual([
      { path: '/tabvalidation/0/formula', message: 'Assets must equal liabilities.', severity: 'error', sides: { left: 25035, right: 25030, allowed: 1 } },
    ]);
    expect(failures(balance({ tolerance: { relative: 0.001 } }), '25035', '25030')).toEqual([]);
    expect(failures(balance(), '25035', '25035')).toEqual([]);
  });

  it('refuses a tolerance on a rule that is not an equality, and an empty tolerance, at template save', () => {
    const notEquality = balance({ formula: '=cell(X01001)>=cell(X01002)', tolerance: { absolute: 1 } });
    expect(toleranceProblems(notEquality)).toEqual([{ path: '/tabvalidation/0/tolerance', message: 'A tolerance applies to an equality: write the check as =LEFT=RIGHT.' }]);
    const saved = checkTemplate(balance({ tolerance: {} }), { itemcode: 'X' });
    expect(saved.problems).toEqual([{ path: '/tabvalidation/0/tolerance', message: 'Give the tolerance as an absolute amount, a relative share (0.01 for 1%), or both.' }]);
    expect(checkTemplate(balance({ tolerance: { absolute: 1, relative: 0.01 } }), { itemcode: 'X' }).ok).toBe(true);
  });
});
