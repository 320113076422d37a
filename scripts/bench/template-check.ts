// Times the whole server-side check of a large template (issue 15's benchmark case): 10 tabs of
// 2,000 cells each (100 rows × 20 columns: a label column and 19 numeric cells), 500 formulas
// (50 per tab: row totals, and cross-tab references from the second tab on), checked by schema,
// normalised, its formulas parsed and evaluated, its extract definitions computed.
// Run: npx tsx scripts/bench/template-check.ts
import { performance } from 'node:perf_hooks';
import { cellCode } from '../../engine/filing/cell-codes.js';
import { extractDefinitions } from '../../engine/filing/extract-definition.js';
import { FormWorkbook } from '../../engine/filing/formula-engine.js';
import { normaliseTemplate } from '../../engine/filing/normalise.js';
import { checkTemplate, structureProblems } from '../../engine/filing/template-check.js';
import { schemaProblems, type Cell, type FormProperties, type Tab } from '../../engine/filing/template-schema.js';

const ITEM = 'BIG01';
const TABS = 10;
const ROWS = 100;
const COLS = 20;
const FORMULAS_PER_TAB = 50;

function largeTemplate(): FormProperties {
  const items: Tab[] = [];
  for (let t = 0; t < TABS; t++) {
    const id = String(t + 1).padStart(2, '0');
    let counter = 0;
    const rows: Cell[][] = [];
    for (let r = 0; r < ROWS; r++) {
      const row: Cell[] = [{ value: `Line ${r + 1}` }];
      for (let c = 1; c < COLS; c++) row.push({ editor: 'numeric', code: cellCode(ITEM, id, ++counter), scale: 2 });
      rows.push(row);
    }
    // The last column of the first 50 rows totals its row; from tab 02 on it adds the same cell of the previous tab.
    for (let r = 0; r < FORMULAS_PER_TAB; r++) {
      const first = rows[r][1].code!;
      const last = rows[r][COLS - 2].code!;
      const own = rows[r][COLS - 1];
      const previous = t > 0 ? `+cell(${cellCode(ITEM, String(t).padStart(2, '0'), r * (COLS - 1) + COLS - 1)})` : '';
      rows[r][COLS - 1] = { editor: 'formula', code: own.code, formula: `=SUM(cell(${first}):cell(${last}))${previous}`, scale: 2 };
    }
    const header = [Array.from({ length: COLS }, (_, c): Cell => ({ value: c === 0 ? 'Item' : `Column ${c}` }))];
    items.push({ id, title: `T${id}`, display_name: `Tab ${id}`, type: 'normal', header: { top: 1, left: 1, items: header }, items: rows });
  }
  return { id: 'BIG-01', title: 'Large template', items };
}

/** The stages of checkTemplate, timed one by one (same calls, same order). */
function stages(input: FormProperties): string {
  const laps: string[] = [];
  let at = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    laps.push(`${name} ${(now - at).toFixed(0)}`);
    at = now;
  };
  schemaProblems(input);
  lap('schema');
  const t = normaliseTemplate(input, ITEM);
  lap('normalise');
  structureProblems(t);
  lap('structure');
  const wb = FormWorkbook.build(t);
  wb.problems();
  wb.destroy();
  lap('formulas');
  extractDefinitions(t);
  lap('extracts');
  return laps.join(', ');
}

const template = largeTemplate();
const cells = template.items.reduce((n, t) => n + t.items.length * COLS, 0);
// One warm-up run (module compilation, HyperFormula's parser), then the timed runs.
checkTemplate(template, { itemcode: ITEM });
const times: number[] = [];
for (let i = 0; i < 5; i++) {
  const input = structuredClone(template);
  const start = performance.now();
  const result = checkTemplate(input, { itemcode: ITEM });
  times.push(performance.now() - start);
  if (!result.ok) throw new Error(JSON.stringify(result.problems.slice(0, 3)));
}
times.sort((a, b) => a - b);
console.log(`stages (ms): ${stages(structuredClone(template))}`);
console.log(`template check: ${TABS} tabs, ${cells} body cells, ${TABS * FORMULAS_PER_TAB} formulas: median ${times[2].toFixed(0)} ms (min ${times[0].toFixed(0)}, max ${times[4].toFixed(0)})`);
