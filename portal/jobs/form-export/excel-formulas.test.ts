// Function names of exported formulas as an .xlsx file writes them: newer functions with `_xlfn.`,
// every name upper case, string literals and quoted sheet names untouched.
import { describe, expect, it } from 'vitest';
import { xlsxFunctionNames } from './excel-formulas.js';

describe('function names of an exported formula', () => {
  it('prefixes the functions Excel added after 2007 and leaves the older ones as they are', () => {
    expect(xlsxFunctionNames('STDEV.S(B3:B9)+SUM(B3:B9)')).toBe('_xlfn.STDEV.S(B3:B9)+SUM(B3:B9)');
    expect(xlsxFunctionNames('IFS(B3>0,1,TRUE,IFNA(MATCH(1,C3:C4,0),0))')).toBe('_xlfn.IFS(B3>0,1,TRUE,_xlfn.IFNA(MATCH(1,C3:C4,0),0))');
    expect(xlsxFunctionNames("DAYS('KP'!C4,'KP'!C3)*XOR(B3,B4)")).toBe("_xlfn.DAYS('KP'!C4,'KP'!C3)*_xlfn.XOR(B3,B4)");
    expect(xlsxFunctionNames('SWITCH(B3,1,2,3)+MAXIFS(D3:D9,E3:E9,">0")')).toBe('_xlfn.SWITCH(B3,1,2,3)+_xlfn.MAXIFS(D3:D9,E3:E9,">0")');
  });

  it('writes a name in any case as Excel spells it', () => {
    expect(xlsxFunctionNames('stdev.s(B3:B4)+round(B5,2)')).toBe('_xlfn.STDEV.S(B3:B4)+ROUND(B5,2)');
  });

  it('leaves string literals, quoted sheet names, references and an existing prefix alone', () => {
    expect(xlsxFunctionNames('IF(B3="IFS(x)",1,2)')).toBe('IF(B3="IFS(x)",1,2)');
    expect(xlsxFunctionNames('LEN("say ""DAYS(1)"" twice")')).toBe('LEN("say ""DAYS(1)"" twice")');
    expect(xlsxFunctionNames("SUM('IFS(2)'!B3:B4)+'O''Brien DAYS(1)'!C5")).toBe("SUM('IFS(2)'!B3:B4)+'O''Brien DAYS(1)'!C5");
    expect(xlsxFunctionNames('_xlfn.IFS(B3>0,1)+ifs1+B3*1.5E3')).toBe('_xlfn.IFS(B3>0,1)+ifs1+B3*1.5E3');
  });
});
