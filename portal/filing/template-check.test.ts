import { describe, expect, it } from 'vitest';
import { demoTemplates } from './demo-templates.js';
import { checkTemplate } from './template-check.js';

const LIST_GROUPS = [1, 80, 248, 280, 295];
const demo = (i: number) => structuredClone(demoTemplates()[i]);

describe('checking a template on save', () => {
  it('accepts every demo template with the list groups of the seeds, answering the stored template and its extracts', () => {
    for (const t of demoTemplates()) {
      const r = checkTemplate(t.properties, { itemcode: t.itemcode, listGroups: LIST_GROUPS });
      expect(r.problems, t.code).toEqual([]);
      if (r.ok) expect(r.extracts.map((e) => e.table)).toEqual(t.properties.items.map((tab) => `ST_${t.code.replace('-', '_')}_${tab.id}`));
    }
  });

  it('answers schema problems first, with their paths', () => {
    const t = demo(0);
    (t.properties.items[0].items[3][2] as Record<string, unknown>).precision = 'x';
    expect(checkTemplate(t.properties, { itemcode: t.itemcode })).toEqual({ ok: false, problems: [{ path: '/items/0/items/3/2/precision', message: 'must be integer' }] });
  });

  it('refuses a dropdown without a list group or with one that does not exist', () => {
    const t = demo(2);
    delete t.properties.items[0].items[0][1].listgroup;
    t.properties.items[1].items[0][1].listgroup = 999;
    expect(checkTemplate(t.properties, { itemcode: t.itemcode, listGroups: LIST_GROUPS }).problems).toEqual([
      { path: '/items/0/items/0/1/listgroup', message: 'A dropdown cell must have a list group.' },
      { path: '/items/1/items/0/1/listgroup', message: 'List group 999 does not exist.' },
    ]);
  });

  it('refuses a header count that does not match the header rows, overlapping merges and a link to no tab', () => {
    const t = demo(0);
    t.properties.items[0].header.top = 1;
    t.properties.items[0].header.items[0][0].colspan = 2;
    t.properties.items[2].items[0][1].href = 'NOPE';
    expect(checkTemplate(t.properties, { itemcode: t.itemcode }).problems).toEqual([
      { path: '/items/0/header/top', message: 'Top Row count is 1 but the header has 2 rows.' },
      { path: '/items/0/header/items/0/1', message: 'The merged cells overlap the merge at /items/0/header/items/0/0.' },
      { path: '/items/2/items/0/1/href', message: 'No tab has the code NOPE.' },
    ]);
  });

  it('refuses a circular reference across tabs, naming the cells', () => {
    const t = demo(1);
    // Total capital available now depends on the ratio, which depends on it.
    t.properties.items[0].items[4][1].formula = '=cell(INS0301001)+cell(INS0303001)';
    expect(checkTemplate(t.properties, { itemcode: t.itemcode }).problems).toEqual([
      { path: '/items/0/items/4/1/formula', message: 'Circular reference: INS0301005 → INS0303001 → INS0301005.' },
    ]);
  });

  it('refuses two tabs whose extract tables would have the same name', () => {
    const t = demo(0);
    t.properties.id = 'A very long form identifier for testing';
    expect(checkTemplate(t.properties, { itemcode: t.itemcode }).problems[0]).toEqual({
      path: '/items/1/id', message: 'The extract table ST_A_very_long_form_identifier_f is already the table of tab 01: shorten the form id.',
    });
  });
});
