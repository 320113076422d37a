// Filing a large form through the protocol (a benchmark case): a form on the large
// template of portal/testing/large-template.ts (10 tabs × 2,000 cells, 500 formulas), every
// input cell filled. Times, in the server (Fastify inject, no network): Form.getData, Form.saveData
// of 100 changed cells and of the whole form, and Form.submit with all its rules; beside a floor
// measured in the same run: the same database work done bare with knex (read the form's cells;
// rewrite 100 of them and the counter in a transaction) plus HyperFormula evaluating the same
// 500 formulas over the same values, which any answer that computes the formulas must do.
// Run alone: npx tsx scripts/bench/form-data.ts (npm run bench runs it with the others).
import { performance } from 'node:perf_hooks';
import { HyperFormula, type RawCellContent } from 'hyperformula';
import { pino } from 'pino';
import type { Knex } from 'knex';
import type { Dialect } from '../../engine/db/connect.js';
import { createTestDatabase } from '../../engine/testing/test-database.js';
import { runSeeds } from '../../portal/seeds/index.js';
import { loadConfig } from '../../fastify.config.js';
import { buildEngine, type Engine } from '../../engine/server/app.js';
import { createSession, SESSION_COOKIE } from '../../engine/identity/session-store.js';
import { decodeXml, recordsetObjects, type RecordsetValue } from '../../engine/protocol/envelope.js';
import { checkTemplate } from '../../portal/filing/template-check.js';
import { formulaConfig } from '../../portal/filing/formula-engine.js';
import { columnLetter } from '../../portal/filing/template-grid.js';
import { sqlDateTime } from '../../engine/db/clock.js';
import { LARGE, largeTemplate } from '../../portal/testing/large-template.js';
import { runLoad, type LoadResult } from './load.js';
import { isScript } from '../is-script.js';
import { portal } from '../../portal/app.js';

export const FORM_TARGET = { saveMs: 150, submitMs: 300 } as const;
const RUNS = Number(process.env.BENCH_FORM_RUNS ?? 9);
/** Form.getData under load: seconds and connections (BENCH_FORM_SECONDS=0 skips it). */
const LOAD_SECONDS = Number(process.env.BENCH_FORM_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

export interface Timing {
  medianMs: number;
  maxMs: number;
}

export interface FormDataResult {
  dialect: Dialect;
  cells: number;
  formulas: number;
  saveAllMs: number;
  getData: Timing;
  save100: Timing;
  submit: Timing;
  floorRead: Timing;
  floorSave100: Timing;
  ratios: { getData: number; save100: number; submit: number };
  /** Form.getData from many connections at once, over a real socket. */
  getDataLoad?: LoadResult;
  pass: boolean;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const timing = (xs: number[]): Timing => ({ medianMs: Math.round(median(xs)), maxMs: Math.round(Math.max(...xs)) });

async function timed<T>(f: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const out = await f();
  return [performance.now() - start, out];
}

/** The large template's values and formulas as plain HyperFormula sheets (A1 notation). */
function floorSheets(value: (tab: number, row: number, col: number) => number): Record<string, RawCellContent[][]> {
  const { tabs, rows, cols, formulasPerTab } = LARGE;
  const sheets: Record<string, RawCellContent[][]> = {};
  for (let t = 0; t < tabs; t++) {
    const previous = String(t).padStart(2, '0');
    const sheet: RawCellContent[][] = [Array.from({ length: cols }, (_, c) => (c === 0 ? "'Item" : `'Column ${c}`))];
    for (let r = 0; r < rows; r++) {
      const row: RawCellContent[] = [`'Line ${r + 1}`];
      for (let c = 1; c < cols; c++) row.push(value(t, r, c));
      const y = r + 2;
      if (r < formulasPerTab) row[cols - 1] = `=SUM(B${y}:${columnLetter(cols - 2)}${y})${t > 0 ? `+'${previous}'!${columnLetter(cols - 1)}${y}` : ''}`;
      sheet.push(row);
    }
    sheets[String(t + 1).padStart(2, '0')] = sheet;
  }
  return sheets;
}

/** Inserts the large template (checked, version 1) and an Open form of entity 1 on it. */
export async function setUp(db: Knex): Promise<{ form: number; formulas: number }> {
  const checked = checkTemplate(largeTemplate(), { itemcode: LARGE.item });
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems.slice(0, 3)));
  const createon = sqlDateTime();
  const properties = JSON.stringify(checked.template);
  await db('formtemplate').insert({ code: 'BIG-01', name: 'Large template', itemcode: LARGE.item, properties, etlproperties: JSON.stringify(checked.extracts), version: 1, state: 33, createon });
  const template = Number((await db('formtemplate').where({ code: 'BIG-01' }).first('id')).id);
  await db('formtemplate_version').insert({ template, version: 1, properties, etlproperties: JSON.stringify(checked.extracts), createon });
  await db('formbatch').insert({ re: 1, name: 'Bench', endon: '2026-01-31', duedate: '2026-02-15', state: 13, frozen_ind: false, createon });
  const batch = Number((await db('formbatch').max({ id: 'id' }))[0].id);
  await db('form').insert({ code: 'BIG-01', name: 'Large template', re: 1, formbatch: batch, state: 13, formtemplate: template, templateversion: 1, createon });
  return { form: Number((await db('form').max({ id: 'id' }))[0].id), formulas: LARGE.tabs * LARGE.formulasPerTab };
}

