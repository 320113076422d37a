// The regulator's row rules (docs/row-rules.md) through the protocol, on every dialect: a
// generated conformance check (every module with rules × every demo user: Record.select's ids,
// its count, the Excel export's rows, an API token's select and attachments through their
// parent are the same rows), the help desk category matrix (roles × sectors × amlpu.visible,
// for listing and for creating), and each rule refusing or limiting a hand-made call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpVersions } from '../db/change-versions.js';
import { issueApiToken } from '../identity/api-tokens.js';
import { JobWorker } from '../jobs/job-worker.js';
import { download, finished, readSheet, selectAll, submitExport } from '../jobs/testing/export-kit.js';
import { decodeXml } from '../protocol/envelope.js';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { asPage, failure, readBack, select, type Page, type Row } from '../testing/record-calls.js';
import type { EnvelopeValue } from '../protocol/envelope.js';

/** Demo users (seeds/demo-users.ts, seeds/demo-row-rule-users.ts). */
const USERS = ['admin', 'iru', 're', 're2', 'preparer', 'rm', 'appofficer', 'peoiofficer', 'sysparam'];
const RM = 2201;
/** Categories of list group 248 the rules name. */
const HD = { rm: 100148, amlpu: 1100805, app: 1103208, unit: 10123, general: 1410 } as const;

