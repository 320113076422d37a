// Validating a large form whose rules read other forms (a benchmark): a form on the large template
// (portal/testing/large-template.ts: 10 tabs × 2,000 cells, 500 formulas) given 200 form checks
// that cite other forms: 100 read prev(CODE) from the same entity's previous accepted form of the
// template, 100 read extform(CODE) from a second large form of the batch (a fifth of each on
// formula cells, so both sources' formulas are computed too). Every input cell of the three forms
// is filled. Times Form.validate in the server (Fastify inject, no network) after two warm-ups,
// median of nine, beside the part spent reading the other forms (externalValues alone). Aim:
// under 300 ms. SQLite and, when reachable, MariaDB; results in .bench/form-validate.json.
// Run alone: npx tsx scripts/bench/form-validate.ts (npm run bench runs it with the others).
import { mkdir, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { pino } from 'pino';
import type { Knex } from 'knex';
import type { Dialect } from '../../engine/db/connect.js';
import { createTestDatabase, mariadbReachable } from '../../engine/testing/test-database.js';
import { runSeeds } from '../../portal/seeds/index.js';
import { loadConfig } from '../../fastify.config.js';
import { buildEngine, type Engine } from '../../engine/server/app.js';
import { createSession, SESSION_COOKIE } from '../../engine/identity/session-store.js';
import { decodeXml, recordsetObjects, type RecordsetValue } from '../../engine/protocol/envelope.js';
import { checkTemplate } from '../../portal/filing/template-check.js';
import { cellCode } from '../../portal/filing/cell-codes.js';
import { filedTemplate, readFormRow } from '../../portal/filing/form-data.js';
import { externalValues } from '../../portal/filing/external-values.js';
import { sqlDateTime } from '../../engine/db/clock.js';
import { LARGE, largeTemplate } from '../../portal/testing/large-template.js';
import type { FormProperties } from '../../portal/filing/template-schema.js';
import { isScript } from '../is-script.js';
import { portal } from '../../portal/app.js';

export const VALIDATE_AIM_MS = 300;
const RUNS = Number(process.env.BENCH_FORM_RUNS ?? 9);
const REFERENCES = 200;
const OUT = '.bench/form-validate.json';

export interface FormValidateResult {
  dialect: Dialect;
  cells: number;
  formulas: number;
  references: number;
  validate: { medianMs: number; maxMs: number };
  externals: { medianMs: number; maxMs: number };
  breaches: number;
  /** The machine's one-minute load average when the runs ended (figures grow with it). */
  load: number;
  pass: boolean;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const timing = (xs: number[]) => ({ medianMs: Math.round(median(xs)), maxMs: Math.round(Math.max(...xs)) });

/**
 * The large template with 200 checks across forms: on tab t (of 10), row r of the first 20 rows,
 * a prev() check and an extform() check on the row's first input (rows 0–15) or its total (16–19).
 */
function templateWithReferences(): FormProperties {
  const t = largeTemplate();
  const { tabs, cols } = LARGE;
  const perTab = REFERENCES / 2 / tabs;
  const tabvalidation: NonNullable<FormProperties['tabvalidation']> = [];
  const tier2: NonNullable<FormProperties['tier2']> = [];
  for (let tab = 0; tab < tabs; tab++) {
    const id = String(tab + 1).padStart(2, '0');
    for (let r = 0; r < perTab; r++) {
      const total = r >= perTab - perTab / 5;
      const own = cellCode(LARGE.item, id, r * (cols - 1) + (total ? cols - 1 : 1));
      const other = cellCode('BIG02', id, r * (cols - 1) + (total ? cols - 1 : 1));
      tier2.push({ formula: `=ABS(cell(${own})-prev(${own}))<=100000`, message: `Line ${r + 1} of tab ${id} moved by more than 100,000 since last period.` });
      tabvalidation.push({ formula: `=cell(${own})=extform(${other})`, message: `Line ${r + 1} of tab ${id} must agree with the second return.`, tolerance: { absolute: 100000 } });
    }
  }
  return { ...t, tabvalidation, tier2 };
}

async function insertTemplate(db: Knex, properties: FormProperties, itemcode: string): Promise<number> {
  const checked = checkTemplate(properties, { itemcode });
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems.slice(0, 3)));
  const createon = sqlDateTime();
  const text = JSON.stringify(checked.template);
  const etl = JSON.stringify(checked.extracts);
  await db('formtemplate').insert({ code: properties.id, name: properties.title, itemcode, properties: text, etlproperties: etl, version: 1, state: 33, createon });
  const id = Number((await db('formtemplate').where({ code: properties.id }).first('id')).id);
  await db('formtemplate_version').insert({ template: id, version: 1, properties: text, etlproperties: etl, createon });
  return id;
}

async function insertForm(db: Knex, template: number, code: string, batch: number, endon: string): Promise<number> {
  await db('form').insert({ code, name: code, re: 1, formbatch: batch, state: 13, formtemplate: template, templateversion: 1, endon, createon: sqlDateTime() });
  return Number((await db('form').max({ id: 'id' }))[0].id);
}

