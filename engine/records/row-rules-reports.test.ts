// The PDF report channel of the row rules' conformance check (docs/row-rules.md), on
// every dialect: for every stored report (webreport: RE, RE-RE, SHOWCAUSE on PEOI, MIDA on
// StaffClass, and any other) and every demo user, GET /out/{report}.pdf prints a row the user's
// list of the report's module shows, and refuses one it does not (E_NOTFOUND, as a missing row)
// or, without the module's select, the whole report (E_NOPERMISSION); a list report (RE-SECTOR)
// leaves a hidden row out as a WHERE matching nothing would. Prints are read back with pdftotext.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_TABLE } from '../reports/report-store.js';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { asPage, select } from '../testing/record-calls.js';

/** Demo users (seeds/demo-users.ts, seeds/demo-row-rule-users.ts), with the entity an entity user works for. */
const USERS: [string, number | null][] = [['admin', null], ['iru', null], ['re', 1], ['re2', 2], ['preparer', 1], ['rm', null], ['appofficer', null], ['peoiofficer', null], ['sysparam', null]];
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
/** A PDF's text without the time it was printed at. */
const timeless = (pdf: Buffer) => pdfText(pdf).replace(/\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d/g, '(time)');

describe.each(await testDialects())('Row rules on PDF reports on %s', (dialect) => {
  let t: TestEngine;
  const sessions: Record<string, string> = {};
  /** `list`: a list report ({{#rows}}), which prints the rows a WHERE matches. */
  let reports: { name: string; module: string; list: boolean }[] = [];

  beforeAll(async () => {
    t = await startTestEngine(dialect, { REPORT_PAGES: '2', JOB_CONCURRENCY: '0' });
    for (const [u, re] of USERS) sessions[u] = re === null ? await t.sessionFor(u) : await t.sessionFor(u, re);
    reports = (await t.database.db(REPORT_TABLE).orderBy('name').select('name', 'module', 'template')).map((r) => ({ name: String(r.name), module: String(r.module), list: /\{\{\s*#\s*rows\s*\}\}/.test(String(r.template)) }));
  }, 120_000);
  afterAll(async () => t?.close());

  const print = (report: string, id: number, cookie: string) =>
    t.engine.app.inject({ method: 'GET', url: `/out/${report}.pdf?action=report.print&report=${report}&format=pdf&WHERE=${encodeURIComponent(`id=${id}`)}`, headers: { cookie } });

  /** Every id the user's list of the module shows (null: no select permission). */
  async function listed(module: string, cookie: string): Promise<number[] | null> {
    const first = await t.call('Record.select', [{ module, fields: ['id'], max: 1 }], cookie);
    if (first[0]?.type !== 'recordset') return null;
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const p = await select(t, cookie, { module, fields: ['id'], order: 'id asc', max: 1000, pageIndex: page });
      ids.push(...p.rows.map((r) => Number(r.id)));
      if (p.rows.length < 1000) break;
    }
    expect(asPage(first).total, `${module} count`).toBe(ids.length);
    return ids;
  }

  it('prints exactly the rows each user lists, for every report and every demo user', async () => {
    expect(reports.map((r) => r.name)).toEqual(expect.arrayContaining(['RE', 'RE-RE', 'SHOWCAUSE', 'MIDA']));
    let printed = 0;
    let refused = 0;
    for (const report of reports) {
      const module = t.engine.services.modules.get(report.module)!;
      const all = (await t.database.db(module.table).orderBy(module.idField).pluck(module.idField)).map(Number);
      for (const [u] of USERS) {
        const ids = await listed(report.module, sessions[u]);
        const label = `${report.name} (${report.module}) for ${u}`;
        if (ids === null) {
          // No select on the module: no row of it prints.
          if (!all.length) continue;
          const res = await print(report.name, all[0], sessions[u]);
          expect(res.statusCode, label).toBe(403);
          expect(res.body, label).toContain('E_NOPERMISSION');
          refused++;
          continue;
        }
        const shown = new Set(ids);
        if (ids.length) {
          const res = await print(report.name, ids[0], sessions[u]);
          expect(res.statusCode, `${label}: row ${ids[0]} ${res.body.slice(0, 200)}`).toBe(200);
          expect(res.rawPayload.subarray(0, 5).toString('latin1'), label).toBe('%PDF-');
          printed++;
        }
        const hidden = all.find((id) => !shown.has(id));
        if (hidden !== undefined) {
          const res = await print(report.name, hidden, sessions[u]);
          if (report.list) {
            // A list report leaves the row out: the page is the one of a WHERE matching nothing.
            expect(res.statusCode, `${label}: hidden row ${hidden}`).toBe(200);
            expect(timeless(res.rawPayload), `${label}: hidden row ${hidden}`).toBe(timeless((await print(report.name, 0, sessions[u])).rawPayload));
          } else {
            expect(res.statusCode, `${label}: hidden row ${hidden}`).toBe(404);
            expect(res.body, label).toContain('E_NOTFOUND');
          }
          refused++;
        }
      }
    }
    expect(printed).toBeGreaterThan(5);
    expect(refused).toBeGreaterThan(5);
  }, 600_000);

  it("prints a relationship manager's own bank with its values, and refuses a bank it does not manage", async () => {
    const mine = await select(t, sessions.rm, { module: 'RE', fields: ['id', 'name'], where: [['id', '=', 1]] });
    expect(mine.rows).toHaveLength(1);
    const res = await print('RE', 1, sessions.rm);
    expect(res.statusCode).toBe(200);
    expect(pdfText(res.rawPayload)).toContain(String(mine.rows[0].name));
    expect((await select(t, sessions.rm, { module: 'RE', fields: ['id'], where: [['id', '=', 4]] })).total).toBe(0);
    const other = await print('RE', 4, sessions.rm);
    expect(other.statusCode).toBe(404);
    expect(other.body).toContain('E_NOTFOUND');
  });

  it("lists a relationship manager's own banks of a sector in a list report, and none they do not manage", async () => {
    const sector = await select(t, sessions.admin, { module: 'RE', fields: ['id', 'name'], where: [['sector', '=', 1]], order: 'name asc' });
    const mine = await select(t, sessions.rm, { module: 'RE', fields: ['id', 'name'], where: [['sector', '=', 1]], order: 'name asc' });
    expect(mine.rows.length).toBeGreaterThan(0);
    expect(mine.rows.length).toBeLessThan(sector.rows.length);
    const res = await t.engine.app.inject({ method: 'GET', url: `/out/RE-SECTOR.pdf?WHERE=${encodeURIComponent('sector=1')}`, headers: { cookie: sessions.rm } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const text = execFileSync('pdftotext', ['-', '-'], { input: res.rawPayload }).toString('utf8').replace(/\s+/g, ' ');
    expect(text).toContain(`${mine.rows.length} entities`);
    const shown = new Set(mine.rows.map((r) => String(r.name)));
    for (const r of sector.rows) expect(text.includes(String(r.name)), String(r.name)).toBe(shown.has(String(r.name)));
  });
});
