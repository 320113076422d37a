// Each list case's statements (list-cases.ts) under the help desk row rules of the demo callers
// (the administrator with the AMLPU category closed, other regulator staff, the App I/II officer,
// a relationship manager), timed alone against the same statements without a rule: what a row
// rule costs the database, statement by statement, and the list's total count (docs/row-rules.md
// "Rules that keep their index"). 1% of the rows are in each of the AMLPU and App I/II categories.
//   tsx scripts/bench/rule-statements.ts [sqlite|mysql] [rows, default 100000]
// PLAN=1 prints each ruled case's slowest statement with the database's plan. A deep page that
// the engine reads in two statements (select-query.ts anchoredPage) is timed as both, as the engine runs them.
import type { Knex } from 'knex';
import { createTestDatabase } from '../../engine/testing/test-database.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { userCaller } from '../../engine/jobs/job-caller.js';
import { accessModule } from '../../engine/records/module-access.js';
import { engineContext } from '../../engine/runtime/engine-context.js';
import { planSelect } from '../../engine/records/select-query.js';
import { anchoredRows } from '../../engine/records/select.js';
import { compile } from '../../engine/db/compiled-statement.js';
import { listCases } from './list-cases.js';
import { seededEngine } from './seeded-engine.js';
import { prepareHelpdesk } from './list-cases.js';
import { generateReRows } from './generate-rows.js';
import { portal } from '../../portal/app.js';

const dialect = (process.argv[2] ?? 'sqlite') as 'sqlite' | 'mysql';
const rows = Number(process.argv[3] ?? 100_000);

/** Median of `n` runs of a statement (or of what `run` reads), in ms. */
async function timed(db: Knex, s: { sql: string; bindings: readonly unknown[] }, n = 5, run: () => Promise<unknown> = async () => db.raw(s.sql, s.bindings as Knex.Value[])): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await run();
    runs.push(performance.now() - t);
  }
  return runs.sort((a, b) => a - b)[n >> 1];
}

const database = await createTestDatabase(dialect, { app: portal });
try {
  const { db } = database;
  const { engine } = await seededEngine(database);
  await generateReRows(db, Math.min(rows, 100_000));
  const values = await prepareHelpdesk(db, engine, rows);
  await db('helpdesk').whereRaw('id % 100 = 7').update({ category: 1100805 });
  await db('helpdesk').whereRaw('id % 100 = 8').update({ category: 1103208 });
  if (dialect === 'mysql') await db.raw('analyze table helpdesk');
  else await db.raw('analyze');
  const cases = listCases(values).slice(0, 4);
  const id = async (userid: string) => Number((await db('user').where({ userid }).first('id')).id);
  const callers: [string, string, string][] = [
    // The first pass warms the database's cache; the second is the rule-free figure.
    ['warm-up', 'admin', '1'],
    ['no rule', 'admin', '1'],
    ['AMLPU closed (administrator)', 'admin', '0'],
    ['other IRU staff', 'iru', '1'],
    ['App I/II officer (43)', 'appofficer', '1'],
    ['relationship manager (37)', 'rm', '1'],
  ];
  /** Per case, the statements' total ms of the rule-free caller. */
  const base: number[] = [];
  for (const [label, userid, amlpu] of callers) {
    await db('parameters').where({ code: 'amlpu.visible' }).update({ value0: amlpu });
    await bumpVersions(db, ['parameters']);
    const caller = await userCaller(engine.services, await id(userid), null, 'rule-statements');
    const { module, scopeRe } = accessModule(engineContext(engine.services, db, caller, 'rule-statements'), 'Helpdesk', 'select');
    const line: string[] = [];
    for (const [c, kase] of cases.entries()) {
      // At most 50 of a case's statements, spread over it.
      const reads = kase.bodies.filter((b) => b.kind === 'read');
      const sample = reads.filter((_, i) => i % Math.ceil(reads.length / 50) === 0);
      let total = 0;
      let slowest = { ms: 0, sql: '', bindings: [] as readonly unknown[] };
      for (const b of sample) {
        if (b.kind !== 'read') continue;
        const a = b.args;
        const plan = planSelect(db, module, scopeRe, { fields: a.fields, where: a.where, order: a.order, limit: a.max, offset: (a.pageIndex - 1) * a.max });
        const anchored = plan.anchored;
        const s = compile(anchored ? anchored.anchor.build() : plan.rows());
        const ms = await timed(db, s, 5, anchored ? () => anchoredRows(db, anchored) : undefined);
        total += ms;
        if (ms > slowest.ms) slowest = { ms, sql: s.sql, bindings: s.bindings };
      }
      if (label === 'no rule') base[c] = total;
      line.push(`${kase.name}: ${(total / sample.length).toFixed(2)} ms/statement${label === 'no rule' ? '' : ` (rule-free / ruled ${(base[c] / total).toFixed(2)})`}`);
      if (process.env.PLAN === '1' && label !== 'no rule' && label !== 'warm-up') {
        const plan = await db.raw(`${dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN'} ${slowest.sql}`, slowest.bindings as Knex.Value[]);
        line.push(`  slowest ${slowest.ms.toFixed(2)} ms ${JSON.stringify(slowest.bindings)}\n  ${slowest.sql}\n  ${JSON.stringify(dialect === 'mysql' ? plan[0] : plan.map((r: { detail: string }) => r.detail))}`);
      }
    }
    // The total count of each filter of the varied pages (none, state, category, an entity, a month).
    const filters = [...new Map(cases[2].bodies.map((b) => (b.kind === 'read' ? [JSON.stringify(b.args.where), b.args.where] : ['', []]))).values()];
    for (const [f, where] of filters.entries()) {
      const count = compile(planSelect(db, module, scopeRe, { fields: ['id'], where, order: 'createon desc', limit: 20, offset: 0 }).count());
      const countMs = await timed(db, count);
      if (label === 'no rule') base[10 + f] = countMs;
      line.push(`count ${JSON.stringify(where)}: ${countMs.toFixed(2)} ms${label === 'no rule' ? '' : ` (rule-free / ruled ${(base[10 + f] / countMs).toFixed(2)})`}`);
      if (process.env.PLAN === '1' && label !== 'no rule' && label !== 'warm-up' && dialect === 'sqlite') {
        const plan = await db.raw(`EXPLAIN QUERY PLAN ${count.sql}`, count.bindings as Knex.Value[]);
        line.push(`  ${JSON.stringify(plan.map((r: { detail: string }) => r.detail))}`);
      }
    }
    if (label !== 'warm-up') console.log(`${label} on ${dialect}:\n  ${line.join('\n  ')}`);
  }
  await engine.close();
} finally {
  await database.destroy();
}