export async function benchFormData(dialect: Dialect = 'sqlite'): Promise<FormDataResult> {
  const database = await createTestDatabase(dialect);
  let engine: Engine | null = null;
  try {
    const { db } = database;
    await runSeeds(db, { demo: true });
    const config = loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '', LOG_LEVEL: 'silent' });
    engine = await buildEngine({ app: portal, config, db, logger: pino({ level: 'silent' }) });
    const app = engine.app;
    const { form, formulas } = await setUp(db);
    const cookie = async (userid: string) => `${SESSION_COOKIE}=${await createSession(db, Number((await db('user').where({ userid }).first('id')).id), 1, config)}`;
    const [preparer, approver] = [await cookie('preparer'), await cookie('approver')];
    // Only the server's part is timed: the answer is decoded after the clock stops.
    const call = async (action: string, args: unknown, who: string) => {
      const res = await app.inject({ method: 'POST', url: '/process', headers: { 'content-type': 'application/json', cookie: who }, payload: JSON.stringify({ action, args: [args] }) });
      return res.body;
    };
    const decoded = (body: string, action: string) => {
      const values = decodeXml(body);
      if (values[0]?.type === 'exception') throw new Error(`${action}: ${JSON.stringify(values).slice(0, 400)}`);
      return values;
    };

    const cells = recordsetObjects(decoded(await call('Form.getData', { form }, preparer), 'Form.getData')[0] as RecordsetValue).filter((c) => c.type !== 'formula');
    const value = (i: number, round: number) => String(((i * 7 + round) % 1000) + 0.25);
    let ctr = 1;
    const [saveAllMs, saved] = await timed(() => call('Form.saveData', { form, updatectr: ctr, cells: cells.map((c, i) => ({ tab: c.tab, address: c.address, value: value(i, 0) })) }, preparer));
    ctr = Number((decoded(saved, 'Form.saveData')[0] as RecordsetValue).rows[0][1]);

    const getTimes: number[] = [];
    const saveTimes: number[] = [];
    const submitTimes: number[] = [];
    const floorRead: number[] = [];
    const floorSave: number[] = [];
    const hfFloor = (round: number) => HyperFormula.buildFromSheets(floorSheets((t, r, c) => ((t * 2000 + r * 20 + c) * 7 + round) % 1000), formulaConfig()).destroy();
    for (let run = 1; run <= RUNS + 2; run++) {
      const [g, got] = await timed(() => call('Form.getData', { form }, preparer));
      decoded(got, 'Form.getData');
      const some = cells.slice(run * 100, run * 100 + 100).map((c, i) => ({ tab: String(c.tab), address: String(c.address), value: value(i, run) }));
      const [s, out] = await timed(() => call('Form.saveData', { form, updatectr: ctr, cells: some }, preparer));
      ctr = Number((decoded(out, 'Form.saveData')[0] as RecordsetValue).rows[0][1]);
      // Submission from Ready, prepared by someone else; put back afterwards for the next run.
      await db('form').where({ id: form }).update({ state: 55, preparedby: 6 });
      const [u, sub] = await timed(() => call('Form.submit', { form, updatectr: ctr }, approver));
      ctr = Number((decoded(sub, 'Form.submit')[0] as RecordsetValue).rows[0][1]);
      await db('form').where({ id: form }).update({ state: 13 });
      const [fr] = await timed(async () => {
        await db('formcell').where({ form }).select('tab', 'address', 'code', 'value');
        hfFloor(run);
      });
      const [fs] = await timed(async () => {
        await db.transaction(async (trx) => {
          await trx('form').where({ id: form }).first('updatectr').forUpdate();
          const addresses = some.map((c) => c.address);
          const rows = await trx('formcell').where({ form }).whereIn('tab', [...new Set(some.map((c) => c.tab))]).whereIn('address', addresses).select('tab', 'address', 'code');
          await trx('formcell').where({ form }).whereIn('address', addresses).whereIn('tab', [...new Set(some.map((c) => c.tab))]).delete();
          await trx('formcell').insert(rows.map((r: Record<string, unknown>, i: number) => ({ form, tab: r.tab, address: r.address, code: r.code, value: value(i, run + 50) })));
          await trx('form').where({ id: form }).increment('updatectr', 0);
        });
        hfFloor(run);
      });
      if (run <= 2) continue; // warm-up
      getTimes.push(g);
      saveTimes.push(s);
      submitTimes.push(u);
      floorRead.push(fr);
      floorSave.push(fs);
    }
    let getDataLoad: LoadResult | undefined;
    if (LOAD_SECONDS > 0) {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      getDataLoad = await runLoad({ url, path: '/process', headers: { 'content-type': 'application/json', cookie: preparer }, bodies: [JSON.stringify({ action: 'Form.getData', args: [{ form }] })], seconds: LOAD_SECONDS, connections: CONNECTIONS, workers: 1 });
    }
    const getData = timing(getTimes);
    const save100 = timing(saveTimes);
    const submit = timing(submitTimes);
    const read = timing(floorRead);
    const write = timing(floorSave);
    const ratio = (a: Timing, b: Timing) => Number((a.medianMs / Math.max(1, b.medianMs)).toFixed(2));
    return {
      dialect, cells: cells.length, formulas, saveAllMs: Math.round(saveAllMs), getData, save100, submit, floorRead: read, floorSave100: write,
      ratios: { getData: ratio(getData, read), save100: ratio(save100, write), submit: ratio(submit, read) },
      getDataLoad,
      pass: save100.medianMs <= FORM_TARGET.saveMs && submit.medianMs <= FORM_TARGET.submitMs,
    };
  } finally {
    await engine?.close();
    await database.destroy();
  }
}

