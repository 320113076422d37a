// npm run bench, the form template part: the server's check of a large template on
// save, its save through the protocol on each database, the designer opening it in Chromium, and
// a form of it opening in the entry grid, each beside a floor measured in the same run.
// A measurement, not a test: a missed target is printed, the exit code stays 0.
//
// Env: BENCH_TEMPLATES=0 (skip)  BENCH_CHECK_WARMUP=3  BENCH_CHECK_RUNS=9  BENCH_SAVE_RUNS=5
//      BENCH_DIALECTS=sqlite,mysql (the save)  BENCH_DESIGNER_RUNS=5  BENCH_DESIGNER=0 (skip the
//      designer)  BENCH_FORM_OPEN=0 (skip the entry grid)  BENCH_FORM_OPEN_RUNS=5
//      CLIENT_DIR (a client build of your own)
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { benchTemplateCheck, CHECK_TARGET_MS, printTemplateCheck } from './template-check.js';
import { benchDesignerOpen, DESIGNER_TARGET_MS, printDesignerOpen } from './designer-open.js';
import { benchTemplateSave, printTemplateSave } from './template-save.js';
import { benchFormOpen, FORM_OPEN_TARGET_MS, printFormOpen } from './form-open.js';
import type { Dialect } from '../../engine/db/connect.js';

async function main() {
  if (process.env.BENCH_TEMPLATES === '0') return;
  // Load on the machine when the run starts: other work on the same cores slows every figure.
  const load = loadavg()[0];
  const check = benchTemplateCheck();
  printTemplateCheck(check);
  const dialects = (process.env.BENCH_DIALECTS ?? 'sqlite,mysql').split(',').map((d) => d.trim()).filter(Boolean) as Dialect[];
  const save = await benchTemplateSave(dialects);
  printTemplateSave(save);
  const designer = process.env.BENCH_DESIGNER === '0' ? undefined : await benchDesignerOpen();
  if (designer) printDesignerOpen(designer);
  const entry = process.env.BENCH_FORM_OPEN === '0' ? undefined : await benchFormOpen();
  if (entry) printFormOpen(entry);
  const machine = { cpus: availableParallelism(), cpu: cpus()[0]?.model, node: process.version, platform: process.platform, loadAverageAtStart: Number(load.toFixed(2)) };
  if (load > machine.cpus) console.log(`\nNote: load average ${load.toFixed(1)} on ${machine.cpus} cores when the run started; figures are slower than on an idle machine.`);
  mkdirSync('.bench', { recursive: true });
  writeFileSync('.bench/templates.json', JSON.stringify({ at: new Date().toISOString(), machine, targets: { checkMs: CHECK_TARGET_MS, designerInteractiveMs: DESIGNER_TARGET_MS, entryInteractiveMs: FORM_OPEN_TARGET_MS }, check, save, designer, entry }, null, 2) + '\n');
  console.log('\nWritten to .bench/templates.json');
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