async function insertBatch(db: Knex, endon: string): Promise<number> {
  await db('formbatch').insert({ re: 1, name: `Bench ${endon}`, endon, duedate: endon, state: 13, frozen_ind: false, createon: sqlDateTime() });
  return Number((await db('formbatch').max({ id: 'id' }))[0].id);
}

export async function benchFormValidate(dialect: Dialect): Promise<FormValidateResult> {
  const database = await createTestDatabase(dialect);
  let engine: Engine | null = null;
  try {
    const { db } = database;
    await runSeeds(db, { demo: true });
    const config = loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '', LOG_LEVEL: 'silent' });
    engine = await buildEngine({ app: portal, config, db, logger: pino({ level: 'silent' }) });
    const app = engine.app;
    const main = await insertTemplate(db, templateWithReferences(), LARGE.item);
    const second = await insertTemplate(db, { ...largeTemplate({ item: 'BIG02' }), id: 'BIG-02', title: 'Second large template' }, 'BIG02');
    const october = await insertBatch(db, '2026-10-31');
    const november = await insertBatch(db, '2026-11-30');
    const previous = await insertForm(db, main, 'BIG-01', october, '2026-10-31');
    const form = await insertForm(db, main, 'BIG-01', november, '2026-11-30');
    const other = await insertForm(db, second, 'BIG-02', november, '2026-11-30');
    const preparer = `${SESSION_COOKIE}=${await createSession(db, Number((await db('user').where({ userid: 'preparer' }).first('id')).id), 1, config)}`;
    const call = async (action: string, args: unknown) => {
      const res = await app.inject({ method: 'POST', url: '/process', headers: { 'content-type': 'application/json', cookie: preparer }, payload: JSON.stringify({ action, args: [args] }) });
      const values = decodeXml(res.body);
      if (values[0]?.type === 'exception') throw new Error(`${action}: ${JSON.stringify(values).slice(0, 400)}`);
      return values;
    };
    // Every input cell of the three forms, through Form.saveData (the previous one then accepted).
    let cells = 0;
    for (const [id, shift] of [[previous, 3], [form, 0], [other, 1]] as const) {
      const inputs = recordsetObjects((await call('Form.getData', { form: id }))[0] as RecordsetValue).filter((c) => c.type !== 'formula');
      cells = inputs.length;
      await call('Form.saveData', { form: id, updatectr: 1, cells: inputs.map((c, i) => ({ tab: c.tab, address: c.address, value: String(((i * 7 + shift) % 1000) + 0.25) })) });
    }
    await db('form').where({ id: previous }).update({ state: 45 });

    const validateTimes: number[] = [];
    const externalTimes: number[] = [];
    let breaches = 0;
    const row = await readFormRow(db, form);
    const filed = await filedTemplate(db, row);
    for (let run = 1; run <= RUNS + 2; run++) {
      const start = performance.now();
      const answer = await app.inject({ method: 'POST', url: '/process', headers: { 'content-type': 'application/json', cookie: preparer }, payload: JSON.stringify({ action: 'Form.validate', args: [{ form }] }) });
      const ms = performance.now() - start;
      const values = decodeXml(answer.body);
      if (values[0]?.type === 'exception') throw new Error(`Form.validate: ${JSON.stringify(values).slice(0, 400)}`);
      breaches = (values[0] as RecordsetValue).rows.length;
      const e0 = performance.now();
      await externalValues(db, row, filed, { root: db });
      const ems = performance.now() - e0;
      if (run <= 2) continue; // warm-up
      validateTimes.push(ms);
      externalTimes.push(ems);
    }
    const validate = timing(validateTimes);
    return {
      dialect, cells, formulas: LARGE.tabs * LARGE.formulasPerTab, references: REFERENCES, validate, externals: timing(externalTimes), breaches, load: Number(loadavg()[0].toFixed(1)),
      pass: validate.medianMs <= VALIDATE_AIM_MS,
    };
  } finally {
    await engine?.close();
    await database.destroy();
  }
}

export function printFormValidate(results: FormValidateResult[]): void {
  for (const r of results) {
    console.log(`\nForm.validate (server, ${r.dialect}): ${r.cells} input cells, ${r.formulas} formulas, ${r.references} checks reading other forms (prev, extform); aim ${VALIDATE_AIM_MS} ms; median of ${RUNS}`);
    console.log(`  Form.validate: ${r.validate.medianMs} ms (max ${r.validate.maxMs}), ${r.breaches} breaches; of which reading the other forms: ${r.externals.medianMs} ms (max ${r.externals.maxMs}); load average ${r.load}  ${r.pass ? 'PASS' : 'MISSES the aim'}`);
  }
}

if (isScript('form-validate.ts')) {
  const dialects: Dialect[] = (process.env.BENCH_DIALECTS?.split(',').map((s) => s.trim()) as Dialect[] | undefined) ?? ((await mariadbReachable()) ? ['sqlite', 'mysql'] : ['sqlite']);
  const results: FormValidateResult[] = [];
  for (const d of dialects) results.push(await benchFormValidate(d));
  printFormValidate(results);
  await mkdir('.bench', { recursive: true });
  await writeFile(OUT, `${JSON.stringify({ when: new Date().toISOString(), results }, null, 2)}\n`);
  console.log(`\nWritten to ${OUT}`);
  process.exit(0);
}
