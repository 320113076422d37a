// The defined name of each data cell in an exported workbook (docs/excel.md, the workbook
// contract): `RP_<code>`, workbook-scoped, pointing at the cell (on an add-new-rows tab, at its
// first data row). Spreadsheet programs move a defined name with its cell when rows, columns or
// sheets are inserted, deleted, renamed or moved, so an import finds every value by its code
// wherever the user's edits put it. A bare code (`BNK0101003`) cannot be a name: it reads as a
// cell address (column BNK, row 101003), hence the prefix.

export const CELL_NAME_PREFIX = 'RP_';

/** The defined name of the data cell `code`. */
export function cellName(code: string): string {
  return `${CELL_NAME_PREFIX}${code}`;
}

/** The code a defined name stands for, or null when the name is not one of ours. */
export function codeOfName(name: string): string | null {
  return name.toUpperCase().startsWith(CELL_NAME_PREFIX) && name.length > CELL_NAME_PREFIX.length ? name.slice(CELL_NAME_PREFIX.length) : null;
}
