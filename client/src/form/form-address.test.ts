import { describe, expect, it } from 'vitest';
import { choiceByValueQuery, choiceQuery, containsPattern, rowsToChoices } from './choice-source';
import { formPath, readFormQuery, relationCreateUrl, relationPermission } from './form-address';
import type { RelationModel } from './form-schema';

describe('select box queries (seed 000 §2.9)', () => {
  it('asks a module for 30 records a page whose label contains the text, by label then id', () => {
    expect(choiceQuery({ module: 'Sector' }, ' bank ')).toEqual({ module: 'Sector', fields: ['id', 'name'], where: [['name', 'like', '%bank%']], order: 'name asc, id asc', max: 30 });
    expect(choiceQuery({ module: 'Sector' }, '', 3)).toEqual({ module: 'Sector', fields: ['id', 'name'], where: [], order: 'name asc, id asc', max: 30, pageIndex: 3 });
  });

  it('hides inactive List entries, keeps to a list group and orders by displayorder', () => {
    expect(choiceQuery({ module: 'List', listgroup: 295, value: 'value0' }, 'off')).toEqual({
      module: 'List',
      fields: ['value0', 'name'],
      where: [['listgroup', '=', 295], ['state', 'is not', 4], ['name', 'like', '%off%']],
      order: 'displayorder asc, id asc',
      max: 30,
    });
  });

  it('keeps a source’s own conditions and order', () => {
    expect(choiceQuery({ module: 'RE', label: 'companyno', where: [['state', '=', 33]], order: 'companyno asc' }, 'LL')).toMatchObject({
      fields: ['id', 'companyno'],
      where: [['state', '=', 33], ['companyno', 'like', '%LL%']],
      order: 'companyno asc, id asc',
    });
    expect(choiceQuery({ module: 'RE', order: 'id desc' }, '').order).toBe('id desc');
  });

  it('matches what the user typed literally, wildcards included', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });

  it('looks up a stored value’s label and turns rows into choices', () => {
    expect(choiceByValueQuery({ module: 'Sector' }, 3)).toEqual({ module: 'Sector', fields: ['id', 'name'], where: [['id', '=', 3]], max: 1 });
    expect(rowsToChoices({ module: 'List', value: 'value0' }, [{ value0: 'A', name: 'Alpha' }, { value0: 'B', name: null }])).toEqual([
      { value: 'A', label: 'Alpha' },
      { value: 'B', label: 'B' },
    ]);
  });
});

describe('form addresses', () => {
  it('reads a child opened from a relation list, the entity of a new record and the tab flag', () => {
    expect(readFormQuery(new URLSearchParams('parent_id=295&relation=1&col=listgroup&pmodule=ListGroup&isTab=true&re=6'))).toEqual({
      isTab: true,
      relation: { relation_type: 1, parent_name: 'ListGroup', parent_id: 295, modulecolumn_name: 'listgroup' },
      re: '6',
    });
    expect(readFormQuery(new URLSearchParams('parent_id=x&relation=3&re=abc'))).toEqual({ isTab: false });
  });

  it('puts each mode of a list’s form or a form by id at its address, and keeps a tab a tab', () => {
    const list = { listId: 58, basePath: '/re/reportingentity' };
    expect(formPath(list, 'create', undefined, false)).toBe('/re/reportingentity/create');
    expect(formPath(list, 'view', 4, true)).toBe('/re/reportingentity/view/4?isTab=true');
    expect(formPath({ formId: 45, basePath: '/iru/form' }, 'edit', 9, false)).toBe('/iru/form/45/edit/9');
    expect(formPath({ formId: 28, basePath: '/mainform' }, 'create', undefined, false)).toBe('/mainform/28/create');
    // One's own profile (seed 000 §2.12): profile/view and profile/edit/{id}, never a create page.
    expect(formPath({ formId: 66, basePath: '/re/profile' }, 'view', 3, false)).toBe('/re/profile/view');
    expect(formPath({ formId: 66, basePath: '/iru/profile' }, 'edit', 2, false)).toBe('/iru/profile/edit/2');
    expect(formPath({ formId: 66, basePath: '/re/profile' }, 'create', undefined, false)).toBeNull();
  });

  it('opens a child’s create page with the parent and needs what the server needs to write it', () => {
    const one: RelationModel = { name: 'entries', label: 'Entries', list_id: 47, relation_type: 1, child_name: 'List', modulecolumn_name: 'listgroup', parent_name: 'ListGroup' };
    const two: RelationModel = { ...one, relation_type: 2, child_name: 'RECategory', parent_name: 'RE', modulecolumn_name: 'fk_re' };
    expect(relationCreateUrl(one, 47, 295, 'iru')).toBe('/iru/form/47/create?parent_id=295&relation=1&col=listgroup&pmodule=ListGroup&isTab=true');
    expect(relationCreateUrl(one, 47, 295, 'admin')).toBe('/form/47/create?parent_id=295&relation=1&col=listgroup&pmodule=ListGroup&isTab=true');
    expect(relationPermission(one)).toBe('List.create');
    expect(relationPermission(two)).toBe('RE_RECategory.create');
  });
});
