// The defined names an import finds cells by: `RP_<code>` names of the workbook part, their sheet
// and cell (quoted sheet names, doubled apostrophes, entities, ranges), deleted cells, names of one
// sheet left out, and a part declaring a DOCTYPE refused.
import { describe, expect, it } from 'vitest';
import { namedCell, readCellNames } from './cell-names.js';
import type { PackagePart } from './zip-guard.js';

const partsOf = (workbook: string): PackagePart[] => [{ name: 'xl/workbook.xml', bytes: () => Buffer.from(workbook) }];
const workbook = (names: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="SFP-A" sheetId="1" r:id="rId1"/></sheets>${names}<calcPr calcId="0"/></workbook>`;

describe('the defined names of a workbook', () => {
  it('reads each RP_ name as its code, sheet and cell, and leaves other names out', () => {
    const names = readCellNames(
      partsOf(
        workbook(
          `<definedNames><definedName name="RP_BNK0101001">'SFP-A'!$B$3</definedName><definedName name="RP_BNK0102001">'Board''s &amp; notes'!$C$12</definedName><definedName name="RP_X1">Plain!B4:B9</definedName><definedName name="_xlnm.Print_Area" localSheetId="0">'SFP-A'!$A$1:$C$9</definedName><definedName name="RP_LOCAL" localSheetId="0">'SFP-A'!$B$5</definedName><definedName name="RP_GONE">#REF!</definedName><definedName name="Other">'SFP-A'!$B$3</definedName></definedNames>`,
        ),
      ),
    );
    expect([...names.keys()]).toEqual(['BNK0101001', 'BNK0102001', 'X1', 'GONE']);
    expect(names.get('BNK0101001')).toMatchObject({ sheet: 'SFP-A', row: 3, col: 1 });
    expect(names.get('BNK0102001')).toMatchObject({ sheet: "Board's & notes", row: 12, col: 2 });
    expect(names.get('X1')).toMatchObject({ sheet: 'Plain', row: 4, col: 1 });
    expect(names.get('GONE')).toEqual({ sheet: null, ref: '#REF!' });
  });

  it('reads names written with a namespace prefix, and a workbook without names as none', () => {
    expect(readCellNames(partsOf(workbook('<x:definedNames><x:definedName name="RP_A1">\'S\'!$A$1</x:definedName></x:definedNames>'))).get('A1')).toMatchObject({ sheet: 'S', row: 1, col: 0 });
    expect(readCellNames(partsOf(workbook(''))).size).toBe(0);
    expect(readCellNames(partsOf(workbook('<definedNames/>'))).size).toBe(0);
  });

  it('refuses a workbook part that declares a document type, so no entity of the file is ever expanded', () => {
    const xml = `<?xml version="1.0"?><!DOCTYPE workbook [<!ENTITY a "aaaaaaaaaa">]><workbook><definedNames><definedName name="RP_A">&a;</definedName></definedNames></workbook>`;
    expect(() => readCellNames(partsOf(xml))).toThrow(/document type \(DOCTYPE\)/);
  });

  it('takes a cell deleted by rows or columns as pointing nowhere', () => {
    expect(namedCell("'SFP-A'!#REF!")).toEqual({ sheet: null, ref: "'SFP-A'!#REF!" });
    expect(namedCell('SFP-A!$B$4')).toMatchObject({ sheet: 'SFP-A', row: 4, col: 1 });
  });
});
