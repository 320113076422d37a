// The regulator's period actions keep to the caller's rows (docs/filing-periods.md "Whose rows"),
// on every dialect: a relationship manager (rm: banks 1-3) and an App I/II officer (appofficer:
// entity 3's App I/II items) open, preview, count and notify only what their lists show, next to
// an ordinary regulator user (iru); a batch they cannot list answers as a missing one and mails
// nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpVersions } from '../../../engine/db/change-versions.js';
import { sqlDate, sqlDateTime } from '../../../engine/db/clock.js';
import { recordsetObjects, type EnvelopeValue, type RecordsetValue } from '../../../engine/protocol/envelope.js';
import { failure, ok, select, sorted, type Page } from '../../../engine/testing/record-calls.js';
import { testDialects } from '../../../engine/testing/test-database.js';
import { startTestEngine, type TestEngine } from '../../../engine/testing/test-engine.js';

const MONTHLY = 277;
const QUARTERLY = 278;
const APP = 100213;
const MAIN = 100211;
/** A quarter no demo batch is in: the relationship manager's banks file TS-Q in it. */
const QUARTER = '2026-06-30';
/** A month no demo batch is in: entity 3 files TS-APP (App I/II) in it. */
const MONTH = '2026-05-31';

const daysFromToday = (n: number) => {
  const d = new Date(`${sqlDate()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

describe.each(await testDialects())('period actions within the caller\'s rows on %s', (dialect) => {
  let t: TestEngine;
  const s: Record<string, string> = {};
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    for (const u of ['iru', 'rm', 'appofficer']) s[u] = await t.sessionFor(u);
    // Two templates beside the demo's: a quarterly return of every bank (no category, so its
    // batches take the bank's Main category) and a monthly App I/II return.
    const { id: _id, ...bnk } = await db()('formtemplate').where({ code: 'BNK-01' }).first();
    await db()('formtemplate').insert([
      { ...bnk, code: 'TS-Q', name: 'Quarterly Bank Return', calendar: QUARTERLY, sector: 1, category: null, duedays: 20 },
      { ...bnk, code: 'TS-APP', name: 'App I/II Monthly Return', calendar: MONTHLY, sector: 1, category: APP, duedays: 10 },
    ]);
  });
  afterAll(async () => t?.close());

  async function allRows(session: string, args: Record<string, unknown>): Promise<Page['rows']> {
    const out: Page['rows'] = [];
    for (let page = 1; ; page++) {
      const p = await select(t, session, { ...args, max: 1000, pageIndex: page });
      out.push(...p.rows);
      if (p.rows.length < 1000) return out;
    }
  }
  const idsOf = async (session: string, module: string) => new Set((await allRows(session, { module, fields: ['id'] })).map((r) => Number(r.id)));

  const open = async (session: string, args: Record<string, unknown>) => {
    const values = ok(await t.call('FormBatch.openPeriod', [args], session));
    return { rows: recordsetObjects(values[0] as RecordsetValue), summary: JSON.parse((values[1] as { text: string }).text) };
  };
  const entitiesOf = (rows: Record<string, unknown>[]) => sorted([...new Set(rows.map((r) => Number(r.re)))]);
  const storedBatches = async (endon: string) => sorted((await db()('formbatch').where({ endon }).pluck('re')).map(Number));

  describe('opening a period', () => {
    it('previews for a relationship manager only the banks it manages, without counting the others', async () => {
      const mine = await idsOf(s.rm, 'RE');
      expect(sorted([...mine])).toEqual([1, 2, 3]);
      const rm = await open(s.rm, { calendar: QUARTERLY, endon: QUARTER, dryRun: true });
      expect(entitiesOf(rm.rows)).toEqual([1, 2, 3]);
      expect(rm.rows.map((r) => [r.code, r.status, r.form])).toEqual([1, 2, 3].map(() => ['TS-Q', 'created', null]));
      expect(rm.summary).toMatchObject({ dryRun: true, batches: { created: 3, exists: 0, closed: 0 }, forms: { created: 3, exists: 0, closed: 0 } });
      // The same preview for the ordinary regulator names bank 4 and the insurers and trust companies too.
      const iru = await open(s.iru, { calendar: QUARTERLY, endon: QUARTER, dryRun: true });
      expect(entitiesOf(iru.rows)).toEqual(expect.arrayContaining([1, 2, 3, 4, 6, 26]));
      expect(iru.summary.batches.created).toBeGreaterThan(rm.summary.batches.created);
      expect(await storedBatches(QUARTER)).toEqual([]);
    });

    it('creates for a relationship manager only its banks\' batches and forms, each one it then lists; the regulator opens the rest', async () => {
      const rm = await open(s.rm, { calendar: QUARTERLY, endon: QUARTER });
      expect(entitiesOf(rm.rows)).toEqual([1, 2, 3]);
      expect(rm.summary).toMatchObject({ dryRun: false, batches: { created: 3 }, forms: { created: 3 } });
      expect(await storedBatches(QUARTER)).toEqual([1, 2, 3]);
      const [batches, forms] = [await idsOf(s.rm, 'FormBatch'), await idsOf(s.rm, 'Form')];
      for (const r of rm.rows) {
        expect(batches.has(Number(r.formbatch))).toBe(true);
        expect(forms.has(Number(r.form))).toBe(true);
      }

      const iru = await open(s.iru, { calendar: QUARTERLY, endon: QUARTER });
      expect(iru.rows.filter((r) => r.status === 'exists').map((r) => Number(r.re))).toEqual([1, 2, 3]);
      expect(entitiesOf(iru.rows.filter((r) => r.status === 'created'))).toEqual(expect.arrayContaining([4, 6, 26]));

      // Opening again, the manager meets its own batches and nothing of bank 4's.
      const again = await open(s.rm, { calendar: QUARTERLY, endon: QUARTER, dryRun: true });
      expect(again.rows.map((r) => [Number(r.re), r.status])).toEqual([[1, 'exists'], [2, 'exists'], [3, 'exists']]);
      expect(again.summary).toMatchObject({ batches: { created: 0, exists: 3, closed: 0 }, forms: { created: 0, exists: 3, closed: 0 } });
    });

    it('touches nothing for an App I/II officer opening a period of another team\'s entities or sector, in a preview or for real', async () => {
      const monthly = { calendar: MONTHLY, endon: MONTH };
      const quarterOfInsurers = { calendar: QUARTERLY, endon: '2026-12-31', sector: 2 };
      for (const args of [monthly, quarterOfInsurers]) {
        for (const dryRun of [true, false]) {
          const { rows, summary } = await open(s.appofficer, { ...args, dryRun });
          expect(rows).toEqual([]);
          expect(summary).toMatchObject({ duedate: null, batches: { created: 0, exists: 0, closed: 0 }, forms: { created: 0, exists: 0, closed: 0 } });
        }
      }
      expect(await storedBatches(MONTH)).toEqual([]);
      expect(await storedBatches('2026-12-31')).toEqual([]);
      // What the ordinary regulator would open there.
      expect((await open(s.iru, { ...quarterOfInsurers, dryRun: true })).summary.batches.created).toBe(5);
      expect((await open(s.iru, { ...monthly, dryRun: true })).summary.batches.created).toBeGreaterThan(10);
    });

    it('opens for an App I/II officer its own category\'s forms, which the ordinary regulator neither previews nor opens', async () => {
      const args = { calendar: MONTHLY, endon: MONTH, category: APP };
      expect((await open(s.iru, { ...args, dryRun: true })).rows).toEqual([]);
      const app = await open(s.appofficer, args);
      expect(app.rows.map((r) => [Number(r.re), r.code, r.status])).toEqual([[3, 'TS-APP', 'created']]);
      expect((await idsOf(s.appofficer, 'FormBatch')).has(Number(app.rows[0].formbatch))).toBe(true);
      expect((await open(s.iru, args)).rows).toEqual([]);
      expect(await storedBatches(MONTH)).toEqual([3]);
    });
  });

  describe('completeness', () => {
    const rowsOf = (values: EnvelopeValue[]) => recordsetObjects(ok(values)[0] as RecordsetValue);

    /** The forms of `endon` the caller lists, of batches and entities it lists: Record.select's answer. */
    async function listedForms(session: string, where: unknown[]): Promise<number[]> {
      const [entities, batches] = [await idsOf(session, 'RE'), await idsOf(session, 'FormBatch')];
      const forms = await allRows(session, { module: 'Form', fields: ['id', 're', 'formbatch'], where });
      return sorted(forms.filter((f) => entities.has(Number(f.re)) && batches.has(Number(f.formbatch))).map((f) => Number(f.id)));
    }

    it('lists and counts for each caller exactly the forms, batches and entities its lists show', async () => {
      // An App I/II batch and form of bank 1, an entity outside the App I/II officer's: not its to count.
      const createon = sqlDateTime();
      await db()('formbatch').insert({ re: 1, name: 'App I/II of bank 1', calendar: MONTHLY, category: APP, endon: MONTH, duedate: MONTH, state: 13, frozen_ind: false, createon });
      const batch = Number((await db()('formbatch').max({ id: 'id' }))[0].id);
      await db()('form').insert({ code: 'TS-APP', name: 'App I/II Monthly Return', re: 1, formbatch: batch, calendar: MONTHLY, category: APP, state: 13, endon: MONTH, createon });
      await bumpVersions(db(), ['formbatch', 'form']);
      for (const u of ['rm', 'appofficer', 'iru']) {
        for (const endon of [QUARTER, MONTH, '2025-09-30']) {
          const listed = await listedForms(s[u], [['endon', '=', endon]]);
          const behind = rowsOf(await t.call('FormBatch.completenessEntities', [{ endon }], s[u]));
          expect(sorted(behind.map((r) => Number(r.form))), `${u} ${endon}`).toEqual(listed);
          const entities = await idsOf(s[u], 'RE');
          expect(behind.every((r) => entities.has(Number(r.re)))).toBe(true);
          const cells = rowsOf(await t.call('FormBatch.completeness', [{ from: endon, to: endon }], s[u]));
          expect(cells.reduce((n, c) => n + Number(c.expected), 0), `${u} ${endon}`).toBe(listed.length);
        }
      }
    });

    it('shows the relationship manager and the App I/II officer only their own few entities over two years of filings', async () => {
      const range = { from: '2024-10-31', to: '2026-10-31' };
      const behind = async (u: string) => {
        const cells = rowsOf(await t.call('FormBatch.completeness', [range], s[u]));
        const res = new Set<number>();
        for (const endon of new Set(cells.map((c) => String(c.endon)))) {
          for (const r of rowsOf(await t.call('FormBatch.completenessEntities', [{ endon }], s[u]))) res.add(Number(r.re));
        }
        return { expected: cells.reduce((n, c) => n + Number(c.expected), 0), entities: sorted([...res]) };
      };
      const [rm, app, iru] = [await behind('rm'), await behind('appofficer'), await behind('iru')];
      expect(rm.entities).toEqual([1, 2, 3]);
      expect(app.entities).toEqual([3]);
      expect(iru.entities.length).toBeGreaterThan(14);
      expect(rm.expected).toBe((await listedForms(s.rm, [['endon', 'between', [range.from, range.to]]])).length);
      expect(app.expected).toBe((await listedForms(s.appofficer, [['endon', 'between', [range.from, range.to]]])).length);
      expect(iru.expected).toBeGreaterThan(rm.expected + app.expected);
    });
  });

  describe('late notices', () => {
    /** A late batch (due 10 days ago) of `re` with an Open form per entry of `forms`. */
    async function lateBatch(re: number, batch: Record<string, unknown>, forms: Record<string, unknown>[], due = daysFromToday(-10)): Promise<number> {
      const createon = sqlDateTime();
      await db()('formbatch').insert({ re, name: `Late ${Math.random().toString(36).slice(2, 8)}`, endon: '2026-03-31', duedate: due, state: 13, frozen_ind: false, createon, ...batch });
      const id = Number((await db()('formbatch').max({ id: 'id' }))[0].id);
      await db()('form').insert(forms.map((f, i) => ({ code: `LT-${i}`, name: `Late Form ${i}`, re, formbatch: id, state: 13, endon: '2026-03-31', createon, ...f })));
      await bumpVersions(db(), ['formbatch', 'form']);
      return id;
    }
    const lastOutboxId = async () => Number((await db()('email_outbox').max({ id: 'id' }))[0].id ?? 0);
    const noticesOf = (batch: number) => db()('state_history').where({ module: 'formbatch', record_id: batch }).select('reason');

    it('answers a batch the caller cannot list exactly as a missing one, whatever its state, and mails nothing', async () => {
      const ofBank4 = await lateBatch(4, { calendar: QUARTERLY, category: MAIN }, [{ calendar: QUARTERLY }]);
      const notYetDue = await lateBatch(4, { calendar: QUARTERLY, category: MAIN }, [{ calendar: QUARTERLY }], daysFromToday(3));
      const mainOfBank1 = await lateBatch(1, { calendar: MONTHLY, category: MAIN }, [{ calendar: MONTHLY, category: MAIN }]);
      const missing = 99_999_999;
      expect(failure(await t.call('FormBatch.lateNotify', [{ id: missing }], s.rm))).toEqual({ code: 'E_NOTFOUND', message: `FormBatch #${missing} not found.` });
      const before = await lastOutboxId();
      for (const [u, id] of [['rm', ofBank4], ['rm', notYetDue], ['appofficer', ofBank4], ['appofficer', mainOfBank1]] as const) {
        expect(failure(await t.call('FormBatch.lateNotify', [{ id }], s[u])), `${u} #${id}`).toEqual({ code: 'E_NOTFOUND', message: `FormBatch #${id} not found.` });
        expect(await noticesOf(id)).toEqual([]);
      }
      expect(await lastOutboxId()).toBe(before);
      // The batches exist: the ordinary regulator, who lists them, is told why or sends the notice.
      expect(failure(await t.call('FormBatch.lateNotify', [{ id: notYetDue }], s.iru)).code).toBe('E_VALIDATION');
      expect(JSON.parse((ok(await t.call('FormBatch.lateNotify', [{ id: mainOfBank1 }], s.iru))[0] as { text: string }).text).outstanding).toBe(1);
    });

    it('still sends the notice of a late batch the caller lists, naming and counting only the forms it lists', async () => {
      // Bank 1's quarterly batch: the manager lists it and its quarterly form, not the monthly one.
      const batch = await lateBatch(1, { calendar: QUARTERLY, category: MAIN }, [{ calendar: QUARTERLY, name: 'Listed Form' }, { calendar: MONTHLY, category: MAIN, name: 'Hidden Form' }]);
      const before = await lastOutboxId();
      const sent = JSON.parse((ok(await t.call('FormBatch.lateNotify', [{ id: batch }], s.rm))[0] as { text: string }).text);
      expect(sent).toEqual({ recipients: ['re@regportal.example', 'approver@regportal.example'], outstanding: 1 });
      const mails = await db()('email_outbox').where('id', '>', before).orderBy('id').select('recipient', 'body_text');
      expect(mails.map((m) => m.recipient)).toEqual(['re@regportal.example', 'approver@regportal.example']);
      expect(mails[0].body_text).toContain('- LT-0 Listed Form');
      expect(mails[0].body_text).not.toContain('Hidden Form');
      expect((await noticesOf(batch)).map((r) => r.reason)).toEqual(['Late notice sent to re@regportal.example, approver@regportal.example']);
    });
  });
});
