import { describe, expect, it } from 'vitest';
import { demoTemplates } from './demo-templates.js';
import { extractDefinition, extractDefinitions, extractTableName } from './extract-definition.js';
import { normaliseTemplate } from './normalise.js';

const demo = (i: number) => {
  const t = demoTemplates()[i];
  return normaliseTemplate(t.properties, t.itemcode);
};

describe('extract definitions', () => {
  it('name the table ST_ + form id + tab id, non-alphanumerics as underscores, at most 32 characters', () => {
    expect(extractTableName('BNK-01', '02')).toBe('ST_BNK_01_02');
    expect(extractTableName('Quarterly return (insurers) 2025/26', '01')).toBe('ST_Quarterly_return__insurers__2');
    expect(extractTableName('Quarterly return (insurers) 2025/26', '01')).toHaveLength(32);
  });

  it('have a line-number column of precision 10 and scale 0, then one column per cell code', () => {
    const e = extractDefinition(demo(0), 0);
    expect(e).toMatchObject({ version: '2.0', table: 'ST_BNK_01_01', title: 'Assets', template: 'BNK-01', tab: '01', startRow: 3 });
    expect(e.columns[0]).toEqual({ name: 'LINENUMBER', type: 'numeric', title: 'Line number', precision: 10, scale: 0, table: 'ST_BNK_01_01' });
    expect(e.columns.slice(1, 3)).toEqual([
      { name: 'BNK0101001', type: 'numeric', editor: 'numeric', title: 'Cash and short-term funds - Current year', precision: 19, scale: 0, table: 'ST_BNK_01_01' },
      { name: 'BNK0101002', type: 'numeric', editor: 'numeric', title: 'Cash and short-term funds - Previous year', precision: 19, scale: 0, table: 'ST_BNK_01_01' },
    ]);
    expect(e.columns).toHaveLength(1 + 12);
  });

  it('describe each row: labels as values, data cells by code', () => {
    const e = extractDefinition(demo(0), 0);
    expect(e.rows[0]).toEqual({ row: 3, linenumber: false, entries: [
      { kind: 'value', x: 'A', value: 'Cash and short-term funds' }, { kind: 'cell', x: 'B', code: 'BNK0101001' }, { kind: 'cell', x: 'C', code: 'BNK0101002' },
    ] });
  });

  it('give add-new-rows tabs line-numbered rows, dropdowns with their list groups and the validations', () => {
    const e = extractDefinition(demo(2), 0);
    expect(e.type).toBe('add-new-rows');
    expect(e.rows).toHaveLength(1);
    expect(e.rows[0].linenumber).toBe(true);
    expect(e.rows[0].entries[1]).toEqual({ kind: 'dropdown', x: 'B', code: 'TRC0201002', listgroup: 295 });
    expect(e.dropdown).toEqual([295]);
    expect(e.columns.map((c) => [c.name, c.type])).toEqual([['LINENUMBER', 'numeric'], ['TRC0201001', 'text'], ['TRC0201002', 'text'], ['TRC0201003', 'date'], ['TRC0201004', 'numeric'], ['TRC0201005', 'numeric'], ['TRC0201006', 'numeric']]);
    expect(e.columns[2].title).toBe('Position');
    expect(e.validations).toEqual([{ code: 'TRC0201004', formula: '=rc(0,0)>=0', message: 'Shares held cannot be negative.' }]);
  });

  it('include the summary cells of a tab', () => {
    const e = extractDefinitions(demo(1))[1];
    expect(e.rows.at(-1)?.row).toBe('summary');
    expect(e.columns.slice(-2).map((c) => [c.name, c.title, c.precision, c.scale])).toEqual([['INS0302008', 'Reporting calendar', undefined, undefined], ['INS0302009', 'Total capital required', 19, 0]]);
    expect(e.dropdown).toEqual([80]);
  });
});
