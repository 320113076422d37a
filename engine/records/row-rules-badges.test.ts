// Every sidebar count (seed 003 §4.7; client/src/shells/menus.ts and its badge rules) against the
// list it stands for, on every dialect and for several demo users (docs/row-rules.md):
// the badge's call exactly as the sidebar makes it (Record.select, the badge's module and where,
// max 1: its total) equals the rows the list answers through Record.select with the same filter,
// page after page. The badges gated by a role (the preparer's, checker's and approver's forms waiting for them,
// the overdue statistics of roles 21/22) are also asked with those roles' gates open, so every
// filter is compared; rows in each badge's states are made first, so the counts are not all 0.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpVersions } from '../db/change-versions.js';
import { sqlDate, sqlDateTime } from '../db/clock.js';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { asPage, select } from '../testing/record-calls.js';
import type { LoginInfo } from '../../client/src/session/session-store.js';

interface MenuItem {
  label: string;
  permission?: string;
  hideForRoles?: number[];
  children?: MenuItem[];
  badge?: { module: string; where: unknown[] };
  badgeFor?: (user: LoginInfo, now: Date) => MenuItem['badge'];
}
// The client's menus themselves (bundler-style imports, so loaded at run time rather than type-checked here).
const menusFile = new URL('../../client/src/shells/menus.ts', import.meta.url).pathname;
const { ADMIN_MENU, IRU_MENU, RE_MENU } = (await import(/* @vite-ignore */ menusFile)) as Record<'ADMIN_MENU' | 'IRU_MENU' | 'RE_MENU', MenuItem[]>;

/** Demo users (seeds/demo-users.ts, seeds/demo-row-rule-users.ts), with the entity an entity user works for. */
const USERS: [string, number | null][] = [['admin', null], ['iru', null], ['rm', null], ['appofficer', null], ['peoiofficer', null], ['re', 1], ['re2', 2], ['preparer', 1], ['checker', 1], ['approver', 1]];
const MENUS: Record<number, MenuItem[]> = { 1: IRU_MENU, 2: RE_MENU, 3: ADMIN_MENU };
/** The role gates of the badges: checker 26, approver 27, statistics 21 and 22. */
const GATES = ['21', '22', '26', '27'];

function badgeItems(items: MenuItem[]): MenuItem[] {
  return items.flatMap((i) => [...(i.badge || i.badgeFor ? [i] : []), ...badgeItems(i.children ?? [])]);
}

