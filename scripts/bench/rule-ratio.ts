// The list cases (list-cases.ts) with a row rule in force against the same cases without it
// (docs/row-rules.md "Rules that keep their index"; docs/benchmarks.md "Row rules"): the
// administrator's help desk list, once under the AMLPU rule (`amlpu.visible` 0: `category is
// null or category not in (1100805)`) and once without it (`amlpu.visible` 1), each side through
// the engine (Record.select, its count included) and through its bare rows statement, in
// alternating rounds; 1% of the rows are in the AMLPU category, so the rule hides rows.
// BENCH_RULE=0 skips it; BENCH_RULE_CASES=0,2 measures only those cases.
import type { Knex } from 'knex';
import type { Engine } from '../../engine/server/app.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { userCaller } from '../../engine/jobs/job-caller.js';
import { accessModule } from '../../engine/records/module-access.js';
import { engineContext } from '../../engine/runtime/engine-context.js';
import { decodeXml } from '../../engine/protocol/envelope.js';
import { compileReads, engineBody, listCases, measured, medianRound, type ListFloor } from './list-cases.js';
import { runLoad } from './load.js';

/** The AMLPU help desk category (portal/seeds/demo-row-rule-users.ts). */
const AMLPU = 1100805;

export interface RuleRatioResult {
  name: string;
  /** req/s of the engine with the rule over without it, each side's median round. */
  engine: { ruled: number; free: number; ratio: number; p99Ruled: number; p99Free: number };
  /** The same for the bare rows statements (the list cases' floor). */
  statement: { ruled: number; free: number; ratio: number };
}

async function setRule(db: Knex, on: boolean): Promise<void> {
  await db('parameters').where({ code: 'amlpu.visible' }).update({ value0: on ? '0' : '1' });
  await bumpVersions(db, ['parameters']);
}

export async function benchRuleRatio(o: { floor: ListFloor; db: Knex; engine: Engine; url: string; cookie: string; adminId: number; values: { state: number; category: number; re: number }; seconds: number; rounds: number; warmup: number; connections: number; workers: number; log: (s: string) => void }): Promise<RuleRatioResult[]> {
  // Every hundredth row in the AMLPU category: the rule then hides rows, as it does in use.
  await o.db('helpdesk').whereRaw('id % 100 = 7').update({ category: AMLPU });
  await bumpVersions(o.db, ['helpdesk']);
  const cases = listCases(o.values).slice(0, 4);
  const only = process.env.BENCH_RULE_CASES?.split(',').map(Number);
  // The floor's statements for the caller without the rule (cases 0–3), then with it (4–7).
  await setRule(o.db, false);
  const free = await Promise.all(cases.map((c) => compileReads(o.db, o.engine, o.adminId, c.bodies)));
  await setRule(o.db, true);
  const caller = await userCaller(o.engine.services, o.adminId, null, 'bench-rule');
  if (!accessModule(engineContext(o.engine.services, o.db, caller, 'bench-rule'), 'Helpdesk', 'select').module.rowLimit) throw new Error('amlpu.visible 0 puts no row rule on the administrator');
  const ruled = await Promise.all(cases.map((c) => compileReads(o.db, o.engine, o.adminId, c.bodies)));
  const base = o.floor.statements.length;
  o.floor.statements.push(...free, ...ruled);
  o.floor.bodies.push(...cases.map((c) => c.bodies), ...cases.map((c) => c.bodies));
  const total = async (on: boolean) => {
    await setRule(o.db, on);
    const res = await o.engine.app.inject({ method: 'POST', url: '/process', headers: { 'content-type': 'application/json', cookie: o.cookie }, payload: engineBody(cases[0].bodies[0]) });
    const [rs, n] = decodeXml(res.body);
    if (rs?.type !== 'recordset') throw new Error(`Record.select failed: ${res.body.slice(0, 300)}`);
    // Value 1 is the total count matching the conditions.
    return Number(n?.type === 'text' ? n.text : NaN);
  };
  const [withRule, without] = [await total(true), await total(false)];
  o.log(`  the administrator's help desk list: ${without} rows without the rule, ${withRule} with it`);
  const results: RuleRatioResult[] = [];
  for (const [c, kase] of cases.entries()) {
    if (only && !only.includes(c)) continue;
    const common = { url: o.url, connections: o.connections, workers: o.workers, db: o.db };
    const engineLoad = { ...common, path: '/process', headers: { 'content-type': 'application/json', cookie: o.cookie }, bodies: kase.bodies.map(engineBody) };
    const floorLoad = (k: number) => ({ ...common, path: '/floor-list', headers: { 'content-type': 'application/json' }, bodies: kase.bodies.map((_, i) => JSON.stringify({ c: k, i })) });
    const sides = [
      { name: 'engine, rule', on: true, load: engineLoad },
      { name: 'engine, no rule', on: false, load: engineLoad },
      { name: 'statement, rule', on: true, load: floorLoad(base + cases.length + c) },
      { name: 'statement, no rule', on: false, load: floorLoad(base + c) },
    ];
    const rounds: Awaited<ReturnType<typeof measured>>[][] = sides.map(() => []);
    if (o.warmup > 0) for (const s of sides) {
      await setRule(o.db, s.on);
      await runLoad({ ...s.load, seconds: o.warmup });
    }
    for (let round = 0; round < o.rounds; round++) {
      // Alternating which side of each pair goes first.
      const order = round % 2 === 0 ? [0, 1, 2, 3] : [1, 0, 3, 2];
      for (const i of order) {
        await setRule(o.db, sides[i].on);
        rounds[i].push(await measured(() => runLoad({ ...sides[i].load, seconds: o.seconds })));
      }
    }
    const [er, ef, sr, sf] = rounds.map(medianRound);
    o.log(`  ${kase.name}: engine ${er.rps.toFixed(0)} / ${ef.rps.toFixed(0)} req/s (${(er.rps / ef.rps).toFixed(2)}), statement ${sr.rps.toFixed(0)} / ${sf.rps.toFixed(0)} (${(sr.rps / sf.rps).toFixed(2)})`);
    results.push({
      name: kase.name,
      engine: { ruled: er.rps, free: ef.rps, ratio: ef.rps > 0 ? er.rps / ef.rps : 0, p99Ruled: er.p99, p99Free: ef.p99 },
      statement: { ruled: sr.rps, free: sf.rps, ratio: sf.rps > 0 ? sr.rps / sf.rps : 0 },
    });
  }
  // As the demo has it: the AMLPU category open.
  await setRule(o.db, false);
  return results;
}

export function printRuleRatio(dialect: string, results: RuleRatioResult[]): void {
  console.log(`\n[${dialect}] row rule (AMLPU closed) against none, req/s with / without (ratio):`);
  for (const r of results) {
    console.log(`  ${r.name.padEnd(32)} engine ${r.engine.ruled.toFixed(0)} / ${r.engine.free.toFixed(0)} (${r.engine.ratio.toFixed(2)}), p99 ${r.engine.p99Ruled} / ${r.engine.p99Free} ms; statement ${r.statement.ruled.toFixed(0)} / ${r.statement.free.toFixed(0)} (${r.statement.ratio.toFixed(2)})`);
  }
}
