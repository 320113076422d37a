import { describe, expect, it } from 'vitest';
import { problemFields, schemaProblems } from '../../../portal/filing/template-schema.js';
import { templateSchemaFields } from './template-problems';

const tab = { id: '01', title: 'T', display_name: 'Tab', type: 'normal', header: { top: 1, left: 1, items: [[{ value: 'Item' }]] }, items: [[{ value: 'Cash' }]] };

describe('the schema check of the designer', () => {
  it('passes a template that conforms', () => {
    expect(templateSchemaFields({ id: 'ABC', title: 'Form', items: [tab] })).toBeNull();
  });

  it('answers the fields and messages a save would answer, without the server', () => {
    const broken = { id: 'ABC', title: 'Form', items: [{ ...tab, title: '', items: [[{ value: 'Cash', editor: 'slider' }]] }] };
    const fields = templateSchemaFields(broken);
    expect(fields).toEqual(problemFields(schemaProblems(broken)));
    expect(Object.keys(fields!)).toEqual(expect.arrayContaining(['properties/items/0/title', 'properties/items/0/items/0/0/editor']));
  });
});
