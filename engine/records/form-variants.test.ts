// The scoped variants REForm and REFormBatch (seed 000 §6: an RE user uses REForm in place of
// Form) through the protocol, on every dialect: an RE user reaches its current entity's
// submissions and forms only through the variants, the IRU user reaches every entity's through
// the base modules, and the variants limit every caller, the IRU user included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeForm } from '../../portal/testing/complete-form.js';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { failure, ids, readBack, select, sorted } from '../testing/record-calls.js';

// seeds/demo-users.ts: `re` is linked to entities 1, 6 and 11 (session on 1), `re2` to entity 2;
// `iru` reads everything and updates forms and batches; `admin` holds every permission.
// seeds/demo-forms.ts: four batches of three forms per entity, one ad hoc batch for entity 3.
const ENTITY_COUNT = 30;

/** The state maps of portal/metadata/modules/FormBatch.json and Form.json, as getStateMap answers them. */
const BATCH_MAP = [[13, 55], [55, 13], [13, 75], [75, 13], [75, 55], [55, 56], [56, 45], [56, 74], [74, 55], [45, 74], [45, 71], [71, 74]];
const FORM_MAP = [[13, 78], [78, 13], [78, 55], [55, 78], [55, 56], [74, 13], [56, 45], [56, 74], [45, 74]];
/** The entity's own steps: the regulator's moves (accept, ask for amendment) are not in REForm's map. */
const RE_FORM_MAP = [[13, 78], [78, 13], [78, 55], [55, 78], [55, 56], [74, 13]];
const asText = (pairs: number[][]) => pairs.map((p) => p.map(String));

