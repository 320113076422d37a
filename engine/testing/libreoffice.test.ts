import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { formulaResults, recalculate, sofficePath } from './libreoffice.js';

const soffice = sofficePath();
// In CI LibreOffice is installed by .ci/run: its absence is a failure there, a skip elsewhere.
const missing = !soffice && !process.env.CI;
if (missing) console.warn('LibreOffice (soffice) is not installed: the LibreOffice recalculation test is skipped.');

/** A workbook whose formulas carry deliberately wrong cached values. */
async function wrongCache(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const a = wb.addWorksheet('In');
  a.getCell('A1').value = 2;
  a.getCell('A2').value = 3;
  a.getCell('A3').value = 'x';
  const b = wb.addWorksheet('Out');
  b.getCell('A1').value = { formula: 'In!A1*In!A2', result: 99 };
  b.getCell('A2').value = { formula: 'In!A1/0', result: 1 };
  b.getCell('A3').value = { formula: 'UPPER(In!A3)&"é"', result: 'wrong' };
  b.getCell('A4').value = { formula: 'In!A1>In!A2', result: true };
  b.getCell('A5').value = { formula: '_xlfn.IFS(In!A1=2,"two",TRUE,"other")', result: 'wrong' };
  b.getCell('A6').value = { formula: 'DATE(2024,2,29)', result: 0 };
  b.getCell('A7').value = { formula: 'IF(In!A1=2,"","x")', result: 'x' };
  b.getCell('A8').value = { formula: 'In!A1<In!A2', result: false };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe.skipIf(missing)('LibreOffice headless', () => {
  it('recalculates every formula on load instead of keeping the cached values it was given', async () => {
    const file = await wrongCache();
    expect((await formulaResults(file)).get('Out')!.get('A1')).toBe(99);
    const results = await recalculate(file, { timeoutMs: 120_000 });
    expect(Object.fromEntries(results.get('Out')!)).toEqual({ A1: 6, A2: { error: '#DIV/0!' }, A3: 'Xé', A4: false, A5: 'two', A6: 45351, A7: '', A8: true });
    expect(results.get('In')!.size).toBe(0);
  });

  it('fails with a message naming the cause when LibreOffice cannot be run', async () => {
    await expect(recalculate(Buffer.from('x'), { soffice: '/nonexistent/soffice' })).rejects.toThrow(/LibreOffice could not be started/);
  });
});
