import { describe, expect, it } from 'vitest';
import { demoTemplates } from './demo-templates.js';
import { isFormProperties, problemFields, schemaProblems } from './template-schema.js';

const demo = () => demoTemplates()[0].properties as unknown as Record<string, any>;

describe('the template schema', () => {
  it('accepts every demo template', () => {
    for (const t of demoTemplates()) expect(schemaProblems(t.properties), t.code).toEqual([]);
  });

  it('names the path of a precision that is not a number', () => {
    const p = demo();
    p.items[0].items[3][2].precision = 'nineteen';
    expect(schemaProblems(p)).toEqual([{ path: '/items/0/items/3/2/precision', message: 'must be integer' }]);
  });

  it('refuses an unknown editor, a tab id that is not two digits and an unknown cell attribute, each at its path', () => {
    const p = demo();
    p.items[1].items[0][1].editor = 'checkbox';
    p.items[2].id = '3';
    p.items[0].header.items[0][0].colour = 'red';
    const paths = schemaProblems(p).map((x) => x.path);
    expect(paths).toContain('/items/1/items/0/1/editor');
    expect(paths).toContain('/items/2/id');
    expect(paths).toContain('/items/0/header/items/0/0');
    expect(schemaProblems(p).find((x) => x.path === '/items/0/header/items/0/0')?.message).toBe('unknown property "colour"');
  });

  it('refuses more than ten header rows or columns', () => {
    const p = demo();
    p.items[0].header.left = 11;
    expect(schemaProblems(p)).toEqual([{ path: '/items/0/header/left', message: 'must be <= 10' }]);
  });

  it('names a missing required property by its own path', () => {
    const p = demo();
    delete p.items[0].display_name;
    expect(schemaProblems(p)).toEqual([{ path: '/items/0/display_name', message: '"display_name" is required' }]);
  });

  it('refuses a tab type other than normal and add-new-rows', () => {
    const p = demo();
    p.items[0].type = 'addrows';
    expect(schemaProblems(p).map((x) => x.path)).toEqual(['/items/0/type']);
    expect(isFormProperties(p)).toBe(false);
  });

  it('turns problems into the field map of an E_VALIDATION answer', () => {
    expect(problemFields([{ path: '/items/0/items/3/2/precision', message: 'must be integer' }, { path: '/', message: 'must be object' }])).toEqual({
      'properties/items/0/items/3/2/precision': 'must be integer',
      properties: 'must be object',
    });
  });
});
