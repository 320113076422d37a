// A query's entity, submission and form belong together (portal/threads/query-link-rules.ts), on
// every dialect: refused through the protocol for a submission or form of another entity and for
// a form of another submission, with nothing written; accepted when they agree.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { failure, readBack, type Row } from '../../engine/testing/record-calls.js';
import { QUERY_LINK_MESSAGES as M } from '../../portal/threads/query-link-rules.js';

describe.each(await testDialects())('the links of a query on %s', (dialect) => {
  let t: TestEngine;
  let iru: string;
  let one: Row;
  let two: Row;
  let otherOfOne: Row;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    iru = await t.sessionFor('iru');
    const db = t.database.db;
    const formOf = (re: number, notBatch?: number) => {
      const q = db('form').where({ re }).orderBy('id');
      if (notBatch !== undefined) q.whereNot('formbatch', notBatch);
      return q.first('id as form', 'formbatch', 're') as Promise<Row>;
    };
    one = await formOf(1);
    two = await formOf(2);
    otherOfOne = await formOf(1, Number(one.formbatch));
    expect(one && two && otherOfOne, 'demo forms of entities 1 and 2 in two submissions').toBeTruthy();
  });
  afterAll(async () => t?.close());

  const raise = (re: unknown, formbatch: unknown, form: unknown) =>
    t.call('Record.create', [{ module: 'Query', fields: ['re', 'formbatch', 'form', 'formtab', 'dataitem', 'name', 'description', 'confidential'], values: [Number(re), formbatch === null ? null : Number(formbatch), form === null ? null : Number(form), 'Tab 1', 'A1', 'Links', 'Please explain', 0], read: ['id', 're', 'formbatch', 'form'] }], iru);
  const queries = async () => Number((await t.database.db('query').count({ n: '*' }))[0].n);

  it('refuses a submission of another entity, a form of another entity and a form of another submission', async () => {
    const before = await queries();
    const cases: [Row, unknown, unknown, string, string][] = [
      [one, two.formbatch, one.form, 'formbatch', M.batch],
      [one, one.formbatch, two.form, 'form', M.form],
      [one, one.formbatch, otherOfOne.form, 'form', M.formOfBatch],
    ];
    for (const [f, batch, form, field, message] of cases) {
      const answer = failure(await raise(f.re, batch, form));
      expect(answer.code).toBe('E_VALIDATION');
      expect(answer.message).toBe(message);
      expect(answer.details).toEqual({ [field]: message });
    }
    expect(await queries()).toBe(before);
  });

  it('raises a query whose entity, submission and form agree', async () => {
    const row = readBack(await raise(one.re, one.formbatch, one.form));
    expect([Number(row.re), Number(row.formbatch), Number(row.form)]).toEqual([Number(one.re), Number(one.formbatch), Number(one.form)]);
  });

  it('refuses moving a query to another entity while it names this one\'s form', async () => {
    const row = readBack(await raise(one.re, one.formbatch, one.form));
    const stored = await t.database.db('query').where({ id: Number(row.id) }).first('updatectr');
    const answer = failure(await t.call('Record.update', [{ module: 'Query', fields: ['id', 'updatectr', 're'], values: [Number(row.id), Number(stored.updatectr), Number(two.re)] }], iru));
    expect(answer.code).toBe('E_VALIDATION');
  });
});
