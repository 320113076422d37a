// npm run bench, the formula corpus part: the differential test's corpus (engine/testing/
// formula-corpus.ts, about 2,400 cases on 17 tabs) computed by the portal, FormWorkbook built and
// every result read, median of several runs after a warm-up; then writing it as .xlsx with the
// export's formulas and LibreOffice headless recalculating it once (its start is most of that).
// A measurement, not a test: the exit code stays 0 unless something fails outright.
//
// Env: BENCH_FORMULA_CORPUS=0 (skip)  BENCH_CORPUS_WARMUP=2  BENCH_CORPUS_RUNS=7
//      BENCH_LIBREOFFICE=0 (skip LibreOffice)
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { FormWorkbook } from '../../portal/filing/formula-engine.js';
import { normaliseTemplate } from '../../portal/filing/normalise.js';
import { corpusForm, CORPUS_ITEM } from '../../portal/testing/corpus-template.js';
import { formulaCorpus } from '../../portal/testing/formula-corpus.js';
import { FormulaXlsx } from '../../portal/testing/formula-xlsx.js';
import { recalculate, sofficePath } from '../../engine/testing/libreoffice.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (ms: number) => Math.round(ms * 10) / 10;

async function main() {
  if (process.env.BENCH_FORMULA_CORPUS === '0') return;
  const load = loadavg()[0];
  const warmup = Number(process.env.BENCH_CORPUS_WARMUP ?? 2);
  const runs = Number(process.env.BENCH_CORPUS_RUNS ?? 7);
  const cases = formulaCorpus();
  const form = corpusForm(cases);
  const template = normaliseTemplate(form.properties, CORPUS_ITEM);

  const portal = { build: [] as number[], evaluate: [] as number[], total: [] as number[] };
  for (let i = 0; i < warmup + runs; i++) {
    const t0 = performance.now();
    const wb = FormWorkbook.build(template, { values: form.values, rows: form.rows });
    const t1 = performance.now();
    for (const site of form.sites) wb.value(site.code, site.row);
    wb.results();
    const t2 = performance.now();
    wb.destroy();
    if (i < warmup) continue;
    portal.build.push(t1 - t0);
    portal.evaluate.push(t2 - t1);
    portal.total.push(t2 - t0);
  }
  const result: Record<string, unknown> = {
    cases: cases.length,
    sites: form.sites.length,
    tabs: template.items.length,
    portal: { runs, buildMs: round(median(portal.build)), readMs: round(median(portal.evaluate)), totalMs: round(median(portal.total)) },
  };
  console.log(`\nFormula corpus: ${cases.length} cases (${form.sites.length} results) on ${template.items.length} tabs`);
  console.log(`  portal (FormWorkbook): build ${round(median(portal.build))} ms, read every result ${round(median(portal.evaluate))} ms, median of ${runs}`);

  const soffice = sofficePath();
  if (process.env.BENCH_LIBREOFFICE !== '0' && soffice) {
    const t0 = performance.now();
    const file = new FormulaXlsx();
    const wb = FormWorkbook.build(template, { values: form.values, rows: form.rows });
    file.add(wb, form.values);
    const xlsx = await file.buffer();
    wb.destroy();
    const t1 = performance.now();
    const libre = await recalculate(xlsx);
    const t2 = performance.now();
    const formulas = [...libre.values()].reduce((n, m) => n + m.size, 0);
    result.libreOffice = { writeXlsxMs: round(t1 - t0), recalculateMs: round(t2 - t1), bytes: xlsx.length, formulas };
    console.log(`  LibreOffice headless: writing the .xlsx ${round(t1 - t0)} ms (${Math.round(xlsx.length / 1024)} KB), start + recalculate + save + read back ${round(t2 - t1)} ms (${formulas} formulas)`);
  } else {
    console.log(`  LibreOffice: ${soffice ? 'skipped (BENCH_LIBREOFFICE=0)' : 'not installed (soffice), skipped'}`);
  }
  const machine = { cpus: availableParallelism(), node: process.version, loadAverageAtStart: Number(load.toFixed(2)) };
  mkdirSync('.bench', { recursive: true });
  writeFileSync('.bench/formula-corpus.json', JSON.stringify({ at: new Date().toISOString(), machine, ...result }, null, 2) + '\n');
  console.log('Written to .bench/formula-corpus.json');
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
