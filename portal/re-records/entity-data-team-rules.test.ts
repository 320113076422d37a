// The regulator teams' rows of an entity's data (seed 001 §6, 003 §6; docs/row-rules.md): on
// every dialect, the relationship manager (`rm`, role 37) and the App I/II officer (`appofficer`,
// role 43) read, count, change and create office details, MIDA returns, entity users, requests,
// dropdown requests and profile records only of the entities RE's rules give them; another team's
// row answers as a missing one and stays as it was; ordinary staff, the administrator and the
// entity's own users see what they saw before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { BASE_ALIAS, type ResolvedModule } from '../../engine/metadata/module-registry.js';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { failure, readBack, select, type Page, type Row } from '../../engine/testing/record-calls.js';

/** Module → its lookup field to RE; each holds one entity's data. */
const MODULES: Record<string, string> = {
  REOffice: 're',
  StaffClass: 're',
  RE_User: 'link_fk_re',
  Resubmission: 're',
  Extension: 're',
  SMSDropdown: 're',
  REKeyOfficer: 're',
  REBoardMember: 're',
  RE_Reference: 'fk_re',
};
const TABLE_MODULES = Object.keys(MODULES).filter((m) => m !== 'RE_User');
/** Banks 1 and 2 are the relationship manager's (smd1), 3 too (smd2) and App I/II; 4 and 6 are neither team's. */
const ENTITIES = [1, 2, 3, 4, 6];
const TEAMS = ['rm', 'appofficer'] as const;
/** Their team roles (portal/seeds/demo-row-rule-users.ts). */
const TEAM_ROLES = [37, 43];

