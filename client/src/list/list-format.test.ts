import { describe, expect, it } from 'vitest';
import { cellKind, cut, formatCell } from './list-format';
import { CELL_CHROME, columnSize, fitRoom, requestedFields, resolveColumn, SORT_ROOM, TEXT_FLOOR, TEXT_MAX } from './list-columns';

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
  it('makes dates and statuses as wide as their widest value or header, never narrower, whatever width is stored', () => {
    expect(columnSize('date', 40, 80)).toMatchObject({ width: 80 + CELL_CHROME, minWidth: 80 + CELL_CHROME });
    expect(columnSize('state', 120, 60)).toMatchObject({ width: 120 + CELL_CHROME + SORT_ROOM, minWidth: 120 + CELL_CHROME + SORT_ROOM });
    expect(columnSize('datetime', 40, 170, 50).width).toBe(170 + CELL_CHROME);
    expect(columnSize('datetime', 40, 170, 400)).toMatchObject({ width: 400, minWidth: 170 + CELL_CHROME });
  });

  it('makes text as wide as its widest value up to a limit (the rest ends in an ellipsis), or the stored width', () => {
    expect(columnSize('text', 30, 100)).toMatchObject({ width: 100 + CELL_CHROME, minWidth: 60, grow: true });
    expect(columnSize('text', 30, 2000).width).toBe(TEXT_MAX);
    expect(columnSize('text', 30, 2000, 90)).toEqual({ width: 90, minWidth: 60, header: 30 + CELL_CHROME + SORT_ROOM });
  });

  it('gives the room a wide grid has left to the text columns without a stored width', () => {
    const sizes = [columnSize('text', 10, 100), columnSize('date', 10, 80), columnSize('text', 10, 50), columnSize('text', 10, 50, 70)].map((s, i) => ({ ...s, kind: i === 1 ? ('date' as const) : ('text' as const) }));
    const own = sizes.map((s) => s.width);
    expect(fitRoom(sizes, own.reduce((a, b) => a + b, 0) + 101)).toEqual([own[0] + 50, own[1], own[2] + 50, own[3]]);
  });

  it('takes width from the text columns above the floor when the grid is narrow, never from dates, and scrolls the rest', () => {
    const sizes = [
      { kind: 'text' as const, ...columnSize('text', 10, 0, 320) },
      { kind: 'date' as const, ...columnSize('date', 10, 80) },
      { kind: 'text' as const, ...columnSize('text', 10, 0, 220) },
    ];
    const date = sizes[1].width;
    // 200 and 100 px above the floor; 150 px too many: each gives half of its spare.
    expect(fitRoom(sizes, 320 + 220 + date - 150)).toEqual([220, date, 170]);
    // Far too narrow: text at the floor, the date whole, the grid scrolls.
    expect(fitRoom(sizes, 100)).toEqual([TEXT_FLOOR, date, TEXT_FLOOR]);
    // A width the user chose stays.
    const chosen = [{ kind: 'text' as const, ...columnSize('text', 10, 0, 320, true) }, sizes[1]];
    expect(fitRoom(chosen, 100)[0]).toBe(320);
    // A header wider than the floor keeps its text column that wide.
    const titled = [{ kind: 'text' as const, ...columnSize('text', 150, 0, 320) }, sizes[1]];
    expect(fitRoom(titled, 100)[0]).toBe(150 + CELL_CHROME + SORT_ROOM);
  });

  it('shows a column\'s empty text where the view gives one, and nothing otherwise', () => {
    expect(resolveColumn({ name: 'apprextdate', data_parse: 'date', empty: '-' }, 'date', true).empty).toBe('-');
    expect(resolveColumn({ name: 'apprextdate', data_parse: 'date' }, 'date', true).empty).toBe('');
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