export function printFormData(results: FormDataResult[]): void {
  for (const r of results) {
    console.log(`\nForm data (server, ${r.dialect}): ${r.cells} input cells, ${r.formulas} formulas; targets save ${FORM_TARGET.saveMs} ms, submit ${FORM_TARGET.submitMs} ms; median of ${RUNS}`);
    console.log(`  Form.saveData, whole form filled at once: ${r.saveAllMs} ms`);
    console.log(`  Form.getData: ${r.getData.medianMs} ms (max ${r.getData.maxMs}); floor read + formulas ${r.floorRead.medianMs} ms; ratio ${r.ratios.getData}`);
    console.log(`  Form.saveData, 100 cells: ${r.save100.medianMs} ms (max ${r.save100.maxMs}); floor write + formulas ${r.floorSave100.medianMs} ms; ratio ${r.ratios.save100}`);
    if (r.getDataLoad) console.log(`  Form.getData at ${CONNECTIONS} connections: ${r.getDataLoad.rps.toFixed(1)} req/s, p50 ${r.getDataLoad.p50} ms, p99 ${r.getDataLoad.p99} ms`);
    console.log(`  Form.submit, every rule: ${r.submit.medianMs} ms (max ${r.submit.maxMs}); ratio to the read floor ${r.ratios.submit}  ${r.pass ? 'PASS' : 'FAIL'}`);
  }
}

if (isScript('form-data.ts')) {
  const dialects = (process.env.BENCH_DIALECTS ?? 'sqlite').split(',').map((s) => s.trim()) as Dialect[];
  const results: FormDataResult[] = [];
  for (const d of dialects) results.push(await benchFormData(d));
  printFormData(results);
  process.exit(0);
}
