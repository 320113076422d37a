// The scale benchmark (`npm run bench:scale`, docs/benchmarks.md "Ten years of history"): how the
// cost of the daily screens grows with the years of history. One run generates two histories of
// the same entities (generate.ts) — one year (small) and ten years (large) by default — opens the
// next month through FormBatch.openPeriod, and times each case through the engine's own action
// handlers (Fastify inject, no network), median of RUNS after two warm-ups. Prints per case small,
// large and large/small (aim ≤ 1.5: a screen of today should not cost more because of the years
// behind it); for a case above the aim, the statement that grew most, with its plan.
//
// Knobs: --scale=E (entities, default 7: the large history holds ~0.93 million cells), --years=Y
// (large, default 10), --small-years=Y (default 1), --seed=S, BENCH_DIALECTS=sqlite,mysql,
// BENCH_SCALE_RUNS (default 7), BENCH_SCALE_STATEMENTS=<part of a case's name> (prints that case's
// statements at both sizes). Results in .bench/scale.json.
//
// Left to add (continue here): ST_ extract tables, a return's mail and query messages in the
// generator.
import { mkdir, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import type { Knex } from 'knex';
import type { Dialect } from '../../../engine/db/connect.js';
import { mariadbReachable } from '../../../engine/testing/test-database.js';
import { recordsetObjects, type EnvelopeValue, type RecordsetValue } from '../../../engine/protocol/envelope.js';
import { FORM_STATE } from '../../../portal/filing/form-states.js';
import { isScript } from '../../is-script.js';
import { callerAs, cellsOf, databaseBytes, generateScale, scaleDatabase, scaleEngine, scaleFromArgs, SCALE_TEMPLATES, type ScaleOptions } from './generate.js';

const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 7);
export const SCALE_AIM = 1.5;
const OUT = '.bench/scale.json';

interface Statement {
  sql: string;
  bindings: readonly unknown[];
  ms: number;
  /** The database's plan of it, read on the same history (the slowest few of a case only). */
  plan?: string;
}

interface CaseTiming {
  medianMs: number;
  maxMs: number;
  /** The statements of one extra run, slowest first. */
  statements: Statement[];
}

export interface SizeResult {
  opts: ScaleOptions;
  forms: number;
  cells: number;
  bytes: number;
  generateSeconds: number;
  cases: Record<string, CaseTiming>;
}

/** A timed call; `before`, untimed, brings the data to where each run starts (a form to Ready, say). */
type Case = { name: string; run: () => Promise<unknown>; before?: () => Promise<unknown> };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The statements a call runs, timed by knex's query and query-response events. */
async function statementsOf(db: Knex, run: () => Promise<unknown>): Promise<Statement[]> {
  const started = new Map<string, { sql: string; bindings: readonly unknown[]; at: number }>();
  const out: Statement[] = [];
  const onQuery = (q: { __knexQueryUid: string; sql: string; bindings?: readonly unknown[] }) => started.set(q.__knexQueryUid, { sql: q.sql, bindings: q.bindings ?? [], at: performance.now() });
  const onDone = (_r: unknown, q: { __knexQueryUid: string }) => {
    const s = started.get(q.__knexQueryUid);
    if (s) out.push({ sql: s.sql, bindings: s.bindings, ms: performance.now() - s.at });
  };
  db.on('query', onQuery);
  db.on('query-response', onDone);
  try {
    await run();
  } finally {
    db.removeListener('query', onQuery);
    db.removeListener('query-response', onDone);
  }
  return out.sort((a, b) => b.ms - a.ms);
}

async function timeCase(db: Knex, dialect: Dialect, c: Case): Promise<CaseTiming> {
  const times: number[] = [];
  // A case of a few milliseconds is run until it has taken a quarter of a second (at most 100
  // runs): seven runs of 2 ms gave medians that moved by 2× between two runs of the same history.
  let spent = 0;
  for (let i = 0; i < RUNS + 2 || (spent < 250 && i < 102); i++) {
    await c.before?.();
    const start = performance.now();
    await c.run();
    const ms = performance.now() - start;
    if (i >= 2) {
      times.push(ms);
      spent += ms;
    }
  }
  await c.before?.();
  const statements = await statementsOf(db, c.run);
  for (const st of statements.filter((x) => /^\s*select/i.test(x.sql)).slice(0, 3)) st.plan = await explain(db, dialect, st);
  return { medianMs: median(times), maxMs: Math.max(...times), statements };
}

