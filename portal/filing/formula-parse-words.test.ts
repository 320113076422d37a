// Each kind of parser complaint, taken from the parser itself, reads as a sentence with no token name.
import { HyperFormula } from 'hyperformula';
import { describe, expect, it } from 'vitest';
import { parseProblemInWords } from './formula-parse-words.js';

function parserMessage(formula: string): string {
  const hf = HyperFormula.buildEmpty({ licenseKey: 'gpl-v3' });
  const sheet = hf.getSheetId(hf.addSheet('S'))!;
  hf.setCellContents({ sheet, row: 0, col: 0 }, [[formula]]);
  const v = hf.getCellValue({ sheet, row: 0, col: 0 }) as { message?: string };
  hf.destroy();
  return v.message ?? '';
}

describe('formula parse problems in words', () => {
  it.each([
    ['=SUM(A1', 'A closing bracket ")" is missing: the formula ends there instead. Check the brackets and commas.'],
    ['=IF(A1>1,2', 'A closing bracket ")" is missing: the formula ends there instead. Check the brackets and commas.'],
    ['=SUM(A1;B1)', 'Separate the arguments with commas ",", not semicolons ";".'],
    ['=(1+2))', 'There is a closing bracket ")" too many.'],
    ['=1 2', 'The formula goes on after it is complete: "2" is extra (an operator or a comma may be missing before it).'],
    ['=1+', 'The formula ends where a value, a cell or a function is expected.'],
    ['=A1+*2', 'A value, a cell or a function is expected where it finds "*".'],
    ['="abc', 'A text in quotes is not closed: add the closing quote ".'],
  ])('%s', (formula, words) => {
    const message = parserMessage(formula);
    expect(message).toMatch(/^Parsing error\./);
    expect(parseProblemInWords(message)).toBe(words);
  });

  it('never passes a token name through, whatever the parser says', () => {
    for (const f of ['=SUM(A1:)', '=SUM(', '=((1)', '=1+2)*3', '=,', '=A1 B1 C1']) {
      const words = parseProblemInWords(parserMessage(f));
      expect(words).not.toMatch(/RParen|LParen|Token|EOF|-->|<--/);
      expect(words).toMatch(/\.$/);
    }
  });
});
