// The sidebar counts of seed 003 §4.7 against real rows, on every dialect: the badges' queries, as
// client/src/shells/bulletin-badge.ts and sign-off-badge.ts build them (their unit tests pin
// them to these), sent through Record.select as the sidebar sends them, count exactly the rows
// the rules name, counted here straight from the tables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { select } from '../testing/record-calls.js';
import { bumpVersions } from '../db/change-versions.js';
import { sqlDateTime } from '../db/clock.js';

const ENTITY = 1;
const CHECKER_ENTITY = 6;
const DAY = 86_400_000;
const at = (offsetDays: number) => sqlDateTime(new Date(Date.now() + offsetDays * DAY));
const dayBefore = (now: Date, days: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days)).toISOString().slice(0, 10);
/** bulletin-badge.ts: RE-Bulletin, Active, started on or after the day 14 days ago. */
const bulletinBadge = (now: Date) => ({ module: 'RE-Bulletin', where: [['state', '=', 33], ['startdate', '>=', `${dayBefore(now, 14)} 00:00:00`]] });
/** sign-off-badge.ts: the checker's queue (REForm in Pending Verification, any period), a checker-approver's, and the regulator reviewer's (Form Submitted). */
const checkerBadge = { module: 'REForm', where: [['$filter', 'pendingVerification']] };
const checkerApproverBadge = { module: 'REForm', where: [{ or: [['$filter', 'pendingVerification'], ['$filter', 'readyForApproval']] }] };
const reviewerBadge = { module: 'Form', where: [['$filter', 'waitingForReview']] };

describe.each(await testDialects())('sidebar counts against rows on %s', (dialect) => {
  let t: TestEngine;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
  });
  afterAll(async () => t?.close());

  it("counts an entity's Active bulletins of its sector started within 14 days and not yet ended", async () => {
    const db = t.database.db;
    const sector = Number((await db('re').where({ id: ENTITY }).first('sector')).sector);
    const other = Number((await db('sector').whereNot({ id: sector }).orderBy('id').first('id')).id);
    const add = async (name: string, start: number, end: number, state: number, sectors: number[]) => {
      // One row: both drivers answer [its id].
      const [inserted] = await db('bulletin').insert({ name, message: '<p>x</p>', startdate: at(start), enddate: at(end), state, sectorcount: sectors.length, updatectr: 1, createon: at(0) });
      const id = Number(inserted);
      for (const s of sectors) await db('bulletin_sector').insert({ link_fk_bulletin: id, link_fk_sector: s });
    };
    await add('Counted: three days old', -3, 10, 33, [sector]);
    await add('Not counted: started 20 days ago', -20, 10, 33, [sector]);
    await add('Not counted: ended', -5, -1, 33, [sector]);
    await add('Not counted: inactive', -2, 10, 4, [sector]);
    await add('Not counted: not yet started', 2, 10, 33, [sector]);
    await add('Not counted: another sector', -1, 10, 33, [other]);
    await bumpVersions(db, ['bulletin', 'bulletin_sector']);

    const now = new Date();
    const from = `${new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 14)).toISOString().slice(0, 10)} 00:00:00`;
    const expected = Number(
      (await db({ b: 'bulletin' })
        .whereExists((q) => q.select(db.raw('1')).from({ s: 'bulletin_sector' }).whereRaw('?? = ??', ['s.link_fk_bulletin', 'b.id']).andWhere('s.link_fk_sector', sector))
        .andWhere('b.state', 33)
        .andWhere('b.startdate', '>=', from)
        .andWhere('b.startdate', '<=', sqlDateTime())
        .andWhere('b.enddate', '>=', sqlDateTime())
        .count({ n: '*' })
        .first())?.n,
    );
    const names = (await select(t, await t.sessionFor('re', ENTITY), { module: 'RE-Bulletin', fields: ['name'], where: bulletinBadge(now).where, max: 100 })).rows.map((r) => String(r.name));
    expect(names).toContain('Counted: three days old');
    expect(names.filter((n) => n.startsWith('Not counted'))).toEqual([]);
    const badge = bulletinBadge(now);
    const { total } = await select(t, await t.sessionFor('re', ENTITY), { module: badge.module, fields: ['id'], where: badge.where, max: 1 });
    expect(total).toBe(expected);
  });

  it("counts a checker's forms in Pending Verification however long they have waited, of the current entity only; with the approver's Ready ones for a user holding both roles", async () => {
    const db = t.database.db;
    const forms = (await db('form').where({ re: CHECKER_ENTITY }).orderBy('id').limit(4).pluck('id')).map(Number);
    expect(forms).toHaveLength(4);
    await db('form').where({ re: CHECKER_ENTITY }).whereIn('state', [78, 55]).update({ state: 13 });
    await db('form').where({ id: forms[0] }).update({ state: 78, updateon: at(-1) });
    await db('form').where({ id: forms[1] }).update({ state: 78, updateon: at(-90) });
    await db('form').where({ id: forms[2] }).update({ state: 55, updateon: at(-1) });
    await db('form').where({ id: forms[3] }).update({ state: 56, updateon: at(-1) });
    const elsewhere = Number((await db('form').where({ re: ENTITY }).orderBy('id').first('id')).id);
    await db('form').where({ id: elsewhere }).update({ state: 78, updateon: at(0) });
    await bumpVersions(db, ['form']);

    const session = await t.sessionFor('re', CHECKER_ENTITY);
    const ids = async (badge: { module: string; where: unknown[] }) => (await select(t, session, { module: badge.module, fields: ['id'], where: badge.where, max: 100 })).rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    expect(await ids(checkerBadge)).toEqual([forms[0], forms[1]]);
    expect(await ids(checkerApproverBadge)).toEqual([forms[0], forms[1], forms[2]]);
    const { total } = await select(t, session, { module: checkerBadge.module, fields: ['id'], where: checkerBadge.where, max: 1 });
    expect(total).toBe(2);
  });

  it("counts the regulator reviewer's Submitted forms of every period, the same rows as a Status filter of Submitted", async () => {
    const db = t.database.db;
    const forms = (await db('form').orderBy('endon').orderBy('id').limit(2).pluck('id')).map(Number);
    await db('form').whereIn('id', forms).update({ state: 56 });
    await bumpVersions(db, ['form']);
    const session = await t.sessionFor('iru');
    const queue = await select(t, session, { module: reviewerBadge.module, fields: ['id', 'state'], where: reviewerBadge.where, max: 1000 });
    const byStatus = await select(t, session, { module: 'Form', fields: ['id'], where: [['state', '=', 56]], max: 1000 });
    expect(queue.total).toBeGreaterThanOrEqual(1);
    expect(queue.rows.every((r) => Number(r.state) === 56)).toBe(true);
    expect(queue.rows.map((r) => Number(r.id)).sort()).toEqual(byStatus.rows.map((r) => Number(r.id)).sort());
  });
});
