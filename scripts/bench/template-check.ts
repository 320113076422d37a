// Times the whole server-side check of a large template (the form template benchmark case, built by
// portal/testing/large-template.ts): 10 tabs of 2,000 cells, 500 formulas, checked by schema,
// normalised, its formulas parsed and evaluated, its extract definitions computed — beside a
// floor measured in the same run: a deep copy of the same properties and HyperFormula evaluating
// the same 500 formulas in A1 notation, which any check that evaluates them must do.
// Run alone: npx tsx scripts/bench/template-check.ts (npm run bench runs it with the others).
import { performance } from 'node:perf_hooks';
import { HyperFormula, type RawCellContent } from 'hyperformula';
import { extractDefinitions } from '../../portal/filing/extract-definition.js';
import { FormWorkbook, formulaConfig } from '../../portal/filing/formula-engine.js';
import { normaliseTemplate } from '../../portal/filing/normalise.js';
import { checkTemplate, structureProblems } from '../../portal/filing/template-check.js';
import { schemaProblems, type FormProperties } from '../../portal/filing/template-schema.js';
import { columnLetter } from '../../portal/filing/template-grid.js';
import { LARGE, largeTemplate } from '../../portal/testing/large-template.js';
import { isScript } from '../is-script.js';

export const CHECK_TARGET_MS = 300;
const WARMUP = Number(process.env.BENCH_CHECK_WARMUP ?? 3);
const RUNS = Number(process.env.BENCH_CHECK_RUNS ?? 9);

export interface TemplateCheckResult {
  cells: number;
  formulas: number;
  /** First check in the process (module code not yet optimised by the JIT). */
  coldMs: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
  floorMedianMs: number;
  ratio: number;
  stagesMs: Record<string, number>;
  pass: boolean;
}

/** The large template's sheets as plain HyperFormula input: labels, empty cells and the same formulas. */
function floorSheets(): Record<string, RawCellContent[][]> {
  const { tabs, rows, cols, formulasPerTab } = LARGE;
  const sheets: Record<string, RawCellContent[][]> = {};
  for (let t = 0; t < tabs; t++) {
    const name = String(t + 1).padStart(2, '0');
    const previous = String(t).padStart(2, '0');
    const sheet: RawCellContent[][] = [Array.from({ length: cols }, (_, c) => (c === 0 ? "'Item" : `'Column ${c}`))];
    for (let r = 0; r < rows; r++) {
      const row: RawCellContent[] = new Array(cols).fill(null);
      row[0] = `'Line ${r + 1}`;
      const y = r + 2;
      if (r < formulasPerTab) row[cols - 1] = `=SUM(B${y}:${columnLetter(cols - 2)}${y})${t > 0 ? `+'${previous}'!${columnLetter(cols - 1)}${y}` : ''}`;
      sheet.push(row);
    }
    sheets[name] = sheet;
  }
  sheets._ext = [[null]];
  return sheets;
}

function floor(input: FormProperties, sheets: Record<string, RawCellContent[][]>): void {
  JSON.parse(JSON.stringify(input));
  HyperFormula.buildFromSheets(sheets, formulaConfig()).destroy();
}

/** The stages of checkTemplate, timed one by one (same calls, same order). */
function stages(input: FormProperties): Record<string, number> {
  const laps: Record<string, number> = {};
  let at = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    laps[name] = Math.round(now - at);
    at = now;
  };
  schemaProblems(input);
  lap('schema');
  const t = normaliseTemplate(input, LARGE.item);
  lap('normalise');
  structureProblems(t);
  lap('structure');
  const wb = FormWorkbook.build(t);
  wb.problems();
  wb.destroy();
  lap('formulas');
  extractDefinitions(t);
  lap('extracts');
  return laps;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export function benchTemplateCheck(): TemplateCheckResult {
  const template = largeTemplate();
  const sheets = floorSheets();
  const check = () => {
    const input = structuredClone(template);
    const start = performance.now();
    const result = checkTemplate(input, { itemcode: LARGE.item });
    const ms = performance.now() - start;
    if (!result.ok) throw new Error(JSON.stringify(result.problems.slice(0, 3)));
    return ms;
  };
  const time = (f: () => void) => {
    const start = performance.now();
    f();
    return performance.now() - start;
  };
  const coldMs = check();
  // Warm-up (the JIT optimises the check's code, as in a server that has run a while), then
  // engine and floor alternately, so a busy machine slows both alike.
  for (let i = 0; i < WARMUP; i++) {
    check();
    floor(template, sheets);
  }
  const times: number[] = [];
  const floors: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    times.push(check());
    floors.push(time(() => floor(structuredClone(template), sheets)));
  }
  const medianMs = median(times);
  const floorMedianMs = median(floors);
  return {
    cells: template.items.reduce((n, t) => n + t.items.length * LARGE.cols, 0),
    formulas: LARGE.tabs * LARGE.formulasPerTab,
    coldMs: Math.round(coldMs),
    medianMs: Math.round(medianMs),
    minMs: Math.round(Math.min(...times)),
    maxMs: Math.round(Math.max(...times)),
    floorMedianMs: Math.round(floorMedianMs),
    ratio: Number((medianMs / floorMedianMs).toFixed(2)),
    stagesMs: stages(structuredClone(template)),
    pass: medianMs <= CHECK_TARGET_MS,
  };
}

export function printTemplateCheck(r: TemplateCheckResult): void {
  console.log(`\nTemplate check on save (server): ${LARGE.tabs} tabs, ${r.cells} body cells, ${r.formulas} formulas; target ${CHECK_TARGET_MS} ms`);
  console.log(`  checkTemplate: first ${r.coldMs} ms; then median ${r.medianMs} ms (min ${r.minMs}, max ${r.maxMs}) of ${RUNS}  ${r.pass ? 'PASS' : 'FAIL'}`);
  console.log(`  floor (deep copy + HyperFormula evaluating the same formulas): median ${r.floorMedianMs} ms; check/floor ${r.ratio}`);
  console.log(`  stages (ms): ${Object.entries(r.stagesMs).map(([k, v]) => `${k} ${v}`).join(', ')}`);
}

if (isScript('template-check.ts')) printTemplateCheck(benchTemplateCheck());
