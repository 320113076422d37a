// Bulletins on every dialect: Bulletin.save with its sectors and the save rules (also through
// Record.*), what an RE user may read through RE-Bulletin (sector, state, dates; by id too) and
// Bulletin_Reference, the IRU sector filter, and Bulletin.emailCheck with the mail outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../../engine/testing/test-engine.js';
import { testDialects } from '../../../engine/testing/test-database.js';
import { failure, ids, readBack, select } from '../../../engine/testing/record-calls.js';
import { bumpVersions } from '../../../engine/db/change-versions.js';
import { sqlDate } from '../../../engine/db/clock.js';
import { decodeXml } from '../../../engine/protocol/envelope.js';

const DAY = 86_400_000;
const day = (offset: number) => sqlDate(new Date(Date.now() + offset * DAY));
// seeds/demo-entities.ts: entities 1-5 are sector 1 (Banking), 6-10 sector 2 (Insurance).
// seeds/demo-users.ts: `re` is linked to entities 1, 6 and 11; `re2` to entity 2.

describe.each(await testDialects())('bulletins on %s', (dialect) => {
  let t: TestEngine;
  let iru: string;
  let reSector1: string;
  let reSector2: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    iru = await t.sessionFor('iru');
    reSector1 = await t.sessionFor('re', 1);
    reSector2 = await t.sessionFor('re', 6);
  });
  afterAll(async () => t?.close());

  const save = (args: Record<string, unknown>, cookie = iru) => t.call('Bulletin.save', [args], cookie);
  const bulletin = (over: Record<string, unknown> = {}) => ({ name: 'Notice', message: '<p>Hello sector</p>', startdate: day(0), enddate: day(10), state: 33, sectors: [1], ...over });
  const created = async (over: Record<string, unknown> = {}) => Number(readBack(await save(bulletin(over))).id);
  const row = (id: number) => t.database.db('bulletin').where({ id }).first();
  const reIds = async (cookie: string, where: unknown[] = []) => ids(await select(t, cookie, { module: 'RE-Bulletin', where, max: 1000 }, 'Record2.select'));
  /** Moves a bulletin's dates directly (the save rules refuse past dates, as they should). */
  const setDates = async (id: number, start: number, end: number) => {
    await t.database.db('bulletin').where({ id }).update({ startdate: `${day(start)} 00:00:00`, enddate: `${day(end)} 23:59:59` });
    await bumpVersions(t.database.db, ['bulletin']);
  };

  it('saves a bulletin with its sectors in one call: whole days, link rows and their count', async () => {
    const id = await created({ startdate: `${day(1)} 15:30:00`, enddate: day(3), sectors: [1, 2, 2] });
    const stored = await row(id);
    expect(String(stored.startdate)).toBe(`${day(1)} 00:00:00`);
    expect(String(stored.enddate)).toBe(`${day(3)} 23:59:59`);
    expect(Number(stored.state)).toBe(33);
    expect(Number(stored.sectorcount)).toBe(2);
    expect(Number(stored.createby)).toBe(2);
    const links = await t.database.db('bulletin_sector').where({ link_fk_bulletin: id }).orderBy('link_fk_sector').pluck('link_fk_sector');
    expect(links.map(Number)).toEqual([1, 2]);
  });

  it('updates the bulletin and its sectors with the counter read, and refuses a stale one', async () => {
    const id = await created({ sectors: [1, 2] });
    const before = await row(id);
    const back = readBack(await save(bulletin({ id, updatectr: Number(before.updatectr), name: 'Renamed', sectors: [2, 3], state: 4 })));
    expect(Number(back.updatectr)).toBe(Number(before.updatectr) + 1);
    const after = await row(id);
    expect([after.name, Number(after.state), Number(after.sectorcount)]).toEqual(['Renamed', 4, 2]);
    const links = await t.database.db('bulletin_sector').where({ link_fk_bulletin: id }).orderBy('link_fk_sector').pluck('link_fk_sector');
    expect(links.map(Number)).toEqual([2, 3]);
    expect(failure(await save(bulletin({ id, updatectr: Number(before.updatectr), sectors: [1] }))).code).toBe('E_CONCURRENT');
    expect((await t.database.db('bulletin_sector').where({ link_fk_bulletin: id }).pluck('link_fk_sector')).map(Number).sort()).toEqual([2, 3]);
  });

  it('refuses missing fields, no sector, a start before today and an end less than a day after the start', async () => {
    const count = async () => Number((await t.database.db('bulletin').count({ n: '*' }).first())!.n);
    const n = await count();
    expect(failure(await save(bulletin({ name: '', message: ' ' })))).toMatchObject({ code: 'E_VALIDATION', details: { name: 'is required', message: 'is required' } });
    expect(failure(await save(bulletin({ sectors: [] })))).toMatchObject({ code: 'E_VALIDATION', details: { sectors: 'Please fill in all the required fields' } });
    expect(failure(await save(bulletin({ startdate: day(-1) })))).toMatchObject({ code: 'E_VALIDATION', details: { startdate: 'cannot be before today' } });
    expect(failure(await save(bulletin({ startdate: day(2), enddate: day(2) })))).toMatchObject({ code: 'E_VALIDATION', details: { enddate: 'must be at least 1 day after startdate' } });
    expect(failure(await save(bulletin({ startdate: day(2), enddate: day(1) }))).code).toBe('E_VALIDATION');
    expect(await count()).toBe(n);
  });

  it('applies the same rules to Record.create and Record.update, keeping a past start that is not changed', async () => {
    const fields = ['name', 'message', 'startdate', 'enddate'];
    expect(failure(await t.call('Record.create', [{ module: 'Bulletin', fields, values: ['A', 'B', day(-3), day(5)] }], iru))).toMatchObject({ details: { startdate: 'cannot be before today' } });
    expect(failure(await t.call('Record.create', [{ module: 'Bulletin', fields: ['name', 'message', 'startdate'], values: ['A', 'B', day(1)] }], iru))).toMatchObject({ details: { enddate: 'is required' } });
    const id = Number(readBack(await t.call('Record.create', [{ module: 'Bulletin', fields, values: ['A', 'B', day(0), day(1)] }], iru)).id);
    await setDates(id, -5, 5);
    const ctr = Number((await row(id)).updatectr);
    // The end moves alone: the stored start stays, though it is now in the past.
    readBack(await t.call('Record.update', [{ module: 'Bulletin', fields: ['id', 'updatectr', 'enddate'], values: [id, ctr, day(20)] }], iru));
    expect(String((await row(id)).enddate)).toBe(`${day(20)} 23:59:59`);
    expect(failure(await t.call('Record.update', [{ module: 'Bulletin', fields: ['id', 'updatectr', 'enddate'], values: [id, ctr + 1, day(-5)] }], iru))).toMatchObject({ details: { enddate: 'must be at least 1 day after startdate' } });
    expect(failure(await t.call('Record.update', [{ module: 'Bulletin', fields: ['id', 'updatectr', 'startdate'], values: [id, ctr + 1, day(-2)] }], iru))).toMatchObject({ details: { startdate: 'cannot be before today' } });
  });

  it('shows an RE user only Active, current bulletins of its sector, in every call including by id', async () => {
    const mine = await created({ sectors: [1] });
    const other = await created({ sectors: [2] });
    const inactive = await created({ sectors: [1], state: 4 });
    const future = await created({ sectors: [1], startdate: day(2), enddate: day(9) });
    const ended = await created({ sectors: [1] });
    await setDates(ended, -9, -1);
    const startedEarlier = await created({ sectors: [1, 2] });
    await setDates(startedEarlier, -9, 0);

    const seen1 = await reIds(reSector1);
    expect(seen1).toEqual(expect.arrayContaining([mine, startedEarlier]));
    for (const id of [other, inactive, future, ended]) expect(seen1).not.toContain(id);
    const seen2 = await reIds(reSector2);
    expect(seen2).toEqual(expect.arrayContaining([other, startedEarlier]));
    expect(seen2).not.toContain(mine);

    // By id, by a where that asks for everything, and through the count.
    for (const id of [other, inactive, future, ended]) {
      const page = await select(t, reSector1, { module: 'RE-Bulletin', where: [['id', '=', id]] }, 'Record2.select');
      expect([page.rows.length, page.total]).toEqual([0, 0]);
    }
    const asked = await reIds(reSector1, [{ or: [['state', '=', 4], ['state', '=', 33]] }, ['enddate', '<', `${day(0)} 00:00:00`]]);
    expect(asked).toEqual([]);
    const page = await select(t, reSector1, { module: 'RE-Bulletin', where: [['id', '=', mine]], fields: ['id', 'name', 'message', 'createon', 'createby_name_ind_field'] }, 'Record2.select');
    expect(page.rows[0]).toMatchObject({ id: mine, name: 'Notice', createby_name_ind_field: 'IRU Officer' });

    // Deactivated later: gone at once for the RE user.
    const ctr = Number((await row(mine)).updatectr);
    readBack(await t.call('Record.update', [{ module: 'Bulletin', fields: ['id', 'updatectr', 'state'], values: [mine, ctr, 4] }], iru));
    expect(await reIds(reSector1)).not.toContain(mine);
  });

  it("counts an RE user's bulletins afresh once the entity's sector changes", async () => {
    const id = await created({ name: 'Sector move', sectors: [3] });
    const totals = async () => [
      (await select(t, reSector1, { module: 'RE-Bulletin', where: [['name', '=', 'Sector move']], max: 1 }, 'Record2.select')).total,
      (await select(t, reSector1, { module: 'RE-Bulletin', where: [['id', '=', id]], max: 1 }, 'Record2.select')).total,
    ];
    expect(await totals()).toEqual([0, 0]);
    const before = await t.database.db('re').where({ id: 1 }).first('sector');
    // Written by the record engine, as an IRU officer would change the entity's sector.
    const re = await t.database.db('re').where({ id: 1 }).first('updatectr');
    readBack(await t.call('Record.update', [{ module: 'RE', fields: ['id', 'updatectr', 'sector'], values: [1, Number(re.updatectr), 3] }], iru));
    try {
      expect(await totals()).toEqual([1, 1]);
    } finally {
      const now = await t.database.db('re').where({ id: 1 }).first('updatectr');
      readBack(await t.call('Record.update', [{ module: 'RE', fields: ['id', 'updatectr', 'sector'], values: [1, Number(now.updatectr), Number(before.sector)] }], iru));
    }
    expect(await totals()).toEqual([0, 0]);
  });

  it('lets RE users neither read the base module nor write through the variant, and shows staff nothing through it', async () => {
    expect(failure(await t.call('Record2.select', [{ module: 'Bulletin' }], reSector1)).code).toBe('E_NOPERMISSION');
    const id = await created({ sectors: [1] });
    const ctr = Number((await row(id)).updatectr);
    expect(failure(await t.call('Record2.update', [{ module: 'RE-Bulletin', fields: ['id', 'updatectr', 'name'], values: [id, ctr, 'x'] }], reSector1)).code).toBe('E_NOPERMISSION');
    expect(failure(await save(bulletin(), reSector1)).code).toBe('E_NOPERMISSION');
    expect((await select(t, iru, { module: 'RE-Bulletin' })).total).toBe(0);
  });

  it('gives RE users the attachments of the bulletins they may read, and no others', async () => {
    const visible = await created({ sectors: [1] });
    const hidden = await created({ sectors: [2] });
    const attach = (fk: number) => ({ fk_bulletin: fk, name: `file-${fk}.pdf`, contenttype: 'application/pdf', referencetype: 11, updatectr: 1 });
    await t.database.db('bulletin_reference').insert([attach(visible), attach(hidden)]);
    await bumpVersions(t.database.db, ['bulletin_reference']);
    const refs = async (cookie: string, fk: number) => (await select(t, cookie, { module: 'Bulletin_Reference', where: [['fk_bulletin', '=', fk]] }, 'Record2.select')).rows.map((r) => r.name);
    expect(await refs(reSector1, visible)).toEqual([`file-${visible}.pdf`]);
    expect(await refs(reSector1, hidden)).toEqual([]);
    expect(await refs(reSector2, hidden)).toEqual([`file-${hidden}.pdf`]);
    expect(await refs(iru, hidden)).toEqual([`file-${hidden}.pdf`]);
    const [row0] = await t.database.db('bulletin_reference').where({ fk_bulletin: hidden }).select('id');
    const res = await t.engine.app.inject({ method: 'GET', url: `/file/Bulletin_Reference/${row0.id}`, headers: { cookie: reSector1 } });
    expect(res.statusCode).not.toBe(200);
  });

  it('takes uploads from staff and serves the file to RE users of its sector only', async () => {
    const id = await created({ sectors: [1] });
    const bytes = Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% bulletin ${id}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');
    const upload = async (cookie: string) => {
      const form = new FormData();
      form.set('action', 'Record2.uploadFile');
      form.set('a0', JSON.stringify(['fk_bulletin']));
      form.set('a1', JSON.stringify([id]));
      form.set('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'circular.pdf');
      const request = new Request('http://localhost/process', { method: 'POST', body: form });
      const res = await t.engine.app.inject({ method: 'POST', url: '/process', headers: { 'content-type': request.headers.get('content-type')!, cookie }, payload: Buffer.from(await request.arrayBuffer()) });
      return decodeXml(res.body);
    };
    expect(failure(await upload(reSector1)).code).toBe('E_NOPERMISSION');
    const file = readBack(await upload(iru));
    expect(file).toMatchObject({ name: 'circular.pdf', url: `/file/Bulletin_Reference/${String(file.id)}` });
    const get = (cookie: string) => t.engine.app.inject({ method: 'GET', url: String(file.url), headers: { cookie } });
    const mine = await get(reSector1);
    expect(mine.statusCode).toBe(200);
    expect(Buffer.compare(mine.rawPayload, bytes)).toBe(0);
    expect((await get(reSector2)).statusCode).not.toBe(200);
    // RE users may not remove it; staff may.
    expect(failure(await t.call('Bulletin_Reference.removeReference', [['id', 'updatectr'], [file.id, file.updatectr]], reSector1)).code).toBe('E_NOPERMISSION');
    expect(await t.call('Bulletin_Reference.removeReference', [['id', 'updatectr'], [file.id, file.updatectr]], iru)).toEqual([{ type: 'text', text: '1' }]);
    expect((await get(reSector1)).statusCode).not.toBe(200);
  });

  it('filters the IRU list by sector through the link rows (named filter bySector)', async () => {
    const a = await created({ sectors: [4] });
    const b = await created({ sectors: [4, 5] });
    const c = await created({ sectors: [5] });
    const bySector = async (s: number) => ids(await select(t, iru, { module: 'Bulletin', where: [['$filter', 'bySector', [s]]], max: 1000 }));
    expect(await bySector(4)).toEqual(expect.arrayContaining([a, b]));
    expect(await bySector(4)).not.toContain(c);
    expect((await bySector(5)).sort()).toEqual(expect.arrayContaining([b, c]));
    const page = await select(t, iru, { module: 'Bulletin', where: [{ or: [['$filter', 'bySector', [4]], ['id', '=', c]] }], max: 1000 });
    expect(ids(page)).toEqual(expect.arrayContaining([a, b, c]));
  });

  it('e-mails an active bulletin to the users of its sectors once, again only when forced, never when inactive', async () => {
    const id = await created({ sectors: [1] });
    const outbox = () => t.database.db('email_outbox').where({ type: 1101200 }).count({ n: '*' }).first().then((r) => Number(r!.n));
    const n0 = await outbox();
    expect(await t.call('Bulletin.emailCheck', [{ id }], iru)).toEqual([{ type: 'text', text: 'true' }]);
    const recipients = (await t.database.db('email_outbox').where({ type: 1101200 }).orderBy('id', 'desc').limit(10).pluck('recipient')).map(String);
    // re (entity 1) and re2 (entity 2) use sector 1 entities; staff get none.
    expect(recipients).toEqual(expect.arrayContaining(['re@regportal.example', 're2@regportal.example']));
    expect(recipients).not.toContain('iru@regportal.example');
    const n1 = await outbox();
    expect(n1 - n0).toBeGreaterThanOrEqual(2);
    expect(await t.call('Bulletin.emailCheck', [{ id }], iru)).toEqual([{ type: 'text', text: 'false' }]);
    expect(await outbox()).toBe(n1);
    expect(await t.call('Bulletin.emailCheck', [{ id, force: 'true' }], iru)).toEqual([{ type: 'text', text: 'true' }]);
    expect(await outbox()).toBe(n1 + (n1 - n0));

    const inactive = await created({ sectors: [1], state: 4 });
    expect(await t.call('Bulletin.emailCheck', [{ id: inactive, force: 'true' }], iru)).toEqual([{ type: 'text', text: 'false' }]);
    const ended = await created({ sectors: [1] });
    await setDates(ended, -9, -1);
    expect(await t.call('Bulletin.emailCheck', [{ id: ended }], iru)).toEqual([{ type: 'text', text: 'false' }]);
    expect(await outbox()).toBe(n1 + (n1 - n0));
    expect(failure(await t.call('Bulletin.emailCheck', [{ id }], reSector1)).code).toBe('E_NOPERMISSION');
    expect(failure(await t.call('Bulletin.emailCheck', [{ id: 999999 }], iru)).code).toBe('E_NOTFOUND');
  });
});
