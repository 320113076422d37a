import { describe, expect, it } from 'vitest';
import type { ListColumn } from '../../../engine/metadata/screen-schemas.js';
import { adminColumns, filtersOf, mergeColumns, moveColumn, sameColumns, setVisible, setWidth, settingsOf } from './personal-view';

const admin: ListColumn[] = [
  { name: 'id', title: 'ID', width: 80 },
  { name: 'name', title: 'Name' },
  { name: 'email', title: 'E-mail', visible: false },
  { name: 'state' },
];

describe('personal list views over the admin view', () => {
  it('shows the admin view as it is when the user has no settings', () => {
    expect(mergeColumns(admin, undefined)).toEqual([
      { name: 'id', title: 'ID', visible: true, width: 80 },
      { name: 'name', title: 'Name', visible: true, width: undefined },
      { name: 'email', title: 'E-mail', visible: false, width: undefined },
      { name: 'state', title: 'State', visible: true, width: undefined },
    ]);
    expect(mergeColumns(admin, [])).toEqual(adminColumns(admin));
  });

  it("applies the user's order, visibility and widths", () => {
    const merged = mergeColumns(admin, [
      { name: 'state', visible: true, width: 120 },
      { name: 'email', visible: true },
      { name: 'id', visible: false },
      { name: 'name', visible: true },
    ]);
    expect(merged.map((c) => [c.name, c.visible, c.width])).toEqual([
      ['state', true, 120],
      ['email', true, undefined],
      ['id', false, 80],
      ['name', true, undefined],
    ]);
  });

  it('drops columns the admin removed and appends new admin columns at the end as the admin set them', () => {
    const merged = mergeColumns(
      [...admin.filter((c) => c.name !== 'name'), { name: 'phone', title: 'Phone' }, { name: 'notes', visible: false }],
      [
        { name: 'name', visible: true },
        { name: 'state', visible: true },
        { name: 'id', visible: true },
        { name: 'email', visible: false },
      ],
    );
    expect(merged.map((c) => [c.name, c.visible])).toEqual([
      ['state', true],
      ['id', true],
      ['email', false],
      ['phone', true],
      ['notes', false],
    ]);
  });

  it('falls back to the admin view when the settings would hide every column, and ignores repeated names', () => {
    expect(mergeColumns(admin, admin.map((c) => ({ name: c.name, visible: false })))).toEqual(adminColumns(admin));
    expect(mergeColumns(admin, [{ name: 'id', visible: false }, { name: 'id', visible: true }]).filter((c) => c.name === 'id')).toEqual([{ name: 'id', title: 'ID', visible: false, width: 80 }]);
  });

  it('moves a column up or down and leaves the ends alone', () => {
    const cols = adminColumns(admin);
    expect(moveColumn(cols, 1, -1).map((c) => c.name)).toEqual(['name', 'id', 'email', 'state']);
    expect(moveColumn(cols, 3, 1)).toBe(cols);
    expect(moveColumn(cols, 0, -1)).toBe(cols);
  });

  it('never hides the last visible column, and clamps widths to what the server accepts', () => {
    let cols = setVisible(adminColumns(admin), 'id', false);
    cols = setVisible(cols, 'name', false);
    expect(setVisible(cols, 'state', false)).toBe(cols);
    expect(cols.filter((c) => c.visible).map((c) => c.name)).toEqual(['state']);
    expect(setWidth(cols, 'state', 5).find((c) => c.name === 'state')?.width).toBe(20);
    expect(setWidth(cols, 'state', 99999).find((c) => c.name === 'state')?.width).toBe(2000);
    expect(setWidth(cols, 'id', undefined).find((c) => c.name === 'id')?.width).toBeUndefined();
  });

  it('saves every column in order with the sort and the filters, and reads the filters back', () => {
    const cols = setVisible(adminColumns(admin), 'name', false);
    const s = settingsOf(cols, 'state desc', [
      ['state', '=', 33],
      ['email', 'is null', undefined],
    ]);
    expect(s).toEqual({
      columns: [
        { name: 'id', visible: true, width: 80 },
        { name: 'name', visible: false },
        { name: 'email', visible: false },
        { name: 'state', visible: true },
      ],
      order: 'state desc',
      filters: [
        ['state', '=', 33],
        ['email', 'is null'],
      ],
    });
    expect(settingsOf(cols, 'not a sort; drop table', null)).not.toHaveProperty('order');
    expect(filtersOf(s)).toEqual([
      ['state', '=', 33],
      ['email', 'is null', undefined],
    ]);
    expect(filtersOf({ columns: [] })).toBeNull();
    // A condition on a field the admin's view no longer has is dropped; filters and search fields count.
    const view = { controller: { module: 'RE' }, fields: admin, filters: [{ name: 'sector' }], searchFields: ['companyno'] } as never;
    expect(filtersOf({ filters: [['gone', '=', 1], ['sector', '=', 2], ['companyno', 'like', '%x%'], ['state', '=', 33]] }, view)).toEqual([
      ['sector', '=', 2],
      ['companyno', 'like', '%x%'],
      ['state', '=', 33],
    ]);
    expect(filtersOf({ filters: [['gone', '=', 1]] }, view)).toBeNull();
  });

  it('tells whether two layouts differ', () => {
    const cols = adminColumns(admin);
    expect(sameColumns(cols, adminColumns(admin))).toBe(true);
    expect(sameColumns(cols, moveColumn(cols, 0, 1))).toBe(false);
    expect(sameColumns(cols, setWidth(cols, 'name', 300))).toBe(false);
  });
});
