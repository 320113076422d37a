// The rows statement of Record.select is compiled once per shape (module, scope, fields, order,
// the conditions' fields and operators, first page or not); pages and values are bindings.
// A template filled with a request's values must be exactly the statement knex builds for it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDialects } from '../testing/test-database.js';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { compile, compileTemplate, fillTemplate, selectCompiled } from '../db/compiled-statement.js';
import { planSelect, type SelectInput } from './select-query.js';

describe.each(await testDialects())('rows statements by shape on %s', (dialect) => {
  let t: TestEngine;
  beforeAll(async () => {
    t = await startTestEngine(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  const plan = (module: string, input: Partial<SelectInput>, scopeRe?: number | null) =>
    planSelect(t.database.db, t.engine.services.modules.get(module)!, scopeRe, { limit: 20, offset: 0, ...input });

  const viaTemplate = (p: ReturnType<typeof plan>) => {
    const template = compileTemplate(p.rowsTemplate(), p.rowsValues.length);
    expect(template, 'every value is a binding of its own').not.toBeNull();
    return fillTemplate(template!, p.rowsValues);
  };

  const reFields = ['id', 'name', 'state_name_ind_field', 'sector_name_ind_field', 'createon'];

  it('gives pages and filter values of one list one shape, the first page and deeper pages one each', () => {
    const a = plan('RE', { fields: reFields, where: [['state', '=', 33]], order: 'createon desc' });
    const b = plan('RE', { fields: reFields, where: [['state', '=', 4]], order: 'createon desc' });
    const deep3 = plan('RE', { fields: reFields, where: [['state', '=', 33]], order: 'createon desc', offset: 40 });
    const deep200 = plan('RE', { fields: reFields, where: [['state', '=', 4]], order: 'createon desc', offset: 3980 });
    expect(a.rowsShape).toBe(b.rowsShape);
    expect(deep3.rowsShape).toBe(deep200.rowsShape);
    expect(deep3.rowsShape).not.toBe(a.rowsShape);
    expect(plan('RE', { fields: reFields, where: [['state', '=', 33]], order: 'createon asc' }).rowsShape).not.toBe(a.rowsShape);
    expect(plan('RE', { fields: reFields, where: [['sector', '=', 33]], order: 'createon desc' }).rowsShape).not.toBe(a.rowsShape);
    expect(plan('RE', { fields: reFields, where: [['state', 'in', [33, 4]]], order: 'createon desc' }).rowsShape).not.toBe(a.rowsShape);
    expect(plan('RE', { fields: reFields, where: [['state', '=', 33]], order: 'createon desc' }, 1).rowsShape).not.toBe(a.rowsShape);
  });

  it.each([
    ['an equality, first page', 'RE', { where: [['state', '=', 33]] }, undefined],
    ['an equality, a deep page', 'RE', { where: [['state', '=', 33]], offset: 3980 }, undefined],
    ['a contains search with its escape character', 'RE', { where: [['name', 'like', '%Bank\\_%']], offset: 20 }, undefined],
    ['between dates, in, not in, is not, is null in an or-group', 'RE', { where: [['createon', 'between', ['2024-01-01', '2024-12-31']], ['state', 'in', [33, 4]], ['sector', 'not in', [9]], ['companyno', 'is not', 'X'], { or: [['otherno', 'is null'], ['otherno', '=', 'B1']] }] }, undefined],
    ['a named filter over link rows', 'Bulletin', { where: [['$filter', 'bySector', [2]]] }, undefined],
    ['an entity scope', 'RE-Helpdesk', { where: [['state', '=', 54]], offset: 40 }, 1],
    ['an entity scope through link rows with its time bounds', 'RE-Bulletin', {}, 1],
    ['a scope that reaches no rows', 'RE-Helpdesk', {}, null],
  ] as const)('fills the template of %s to exactly the statement knex builds', async (_name, module, input, scopeRe) => {
    const p = plan(module, input as Partial<SelectInput>, scopeRe);
    const direct = compile(p.rows());
    const filled = viaTemplate(p);
    expect(filled).toEqual(direct);
    // And the database answers it (the bindings fit the text).
    expect(Array.isArray(await selectCompiled(t.database.db, filled))).toBe(true);
  });

  it('answers the same rows for another page through the template of the first deep page', async () => {
    const three = plan('RE', { fields: ['id'], order: 'name asc', offset: 2 , limit: 2 });
    const four = plan('RE', { fields: ['id'], order: 'name asc', offset: 4, limit: 2 });
    const template = compileTemplate(three.rowsTemplate(), three.rowsValues.length)!;
    const rows = await selectCompiled(t.database.db, fillTemplate(template, four.rowsValues));
    expect(rows.map((r) => Number(r.id))).toEqual((await four.rows()).map((r: { id: unknown }) => Number(r.id)));
    expect(rows).toHaveLength(2);
  });

  it('keeps the plan of a request for its next pages, but reads the clock afresh for a filter of now', () => {
    const batch = t.engine.services.modules.get('FormBatch')!;
    const asked = (where: unknown[], offset: number) => planSelect(t.database.db, batch, null, { fields: ['id', 'duedate'], where, order: 'duedate asc', limit: 20, offset }, true);
    const one = asked([['$filter', 'outstanding']], 0);
    const two = asked([['$filter', 'outstanding']], 20);
    expect(two.fields).toBe(one.fields);
    expect(two.rowsValues).toEqual([...one.rowsValues.slice(0, -1), 20, 20]);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-01-10T08:00:00Z'));
      const before = asked([['$filter', 'overdue']], 0);
      vi.setSystemTime(new Date('2026-03-01T08:00:00Z'));
      const after = asked([['$filter', 'overdue']], 0);
      expect(after.rowsShape).toBe(before.rowsShape);
      expect(before.rowsValues.join(' ')).toContain('2026-01-10');
      expect(after.rowsValues.join(' ')).toContain('2026-03-01');
    } finally {
      vi.useRealTimers();
    }
  });
});
