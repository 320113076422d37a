import { HyperFormula } from 'hyperformula';
import { describe, expect, it } from 'vitest';
import { excelLog, excelMod, excelUpper, excelWeekNumber, mathMultiple } from './excel-math.js';
import { groupedNumberFormat } from './excel-number-format.js';
import { formulaConfig } from './formula-engine.js';

/** One row of values, then the formulas below them; answers the formulas' values. */
function compute(values: (number | string | null)[], formulas: string[]): unknown[] {
  const hf = HyperFormula.buildFromArray([values, ...formulas.map((f) => [f])], formulaConfig());
  try {
    return formulas.map((_, i) => hf.getCellValue({ sheet: 0, row: i + 1, col: 0 }));
  } finally {
    hf.destroy();
  }
}

const errorOf = (v: unknown) => (v as { value?: string }).value;

describe('Excel arithmetic the differential test found HyperFormula computing otherwise', () => {
  it('MOD drops a double\'s noise and keeps the divisor\'s sign', () => {
    expect(excelMod(337, 0.01)).toBe(0);
    expect(excelMod(-734, 0.05)).toBe(0);
    expect(excelMod(-309, -0.3)).toBe(0);
    expect(excelMod(-7.5, 2)).toBe(0.5);
    expect(excelMod(7.5, -2)).toBe(-0.5);
    expect(excelMod(10, 3)).toBe(1);
    expect(compute([337, 0.01, 0], ['=MOD(A1,B1)', '=MOD(A1,C1)'])).toEqual([0, expect.objectContaining({ value: '#DIV/0!' })]);
  });

  it('CEILING.MATH and FLOOR.MATH take the mode of a negative number', () => {
    expect(mathMultiple(-81.58, -2, -1, 'ceiling')).toBe(-82);
    expect(mathMultiple(-81.58, 2, 0, 'ceiling')).toBe(-80);
    expect(mathMultiple(-950.235, 5, -1, 'floor')).toBe(-950);
    expect(mathMultiple(-950.235, 5, 0, 'floor')).toBe(-955);
    expect(mathMultiple(6.7, 0, 0, 'floor')).toBe(0);
    expect(mathMultiple(0.3, 0.1, 0, 'ceiling')).toBe(0.3);
    expect(compute([-81.58], ['=CEILING.MATH(A1,2,1)', '=FLOOR.MATH(A1)', '=CEILING.MATH(A1)'])).toEqual([-82, -82, -81]);
  });

  it('LOG answers #NUM! for a number or base not above 0 and #DIV/0! for base 1', () => {
    expect(excelLog(1000, 10)).toBe(3);
    expect(excelLog(8, 2)).toBe(3);
    expect(compute([133.8], ['=LOG(A1,1)', '=LOG(-A1)', '=LOG(100)']).map((v) => errorOf(v) ?? v)).toEqual(['#DIV/0!', '#NUM!', 2]);
  });

  it('UPPER maps letter by letter, so ß stays ß', () => {
    expect(excelUpper('Ünïcödé Straße')).toBe('ÜNÏCÖDÉ STRAßE');
    expect(compute(['ąčę straße'], ['=UPPER(A1)'])).toEqual(['ĄČĘ STRAßE']);
  });

  it('WEEKNUM counts weeks from the one holding 1 January, and type 21 is the ISO week', () => {
    expect(excelWeekNumber(2023, 12, 31, 1)).toBe(53);
    expect(excelWeekNumber(2024, 12, 31, 12)).toBe(54);
    expect(excelWeekNumber(2024, 1, 1, 2)).toBe(1);
    expect(excelWeekNumber(2024, 1, 8, 2)).toBe(2);
    expect(excelWeekNumber(2024, 12, 31, 21)).toBe(1);
    expect(excelWeekNumber(2021, 1, 3, 21)).toBe(53);
    expect(excelWeekNumber(2024, 6, 1, 3)).toBeUndefined();
    // 31-12-2024 is serial 45657.
    expect(compute([45657], ['=WEEKNUM(A1,21)', '=WEEKNUM(A1)', '=WEEKNUM(A1,3)']).map((v) => errorOf(v) ?? v)).toEqual([1, 53, '#NUM!']);
  });

  it('EOMONTH truncates a fractional month count', () => {
    // 25-07-2028 less 12 months: 31-07-2027 (serial 46599).
    expect(compute([46959], ['=EOMONTH(A1,-12.5)', '=EOMONTH(A1,0)'])).toEqual([46599, 46965]);
  });

  it('CHOOSE truncates its index and answers #VALUE! outside its values', () => {
    expect(compute([2.7, 4], ['=CHOOSE(A1,"one","two","three")', '=CHOOSE(B1,"one","two","three")']).map((v) => errorOf(v) ?? v)).toEqual(['two', '#VALUE!']);
  });

  it('SUMPRODUCT evaluates its arguments as arrays and counts what is not a number as 0', () => {
    expect(compute([-196.175, 527.79, 'x', 2], ['=SUMPRODUCT((A1:B1>0)*A1:B1)', '=SUMPRODUCT(A1:B1,C1:D1)', '=SUMPRODUCT(A1:B1,C1:C1)']).map((v) => errorOf(v) ?? v)).toEqual([527.79, 1055.58, '#VALUE!']);
  });

  it('TEXT writes thousands separators and rounds half away from zero', () => {
    expect(groupedNumberFormat(2034.1, '#,##0.00')).toBe('2,034.10');
    expect(groupedNumberFormat(-84999.285, '#,##0.00')).toBe('-84,999.29');
    expect(groupedNumberFormat(-26313.265, '#,##0')).toBe('-26,313');
    expect(groupedNumberFormat(0.4, '#,##0')).toBe('0');
    expect(groupedNumberFormat(1234.5, '#,###.##')).toBe('1,234.5');
    expect(groupedNumberFormat(12.3456, '#,##0.0%')).toBe('1,234.6%');
    expect(groupedNumberFormat(45351, 'yyyy-mm-dd')).toBeUndefined();
    expect(compute([1234567.005], ['=TEXT(A1,"#,##0.00")', '=TEXT(A1,"0.0")'])).toEqual(['1,234,567.01', '1234567.0']);
  });

  it('compares text accents as Excel does: "*Ña*" does not match "naïve"', () => {
    expect(compute(['naïve', 'Ñandú', 'nandu'], ['=COUNTIF(A1:C1,"*Ña*")', '="a"="á"'])).toEqual([1, false]);
  });
});