describe.each(await testDialects())('regulator teams on an entity\'s data on %s', (dialect) => {
  let t: TestEngine;
  const sessions: Record<string, string> = {};
  /** The entities each user reaches under RE's rules. */
  const reach: Record<string, Set<number>> = {};

  const db = () => t.database.db;
  const idOf = (module: string) => (module === 'RE_User' ? 'link_id' : 'id');
  const tableOf = (module: string) => t.engine.services.modules.get(module)!.table;

  async function allRows(session: string, args: Record<string, unknown>): Promise<Page> {
    let out: Page | undefined;
    for (let page = 1; ; page++) {
      const p = await select(t, session, { ...args, max: 1000, pageIndex: page });
      out = out ? { ...out, rows: [...out.rows, ...p.rows] } : p;
      if (p.rows.length < 1000) return out;
    }
  }

  /** The stored rows of a module's table as [id, entity]. */
  async function stored(module: string): Promise<[number, number][]> {
    const rows = await db()(tableOf(module)).select(`${idOf(module)} as id`, `${MODULES[module]} as re`);
    return rows.map((r) => [Number(r.id), Number(r.re)]);
  }

  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

  /** A row of the module's required columns (a lookup: its first row; options: the first). */
  async function requiredValues(module: ResolvedModule): Promise<Row> {
    const stamps: Row = { updatectr: 1, createon: '2025-01-02 03:04:05', createby: 1 };
    const row: Row = Object.fromEntries(Object.entries(stamps).filter(([k]) => module.fields.has(k)));
    for (const f of module.fields.values()) {
      if (f.alias !== BASE_ALIAS || f.system || !f.def.required) continue;
      const target = f.def.lookup && t.engine.services.modules.get(f.def.lookup.module);
      if (f.def.options?.length) row[f.column] = f.def.options[0];
      else if (target) row[f.column] = Number((await db()(target.table).orderBy(target.idField).first(target.idField))[target.idField]);
      else row[f.column] = { integer: 1, decimal: 1, boolean: 0, date: '2025-01-31', datetime: '2025-01-31 00:00:00', json: '{}' }[f.type as string] ?? 'Test';
    }
    return row;
  }

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    for (const u of ['admin', 'iru', 're', ...TEAMS]) sessions[u] = await t.sessionFor(u);
    const modules = t.engine.services.modules;
    // Rows of every entity in every module, where the demo has none.
    for (const name of TABLE_MODULES) {
      const module = modules.get(name)!;
      const column = MODULES[name];
      const have = new Set((await db()(module.table).distinct(`${column} as re`)).map((r) => Number(r.re)));
      const missing = ENTITIES.filter((e) => !have.has(e));
      if (!missing.length) continue;
      for (const re of missing) await db()(module.table).insert({ ...(await requiredValues(module)), [column]: re });
    }
    // An entity user of every entity (RE_User: the names, e-mails and telephones of its staff).
    const reUsers = (await db()('user').where({ logintype: 2 }).orderBy('id').pluck('id')).map(Number);
    for (const e of ENTITIES) {
      const linked = new Set((await db()('re_user').where({ link_fk_re: e }).pluck('link_fk_user')).map(Number));
      const user = reUsers.find((u) => !linked.has(u))!;
      if (linked.size < 2) await db()('re_user').insert({ link_fk_re: e, link_fk_user: user, isprimary: 0, role: 25, link_updatectr: 1 });
    }
    // The teams may update and delete every one of these modules, so only the rules stand between them and a row.
    for (const name of TABLE_MODULES) {
      for (const verb of ['update', 'delete']) {
        const task = `${name}.${verb}`;
        if (!(await db()('permissiontasks').where({ name: task }).first('id'))) await db()('permissiontasks').insert({ name: task, code: verb, module: name, state: 33 });
        const id = Number((await db()('permissiontasks').where({ name: task }).first('id')).id);
        for (const role of TEAM_ROLES) {
          if (!(await db()('role_permissiontasks').where({ link_fk_role: role, link_fk_permissiontasks: id }).first())) await db()('role_permissiontasks').insert({ link_fk_role: role, link_fk_permissiontasks: id });
        }
      }
    }
    await bumpVersions(db(), [...Object.keys(MODULES).map(tableOf), 're_user', 'permissiontasks', 'role_permissiontasks']);
    for (const u of ['admin', 'iru', ...TEAMS]) {
      reach[u] = new Set((await allRows(sessions[u], { module: 'RE', fields: ['id'] })).rows.map((r) => Number(r.id)));
    }
  }, 180_000);
  afterAll(async () => t?.close());

  it('gives the teams the entities the seeds give them, and ordinary staff every demo entity', () => {
    expect(sorted([...reach.rm].filter((e) => ENTITIES.includes(e)))).toEqual([1, 2, 3]);
    expect([...reach.appofficer].filter((e) => ENTITIES.includes(e))).toEqual([3]);
    for (const e of ENTITIES) expect(reach.iru.has(e) && reach.admin.has(e)).toBe(true);
  });

  describe.each(Object.keys(MODULES))('%s', (module) => {
    const field = MODULES[module];

    it.each(TEAMS)('lists and counts for %s only the rows of the entities they reach', async (u) => {
      const page = await allRows(sessions[u], { module, fields: [idOf(module), field] });
      const rows = await stored(module);
      const expected = sorted(rows.filter(([, re]) => reach[u].has(re)).map(([id]) => id));
      expect(sorted(page.rows.map((r) => Number(r[idOf(module)])))).toEqual(expected);
      expect(page.total).toBe(expected.length);
      const first = await select(t, sessions[u], { module, fields: [idOf(module)], max: 1 });
      expect(first.total).toBe(expected.length);
      // Both sides are there to tell apart: rows of their entities and of others'.
      expect(expected.length).toBeGreaterThan(0);
      expect(rows.length).toBeGreaterThan(expected.length);
      // A filter on another team's entity finds nothing.
      const other = ENTITIES.find((e) => !reach[u].has(e))!;
      expect((await select(t, sessions[u], { module, fields: [idOf(module)], where: [[field, '=', other]] })).total).toBe(0);
    });

    it('lists every row, as before, for ordinary staff and the administrator', async () => {
      const all = sorted((await stored(module)).map(([id]) => id));
      for (const u of ['iru', 'admin']) {
        const page = await allRows(sessions[u], { module, fields: [idOf(module)] });
        expect(sorted(page.rows.map((r) => Number(r[idOf(module)]))), `${module} for ${u}`).toEqual(all);
      }
    });
  });

  it('lists an entity user the rows of their own entity, as before', async () => {
    // MIDA (StaffClass) is the regulator's only (seed 001 §6).
    for (const name of TABLE_MODULES.filter((m) => m !== 'StaffClass')) {
      const module = t.engine.services.modules.get(`RE-${name}`) ? `RE-${name}` : name;
      const page = await allRows(sessions.re, { module, fields: ['id'] });
      const own = sorted((await stored(name)).filter(([, re]) => re === 1).map(([id]) => id));
      expect(sorted(page.rows.map((r) => Number(r.id))), `${module} for the entity user`).toEqual(own);
    }
    const links = await allRows(sessions.re, { module: 'RE_User', fields: ['link_id', 'link_fk_user'] });
    const re = Number((await db()('user').where({ userid: 're' }).first('id')).id);
    const others = await db()('re_user').where({ link_fk_re: 1 }).whereNot({ link_fk_user: re }).pluck('link_id');
    expect(sorted(links.rows.map((r) => Number(r.link_id)))).toEqual(sorted(others.map(Number)));
  });

  describe.each(TABLE_MODULES)('%s writes', (module) => {
    it.each(TEAMS)('answers %s\'s update and delete of another team\'s row as a missing one and changes nothing', async (u) => {
      const table = tableOf(module);
      const [id] = (await stored(module)).find(([, re]) => !reach[u].has(re))!;
      const before = await db()(table).where({ id }).first();
      const missing = Number((await db()(table).max({ m: 'id' }).first())!.m) + 1000;
      const write = async (action: string, row: number, values: unknown[] = []) =>
        failure(await t.call(action, [{ module, fields: ['id', 'updatectr', ...(values.length ? [MODULES[module]] : [])], values: [row, before.updatectr, ...values] }], sessions[u]));
      const hidden = await write('Record.update', id, [[...reach[u]][0]]);
      const absent = await write('Record.update', missing, [[...reach[u]][0]]);
      expect(hidden.code, hidden.message).toBe('E_NOTFOUND');
      expect(hidden.message.replace(String(id), '#')).toBe(absent.message.replace(String(missing), '#'));
      const deleted = await write('Record.delete', id);
      expect(deleted.code, deleted.message).toBe('E_NOTFOUND');
      expect(deleted.message.replace(String(id), '#')).toBe((await write('Record.delete', missing)).message.replace(String(missing), '#'));
      expect(await db()(table).where({ id }).first()).toEqual(before);
    });
  });

  describe('creates', () => {
    const office = (re: number) => ({ re, address: '1 Jalan Test', typeoffice: 'Branch' });
    const officer = (re: number) => ({ re, name: 'Test Officer', keyofficeer: 301001, dateappointed: '2020-01-01' });
    const create = (u: string, module: string, values: Row) =>
      t.call('Record.create', [{ module, fields: Object.keys(values), values: Object.values(values), read: ['id', 're'] }], sessions[u]);

    it.each([
      ['rm', 1, 4],
      ['appofficer', 3, 1],
    ] as const)('lets %s create for an entity they reach (%i) and refuses another team\'s (%i), writing nothing', async (u, own, other) => {
      for (const [module, values] of [['REOffice', office], ['REKeyOfficer', officer]] as const) {
        const made = readBack(await create(u, module, values(own)));
        expect(Number(made.re)).toBe(own);
        const count = async () => Number((await db()(tableOf(module)).count({ n: '*' }).first())!.n);
        const before = await count();
        const refused = failure(await create(u, module, values(other)));
        expect(refused.code, `${module} for ${u}`).toBe('E_NOPERMISSION');
        expect(refused.message).toBe('This reporting entity is not one your team covers: choose one of the entities offered');
        expect(await count()).toBe(before);
        // Moving a row of their own to another team's entity is refused the same way.
        const moved = failure(await t.call('Record.update', [{ module, fields: ['id', 'updatectr', 're'], values: [made.id, 1, other] }], sessions[u]));
        expect(moved.code).toBe('E_NOPERMISSION');
        expect(Number((await db()(tableOf(module)).where({ id: made.id }).first()).re)).toBe(own);
      }
    });

    it('lets ordinary staff create for any demo entity, as before', async () => {
      for (const e of [1, 3, 4]) expect(Number(readBack(await create('iru', 'REOffice', office(e))).re)).toBe(e);
    });
  });
  describe.each([
    ['HelpdeskMessage', 'helpdesk', 'Helpdesk'],
    ['QueryMessage', 'query', 'Query'],
  ])('%s', (module, parentField, parent) => {
    it.each([...TEAMS, 'iru'])('lists %s the messages of exactly the threads they read', async (u) => {
      const table = tableOf(module);
      const parentTable = tableOf(parent);
      // A message on every thread that has none.
      const threads = await db()(parentTable).select('id', 're');
      const answered = new Set((await db()(table).distinct(parentField)).map((r) => Number(r[parentField])));
      for (const th of threads.filter((x) => !answered.has(Number(x.id)))) {
        await db()(table).insert({ [parentField]: th.id, re: th.re, description: 'A reply', createbyrole: 1001, updatectr: 1, createon: '2025-01-02 03:04:05', createby: 1 });
      }
      await bumpVersions(db(), [table]);
      const reads = new Set((await allRows(sessions[u], { module: parent, fields: ['id'] })).rows.map((r) => Number(r.id)));
      const all = await db()(table).select('id', `${parentField} as parent`);
      const expected = sorted(all.filter((m) => reads.has(Number(m.parent))).map((m) => Number(m.id)));
      const page = await allRows(sessions[u], { module, fields: ['id'] });
      expect(sorted(page.rows.map((r) => Number(r.id)))).toEqual(expected);
      expect(page.total).toBe(expected.length);
      // The teams' threads are a part of all (ordinary staff read every demo query).
      if (u !== 'iru') expect(expected.length).toBeLessThan(all.length);
    });
  });
});
