// A screen definition may name only helpers the client ships (helper-names.ts), each where it
// can run: the server refuses any other on save with E_VALIDATION naming the path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import type { EnvelopeValue } from '../protocol/envelope.js';

describe.each(await testDialects())('helper names in screen definitions on %s', (dialect) => {
  let t: TestEngine;
  let admin: string;
  let view: number;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    admin = await t.sessionFor('admin');
    const made = await create('WebListview', 'entities', { controller: { module: 'RE' }, fields: [{ name: 'name' }, { name: 'state' }] });
    view = Number(made[0]?.type === 'recordset' ? made[0].rows[0][0] : NaN);
  });
  afterAll(async () => {
    await t?.close();
  });

  function create(module: string, name: string, properties: unknown, owner?: string): Promise<EnvelopeValue[]> {
    const fields = owner ? ['name', 'module', 'properties'] : ['name', 'properties'];
    const values = owner ? [name, owner, JSON.stringify(properties)] : [name, JSON.stringify(properties)];
    return t.call('Record.create', [{ module, fields, values }], admin);
  }
  const refusal = (a: EnvelopeValue[]) => ({ code: a[0]?.type === 'exception' ? a[0].code : a[0]?.type, details: a[1]?.type === 'text' ? JSON.parse(a[1].text) : null });
  const count = async (table: string) => Number((await t.database.db(table).count({ n: '*' }).first())?.n);

  const list = (over: Record<string, unknown>, rowButtons: unknown[] = []) => ({ title: 'Entities', list_id: [{ id: view, name: 'All', default: true, buttons: rowButtons }], ...over });
  const form = (over: Record<string, unknown>, change?: string) => ({ fields: [{ tag: 'input', attributes: { name: 'name' } }, { tag: 'input', attributes: { name: 'companyno', ...(change ? { change } : {}) } }], ...over });

  it('stores a list whose row buttons name helpers the client has, with their arguments', async () => {
    const answer = await create('WebList', 'fine', list({}, [{ label: 'Deactivate', kind: 'helper', helper: 'setStatus(4)' }, { label: 'Delete', kind: 'helper', helper: 'deleteRecord' }]));
    expect(answer[0]?.type).toBe('recordset');
  });

  it('refuses a row button naming a helper that does not exist, with its path, and stores nothing', async () => {
    const before = await count('weblist');
    const answer = await create('WebList', 'typo', list({}, [{ label: 'Deactivate', kind: 'helper', helper: 'setStatus(4)' }, { label: 'Boom', kind: 'helper', helper: 'launchMissiles(1)' }]));
    expect(refusal(answer)).toEqual({ code: 'E_VALIDATION', details: { properties: 'properties/list_id/0/buttons/1/helper: no helper named launchMissiles' } });
    expect(await count('weblist')).toBe(before);
  });

  it("refuses a list's onload and top button helpers that do not exist or cannot run there", async () => {
    expect(refusal(await create('WebList', 'x', list({ onload: 'warmUp' })))).toEqual({ code: 'E_VALIDATION', details: { properties: 'properties/onload: no helper named warmUp' } });
    // A row helper reads the row it belongs to: on a top button it has none.
    expect(refusal(await create('WebList', 'x', list({ buttons: [{ label: 'Freeze all', kind: 'helper', helper: 'freeze' }] })))).toEqual({
      code: 'E_VALIDATION',
      details: { properties: "properties/buttons/0/helper: helper freeze runs only in a list's row buttons" },
    });
  });

  it("refuses a form's onload, button and change helpers that do not exist", async () => {
    const before = await count('webforms');
    expect(refusal(await create('WebForms', 'x', form({ onload: 'prefill' }), 'RE'))).toEqual({ code: 'E_VALIDATION', details: { properties: 'properties/onload: no helper named prefill' } });
    expect(refusal(await create('WebForms', 'x', form({ buttons: [{ label: 'Approve', helper: 'approve(1)' }] }), 'RE'))).toEqual({
      code: 'E_VALIDATION',
      details: { properties: 'properties/buttons/0/helper: no helper named approve' },
    });
    expect(refusal(await create('WebForms', 'x', form({}, 'recalculate'), 'RE'))).toEqual({ code: 'E_VALIDATION', details: { properties: 'properties/fields/1/attributes/change: no helper named recalculate' } });
    expect(refusal(await create('WebForms', 'x', form({ buttons: [{ label: 'Delete', helper: 'deleteRecord' }] }), 'RE'))).toEqual({
      code: 'E_VALIDATION',
      details: { properties: "properties/buttons/0/helper: helper deleteRecord runs only in a list's row buttons" },
    });
    expect(await count('webforms')).toBe(before);
  });

  it('refuses an update of a shipped list that would name an unknown helper, and keeps the stored one', async () => {
    const stored = await t.database.db('weblist').where({ id: 58 }).first('properties', 'updatectr');
    const props = JSON.parse(String(stored.properties));
    props.list_id[0].buttons[1].helper = 'setStatuz(33)';
    const answer = await t.call('Record.update', [{ module: 'WebList', fields: ['id', 'updatectr', 'properties'], values: [58, Number(stored.updatectr), JSON.stringify(props)] }], admin);
    expect(refusal(answer)).toEqual({ code: 'E_VALIDATION', details: { properties: 'properties/list_id/0/buttons/1/helper: no helper named setStatuz' } });
    expect(String((await t.database.db('weblist').where({ id: 58 }).first('properties')).properties)).toBe(String(stored.properties));
  });
});
