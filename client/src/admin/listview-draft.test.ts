// The pure draft edits of the list editors: columns and filters made from catalogue fields,
// reordering and optional keys, raw JSON, sources, view entries and buttons.
import { describe, expect, it } from 'vitest';
import type { CatalogueModule } from '../../../engine/metadata/module-catalogue.js';
import { screenProblem } from '../metadata/screens';
import { integersFrom, moveItem, numberFrom, parseJson, removeAt, replaceAt, withKey } from './draft-edit';
import { columnChoices, columnFor, filterFor, listviewStructureProblem, newListview, optionsFrom, optionsText, sourceKind, sourceOfKind } from './listview-draft';
import { addView, setDefaultView, webListStructureProblem, withKind } from './weblist-draft';

const RE: CatalogueModule = {
  name: 'RE',
  title: 'Reporting entity',
  kind: 'table',
  hasStateMap: true,
  fields: [
    { name: 'id', type: 'integer', system: true },
    { name: 'name', type: 'string', title: 'Name' },
    { name: 'dateincorporated', type: 'date' },
    { name: 'capital', type: 'decimal', title: 'Capital' },
    { name: 'sector', type: 'integer', title: 'Sector', lookup: 'Sector' },
    { name: 'sector_name_ind_field', type: 'string', lookupOf: 'sector', system: true },
    { name: 'state', type: 'integer', title: 'State' },
    { name: 'kind', type: 'string', options: ['bank', 'fund'] },
  ],
};
const field = (name: string) => RE.fields.find((f) => f.name === name)!;

