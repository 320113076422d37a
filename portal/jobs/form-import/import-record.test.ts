// The import's description holds the whole report up to its limit; a longer one keeps whole lines
// and says how many it leaves out (no database: the cut is text only).
import { describe, expect, it } from 'vitest';
import { MAX_DESCRIPTION, fitDescription } from './import-record.js';

describe('the description of an Excel import', () => {
  it('keeps a report that fits as it is', () => {
    const report = 'KP!B3 TRC0201002 [dropdown]: Choose one of the listed values.';
    expect(fitDescription(report)).toBe(report);
  });

  it('cuts a longer report at a line end and counts the lines left out', () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `T01!B${i + 3} BIG01010${String(i).padStart(4, '0')} [value]: Enter a number.`);
    const text = fitDescription(lines.join('\n'));
    expect(text.length).toBeLessThan(MAX_DESCRIPTION + 200);
    const kept = text.split('\n').slice(0, -1);
    expect(kept.every((l, i) => l === lines[i])).toBe(true);
    expect(text.split('\n').at(-1)).toBe(`… and ${lines.length - kept.length} more lines (the marked copies of the workbooks with problems comment each bad cell).`);
  });
});