describe.each(await testDialects())('Sidebar counts = list totals on %s', (dialect) => {
  let t: TestEngine;

  beforeAll(async () => {
    t = await startTestEngine(dialect, { JOB_CONCURRENCY: '0' });
    const db = t.database.db;
    const now = sqlDateTime();
    // The AMLPU category closed (amlpu.visible 0), so its rule is in force beside the team rules.
    await db('parameters').where({ code: 'amlpu.visible' }).update({ value0: '0' });
    await bumpVersions(db, ['parameters']);
    // Open help desk cases (13) in the ruled categories, of a managed bank and of others.
    for (const [re, category] of [[1, 100148], [1, 1103208], [3, 1103208], [2, 1100805], [4, 100148], [6, 1410], [1, 10123]]) {
      await db('helpdesk').insert({ re, category, name: `badge ${re}/${category}`, description: 'x', state: 13, updatectr: 1, createby: 3, createon: now });
    }
    // Queries New (54) and Open (13) of several entities.
    const forms = await db('form').whereIn('re', [1, 2, 3]).orderBy('id').limit(6).select('id', 're', 'formbatch');
    for (const [i, f] of forms.entries()) {
      await db('query').insert({ re: f.re, formbatch: f.formbatch, form: f.id, formtab: '01', dataitem: 'Cash', name: `badge query ${i}`, description: 'x', confidential: 0, state: i % 2 ? 13 : 54, createon: now });
    }
    // The sign-off counts: entity 1's forms waiting for the checker (78) and the approver (55), changed today and long ago.
    const own = (await db('form').where({ re: 1 }).orderBy('id').limit(6).pluck('id')).map(Number);
    if (own.length >= 6) {
      await db('form').whereIn('id', own.slice(0, 2)).update({ state: 78, updateon: now });
      await db('form').whereIn('id', own.slice(2, 4)).update({ state: 55, updateon: now });
      await db('form').where({ id: own[4] }).update({ state: 78, updateon: `${sqlDate(new Date(Date.now() - 30 * 86_400_000))} 10:00:00` });
    }
    // Routine reports responded long ago and just now (the overdue statistics).
    const reports = (await db('routinerpt').orderBy('id').limit(2).pluck('id')).map(Number);
    if (reports.length) await db('routinerpt').where({ id: reports[0] }).update({ state: 58, respondedon: `${sqlDate(new Date(Date.now() - 10 * 86_400_000))} 10:00:00` });
    if (reports.length > 1) await db('routinerpt').where({ id: reports[1] }).update({ state: 58, respondedon: now });
    // Non-compliance cases at 61 (not the PEOI officer's) and 83 (at the PEOI stage), and a web user awaiting approval (61).
    const batches = await db('formbatch').where({ re: 1 }).whereNotIn('id', db('peoi').select('formbatch')).orderBy('id').limit(2).pluck('id');
    for (const [i, state] of [61, 83].entries()) if (batches[i] !== undefined) await db('peoi').insert({ re: 1, formbatch: batches[i], state, updatectr: 1, createon: now });
    const web = await db('user').where({ logintype: 2 }).whereNotIn('userid', USERS.map(([u]) => u)).orderBy('id').first('id');
    if (web) await db('user').where({ id: web.id }).update({ state: 61 });
    await bumpVersions(db, ['helpdesk', 'query', 'form', 'routinerpt', 'peoi', 'user']);
  }, 120_000);
  afterAll(async () => t?.close());

  /** What the client holds of the signed-in user: the record User.current answers (LoginInfo). */
  async function loginInfo(session: string): Promise<LoginInfo> {
    const [answer] = await t.call('User.current', [], session);
    expect(answer?.type).toBe('text');
    return JSON.parse((answer as { text: string }).text) as LoginInfo;
  }

  it('answers every badge with the total of its list, for every demo user who sees it', async () => {
    const compared: Record<string, number> = {};
    const counts: Record<string, number> = {};
    for (const [u, re] of USERS) {
      const session = re === null ? await t.sessionFor(u) : await t.sessionFor(u, re);
      const info = await loginInfo(session);
      const open: LoginInfo = { ...info, roles: { ...info.roles, ...Object.fromEntries(GATES.map((g) => [g, true])) } };
      for (const item of badgeItems(MENUS[info.login_type.value] ?? [])) {
        if (item.permission && !info.permissions[item.permission]) continue;
        if (item.hideForRoles?.some((r) => info.roles[String(r)])) continue;
        const badges = item.badgeFor ? [item.badgeFor(info, new Date()), item.badgeFor(open, new Date())] : [item.badge];
        for (const badge of badges) {
          if (!badge) continue;
          const label = `${item.label} (${badge.module} ${JSON.stringify(badge.where)}) for ${u}`;
          // The sidebar's call (client/src/shells/sidebar.tsx): the total of a one-row page.
          const shown = await t.call('Record.select', [{ module: badge.module, fields: ['id'], where: badge.where, max: 1 }], session);
          expect(shown[0]?.type, label).toBe('recordset');
          const total = asPage(shown).total;
          // The list with the same filter, every page.
          const ids: number[] = [];
          for (let page = 1; ; page++) {
            const p = await select(t, session, { module: badge.module, fields: ['id'], where: badge.where, order: 'id asc', max: 500, pageIndex: page });
            expect(p.total, label).toBe(total);
            ids.push(...p.rows.map((r) => Number(r.id)));
            if (p.rows.length < 500) break;
          }
          expect(new Set(ids).size, label).toBe(ids.length);
          expect(total, label).toBe(ids.length);
          compared[item.label] = (compared[item.label] ?? 0) + 1;
          counts[`${item.label}/${u}`] = total;
        }
      }
    }
    // Every badge of the three sidebars was compared for someone.
    for (const item of [...badgeItems(IRU_MENU), ...badgeItems(RE_MENU), ...badgeItems(ADMIN_MENU)]) expect(compared[item.label], item.label).toBeGreaterThan(0);
    // The counts are not all empty, and the row rules make them differ by team.
    expect(counts['General Helpdesk/iru']).toBeGreaterThan(0);
    expect(counts['General Helpdesk/rm']).toBeGreaterThan(0);
    expect(counts['General Helpdesk/rm']).not.toBe(counts['General Helpdesk/iru']);
    expect(counts['General Helpdesk/appofficer']).not.toBe(counts['General Helpdesk/iru']);
    expect(counts['Query/iru']).toBeGreaterThan(0);
    expect(counts['Waiting for me/checker']).toBeGreaterThan(0);
    expect(counts['Bulletin/re']).toBeGreaterThan(0);
    expect(counts['Non-Compliance RE/peoiofficer']).toBeGreaterThan(0);
  }, 600_000);
});