describe('list editing helpers', () => {
  it('moves an item up and down and leaves the ends alone', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('replaces and removes without touching the original', () => {
    const items = ['a', 'b', 'c'];
    expect(replaceAt(items, 1, 'x')).toEqual(['a', 'x', 'c']);
    expect(removeAt(items, 0)).toEqual(['b', 'c']);
    expect(items).toEqual(['a', 'b', 'c']);
  });

  it('leaves an optional key out when it is empty instead of storing it empty', () => {
    const c: { name: string; title?: string; roles?: number[] } = { name: 'name', title: 'Name' };
    expect(withKey(c, 'title', '')).toEqual({ name: 'name' });
    expect(withKey(c, 'title', undefined)).toEqual({ name: 'name' });
    expect(withKey(c, 'roles', [])).toEqual({ name: 'name', title: 'Name' });
    expect(withKey(c, 'title', 'Entity')).toEqual({ name: 'name', title: 'Entity' });
  });

  it('reads number boxes and id lists, keeping bad numbers for the schema to name', () => {
    expect(numberFrom('')).toBeUndefined();
    expect(numberFrom(' 120 ')).toBe(120);
    expect(screenProblem('WebListview', { controller: { module: 'RE' }, fields: [{ name: 'name', width: numberFrom('wide') }] })).toBe('properties/fields/0/width must be integer');
    expect(integersFrom('1, 2,x, 33')).toEqual([1, 2, 33]);
  });

  it('answers the parser message for raw JSON that does not parse', () => {
    expect(parseJson('{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
    const bad = parseJson('{"a": ');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/^Not valid JSON: /);
  });
});

describe('list view drafts', () => {
  it('makes columns with the field title and how the value shows', () => {
    expect(columnFor(field('name'), RE)).toEqual({ name: 'name', title: 'Name' });
    expect(columnFor(field('dateincorporated'), RE)).toEqual({ name: 'dateincorporated', title: 'Dateincorporated', data_parse: 'date' });
    expect(columnFor(field('capital'), RE)).toEqual({ name: 'capital', title: 'Capital', data_parse: 'number' });
    expect(columnFor(field('state'), RE)).toEqual({ name: 'state', title: 'State', data_parse: 'state' });
    // A lookup's display column takes the lookup field's title; a bare lookup id is not a number column.
    expect(columnFor(field('sector_name_ind_field'), RE)).toEqual({ name: 'sector_name_ind_field', title: 'Sector' });
    expect(columnFor(field('sector'), RE)).toEqual({ name: 'sector', title: 'Sector' });
  });

  it('offers only the fields not shown yet', () => {
    expect(columnChoices(RE, ['id', 'name']).map((f) => f.name)).not.toContain('name');
    expect(columnChoices(undefined, [])).toEqual([]);
  });

  it('makes filters whose type and source follow the field', () => {
    expect(filterFor(field('dateincorporated'), RE)).toEqual({ name: 'dateincorporated', title: 'Dateincorporated', type: 'daterange' });
    expect(filterFor(field('state'), RE)).toEqual({ name: 'state', title: 'State', type: 'plain', source: { statemap: true } });
    expect(filterFor(field('sector'), RE)).toEqual({ name: 'sector', title: 'Sector', type: 'plain', source: { module: 'Sector' } });
    expect(filterFor(field('kind'), RE).source).toEqual({ options: [{ value: 'bank', label: 'bank' }, { value: 'fund', label: 'fund' }] });
    expect(filterFor(field('capital'), RE)).toMatchObject({ type: 'plain', condition: '=' });
  });

  it('tells the source kinds apart and makes a fresh source of each kind that follows the schema', () => {
    expect(sourceKind(undefined)).toBe('none');
    expect(sourceKind({ statemap: true })).toBe('statemap');
    expect(sourceKind({ options: [] })).toBe('options');
    expect(sourceKind({ module: 'List', listgroup: 3 })).toBe('listgroup');
    expect(sourceKind({ module: 'Sector' })).toBe('module');
    expect(sourceOfKind('module', 'Sector')).toEqual({ module: 'Sector' });
    for (const kind of ['module', 'listgroup', 'options', 'statemap'] as const) {
      const view = { controller: { module: 'RE' }, fields: [{ name: 'name' }], filters: [{ name: 'state', type: 'plain', source: sourceOfKind(kind) }] };
      expect(screenProblem('WebListview', view)).toBeNull();
    }
  });

  it('reads static options one a line, value=label or a bare value', () => {
    const options = optionsFrom('1=Active\n\n bank \n4 = Inactive');
    expect(options).toEqual([
      { value: '1', label: 'Active' },
      { value: 'bank', label: 'bank' },
      { value: '4', label: 'Inactive' },
    ]);
    expect(optionsFrom(optionsText(options))).toEqual(options);
  });

  it('starts invalid until it has a column, and says when only raw JSON can show a draft', () => {
    expect(screenProblem('WebListview', newListview('RE'))).toBe('properties/fields must NOT have fewer than 1 items');
    expect(listviewStructureProblem(newListview('RE'))).toBeNull();
    expect(listviewStructureProblem([])).toBe('The definition is not a JSON object.');
    expect(listviewStructureProblem({ fields: [] })).toBe('The definition has no controller object.');
    expect(listviewStructureProblem({ controller: {}, fields: 'all' })).toBe('The definition has no list of fields.');
  });
});

describe('list drafts', () => {
  it('makes the first view added the default, and keeps exactly one default', () => {
    const one = addView([], { id: 58, name: 'All' });
    expect(one).toEqual([{ id: 58, name: 'All', default: true }]);
    const two = addView(one, { id: 581, name: '' });
    expect(two[1]).toEqual({ id: 581, name: 'View 581' });
    expect(setDefaultView(two, 1)).toEqual([
      { id: 58, name: 'All' },
      { id: 581, name: 'View 581', default: true },
    ]);
  });

  it('keeps only what a button kind uses', () => {
    expect(withKind({ label: 'Edit', kind: 'link', link: '/x/[id]' }, 'helper')).toEqual({ label: 'Edit', kind: 'helper', helper: 'deleteRecord' });
    expect(withKind({ label: 'Go', kind: 'helper', helper: 'freeze', permission: 'Form.update' }, 'tab')).toEqual({ label: 'Go', kind: 'tab', link: '/', permission: 'Form.update' });
  });

  it('says when only raw JSON can show a list draft', () => {
    expect(webListStructureProblem({ list_id: [] })).toBeNull();
    expect(webListStructureProblem({ title: 'x' })).toBe('The definition has no list of views (list_id).');
    expect(webListStructureProblem({ list_id: [], buttons: {} })).toBe('The buttons are not a list of objects.');
  });
});