describe.each(await testDialects())('Row rules on %s', (dialect) => {
  let t: TestEngine;
  const sessions: Record<string, string> = {};
  let worker: JobWorker;
  let modulesWithRules: string[] = [];

  beforeAll(async () => {
    t = await startTestEngine(dialect, { JOB_CONCURRENCY: '0' });
    const { services } = t.engine;
    worker = new JobWorker({ services, concurrency: 1, pollMs: 3_600_000, leaseMs: 60_000, maxAttempts: 3, keepHours: 24 });
    for (const u of USERS) sessions[u] = await t.sessionFor(u);
    modulesWithRules = services.modules.all().filter((m) => m.rowRules).map((m) => m.name).sort();
    // Cases in every ruled category, from a bank (sector 1) and an insurer (sector 2), and an attachment each.
    const db = t.database.db;
    const stamp = { state: 54, updatectr: 1, createby: 3 };
    for (const [re, category] of [[1, HD.rm], [1, HD.amlpu], [1, HD.app], [1, HD.unit], [1, HD.general], [6, HD.rm], [6, HD.amlpu], [6, HD.general], [4, HD.rm]]) {
      const [id] = await db('helpdesk').insert({ re, category, name: `case ${re}/${category}`, description: 'x', ...stamp }, ['id']);
      const hid = typeof id === 'object' ? Number((id as { id: number }).id) : Number(id);
      await db('helpdesk_reference').insert({ fk_helpdesk: hid, name: `file-${hid}.pdf`, referencetype: 11, updatectr: 1 });
    }
    await bumpVersions(db, ['helpdesk', 'helpdesk_reference']);
  }, 120_000);
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  const db = () => t.database.db;
  const idsOf = (rows: Row[], key = 'id') => rows.map((r) => Number(r[key])).sort((a, b) => a - b);

  /** Every row of a select, 1000 a page, and the count of the first page. */
  async function allRows(session: string, args: Record<string, unknown>): Promise<Page> {
    let out: Page | undefined;
    for (let page = 1; ; page++) {
      const p = await select(t, session, { ...args, max: 1000, pageIndex: page });
      out = out ? { ...out, rows: [...out.rows, ...p.rows] } : p;
      if (p.rows.length < 1000) return out;
    }
  }

  async function bearerCall(token: string, action: string, args: unknown[]): Promise<EnvelopeValue[]> {
    const res = await t.engine.app.inject({ method: 'POST', url: '/process', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, payload: JSON.stringify({ action, args }) });
    return decodeXml(res.body);
  }

  async function setAmlpu(value: string | null): Promise<void> {
    await db()('parameters').where({ code: 'amlpu.visible' }).delete();
    if (value !== null) await db()('parameters').insert({ code: 'amlpu.visible', name: 'AMLPU visible', value0: value, state: 33, updatectr: 1 });
    await bumpVersions(db(), ['parameters']);
  }

  it('declares rules on the modules the seeds scope', () => {
    expect(modulesWithRules).toEqual(expect.arrayContaining(['RE', 'Form', 'FormBatch', 'Query', 'Helpdesk', 'PEOI', 'RE_User', 'List', 'RE-Helpdesk', 'REForm', 'REFormBatch']));
  });

  it('gives every channel the same rows, for every module with rules and every demo user', async () => {
    await setAmlpu('1');
    const tokens: Record<string, string> = {};
    for (const u of USERS) {
      const user = await db()('user').where({ userid: u }).first('id');
      tokens[u] = (await issueApiToken(db(), Number(user.id), 'conformance', 1)).token;
    }
    let compared = 0;
    for (const module of modulesWithRules) {
      for (const u of USERS) {
        const first = await t.call('Record.select', [{ module, fields: ['id'], max: 1 }], sessions[u]);
        if (first[0]?.type !== 'recordset') continue; // no permission: no channel answers rows either
        const all = await allRows(sessions[u], { module, fields: ['id'], order: 'id asc' });
        const ids = idsOf(all.rows);
        // The count the list shows and the sidebar badges read.
        expect(asPage(first).total, `${module} count for ${u}`).toBe(ids.length);
        expect(all.total, `${module} count for ${u}`).toBe(ids.length);
        // An API token of the same user.
        const viaToken = asPage(await bearerCall(tokens[u], 'Record.select', [{ module, fields: ['id'], max: 1000, order: 'id asc' }]));
        if (ids.length < 1000) expect(idsOf(viaToken.rows), `${module} by token for ${u}`).toEqual(ids);
        expect(viaToken.total, `${module} count by token for ${u}`).toBe(ids.length);
        // The Excel export (a job run as the user).
        const columns = (await selectAll(t, sessions[u], { module, fields: ['id'] })).columns;
        const job = await submitExport(t, sessions[u], { module, fields: ['id'], order: 'id asc' });
        await worker.drain();
        expect((await finished(t, sessions[u], job)).state, `${module} export for ${u}`).toBe(71);
        const sheet = await readSheet((await download(t, `/out/${job}.xlsx`, sessions[u])).rawPayload, columns);
        expect(sheet.rows.map((r) => Number(r[0])).sort((a, b) => a - b), `${module} export for ${u}`).toEqual(ids);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(20);
  }, 600_000);

  it('makes dashboard charts count exactly the rows the list shows, for every user who may read charts', async () => {
    const grouped: [string, string][] = [['RE', 'sector'], ['Form', 'state'], ['FormBatch', 'state'], ['Helpdesk', 'state'], ['Query', 'state'], ['PEOI', 'state']];
    let compared = 0;
    for (const u of USERS) {
      for (const [module, lookup] of grouped) {
        const list = await t.call('Record.select', [{ module, fields: ['id'], max: 1 }], sessions[u]);
        if (list[0]?.type !== 'recordset') continue;
        const rows = [{ label: module, color: '#2563eb', module, aggregate: 'count', groupBy: { lookup } }];
        const answer = await t.call('Chart.preview', [{ chart: { type: 2, name: 'Conformance', data: { rows } } }], sessions[u]);
        if (answer[0]?.type !== 'text') continue; // no DashboardChart.select
        const chart = JSON.parse(answer[0].text) as { chart: { datasets: { data?: number[]; error?: string }[] } };
        const sum = (chart.chart.datasets[0].data ?? []).reduce((a, b) => a + b, 0);
        expect(sum, `${module} chart for ${u}`).toBe(asPage(list).total);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10);
  }, 300_000);

  it('lets a user reach the attachments of exactly the help desk cases they reach', async () => {
    for (const u of USERS) {
      const parent = await t.call('Record.select', [{ module: 'Helpdesk', fields: ['id'], max: 1000 }], sessions[u]);
      if (parent[0]?.type !== 'recordset') continue;
      const files = await t.call('Record.select', [{ module: 'Helpdesk_Reference', fields: ['id', 'fk_helpdesk'], max: 1000 }], sessions[u]);
      if (files[0]?.type !== 'recordset') continue;
      const visible = new Set(idsOf(asPage(parent).rows));
      const parents = new Set(idsOf(asPage(files).rows, 'fk_helpdesk'));
      for (const p of parents) expect(visible.has(p), `${u} reaches a file of case ${p}`).toBe(true);
      const withFiles = idsOf(await db()('helpdesk_reference').distinct('fk_helpdesk as id'));
      for (const p of withFiles) if (visible.has(p)) expect(parents.has(p), `${u} misses the file of case ${p}`).toBe(true);
    }
  });

  describe('regulator teams', () => {
    it('shows a relationship manager only the sector 1 entities it manages, and the administrator all', async () => {
      const rm = await allRows(sessions.rm, { module: 'RE', fields: ['id', 'sector', 'smd1', 'smd2'] });
      expect(idsOf(rm.rows)).toEqual([1, 2, 3]);
      for (const r of rm.rows) expect(Number(r.smd1) === RM || Number(r.smd2) === RM).toBe(true);
      expect((await allRows(sessions.admin, { module: 'RE', fields: ['id'] })).rows).toHaveLength(30);
    });

    it('follows a change of manager at once (cached counts do not leak between users or versions)', async () => {
      const count = async () => select(t, sessions.rm, { module: 'RE', fields: ['id'], max: 1 });
      expect((await count()).total).toBe(3);
      await db()('re').where({ id: 4 }).update({ smd2: RM });
      await bumpVersions(db(), ['re']);
      expect((await count()).total).toBe(4);
      await db()('re').where({ id: 4 }).update({ smd2: null });
      await bumpVersions(db(), ['re']);
      expect((await count()).total).toBe(3);
    });

    it('finds no entity a relationship manager does not manage, even by id, and answers its update as for a missing entity', async () => {
      const rows = await select(t, sessions.rm, { module: 'RE', fields: ['id'], where: [['id', '=', 4]] });
      expect(rows).toMatchObject({ rows: [], total: 0 });
      const update = async (id: number) => failure(await t.call('Record.update', [{ module: 'RE', fields: ['id', 'updatectr', 'owner'], values: [id, 1, 'x'] }], sessions.rm));
      const before = await db()('re').where({ id: 4 }).first('owner', 'updatectr');
      expect(await update(4)).toEqual({ code: 'E_NOTFOUND', message: 'RE #4 not found.' });
      expect(await update(987654)).toEqual({ code: 'E_NOTFOUND', message: 'RE #987654 not found.' });
      expect(await db()('re').where({ id: 4 }).first('owner', 'updatectr')).toEqual(before);
    });

    it('shows App I/II staff only the entities of the App I/II categories and only App I/II forms', async () => {
      const res = await allRows(sessions.appofficer, { module: 'RE', fields: ['id'] });
      const app = idsOf(await db()('re_recategory').whereIn('link_fk_recategory', [73, 74, 75, 76, 100213]).distinct('link_fk_re as id'));
      expect(idsOf(res.rows)).toEqual(app);
      const forms = await allRows(sessions.appofficer, { module: 'Form', fields: ['id', 'category'] });
      expect(forms.rows.length).toBeGreaterThan(0);
      for (const r of forms.rows) expect(Number(r.category)).toBe(100213);
      const iruForms = await allRows(sessions.iru, { module: 'Form', fields: ['id', 'category'] });
      for (const r of iruForms.rows) expect([100213, 100212, 57, 73]).not.toContain(Number(r.category));
    });

    it('limits the PEOI officer to the cases at the PEOI stage', async () => {
      const stages = [83, 42, 85, 84, 43, 44];
      const expected = idsOf(await db()('peoi').whereIn('state', stages).select('id'));
      const res = await allRows(sessions.peoiofficer, { module: 'PEOI', fields: ['id', 'state'] });
      expect(idsOf(res.rows)).toEqual(expected);
    });

    it('leaves an entity user out of its own entity user list', async () => {
      const res = await allRows(sessions.re, { module: 'RE_User', fields: ['link_id', 'link_fk_user'] });
      expect(res.rows.map((r) => Number(r.link_fk_user))).not.toContain(3);
      expect(await db()('re_user').where({ link_fk_re: 1, link_fk_user: 3 }).first()).toBeTruthy();
    });
  });

  describe('help desk category matrix', () => {
    // [user, its entity or null, amlpu.visible, categories listed]
    const matrix: [string, number | null, string | null, number[]][] = [
      ['iru', null, '1', [HD.general]],
      ['iru', null, null, [HD.general]],
      ['rm', null, '1', [HD.rm]],
      ['appofficer', null, '1', [HD.amlpu, HD.app]],
      ['appofficer', null, '0', [HD.app]],
      ['admin', null, '1', [HD.rm, HD.amlpu, HD.app, HD.unit, HD.general]],
      ['admin', null, null, [HD.rm, HD.app, HD.unit, HD.general]],
      // `re` on entity 1 (sector 1): role 27, position value 10004, primary user: a senior user.
      ['re', 1, '1', [HD.rm, HD.amlpu, HD.app, HD.unit, HD.general]],
      ['re', 1, '0', [HD.rm, HD.app, HD.unit, HD.general]],
      // `re` on entity 6 (sector 2) as checker (role 26): not senior.
      ['re', 6, '1', [HD.app, HD.unit, HD.general]],
      // The preparer of entity 1 (sector 1): not senior.
      ['preparer', 1, '1', [HD.app, HD.unit, HD.general]],
    ];
    for (const [user, re, amlpu, listed] of matrix) {
      it(`lists and offers ${user}${re ? ` on entity ${re}` : ''} with amlpu.visible ${amlpu ?? 'unset'} the categories ${listed.join(', ')}`, async () => {
        await setAmlpu(amlpu);
        const session = re ? await t.sessionFor(user, re) : sessions[user];
        const module = re ? 'RE-Helpdesk' : 'Helpdesk';
        const ruled = [HD.rm, HD.amlpu, HD.app, HD.unit, HD.general];
        const rows = await allRows(session, { module, fields: ['id', 'category'], where: [['category', 'in', ruled]] });
        const seen = [...new Set(rows.rows.map((r) => Number(r.category)))].sort((a, b) => a - b);
        const inScope = re ? new Set((await db()('helpdesk').where({ re }).whereIn('category', ruled).pluck('category')).map(Number)) : null;
        expect(seen).toEqual([...listed].filter((c) => !inScope || inScope.has(c)).sort((a, b) => a - b));
        // The choices of the create dialog (list group 248) are the same categories.
        const choices = await allRows(session, { module: 'List', fields: ['id'], where: [['listgroup', '=', 248], ['id', 'in', ruled]] });
        expect(idsOf(choices.rows)).toEqual([...listed].sort((a, b) => a - b));
        // Creating in a category not offered is refused on the server, and writes nothing.
        const hidden = ruled.filter((c) => !listed.includes(c));
        const create = (category: number) => t.call('Record.create', [{ module, fields: ['category', 'name', 'description', ...(re ? [] : ['re'])], values: [category, 'Matrix case', 'Body', ...(re ? [] : [1])] }], session);
        for (const c of hidden) {
          const before = await db()('helpdesk').count({ n: '*' });
          const f = failure(await create(c));
          expect(f.code === 'E_NOPERMISSION' || f.code === 'E_VALIDATION', `${user} creating ${c}: ${f.code}`).toBe(true);
          expect(await db()('helpdesk').count({ n: '*' })).toEqual(before);
        }
      });
    }

    it('creates a case in an offered category for an entity user', async () => {
      await setAmlpu('1');
      const re = await t.sessionFor('re', 1);
      const row = readBack(await t.call('Record.create', [{ module: 'RE-Helpdesk', fields: ['category', 'name', 'description'], values: [HD.amlpu, 'AML question', 'Body'] }], re));
      expect(Number(row.id)).toBeGreaterThan(0);
    });
  });
});
