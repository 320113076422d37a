import { describe, expect, it } from 'vitest';
import { canonical, diffJson, shortJson } from './json-diff';

describe('json diff of two screen definitions', () => {
  it('finds nothing between equal values, whatever their key order', () => {
    expect(diffJson({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toEqual([]);
    expect(canonical({ b: 1, a: 2 })).toBe(canonical({ a: 2, b: 1 }));
  });

  it('names a changed leaf by its slash path with both values', () => {
    const before = { name: 'Users', properties: { columns: [{ field: 'id', width: 80 }, { field: 'name', width: 200 }] } };
    const after = { name: 'Users', properties: { columns: [{ field: 'id', width: 80 }, { field: 'name', width: 250 }] } };
    expect(diffJson(before, after)).toEqual([{ kind: 'changed', path: 'properties/columns/1/width', before: 200, after: 250 }]);
  });

  it('reports added and removed keys', () => {
    expect(diffJson({ a: 1, gone: true }, { a: 1, fresh: 'x' })).toEqual([
      { kind: 'added', path: 'fresh', after: 'x' },
      { kind: 'removed', path: 'gone', before: true },
    ]);
  });

  it('reads an item inserted at the top of an array as one addition, not every item changed', () => {
    const cols = [{ field: 'id' }, { field: 'name' }, { field: 'email' }];
    expect(diffJson({ columns: cols }, { columns: [{ field: 'state' }, ...cols] })).toEqual([{ kind: 'added', path: 'columns/0', after: { field: 'state' } }]);
  });

  it('reads an item taken out of the middle of an array as one removal at its old index', () => {
    expect(diffJson([1, 2, 3, 4], [1, 2, 4])).toEqual([{ kind: 'removed', path: '2', before: 3 }]);
  });

  it('compares an item edited in place field by field', () => {
    const before = [{ label: 'Edit', helper: 'a' }, { label: 'Delete' }];
    const after = [{ label: 'Edit', helper: 'b' }, { label: 'Delete' }];
    expect(diffJson(before, after)).toEqual([{ kind: 'changed', path: '0/helper', before: 'a', after: 'b' }]);
  });

  it('reports a value whose type changed as one change, and a whole side that appears or goes', () => {
    expect(diffJson({ v: [1] }, { v: 'one' })).toEqual([{ kind: 'changed', path: 'v', before: [1], after: 'one' }]);
    expect(diffJson(null, { name: 'x' })).toEqual([{ kind: 'changed', path: '', before: null, after: { name: 'x' } }]);
  });

  it('shortens long values to one line', () => {
    expect(shortJson('x'.repeat(300), 20)).toHaveLength(20);
    expect(shortJson({ a: 1 })).toBe('{"a":1}');
    expect(shortJson(undefined)).toBe('');
  });
});
