// The data validations of one sheet as few, disjoint rectangles: cells sharing a validation object
// are joined down each column into runs, and runs of the same rows in neighbouring columns into one
// rectangle (a 100 × 19 block of inputs is one rule, not 1,900). exceljs' own grouping can give
// overlapping ranges (it visits cells in text order, B10 before B2), which Excel repairs on open,
// so the writer is handed these rectangles by their range. exceljs writes one rule per range: an
// sqref of several ranges (`B3:B9 D3:D9`) it cannot write.
import { columnLetter } from '../../filing/template-grid.js';

interface Run<V> {
  value: V;
  col: number;
  top: number;
  bottom: number;
}

export class ValidationRanges<V extends object> {
  /** Per column (0-based), the rows (1-based) and their validation. */
  private readonly columns = new Map<number, Map<number, V>>();

  add(row: number, col: number, value: V): void {
    let column = this.columns.get(col);
    if (!column) this.columns.set(col, (column = new Map()));
    column.set(row, value);
  }

  /** Disjoint rectangles (`B3:S102`, or `B3` for one cell) with their validation, column by column. */
  ranges(): [string, V][] {
    const runs: Run<V>[] = [];
    for (const col of [...this.columns.keys()].sort((a, b) => a - b)) {
      const column = this.columns.get(col)!;
      let run: Run<V> | null = null;
      for (const row of [...column.keys()].sort((a, b) => a - b)) {
        const value = column.get(row)!;
        if (run && run.value === value && run.bottom === row - 1) run.bottom = row;
        else runs.push((run = { value, col, top: row, bottom: row }));
      }
    }
    // Runs of the same rows and validation in neighbouring columns become one rectangle.
    const open = new Map<string, Run<V> & { right: number }>();
    const out: (Run<V> & { right: number })[] = [];
    for (const r of runs) {
      const key = `${r.top}:${r.bottom}`;
      const left = open.get(key);
      if (left && left.value === r.value && left.right === r.col - 1) left.right = r.col;
      else {
        const rect = { ...r, right: r.col };
        open.set(key, rect);
        out.push(rect);
      }
    }
    return out.map((r) => {
      const from = `${columnLetter(r.col)}${r.top}`;
      const to = `${columnLetter(r.right)}${r.bottom}`;
      return [from === to ? from : `${from}:${to}`, r.value];
    });
  }
}
