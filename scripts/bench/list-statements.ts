// Each rows statement of one list case (list-cases.ts) timed alone, one at a time, slowest
// first, with the database's plan of the slowest: for finding which statements make a case's
// tail (its p99) rather than its mean.
//   tsx scripts/bench/list-statements.ts [sqlite|mysql] [case 0-4] [how many to show]
import { createTestDatabase } from '../../engine/testing/test-database.js';
import { portal } from '../../portal/app.js';
import { compileReads, listCases } from './list-cases.js';
import { listTrafficRows, seededEngine } from './seeded-engine.js';

const dialect = (process.argv[2] ?? 'sqlite') as 'sqlite' | 'mysql';
const which = Number(process.argv[3] ?? 2);
const show = Number(process.argv[4] ?? 5);

const database = await createTestDatabase(dialect, { app: portal });
try {
  const { db } = database;
  const { engine } = await seededEngine(database);
  const values = await listTrafficRows(db, engine);
  const admin = await db('user').where({ userid: 'admin' }).first('id');
  const kase = listCases(values)[which];
  const statements = (await compileReads(db, engine, Number(admin.id), kase.bodies)).filter((s) => s !== null);
  const unique = [...new Map(statements.map((s) => [`${s.sql}|${JSON.stringify(s.bindings)}`, s])).values()];
  const timed: { ms: number; sql: string; bindings: readonly unknown[] }[] = [];
  for (const s of unique) {
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      await db.raw(s.sql, s.bindings as never[]);
      runs.push(performance.now() - t);
    }
    timed.push({ ms: runs.sort((a, b) => a - b)[1], sql: s.sql, bindings: s.bindings });
  }
  timed.sort((a, b) => b.ms - a.ms);
  const all = timed.map((t) => t.ms);
  const pct = (p: number) => [...all].sort((a, b) => a - b)[Math.min(all.length - 1, Math.floor(all.length * p))].toFixed(2);
  console.log(`${kase.name} on ${dialect}: ${unique.length} distinct statements; median ${pct(0.5)} ms, p90 ${pct(0.9)}, p99 ${pct(0.99)}, max ${pct(1)}`);
  // By statement shape (the same SQL with other values): where the time goes.
  const shapes = new Map<string, number[]>();
  for (const t of timed) (shapes.get(t.sql) ?? (shapes.set(t.sql, []), shapes.get(t.sql)!)).push(t.ms);
  for (const [sql, ms] of shapes) {
    const sorted = ms.sort((a, b) => a - b);
    console.log(`  ${sorted.length} statements: median ${sorted[sorted.length >> 1].toFixed(2)} ms, max ${sorted[sorted.length - 1].toFixed(2)}  …${sql.slice(sql.indexOf(' where '), sql.indexOf(' where ') + 120)}`);
  }
  for (const t of timed.slice(0, show)) {
    console.log(`\n${t.ms.toFixed(2)} ms  ${JSON.stringify(t.bindings)}\n${t.sql}`);
    const plan = await db.raw(`${dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN'} ${t.sql}`, t.bindings as never[]);
    console.log(JSON.stringify(dialect === 'mysql' ? plan[0] : plan, null, 0));
  }
  await engine.close();
} finally {
  await database.destroy();
}
