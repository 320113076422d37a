import { describe, expect, it } from 'vitest';
import { cellKind, cut, formatCell } from './list-format';
import { defaultColumnWidth, requestedFields, resolveColumn } from './list-columns';

describe('list cells', () => {
  it('cuts text longer than 100 characters with an ellipsis, counting characters not UTF-16 units', () => {
    expect(cut('x'.repeat(100))).toBe('x'.repeat(100));
    expect(cut('y'.repeat(101))).toBe(`${'y'.repeat(100)}...`);
    expect(cut('😀'.repeat(101))).toBe(`${'😀'.repeat(100)}...`);
  });

  it('shows dates DD/MM/YYYY and date-times DD/MM/YYYY hh:mm:ss am/pm', () => {
    expect(formatCell('2024-03-07', 'date')).toBe('07/03/2024');
    expect(formatCell('2024-03-07 15:04:05', 'datetime')).toMatch(/^\d{2}\/\d{2}\/2024 \d{2}:04:05 [ap]m$/);
  });

  it('shows states by their name in title case, booleans as Yes and No', () => {
    expect(formatCell('4', 'state', 'INACTIVE')).toBe('Inactive');
    expect(formatCell('62', 'state', 'Pending Email Verification')).toBe('Pending Email Verification');
    expect(formatCell('62', 'state')).toBe('62');
    expect(formatCell('1', 'boolean')).toBe('Yes');
    expect(formatCell('0', 'boolean')).toBe('No');
    expect(formatCell(null, 'text')).toBe('');
    expect(formatCell(true, 'boolean')).toBe('Yes');
    expect(formatCell({ a: [1] }, 'text')).toBe('{"a":[1]}');
  });

  it('takes the kind from the wire type unless the metadata says', () => {
    expect(cellKind({ name: 'endon' }, 'date')).toBe('date');
    expect(cellKind({ name: 'state' }, 'integer')).toBe('state');
    expect(cellKind({ name: 'x', data_parse: 'text' }, 'date')).toBe('text');
  });
});

describe('list columns', () => {
  it('defaults a width to the smaller of 10% of the grid and an equal share', () => {
    expect(defaultColumnWidth(1000, 4)).toBe(100);
    expect(defaultColumnWidth(1000, 20)).toBe(50);
    expect(defaultColumnWidth(1200, 12)).toBe(100);
  });

  it('sorts a state column by its name and asks for the name, the link placeholders and the helpers\' fields', () => {
    const col = resolveColumn({ name: 'state', title: 'Status' }, 'integer', true);
    expect(col.sortField).toBe('state_name_ind_field');
    expect(resolveColumn({ name: 'state' }, 'integer', false).sortField).toBe('state');
    const view = { controller: { module: 'RE' }, fields: [{ name: 'name' }, { name: 'state' }] };
    expect(requestedFields(view, '/x/[companyno]', [{ label: 'b', kind: 'link', link: '/y/[otherno]', states: [33] }], ['updatectr'], true).sort()).toEqual(
      ['companyno', 'id', 'name', 'otherno', 'state', 'state_name_ind_field', 'updatectr'].sort(),
    );
  });
});
