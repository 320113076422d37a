import { HyperFormula } from 'hyperformula';
import { describe, expect, it } from 'vitest';
import { criterionMatcher, type CriterionValue } from './excel-criteria.js';
import { formulaConfig } from './formula-engine.js';

const toNumber = (t: string) => (/^\s*[+-]?\d+(\.\d+)?\s*$/.test(t) ? Number(t) : undefined);
const cells: CriterionValue[] = [5, '5', 'abc', 'ABD', 'Ñandú', null, '', true, 12.5, -3];
const matching = (criterion: number | string | boolean) => cells.filter((v) => criterionMatcher(criterion, toNumber)(v));

describe('criteria as Excel reads them', () => {
  it('compares numbers, and text that reads as the number for equality', () => {
    expect(matching(5)).toEqual([5, '5']);
    expect(matching('>4')).toEqual([5, 12.5]);
    expect(matching('<=5')).toEqual([5, -3]);
    expect(matching('<>5')).toEqual(['abc', 'ABD', 'Ñandú', null, '', true, 12.5, -3]);
  });

  it('orders text alphabetically in any case, and never numbers, for a comparison with text', () => {
    expect(matching('>abc')).toEqual(['ABD', 'Ñandú']);
    expect(matching('<ABD')).toEqual(['5', 'abc', '']);
    expect(matching('>=abd')).toEqual(['ABD', 'Ñandú']);
  });

  it('matches text in any case with wildcards, accents apart, and empty cells with "=" and "<>"', () => {
    expect(matching('ab?')).toEqual(['abc', 'ABD']);
    expect(matching('*nan*')).toEqual([]);
    expect(matching('*ñan*')).toEqual(['Ñandú']);
    expect(matching('=')).toEqual([null, '']);
    expect(matching('<>')).toEqual([5, '5', 'abc', 'ABD', 'Ñandú', true, 12.5, -3]);
    expect(matching('TRUE')).toEqual([true]);
    expect(criterionMatcher('a~*', toNumber)('a*')).toBe(true);
    expect(criterionMatcher('a~*', toNumber)('ab')).toBe(false);
  });

  it('gives COUNTIFS, SUMIF, AVERAGEIF, MAXIFS and MINIFS a criterion with text in the formula engine', () => {
    const hf = HyperFormula.buildFromArray(
      [
        ['naïve', 0, 255.6, 'beta'],
        [1, 2, 3, 4],
        ['=COUNTIFS(A1:D1,">"&A1,A1:D1,"<1000")', '=SUMIF(A1:D1,">b",A2:D2)', '=AVERAGEIF(A1:D1,"<>0",A2:D2)', '=MAXIFS(A2:D2,A1:D1,"<z")'],
        ['=MINIFS(A2:D2,A1:D1,">a")', '=COUNTIF(A1:D1,">=0")', '=SUMIFS(A2:D2,A1:D1,"<>beta",A2:D2,">1")', '=AVERAGEIF(A1:D1,">1000")'],
      ],
      formulaConfig(),
    );
    try {
      const values = hf.getSheetValues(0).slice(2).flat().map((v) => (typeof v === 'object' && v !== null && 'value' in v ? v.value : v));
      expect(values).toEqual([0, 5, expect.closeTo((1 + 3 + 4) / 3, 12), 4, 1, 2, 5, '#DIV/0!']);
    } finally {
      hf.destroy();
    }
  });
});
