import { describe, expect, it } from 'vitest';
import { diffTemplates } from './template-diff.js';
import { demoTemplates } from './demo-templates.js';
import { normaliseTemplate } from './normalise.js';
import type { FormProperties } from './template-schema.js';

const bank = (): FormProperties => normaliseTemplate(structuredClone(demoTemplates()[0].properties), 'BNK01');

describe('diffTemplates', () => {
  it('finds nothing between a template and itself', () => {
    expect(diffTemplates(bank(), bank())).toEqual([]);
  });

  it('names a changed cell by its code and address, with the attribute before and after', () => {
    const after = bank();
    const cell = after.items[0].items[0][1];
    cell.precision = 10;
    expect(diffTemplates(bank(), after)).toEqual([{ tab: '01', code: cell.code, address: 'B3', kind: 'changed', attributes: { precision: ['19', '10'] } }]);
  });

  it('follows a coded cell that moved with its row, as a move and not as a removal and an addition', () => {
    const after = bank();
    const rows = after.items[0].items;
    [rows[0], rows[1]] = [rows[1], rows[0]];
    const changes = diffTemplates(bank(), after);
    const coded = changes.filter((c) => c.code);
    expect(coded.map((c) => c.kind)).toEqual(['moved', 'moved', 'moved', 'moved']);
    expect(coded[0].attributes.address).toEqual(['01!B4', '01!B3']);
    expect(changes.some((c) => c.kind === 'added' || c.kind === 'removed')).toBe(false);
  });

  it('reports the form\'s and a tab\'s own properties, and tabs added and removed', () => {
    const after = bank();
    after.title = 'Statement of financial position (revised)';
    after.items[1].display_name = 'Liabilities';
    const removed = after.items.pop()!;
    after.items.push({ ...structuredClone(removed), id: '04', title: 'SFP-X' });
    const changes = diffTemplates(bank(), after);
    expect(changes[0]).toMatchObject({ tab: null, kind: 'changed', attributes: { title: [bank().title, 'Statement of financial position (revised)'] } });
    expect(changes).toContainEqual({ tab: '02', code: null, address: null, kind: 'changed', attributes: { display_name: ['Liabilities and equity', 'Liabilities'] } });
    expect(changes).toContainEqual({ tab: '04', code: null, address: null, kind: 'added', attributes: { title: [null, 'SFP-X'] } });
    expect(changes).toContainEqual({ tab: '03', code: null, address: null, kind: 'removed', attributes: { title: ['SFP-N', null] } });
  });
});
