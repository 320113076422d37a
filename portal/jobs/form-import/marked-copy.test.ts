// The marked copy is the upload's own package with a note on each bad cell: exceljs and
// LibreOffice read the notes, the values, styles and names are the upload's, and a sheet's own
// notes stay beside the new ones.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sofficePath } from '../../../engine/testing/libreoffice.js';
import { writeMarkedCopy } from './marked-copy.js';
import type { CellProblem } from './workbook-cells.js';
import { guardWorkbook } from './zip-guard.js';
import { resaveWithLibreOffice } from './testing/libreoffice.js';

async function upload(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Balance sheet');
  ws.getCell('B2').value = 12;
  ws.getCell('B2').fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFCCFFCC' } };
  ws.getCell('C5').value = 'text';
  ws.getCell('C5').dataValidation = { type: 'list', allowBlank: true, formulae: ['"a,b"'] };
  wb.definedNames.add("'Balance sheet'!$B$2", 'RP_CODE1');
  const other = wb.addWorksheet('KP');
  other.getCell('A1').value = 'kept';
  other.getCell('A1').note = 'A note of the preparer';
  other.getCell('A2').value = 3;
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const problem = (sheet: string, address: string, rule: string, message: string): CellProblem => ({ at: `01!${address}`, sheet, address, code: 'X', rule, message });
const noteText = (note: ExcelJS.Comment | string | undefined) => (typeof note === 'string' ? note : (note?.texts ?? []).map((t) => t.text).join(''));

describe('the marked copy of a workbook', () => {
  let dir: string;
  let marked: Buffer;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'marked-copy-'));
    const bytes = await upload();
    const path = join(dir, 'marked.xlsx');
    const problems = [
      problem('Balance sheet', 'B2', 'value', 'Enter a whole number.'),
      problem('Balance sheet', 'B2', 'precision', 'Too many decimals.'),
      problem('Balance sheet', 'C5', 'dropdown', 'Choose one of the listed values.'),
      problem('KP', 'A2', 'rows', 'Too many lines.'),
      problem('KP', 'A1', 'value', 'Not a number.'),
      problem('Missing', 'A1', 'value', 'No such sheet.'),
    ];
    expect(await writeMarkedCopy(guardWorkbook(bytes, 'upload.xlsx'), problems, path)).toBe(true);
    marked = await readFile(path);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('notes each bad cell (a cell with several problems, one under the other) and keeps the values, styles, validations and names', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(marked as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Balance sheet')!;
    expect(noteText(ws.getCell('B2').note)).toBe('Enter a whole number.\nToo many decimals.');
    expect(noteText(ws.getCell('C5').note)).toBe('Choose one of the listed values.');
    expect(ws.getCell('B2').value).toBe(12);
    expect((ws.getCell('B2').fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFCCFFCC');
    expect(ws.getCell('C5').dataValidation?.formulae).toEqual(['"a,b"']);
    expect(wb.definedNames.getNames("'Balance sheet'!$B$2")).toContain('RP_CODE1');
    const kp = wb.getWorksheet('KP')!;
    expect(noteText(kp.getCell('A2').note)).toBe('Too many lines.');
    expect(noteText(kp.getCell('A1').note)).toContain('A note of the preparer');
    expect(noteText(kp.getCell('A1').note)).toContain('Not a number.');
  });

  it('writes nothing when no problem names a cell of a sheet the workbook has', async () => {
    const bytes = await upload();
    expect(await writeMarkedCopy(guardWorkbook(bytes, 'upload.xlsx'), [problem('Missing', 'A1', 'value', 'x'), { ...problem('KP', 'A1', 'file', 'x'), address: null }], join(dir, 'none.xlsx'))).toBe(false);
  });

  it.skipIf(!sofficePath())('opens in LibreOffice, which keeps the notes when it saves the workbook again', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await resaveWithLibreOffice(marked)) as unknown as ArrayBuffer);
    expect(noteText(wb.getWorksheet('Balance sheet')!.getCell('C5').note)).toBe('Choose one of the listed values.');
    expect(noteText(wb.getWorksheet('KP')!.getCell('A2').note)).toBe('Too many lines.');
    expect(wb.getWorksheet('Balance sheet')!.getCell('B2').value).toBe(12);
  }, 120_000);
});