/** One history: generated, the next month opened, every case timed. */
export async function measureSize(dialect: Dialect, opts: ScaleOptions): Promise<SizeResult> {
  const database = await scaleDatabase(dialect);
  const { engine, config } = await scaleEngine(database);
  const { db } = database;
  try {
    const start = performance.now();
    const gen = await generateScale(db, dialect, engine.services.modules, opts);
    const generateSeconds = (performance.now() - start) / 1000;
    const bytes = await databaseBytes(db, dialect);
    const iru = await callerAs(engine, config, db, gen.users.iru);
    const preparer = await callerAs(engine, config, db, gen.users.preparer);
    const approver = await callerAs(engine, config, db, gen.users.approver);
    const lastYear = 2025;
    const nextMonth = `${lastYear + 1}-01-31`;
    // The month after the history, opened as the regulator does: one Open form per entity.
    await iru('FormBatch.openPeriod', { calendar: 277, endon: nextMonth });
    const firstRe = Number((await db('re').min({ m: 'id' }))[0].m);
    const open = Number((await db('form').where({ re: firstRe, endon: nextMonth, code: SCALE_TEMPLATES[0].code }).first('id')).id);
    const lastAccepted = Number((await db('form').where({ re: firstRe, code: SCALE_TEMPLATES[1].code }).orderBy('endon', 'desc').first('id')).id);
    const returned = await db('form').where({ re: firstRe, updatectr: 12 }).orderBy('endon', 'desc').first('id');
    const historyForm = returned ? Number(returned.id) : lastAccepted;
    // The open form filled once (not timed): later saves change 100 of its cells.
    const inputs = recordsetObjects((await preparer('Form.getData', { form: open }))[0] as RecordsetValue).filter((c) => c.type !== 'formula');
    let ctr = Number((await db('form').where({ id: open }).first('updatectr')).updatectr);
    const saveAll = await preparer('Form.saveData', { form: open, updatectr: ctr, cells: inputs.map((c, i) => ({ tab: c.tab, address: c.address, value: String((i * 7) % 1000) })) });
    ctr = Number((saveAll[0] as RecordsetValue).rows[0][1]);
    let round = 0;
    const lastPeriod = `${lastYear}-12-31`;
    const lastQuarterBatch = Number((await db('formbatch').where({ re: firstRe, calendar: SCALE_TEMPLATES[1].calendar }).orderBy('endon', 'desc').first('id')).id);
    // The sign-off cases take the open form round again and again: each run's untimed `before`
    // brings it to the state its timed step starts from (Ready for Submit, Submitted for Accept).
    const updatectrOf = (out: EnvelopeValue[]) => Number(recordsetObjects(out[0] as RecordsetValue)[0].updatectr);
    const move = async (who: typeof iru, module: string, to: number, reason?: string) => {
      ctr = updatectrOf(await who('Record.update', { module, fields: ['id', 'updatectr', 'state'], values: [open, ctr, to], read: ['id', 'updatectr', 'state'], ...(reason ? { reason } : {}) }));
    };
    const bringTo = async (target: number) => {
      for (;;) {
        const state = Number((await db('form').where({ id: open }).first('state')).state);
        if (state === target) return;
        if (state === FORM_STATE.accepted || state === FORM_STATE.submitted) await move(iru, 'Form', FORM_STATE.amendment, 'Returned to time the sign-off again.');
        else if (state === FORM_STATE.amendment) ctr = Number(((await preparer('Form.saveData', { form: open, updatectr: ctr, cells: [{ tab: inputs[0].tab, address: inputs[0].address, value: String(ctr % 1000) }] }))[0] as RecordsetValue).rows[0][1]);
        else if (state === FORM_STATE.open) await move(preparer, 'REForm', FORM_STATE.pendingVerification);
        else if (state === FORM_STATE.pendingVerification) await move(approver, 'REForm', FORM_STATE.ready);
        else if (state === FORM_STATE.ready) ctr = updatectrOf(await approver('Form.submit', { form: open, updatectr: ctr }));
        else throw new Error(`The open form is in state ${state}, which the sign-off cycle does not move`);
      }
    };
    const cases: Case[] = [
      { name: 'Form.getData (last quarterly form, 2,000 cells)', run: () => preparer('Form.getData', { form: lastAccepted }) },
      {
        name: 'Form.saveData, 100 cells of the open form',
        run: async () => {
          round++;
          const some = inputs.slice((round * 100) % 400, ((round * 100) % 400) + 100).map((c, i) => ({ tab: c.tab, address: c.address, value: String((i * 13 + round) % 1000) }));
          const out = await preparer('Form.saveData', { form: open, updatectr: ctr, cells: some });
          ctr = Number((out[0] as RecordsetValue).rows[0][1]);
        },
      },
      { name: 'Form.validate of the open form (25 prev() checks)', run: () => preparer('Form.validate', { form: open }) },
      { name: 'Forms list, state Accepted, newest first, page 1', run: () => iru('Record.select', { module: 'Form', fields: ['id', 'code', 'name', 're', 'endon', 'state'], where: [['state', '=', 45]], order: 'endon desc', max: 20, pageIndex: 1 }) },
      { name: 'Review queue: forms Open this month', run: () => iru('Record.select', { module: 'Form', fields: ['id', 'code', 'name', 're', 'endon', 'state'], where: [['state', '=', 13]], order: 'endon desc', max: 20, pageIndex: 1 }) },
      { name: "An entity's forms list (RE user), page 1", run: () => preparer('Record.select', { module: 'REForm', fields: ['id', 'code', 'name', 'endon', 'state'], order: 'endon desc', max: 20, pageIndex: 1 }) },
      { name: "Form.history of a returned form", run: () => preparer('Form.history', { form: historyForm }) },
      { name: 'Form.diff, empty form → last revision', run: () => preparer('Form.diff', { form: historyForm, from: 0, to: returned ? 12 : 6 }) },
      { name: 'Completeness of the last month', run: () => iru('FormBatch.completeness', { from: lastPeriod, to: lastPeriod, calendar: 277 }) },
      { name: 'Variance check, monthly template, last month', run: () => iru('Form.varianceCheck', { template: SCALE_TEMPLATES[0].code, endon: lastPeriod }) },
      { name: "Regulator's dashboard", run: () => iru('IRU.getDashboard', { dt: `${lastYear}-12` }) },
      { name: 'Form.diff across a return (accepted → accepted again)', run: () => preparer('Form.diff', { form: historyForm, from: 6, to: returned ? 12 : 6 }) },
      { name: "An entity's quarterly submission exported to Excel (job to file)", run: () => exportBatch(preparer, lastQuarterBatch) },
      // Last: these move the open form, which the save and validate cases above write.
      { name: 'Form.submit of the open form (Ready → Submitted)', before: () => bringTo(FORM_STATE.ready), run: async () => { ctr = updatectrOf(await approver('Form.submit', { form: open, updatectr: ctr })); } },
      { name: "The regulator's accept (Submitted → Accepted, extracts written)", before: () => bringTo(FORM_STATE.submitted), run: () => move(iru, 'Form', FORM_STATE.accepted) },
    ];
    const timings: Record<string, CaseTiming> = {};
    for (const c of cases) {
      try {
        timings[c.name] = await timeCase(db, dialect, c);
      } catch (e) {
        console.error(`  ${c.name}: ${(e as Error).message.slice(0, 300)}`);
      }
    }
    return { opts, forms: gen.forms, cells: gen.cells, bytes, generateSeconds, cases: timings };
  } finally {
    await engine.close();
    await database.destroy();
  }
}

