// The creation side of the row rules (seed 002 §6, 001 §6; docs/row-rules.md "Creating"), through
// the protocol on every dialect: which help desk categories each caller is offered (list group
// 248) and may create, and on which entities / sectors / forms each regulator team may raise a
// query. Whatever is not offered is refused by the server with E_NOPERMISSION and a message that
// says what to choose, and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpVersions } from '../db/change-versions.js';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { failure, readBack, select, type Row } from '../testing/record-calls.js';

/** List group 248 entries the rules name, and an ordinary one. */
const HD = { rm: 100148, amlpu: 1100805, app: 1103208, unit: 10123, general: 1410, link: 1408 } as const;
const RULED = Object.values(HD);
const CATEGORY_REFUSAL = 'This help desk category is not open to you: choose one of the categories offered';
const QUERY_REFUSAL = 'You may raise a query only on a reporting entity, submission and form your team covers: choose them from the lists offered';
const APP = [73, 74, 75, 76, 100213];
const SMD = [57, 100212];

describe.each(await testDialects())('Creating help desk questions and queries within the row rules on %s', (dialect) => {
  let t: TestEngine;
  const db = () => t.database.db;
  const sorted = (xs: number[]) => [...new Set(xs)].sort((a, b) => a - b);

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    await db()('parameters').where({ code: 'amlpu.visible' }).delete();
    await db()('parameters').insert({ code: 'amlpu.visible', name: 'AMLPU visible', value0: '1', state: 33, updatectr: 1 });
    // `re2` (id 4): primary user of entity 2 (sector 1) as approver (27) but with position 303, which
    // has no senior value: not a senior user. Also made primary user (preparer, 25) of entity 7 (sector 2).
    await db()('re_user').insert({ link_fk_re: 7, link_fk_user: 4, role: 25, isprimary: 1 });
    await db()('re').where({ id: 7 }).update({ verifybizinfo: '2024-01-01 00:00:00', verifyoffice: '2024-01-01 00:00:00' });
    await bumpVersions(db(), ['parameters', 're_user', 're']);
  }, 120_000);
  afterAll(async () => t?.close());

  async function setVerified(re: number, verified: boolean): Promise<void> {
    await db()('re').where({ id: re }).update({ verifyoffice: verified ? '2024-01-01 00:00:00' : null });
    await bumpVersions(db(), ['re']);
  }

  const count = async (table: string) => Number(((await db()(table).count({ n: '*' })) as { n: unknown }[])[0].n);

  describe('help desk categories', () => {
    // [user, its current entity or null (staff), verified entity, categories offered and creatable among RULED]
    const matrix: [string, number | null, boolean, number[]][] = [
      ['iru', null, true, [HD.general, HD.link]],
      ['rm', null, true, [HD.rm]],
      ['appofficer', null, true, [HD.amlpu, HD.app]],
      ['admin', null, true, RULED],
      // Senior (role 27, position value 10004) and primary user of a sector 1 entity.
      ['re', 1, true, RULED],
      // The same user as checker (26) of entity 6 (sector 2): neither senior nor primary there.
      ['re', 6, true, [HD.app, HD.unit, HD.general, HD.link]],
      // A sub user (preparer) of entity 1: neither.
      ['preparer', 1, true, [HD.app, HD.unit, HD.general, HD.link]],
      // A primary user who is not senior: sees more once the entity's profile and office are confirmed.
      ['re2', 2, true, RULED],
      ['re2', 2, false, [HD.app, HD.unit, HD.general, HD.link]],
      ['re2', 7, true, [HD.rm, HD.app, HD.unit, HD.general, HD.link]],
      ['re2', 7, false, [HD.app, HD.unit, HD.general, HD.link]],
    ];
    for (const [user, re, verified, allowed] of matrix) {
      it(`offers and lets ${user}${re ? ` on entity ${re} (${verified ? 'verified' : 'not verified'})` : ''} create exactly ${allowed.join(', ')}`, async () => {
        if (re) await setVerified(re, verified);
        try {
          const session = await t.sessionFor(user, re ?? undefined);
          const module = re ? 'RE-Helpdesk' : 'Helpdesk';
          // The create screen's choices: list group 248 as the server gives it to this caller.
          const offered = await select(t, session, { module: 'List', fields: ['id'], where: [['listgroup', '=', 248], ['id', 'in', RULED]], max: 100 });
          expect(sorted(offered.rows.map((r) => Number(r.id)))).toEqual(sorted(allowed));
          const ask = (category: number) => {
            const extra: [string, unknown][] = [...(re ? [] : [['re', 1] as [string, unknown]]), ...(category === HD.link ? [['userid', 'someone'], ['preparer', '1']] as [string, unknown][] : [])];
            return t.call('Record.create', [{ module, fields: ['category', 'name', 'description', ...extra.map(([k]) => k)], values: [category, 'Scoping', 'Body', ...extra.map(([, v]) => v)], read: ['id', 'category'] }], session);
          };
          for (const category of RULED) {
            const before = await count('helpdesk');
            const answer = await ask(category);
            if (allowed.includes(category)) {
              expect(Number(readBack(answer).category), `${user} creates ${category}`).toBe(category);
              expect(await count('helpdesk')).toBe(before + 1);
            } else {
              const f = failure(answer);
              expect(f.code, `${user} creating ${category}`).toBe('E_NOPERMISSION');
              expect(f.message).toBe(CATEGORY_REFUSAL);
              expect(await count('helpdesk')).toBe(before);
            }
          }
        } finally {
          if (re) await setVerified(re, true);
        }
      });
    }

    it('refuses the relationship manager a case of an entity it does not manage, saying what to choose', async () => {
      const rm = await t.sessionFor('rm');
      const f = failure(await t.call('Record.create', [{ module: 'Helpdesk', fields: ['category', 'name', 'description', 're'], values: [HD.rm, 'Other bank', 'Body', 4] }], rm));
      expect(f).toMatchObject({ code: 'E_NOPERMISSION', message: CATEGORY_REFUSAL });
    });

    it('says the AMLPU category is closed while amlpu.visible is not 1, and offers it again once it is', async () => {
      const re = await t.sessionFor('re', 1);
      await db()('parameters').where({ code: 'amlpu.visible' }).update({ value0: '0' });
      await bumpVersions(db(), ['parameters']);
      try {
        const f = failure(await t.call('Record.create', [{ module: 'RE-Helpdesk', fields: ['category', 'name', 'description'], values: [HD.amlpu, 'AML', 'Body'] }], re));
        expect(f).toMatchObject({ code: 'E_NOPERMISSION', message: 'The AMLPU help desk category is not open at present: choose another category' });
        const offered = await select(t, re, { module: 'List', fields: ['id'], where: [['listgroup', '=', 248], ['id', '=', HD.amlpu]] });
        expect(offered.rows).toEqual([]);
      } finally {
        await db()('parameters').where({ code: 'amlpu.visible' }).update({ value0: '1' });
        await bumpVersions(db(), ['parameters']);
      }
    });
  });

  describe('query creation', () => {
    /** A form of one of `res` meeting `where` (on the form and its batch), for a query's re, formbatch and form. */
    async function formOf(res: number[], where: (q: ReturnType<ReturnType<typeof db>>) => void): Promise<Row> {
      const q = db()({ f: 'form' }).join({ b: 'formbatch' }, 'b.id', 'f.formbatch').whereIn('f.re', res).orderBy('f.id').first('f.id as form', 'f.formbatch as formbatch', 'f.re as re');
      where(q);
      const row = (await q) as Row | undefined;
      expect(row, `a demo form of entity ${res.join(' or ')}`).toBeTruthy();
      return row!;
    }
    const smdOr278 = (q: ReturnType<ReturnType<typeof db>>) => q.where((w) => w.whereIn('f.category', SMD).orWhere('b.calendar', 278));
    const ordinary = (q: ReturnType<ReturnType<typeof db>>) => q.where((w) => w.whereNull('f.category').orWhereNotIn('f.category', [...APP, ...SMD])).whereNot('b.calendar', 278);
    const app = (q: ReturnType<ReturnType<typeof db>>) => q.whereIn('f.category', APP);

    const raise = (session: string, f: Row) =>
      t.call('Record.create', [{ module: 'Query', fields: ['re', 'formbatch', 'form', 'formtab', 'dataitem', 'name', 'description', 'confidential'], values: [Number(f.re), Number(f.formbatch), Number(f.form), 'Tab 1', 'A1', 'Scoping', 'Please explain', 0], read: ['id', 're'] }], session);

    async function expectRaised(user: string, f: Row): Promise<void> {
      const row = readBack(await raise(await t.sessionFor(user), f));
      expect(Number(row.re)).toBe(Number(f.re));
    }
    async function expectRefused(user: string, f: Row): Promise<void> {
      const before = await count('query');
      expect(failure(await raise(await t.sessionFor(user), f))).toEqual({ code: 'E_NOPERMISSION', message: QUERY_REFUSAL });
      expect(await count('query')).toBe(before);
    }

    beforeAll(async () => {
      // The demo files the banks' returns monthly under their main category: one batch each of
      // entities 2 and 4 becomes an SMD (100212) batch, the relationship manager's kind of item.
      for (const re of [2, 4]) {
        const batch = await db()('formbatch').where({ re }).orderBy('id').first('id');
        await db()('formbatch').where({ id: batch.id }).update({ category: 100212 });
        await db()('form').where({ formbatch: batch.id }).update({ category: 100212 });
      }
      await bumpVersions(db(), ['form', 'formbatch']);
    });

    it('offers the relationship manager only sector 1 entities it manages, and the App I/II officer only App I/II entities', async () => {
      const entities = async (user: string) => (await select(t, await t.sessionFor(user), { module: 'RE', fields: ['id', 'sector'], max: 1000 })).rows;
      const rm = await entities('rm');
      expect(sorted(rm.map((r) => Number(r.id)))).toEqual([1, 2, 3]);
      // The create screen's sector list is the sectors of the entities offered: sector 1 only.
      expect(sorted(rm.map((r) => Number(r.sector)))).toEqual([1]);
      const app = await entities('appofficer');
      const appIds = sorted((await db()('re_recategory').whereIn('link_fk_recategory', APP).pluck('link_fk_re')).map(Number));
      expect(sorted(app.map((r) => Number(r.id)))).toEqual(appIds);
      expect(appIds.length).toBeGreaterThan(0);
      const iru = await entities('iru');
      expect(iru.length).toBeGreaterThan(appIds.length);
    });

    it('lets the relationship manager raise a query on an SMD or quarterly form of a bank it manages, and nothing else', async () => {
      await expectRaised('rm', await formOf([1, 2, 3], smdOr278));
      await expectRefused('rm', await formOf([4], smdOr278));
      await expectRefused('rm', await formOf([6, 7, 8], () => {}));
      await expectRefused('rm', await formOf([1, 2, 3], ordinary));
    });

    it('lets the App I/II officer raise a query only on an App I/II entity', async () => {
      const appIds = (await db()('re_recategory').whereIn('link_fk_recategory', APP).pluck('link_fk_re')).map(Number);
      await expectRaised('appofficer', await formOf(appIds, app));
      await expectRefused('appofficer', await formOf([1, 4, 6], () => {}));
    });

    it('lets other staff raise a query on an ordinary form, not on an App I/II or SMD one', async () => {
      await expectRaised('iru', await formOf([1, 4, 6], ordinary));
      await expectRefused('iru', await formOf([1, 2, 3], app));
      await expectRaised('admin', await formOf([1, 2, 3], app));
    });

    it('refuses an entity user raising a query at all', async () => {
      const f = failure(await raise(await t.sessionFor('re', 1), await formOf([1], ordinary)));
      expect(f.code).toBe('E_NOPERMISSION');
    });
  });
});
