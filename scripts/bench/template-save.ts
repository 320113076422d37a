// The large template saved through the protocol, as the designer's Save sends it: Record.update
// of FormTemplate with the stored (normalised) properties as JSON text, on each database. Every
// save changes the title, so each publishes a new version (properties and extract definition
// written twice: the template row and its version row). The floor, in the same process and run:
// checkTemplate of the same properties alone, so save/floor is what the protocol, the JSON of
// the call and the writes add to the check.
// Run alone: npx tsx scripts/bench/template-save.ts
import { performance } from 'node:perf_hooks';
import type { Dialect } from '../../engine/db/connect.js';
import { checkTemplate } from '../../portal/filing/template-check.js';
import type { FormProperties } from '../../portal/filing/template-schema.js';
import { decodeXml } from '../../engine/protocol/envelope.js';
import { LARGE, largeTemplate } from '../../portal/testing/large-template.js';
import { mariadbReachable } from '../../engine/testing/test-database.js';
import { startTestEngine } from '../../engine/testing/test-engine.js';
import { isScript } from '../is-script.js';

const RUNS = Number(process.env.BENCH_SAVE_RUNS ?? 5);

export interface TemplateSaveResult {
  dialect: Dialect;
  callBytes: number;
  medianMs: number;
  maxMs: number;
  checkMedianMs: number;
  ratio: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function benchDialect(dialect: Dialect): Promise<TemplateSaveResult> {
  const t = await startTestEngine(dialect);
  try {
    const iru = await t.sessionFor('iru');
    const post = async (body: unknown) => {
      const res = await t.engine.app.inject({ method: 'POST', url: '/process', headers: { 'content-type': 'application/json', cookie: iru }, payload: JSON.stringify(body) });
      const [rs] = decodeXml(res.body);
      if (rs?.type !== 'recordset') throw new Error(`The save failed: ${res.body.slice(0, 300)}`);
      return rs.rows[0];
    };
    const [id, ctr, stored] = await post({ action: 'Record.create', args: [{ module: 'FormTemplate', fields: ['code', 'name', 'itemcode', 'properties'], values: ['BIG-01', 'Large template', LARGE.item, JSON.stringify(largeTemplate())], read: ['id', 'updatectr', 'properties'] }] });
    const props = JSON.parse(String(stored)) as FormProperties;
    let updatectr = Number(ctr);
    let callBytes = 0;
    const saves: number[] = [];
    const checks: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      props.title = `Large template ${i}`;
      const body = { action: 'Record.update', args: [{ module: 'FormTemplate', fields: ['id', 'properties', 'updatectr'], values: [id, JSON.stringify(props), updatectr] }] };
      callBytes = JSON.stringify(body).length;
      let start = performance.now();
      updatectr = Number((await post(body))[1]);
      const save = performance.now() - start;
      start = performance.now();
      checkTemplate(structuredClone(props), { itemcode: LARGE.item });
      const check = performance.now() - start;
      // The first of each is a warm-up.
      if (i > 0) {
        saves.push(save);
        checks.push(check);
      }
    }
    const medianMs = median(saves);
    const checkMedianMs = median(checks);
    return { dialect, callBytes, medianMs: Math.round(medianMs), maxMs: Math.round(Math.max(...saves)), checkMedianMs: Math.round(checkMedianMs), ratio: Number((medianMs / checkMedianMs).toFixed(2)) };
  } finally {
    await t.close();
  }
}

export async function benchTemplateSave(dialects: Dialect[] = ['sqlite', 'mysql']): Promise<TemplateSaveResult[]> {
  const results: TemplateSaveResult[] = [];
  for (const d of dialects) {
    if (d === 'mysql' && !(await mariadbReachable())) {
      console.log('[mysql] MariaDB is not reachable (TEST_MARIADB_URL): template save skipped');
      continue;
    }
    results.push(await benchDialect(d));
  }
  return results;
}

export function printTemplateSave(results: TemplateSaveResult[]): void {
  if (!results.length) return;
  console.log(`\nTemplate saved through the protocol (Record.update as the designer sends it, ${(results[0].callBytes / 1024 / 1024).toFixed(1)} MB call; median of ${RUNS})`);
  for (const r of results) console.log(`  ${r.dialect.padEnd(7)} save ${r.medianMs} ms (max ${r.maxMs}); floor checkTemplate alone ${r.checkMedianMs} ms; save/floor ${r.ratio}`);
}

if (isScript('template-save.ts')) {
  benchTemplateSave().then(
    (r) => {
      printTemplateSave(r);
      process.exit(0);
    },
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