describe.each(await testDialects())('REForm and REFormBatch on %s', (dialect) => {
  let t: TestEngine;
  let iru: string;
  let re: string;
  let re6: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    iru = await t.sessionFor('iru');
    re = await t.sessionFor('re');
    re6 = await t.sessionFor('re', 6);
  });
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const idsOf = async (table: string, where: Record<string, unknown> = {}) => sorted((await db()(table).where(where).pluck('id')).map(Number));
  const formRow = (id: number) => db()('form').where({ id }).first('id', 're', 'state', 'name', 'updatectr');
  const batchRow = (id: number) => db()('formbatch').where({ id }).first('id', 're', 'state', 'duedate', 'updatectr');
  /** The first form (by id) of an entity in a state, from the database. */
  const formOf = async (entity: number, state: number) => {
    const row = await db()('form').where({ re: entity, state }).orderBy('id').first('id', 'updatectr');
    if (!row) throw new Error(`demo data has no form of entity ${entity} in state ${state}`);
    return { id: Number(row.id), updatectr: Number(row.updatectr) };
  };

  describe('the demo submissions', () => {
    it('give every entity batches of several periods, with forms of the same entity in them', async () => {
      const batches = await db()('formbatch').select('id', 're', 'endon');
      expect(new Set(batches.map((b) => Number(b.re))).size).toBe(ENTITY_COUNT);
      for (let entity = 1; entity <= ENTITY_COUNT; entity++) {
        const own = batches.filter((b) => Number(b.re) === entity);
        expect(new Set(own.map((b) => String(b.endon))).size, `periods of entity ${entity}`).toBeGreaterThanOrEqual(4);
      }
      const strays = await db()('form as f').join('formbatch as b', 'b.id', 'f.formbatch').whereRaw('?? <> ??', ['f.re', 'b.re']).count({ n: '*' });
      expect(Number(strays[0].n)).toBe(0);
    });

    it('spread batches and forms over the states of their maps, with counters that match the forms', async () => {
      const batchStates = new Set((await db()('formbatch').distinct('state')).map((r) => Number(r.state)));
      expect([...batchStates].sort()).toEqual([13, 45, 55, 56, 71, 74, 75].sort());
      const formStates = new Set((await db()('form').distinct('state')).map((r) => Number(r.state)));
      expect([...formStates].sort()).toEqual([13, 45, 55, 56, 74, 78].sort());
      const forms = await db()('form').select('formbatch', 'state');
      for (const b of await db()('formbatch').select('*')) {
        const states = forms.filter((f) => Number(f.formbatch) === Number(b.id)).map((f) => Number(f.state));
        const n = (...s: number[]) => states.filter((x) => s.includes(x)).length;
        expect([b.total0, b.open, b.pendingverify, b.ready, b.submitted, b.accepted].map(Number), `batch ${b.id}`).toEqual([
          states.length, n(13, 74), n(78), n(55), n(56), n(45),
        ]);
      }
    });
  });

  describe('an RE user', () => {
    it('sees through REFormBatch only the batches of its current entity', async () => {
      const page = await select(t, re, { module: 'REFormBatch', fields: ['id', 're'], max: 1000 });
      expect(page.rows.every((r) => r.re === 1)).toBe(true);
      expect(sorted(ids(page))).toEqual(await idsOf('formbatch', { re: 1 }));
      expect(page.total).toBe(page.rows.length);
    });

    it('sees through REForm only the forms of its current entity', async () => {
      const page = await select(t, re, { module: 'REForm', fields: ['id', 're'], max: 1000 });
      expect(page.rows.every((r) => r.re === 1)).toBe(true);
      expect(sorted(ids(page))).toEqual(await idsOf('form', { re: 1 }));
      expect(page.total).toBe(page.rows.length);
    });

    it("after switching to entity 6 sees that entity's batches and forms instead", async () => {
      const batches = await select(t, re6, { module: 'REFormBatch', fields: ['id', 're'], max: 1000 });
      expect(sorted(ids(batches))).toEqual(await idsOf('formbatch', { re: 6 }));
      expect(batches.rows.every((r) => r.re === 6)).toBe(true);
      const forms = await select(t, re6, { module: 'REForm', fields: ['id'], max: 1000 });
      expect(sorted(ids(forms))).toEqual(await idsOf('form', { re: 6 }));
    });

    it('cannot widen the scope with conditions on re or guessed ids', async () => {
      const other = await idsOf('form', { re: 6 });
      expect(await select(t, re, { module: 'REForm', fields: ['id'], where: [['re', '=', 6]] })).toEqual({ columns: ['id'], rows: [], total: 0 });
      const guessed = await select(t, re, { module: 'REForm', fields: ['id'], where: [{ or: [['id', 'in', other], ['re', 'in', [2, 6, 11]]] }], max: 1000 });
      expect(guessed.total).toBe(0);
      const batches = await select(t, re, { module: 'REFormBatch', fields: ['id'], where: [['re', '!=', 1]] });
      expect(batches.total).toBe(0);
    });

    it('cannot read or write Form and FormBatch directly', async () => {
      expect(failure(await t.call('Record.select', [{ module: 'FormBatch' }], re))).toEqual({ code: 'E_NOPERMISSION', message: 'You do not have permission for FormBatch.select' });
      expect(failure(await t.call('Record.select', [{ module: 'Form' }], re))).toEqual({ code: 'E_NOPERMISSION', message: 'You do not have permission for Form.select' });
      expect(failure(await t.call('Record2.select', [{ module: 'Form' }], re)).code).toBe('E_NOPERMISSION');
      const own = await formOf(1, 13);
      expect(failure(await t.call('Record.update', [{ module: 'Form', fields: ['id', 'updatectr', 'state'], values: [own.id, own.updatectr, 78] }], re)).code).toBe('E_NOPERMISSION');
      expect(failure(await t.call('StateManagement.getStateMap', [{ module: 'Form' }], re)).code).toBe('E_NOPERMISSION');
      expect(await formRow(own.id)).toMatchObject({ state: 13, updatectr: own.updatectr });
    });

    it("cannot update another entity's form by id: not found, as a missing form, no details, the row unchanged", async () => {
      const update = async (id: number, ctr: unknown) => failure(await t.call('Record.update', [{ module: 'REForm', fields: ['id', 'updatectr', 'state'], values: [id, ctr, 78] }], re));
      for (const entity of [6, 2]) {
        const target = await formOf(entity, 13);
        const before = await formRow(target.id);
        for (const ctr of [target.updatectr, 999]) {
          // No E_CONCURRENT for a stale counter: that would hand over the other entity's row.
          expect(await update(target.id, ctr), `form ${target.id} of entity ${entity}`).toEqual({ code: 'E_NOTFOUND', message: `REForm #${target.id} not found.` });
        }
        expect(await formRow(target.id)).toEqual(before);
      }
      expect(await update(999_999, 1)).toEqual({ code: 'E_NOTFOUND', message: 'REForm #999999 not found.' });
    });

    it("cannot update another entity's batch by id: not permitted to the entity user, not found to a caller who may update batches", async () => {
      const target = await db()('formbatch').where({ re: 6, state: 13 }).first('id', 'updatectr');
      const before = await batchRow(Number(target.id));
      const update = async (cookie: string, id: number) => failure(await t.call('Record.update', [{ module: 'REFormBatch', fields: ['id', 'updatectr', 'state'], values: [id, target.updatectr, 55] }], cookie));
      expect(await update(re, Number(target.id))).toEqual({ code: 'E_NOPERMISSION', message: 'You do not have permission for REFormBatch.update' });
      const admin1 = await t.sessionFor('admin', 1);
      expect(await update(admin1, Number(target.id))).toEqual({ code: 'E_NOTFOUND', message: `REFormBatch #${target.id} not found.` });
      expect(await update(admin1, 987654)).toEqual({ code: 'E_NOTFOUND', message: 'REFormBatch #987654 not found.' });
      expect(await batchRow(Number(target.id))).toEqual(before);
    });

    it('cannot move its own form to another entity: the entity is read-only through REForm', async () => {
      const own = await formOf(1, 55);
      const before = await formRow(own.id);
      expect(failure(await t.call('Record.update', [{ module: 'REForm', fields: ['id', 'updatectr', 're'], values: [own.id, own.updatectr, 6] }], re))).toMatchObject({ code: 'E_VALIDATION', details: { re: 'is read-only' } });
      expect(await formRow(own.id)).toEqual(before);
    });

    it('moves its own form along the state map, and only along it', async () => {
      const own = await formOf(1, 13);
      // Filled first: every sign-off step holds the form to its blocking rules.
      own.updatectr = await completeForm(t, own.id, re);
      const row = readBack(
        await t.call('Record.update', [{ module: 'REForm', fields: ['id', 'updatectr', 'state'], values: [own.id, own.updatectr, 78], reason: 'Please verify', read: ['id', 're', 'state', 'state_name_ind_field', 'updatectr'] }], re),
      );
      expect(row).toEqual({ id: own.id, re: 1, state: 78, state_name_ind_field: 'Pending Verification', updatectr: own.updatectr + 1 });
      const skip = failure(await t.call('Record.update', [{ module: 'REForm', fields: ['id', 'updatectr', 'state'], values: [own.id, own.updatectr + 1, 45] }], re));
      expect(skip.code).toBe('E_STATETRANSITION');
      // The entity submits a ready form; accepting it is the regulator's move, never the entity's.
      // A form without a template: one with a template must pass its rules first (engine/actions/filing tests).
      const readyRow = await db()('form').where({ re: 1, state: 55 }).whereNull('formtemplate').orderBy('id').first('id', 'updatectr');
      const ready = { id: Number(readyRow.id), updatectr: Number(readyRow.updatectr) };
      const sent = readBack(await t.call('Record.update', [{ module: 'REForm', fields: ['id', 'updatectr', 'state'], values: [ready.id, ready.updatectr, 56] }], re));
      expect(sent).toMatchObject({ id: ready.id, updatectr: ready.updatectr + 1 });
      expect(failure(await t.call('Record.update', [{ module: 'REForm', fields: ['id', 'updatectr', 'state'], values: [ready.id, ready.updatectr + 1, 45] }], re)).code).toBe('E_STATETRANSITION');
      expect(await formRow(ready.id)).toMatchObject({ state: 56 });
      expect(await formRow(own.id)).toMatchObject({ state: 78, updatectr: own.updatectr + 1 });
      const history = await db()('state_history').where({ module: 'form', record_id: own.id }).select('from_state', 'to_state', 'reason');
      expect(history.map((h) => [Number(h.from_state), Number(h.to_state), h.reason])).toEqual([[13, 78, 'Please verify']]);
    });

    it("cannot re-file a form under another batch or write the engine's fields", async () => {
      const own = await formOf(1, 55);
      const other = await db()('formbatch').where({ re: 6 }).first('id');
      const f = failure(await t.call('Record.update', [{ module: 'REForm', fields: ['id', 'updatectr', 'formbatch', 'lastsubmiton'], values: [own.id, own.updatectr, other.id, '2025-01-01 00:00:00'] }], re));
      expect(f).toMatchObject({ code: 'E_VALIDATION', details: { formbatch: 'is read-only', lastsubmiton: 'is read-only' } });
      const batch = await db()('formbatch').where({ re: 1 }).first('id', 'updatectr');
      const g = failure(await t.call('Record.update', [{ module: 'REFormBatch', fields: ['id', 'updatectr', 'submitted', 'submitteddate'], values: [batch.id, batch.updatectr, 3, '2025-01-01 00:00:00'] }], re));
      expect(g).toEqual({ code: 'E_NOPERMISSION', message: 'You do not have permission for REFormBatch.update' });
    });

    it('may not create batches: they come from the regulator', async () => {
      const f = failure(await t.call('Record.create', [{ module: 'REFormBatch', fields: ['name', 'endon', 'duedate'], values: ['Mine', '2025-12-31', '2026-01-15'] }], re));
      expect(f).toEqual({ code: 'E_NOPERMISSION', message: 'You do not have permission for REFormBatch.create' });
    });
  });

  describe('creating through REFormBatch', () => {
    it('stamps the current entity of the session and starts in the default state', async () => {
      const admin1 = await t.sessionFor('admin', 1);
      const row = readBack(
        await t.call('Record.create', [{ module: 'REFormBatch', fields: ['name', 'endon', 'duedate', 'calendar'], values: ['Ad hoc probe', '2025-12-31', '2026-01-15', 282], read: ['id', 're', 're_name_ind_field', 'state', 'state_name_ind_field', 'calendar_name_ind_field', 'total0', 'frozen_ind'] }], admin1),
      );
      expect(row).toMatchObject({ re: 1, re_name_ind_field: 'Harbourline Bank Ltd', state: 13, state_name_ind_field: 'Open', calendar_name_ind_field: 'Ad Hoc', total0: 0, frozen_ind: false });
      expect(await batchRow(Number(row.id))).toMatchObject({ re: 1, state: 13 });
      expect(sorted(ids(await select(t, re, { module: 'REFormBatch', fields: ['id'], max: 1000 })))).toContain(Number(row.id));
      expect(ids(await select(t, re6, { module: 'REFormBatch', fields: ['id'], where: [['id', '=', row.id]] }))).toEqual([]);
    });

    it('refuses another entity in re, and a caller without a current entity, writing nothing', async () => {
      const admin1 = await t.sessionFor('admin', 1);
      const forged = failure(await t.call('Record.create', [{ module: 'REFormBatch', fields: ['re', 'name', 'endon', 'duedate'], values: [6, 'Forged', '2025-12-31', '2026-01-15'] }], admin1));
      expect(forged.code).toBe('E_NOPERMISSION');
      const nowhere = failure(await t.call('Record.create', [{ module: 'REFormBatch', fields: ['name', 'endon', 'duedate'], values: ['Nowhere', '2025-12-31', '2026-01-15'] }], await t.sessionFor('admin')));
      expect(nowhere.code).toBe('E_NOPERMISSION');
      expect(await db()('formbatch').whereIn('name', ['Forged', 'Nowhere']).first()).toBeUndefined();
    });
  });

  describe('the IRU user', () => {
    it("sees every entity's batches and forms through FormBatch and Form", async () => {
      // Less the App I/II and SMD batches and forms, which are their teams' (docs/row-rules.md).
      const TEAM_CATEGORIES = [73, 74, 75, 76, 100213, 57, 100212];
      const teamRows = async (table: string) => Number((await t.database.db(table).whereIn('category', TEAM_CATEGORIES).count({ n: '*' }).first())?.n ?? 0);
      const batches = await select(t, iru, { module: 'FormBatch', fields: ['id', 're'], max: 1000 });
      expect(batches.total).toBe((await idsOf('formbatch')).length - (await teamRows('formbatch')));
      expect(new Set(batches.rows.map((r) => r.re)).size).toBe(ENTITY_COUNT);
      const forms = await select(t, iru, { module: 'Form', fields: ['id'], max: 1 });
      expect(forms.total).toBe((await idsOf('form')).length - (await teamRows('form')));
    });

    it('gets no rows through REFormBatch and REForm: the variants limit every caller, and it has no current entity', async () => {
      expect(await select(t, iru, { module: 'REFormBatch', fields: ['id'] })).toEqual({ columns: ['id'], rows: [], total: 0 });
      expect(await select(t, iru, { module: 'REForm', fields: ['id'] })).toEqual({ columns: ['id'], rows: [], total: 0 });
    });

    it('reviews a submitted batch through FormBatch, but may not create one', async () => {
      const batch = await db()('formbatch').where({ state: 56 }).orderBy('id').first('id', 'updatectr', 're');
      const row = readBack(await t.call('Record.update', [{ module: 'FormBatch', fields: ['id', 'updatectr', 'state'], values: [batch.id, batch.updatectr, 74], read: ['state', 'state_name_ind_field', 're'] }], iru));
      expect(row).toEqual({ state: 74, state_name_ind_field: 'Amendment Required', re: Number(batch.re) });
      expect(failure(await t.call('Record.create', [{ module: 'FormBatch', fields: ['re', 'name', 'endon', 'duedate'], values: [1, 'x', '2025-12-31', '2026-01-15'] }], iru)).code).toBe('E_NOPERMISSION');
      expect(failure(await t.call('Record.update', [{ module: 'REFormBatch', fields: ['id', 'updatectr', 'state'], values: [batch.id, Number(batch.updatectr) + 1, 55] }], iru)).code).toBe('E_NOPERMISSION');
    });
  });

  describe('state maps', () => {
    it.each([
      ['FormBatch', 'iru', BATCH_MAP, '13'],
      ['REFormBatch', 're', BATCH_MAP, '13'],
      ['Form', 'iru', FORM_MAP, '13'],
      ['REForm', 're', RE_FORM_MAP, '13'],
    ] as const)('%s answers its map and default state to %s', async (module, who, pairs, initial) => {
      const values = await t.call('StateManagement.getStateMap', [{ module }], who === 'iru' ? iru : re);
      expect(values).toEqual([
        { type: 'recordset', columns: [{ name: 'from', type: 'integer' }, { name: 'to', type: 'integer' }], rows: asText(pairs.map((p) => [...p])) },
        { type: 'text', text: initial },
      ]);
    });
  });

  describe('lookups and filters', () => {
    it('answer the display columns of a batch: entity, status, calendar, category, sector', async () => {
      const page = await select(t, re, {
        module: 'REFormBatch',
        fields: ['re_name_ind_field', 'state_name_ind_field', 'calendar_name_ind_field', 'category_name_ind_field', 're_sector_name_ind_field'],
        where: [['calendar', '=', 277]],
        max: 1,
      });
      expect(page.rows[0]).toEqual({ re_name_ind_field: 'Harbourline Bank Ltd', state_name_ind_field: expect.any(String), calendar_name_ind_field: 'Monthly', category_name_ind_field: 'Main', re_sector_name_ind_field: 'Banking' });
    });

    it("answer a form's batch and entity names, and filter and order on them", async () => {
      const page = await select(t, re6, { module: 'REForm', fields: ['id', 'formbatch', 'formbatch_name_ind_field', 're_name_ind_field'], order: 'formbatch_name_ind_field asc', max: 1000 });
      expect(page.rows.length).toBeGreaterThan(0);
      const names = new Map((await db()('formbatch').where({ re: 6 }).select('id', 'name')).map((b) => [Number(b.id), b.name as string]));
      for (const r of page.rows) {
        expect(r.re_name_ind_field).toBe('Bluewater Assurance (L) Ltd');
        expect(r.formbatch_name_ind_field).toBe(names.get(Number(r.formbatch)));
      }
      const order = page.rows.map((r) => String(r.formbatch_name_ind_field));
      expect(order).toEqual([...order].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const first = page.rows[0];
      const filtered = await select(t, re6, { module: 'REForm', fields: ['id'], where: [['formbatch_name_ind_field', '=', first.formbatch_name_ind_field]], max: 1000 });
      expect(sorted(ids(filtered))).toEqual(sorted(page.rows.filter((r) => r.formbatch === first.formbatch).map((r) => Number(r.id))));
    });

    it('apply the named filters within the scope', async () => {
      const outstanding = await select(t, re, { module: 'REFormBatch', fields: ['id', 'state'], where: [['$filter', 'outstanding']], max: 1000 });
      const expected = sorted((await db()('formbatch').where({ re: 1 }).whereIn('state', [13, 75, 55, 74]).pluck('id')).map(Number));
      expect(sorted(ids(outstanding))).toEqual(expected);
      expect(expected.length).toBeGreaterThan(0);
      const batch = await db()('formbatch').where({ re: 1 }).orderBy('id').first('id');
      const forms = await select(t, re, { module: 'REForm', fields: ['id'], where: [['$filter', 'byBatch', [batch.id]]] });
      expect(sorted(ids(forms))).toEqual(await idsOf('form', { formbatch: batch.id }));
      const foreign = await db()('formbatch').where({ re: 6 }).first('id');
      expect((await select(t, re, { module: 'REForm', fields: ['id'], where: [['$filter', 'byBatch', [foreign.id]]] })).total).toBe(0);
    });

    it('list batches by due date, newest first, and forms by end date then code', async () => {
      const batches = await select(t, re, { module: 'REFormBatch', fields: ['duedate'], max: 1000 });
      const dues = batches.rows.map((r) => String(r.duedate));
      expect(dues).toEqual([...dues].sort().reverse());
      const forms = await select(t, re, { module: 'REForm', fields: ['endon', 'code'], max: 1000 });
      const keys = forms.rows.map((r) => [String(r.endon), String(r.code)]);
      expect(keys).toEqual([...keys].sort((a, b) => (a[0] !== b[0] ? (a[0] < b[0] ? 1 : -1) : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)));
    });
  });
});
