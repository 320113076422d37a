// Excel's formula semantics through the protocol, on every dialect (docs/form-templates.md "Formula
// semantics"): a template saved with Excel's rounding, TRUE/FALSE literals and a Text cell whose
// formula answers text; a form on it reads back Excel's results; an undeclared function is refused
// at save with its cell named.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../../engine/testing/test-engine.js';
import { testDialects } from '../../../engine/testing/test-database.js';
import { failure, ok, readBack } from '../../../engine/testing/record-calls.js';
import { recordsetObjects, type RecordsetValue } from '../../../engine/protocol/envelope.js';
import { sqlDateTime } from '../../../engine/db/clock.js';
import type { FormProperties } from '../../filing/template-schema.js';

/** One tab: an amount and a count typed in, then Excel-rounded, floored and text results. */
function template(extra: { formula?: string } = {}): FormProperties {
  const label = (value: string) => ({ value });
  return {
    id: 'XLS-01',
    title: 'Excel semantics',
    items: [
      {
        id: '01', title: 'A', display_name: 'Amounts', type: 'normal', header: { top: 0, left: 1, items: [] },
        items: [
          [label('Amount'), { editor: 'numeric', scale: 3 }],
          [label('Count'), { editor: 'numeric' }],
          [label('Rounded'), { editor: 'formula', formula: '=ROUND(rc(-2,0),2)', scale: 2 }],
          [label('Stored at two decimals'), { editor: 'formula', formula: '=rc(-3,0)', scale: 2 }],
          [label('Floor'), { editor: 'formula', formula: '=INT(-rc(-4,0))' }],
          [label('Verdict'), { editor: 'text', formula: extra.formula ?? '=IF(AND(rc(-4,0)>1,TRUE),"Several","One or none")&" at "&TEXT(rc(-5,0),"0.00")' }],
          [label('Any'), { editor: 'text', formula: '=rc(-5,0)>0' }],
        ],
      },
    ],
  };
}

describe.each(await testDialects())('formula semantics on %s', (dialect) => {
  let t: TestEngine;
  let iru: string;
  let preparer: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    [iru, preparer] = await Promise.all([t.sessionFor('iru'), t.sessionFor('preparer')]);
  });
  afterAll(async () => t?.close());

  const create = (code: string, properties: FormProperties) =>
    t.call('Record.create', [{ module: 'FormTemplate', fields: ['code', 'name', 'itemcode', 'properties'], values: [code, 'Excel semantics', 'XLS01', JSON.stringify(properties)], read: ['id'] }], iru);

  it('files a form whose formulas answer what Excel answers, a Text cell holding its formula text', async () => {
    const id = Number(readBack(await create('XLS-01', template())).id);
    const db = t.database.db;
    const createon = sqlDateTime();
    await db('formbatch').insert({ re: 1, name: 'Excel semantics', endon: '2026-01-31', duedate: '2026-02-15', state: 13, frozen_ind: false, createon });
    const batch = Number((await db('formbatch').max({ id: 'id' }))[0].id);
    await db('form').insert({ code: 'XLS-01', name: 'XLS-01', re: 1, formbatch: batch, state: 13, formtemplate: id, templateversion: 1, endon: '2026-01-31', createon });
    const form = Number((await db('form').max({ id: 'id' }))[0].id);

    ok(await t.call('Form.saveData', [{ form, updatectr: 1, cells: [{ tab: '01', address: 'B1', value: '1.005' }, { tab: '01', address: 'B2', value: 3 }] }], preparer));
    const cells = recordsetObjects(ok(await t.call('Form.getData', [{ form }], preparer))[0] as RecordsetValue);
    const at = (address: string) => cells.find((c) => c.address === address);
    expect(['B3', 'B4', 'B5', 'B6', 'B7'].map((a) => [a, at(a)?.value])).toEqual([
      ['B3', '1.01'], ['B4', '1.01'], ['B5', '-2'], ['B6', 'Several at 1.01'], ['B7', 'TRUE'],
    ]);
    expect(at('B6')).toMatchObject({ type: 'text', readonly: true });
    const validated = ok(await t.call('Form.validate', [{ form }], preparer));
    expect(JSON.stringify(validated)).not.toMatch(/XLS0101006|XLS0101007/);
  });

  it('refuses a template calling a function outside the declared list, naming the cell', async () => {
    const refused = failure(await create('XLS-02', template({ formula: '=TEXT(NOW(),"dd-mm-yyyy")' })));
    expect(refused.code).toBe('E_VALIDATION');
    expect(JSON.stringify(refused)).toContain('NOW cannot be used in a template formula: use one of the functions listed in the template guide.');
    expect(JSON.stringify(refused)).toContain('/items/0/items/5/1/formula');
  });
});