const textOf = (v: EnvelopeValue | undefined): string => (v?.type === 'text' ? v.text : '');

/** A batch's Excel export as the entity's user waits for it: submitted, polled until its file is written. */
async function exportBatch(as: (action: string, args: unknown) => Promise<EnvelopeValue[]>, formbatch: number): Promise<void> {
  const id = Number(textOf((await as('Job.ExportToExcel.submit', { formbatch_id: formbatch }))[0]));
  for (;;) {
    const status = JSON.parse(textOf((await as('Job.ExportToExcel.status', { id }))[0])) as { state: number; result?: string };
    if (status.state === 71) return;
    if (status.state === 2) throw new Error(`The export failed: ${status.result}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Of the large run's slowest statements (those with a plan), the one that grew most against the same statement of the small run. */
function grownStatement(small: CaseTiming, large: CaseTiming): Statement | undefined {
  const bySql = new Map<string, number>();
  for (const s of small.statements) bySql.set(s.sql, Math.max(bySql.get(s.sql) ?? 0, s.ms));
  return large.statements.filter((s) => s.plan !== undefined).sort((a, b) => b.ms - (bySql.get(b.sql) ?? 0) - (a.ms - (bySql.get(a.sql) ?? 0)))[0];
}

async function explain(db: Knex, dialect: Dialect, s: Statement): Promise<string> {
  try {
    const rows = await db.raw(`${dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN'} ${s.sql}`, s.bindings as Knex.RawBinding[]);
    const list = (dialect === 'sqlite' ? rows : rows[0]) as Record<string, unknown>[];
    return list.map((r) => (dialect === 'sqlite' ? String(r.detail) : `${r.table} type=${r.type} key=${r.key} rows=${r.rows} ${r.Extra ?? ''}`)).join('\n      ');
  } catch (e) {
    return `(no plan: ${(e as Error).message.slice(0, 120)})`;
  }
}

export async function benchScale(dialect: Dialect, large: ScaleOptions, smallYears: number) {
  const small: ScaleOptions = { ...large, years: smallYears };
  const s = await measureSize(dialect, small);
  const l = await measureSize(dialect, large);
  const fmt = (n: number) => n.toLocaleString('en-US');
  console.log(`\nScale (${dialect}): ${large.entities} entities; small ${small.years} year(s) = ${fmt(s.forms)} forms, ${fmt(s.cells)} cells, ${(s.bytes / 1e6).toFixed(0)} MB (generated in ${s.generateSeconds.toFixed(0)} s); large ${large.years} years = ${fmt(l.forms)} forms, ${fmt(l.cells)} cells, ${(l.bytes / 1e6).toFixed(0)} MB (${l.generateSeconds.toFixed(0)} s); ${((l.bytes / l.cells) * 1e6 / 1e6).toFixed(0)} MB per million cells; median of ${RUNS}; load ${loadavg()[0].toFixed(1)}`);
  const rows: { name: string; small: number; large: number; ratio: number; grown?: string }[] = [];
  for (const name of Object.keys(l.cases)) {
    const a = s.cases[name];
    const b = l.cases[name];
    if (!a) continue;
    const ratio = b.medianMs / Math.max(0.1, a.medianMs);
    const row: (typeof rows)[number] = { name, small: a.medianMs, large: b.medianMs, ratio };
    console.log(`  ${name.padEnd(52)} ${a.medianMs.toFixed(1).padStart(8)} ms ${b.medianMs.toFixed(1).padStart(8)} ms  ×${ratio.toFixed(2)}${ratio > SCALE_AIM ? '  ABOVE THE AIM' : ''}`);
    // BENCH_SCALE_STATEMENTS=<part of a case's name>: every statement of that case, small and large.
    const shown = process.env.BENCH_SCALE_STATEMENTS;
    if (shown && name.toLowerCase().includes(shown.toLowerCase())) {
      for (const [size, t] of [['small', a], ['large', b]] as const) {
        console.log(`      ${size}: ${t.statements.length} statements, ${t.statements.reduce((n, x) => n + x.ms, 0).toFixed(1)} ms in the database`);
        for (const st of t.statements.slice(0, 8)) console.log(`        ${st.ms.toFixed(2).padStart(7)} ms  ${st.sql.slice(0, 220)}`);
      }
    }
    if (ratio > SCALE_AIM) {
      const grown = grownStatement(a, b);
      if (grown) {
        row.grown = grown.sql;
        console.log(`      grew most: ${grown.ms.toFixed(1)} ms: ${grown.sql.slice(0, 400)}`);
        console.log(`      plan: ${grown.plan}`);
      }
    }
    rows.push(row);
  }
  return { dialect, small: { ...s, cases: undefined }, large: { ...l, cases: undefined }, rows, load: Number(loadavg()[0].toFixed(1)) };
}

if (isScript('measure.ts')) {
  const large = scaleFromArgs();
  const smallYears = Number(process.argv.find((a) => a.startsWith('--small-years='))?.split('=')[1] ?? 1);
  if (cellsOf(large) > 1_500_000 && process.env.BENCH_SCALE_BIG !== '1') {
    console.error(`The large history would hold ${cellsOf(large).toLocaleString('en-US')} cells; set BENCH_SCALE_BIG=1 to generate more than 1.5 million (see docs/benchmarks.md for the disk it needs).`);
    process.exit(2);
  }
  const dialects = (process.env.BENCH_DIALECTS ?? ((await mariadbReachable()) ? 'sqlite,mysql' : 'sqlite')).split(',').map((s) => s.trim()) as Dialect[];
  const results = [];
  for (const d of dialects) results.push(await benchScale(d, large, smallYears));
  await mkdir('.bench', { recursive: true });
  await writeFile(OUT, `${JSON.stringify({ when: new Date().toISOString(), results }, null, 2)}\n`);
  console.log(`\nWritten to ${OUT}`);
  process.exit(0);
}
