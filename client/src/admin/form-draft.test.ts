import { describe, expect, it } from 'vitest';
import type { FormField } from '../../../engine/metadata/screen-schemas.js';
import { screenProblem } from '../metadata/screens';
import { formStructureProblem, newField, newWebForm, sourceKindOf, unusedFields, withSource, withTag } from './form-draft';

describe('form drafts', () => {
  it('a new form is not valid until it has a field, and then it is', () => {
    const form = newWebForm();
    expect(screenProblem('WebForms', form)).toMatch(/^properties\/fields /);
    expect(screenProblem('WebForms', { ...form, fields: [newField('name')] })).toBeNull();
  });

  it('a new field follows the module field it names', () => {
    expect(newField('state')).toEqual({ tag: 'state', attributes: { name: 'state' }, config: { label: 'state' } });
    expect(newField('sector', { name: 'sector', type: 'integer', title: 'Sector', lookup: 'Sector' })).toEqual({ tag: 'select', attributes: { name: 'sector' }, config: { label: 'Sector' }, ajax: { module: 'Sector' } });
    expect(newField('amount', { name: 'amount', type: 'decimal' }).attributes).toEqual({ name: 'amount', type: 'number' });
    expect(newField('since', { name: 'since', type: 'date' }).attributes.type).toBe('date');
    expect(newField('notes', { name: 'notes', type: 'text' }).tag).toBe('textarea');
    expect(newField('active', { name: 'active', type: 'boolean' }).tag).toBe('checkbox');
    expect(newField('createon', { name: 'createon', type: 'datetime', system: true }).attributes).toEqual({ name: 'createon', type: 'datetime', readOnly: true });
    expect(newField('kind', { name: 'kind', type: 'string', options: ['A', 'B'] }).options).toEqual([
      { value: 'A', label: 'A' },
      { value: 'B', label: 'B' },
    ]);
    for (const f of ['state', 'sector', 'amount', 'notes']) expect(screenProblem('WebForms', { fields: [newField(f, { name: f, type: 'integer', lookup: f === 'sector' ? 'Sector' : undefined })] })).toBeNull();
  });

  it('a field switched to another tag keeps only what that tag uses', () => {
    const select: FormField = { tag: 'select', attributes: { name: 'sector', required: true }, config: { label: 'Sector' }, ajax: { module: 'Sector' } };
    const input = withTag(select, 'input');
    expect(input).toEqual({ tag: 'input', attributes: { name: 'sector', required: true }, config: { label: 'Sector' } });
    const number: FormField = { tag: 'input', attributes: { name: 'n', type: 'number', step: 0.01, min: 0, max: 9, maxLength: 5 } };
    expect(withTag(number, 'textarea').attributes).toEqual({ name: 'n', maxLength: 5 });
    const relation = withTag(select, 'relation');
    expect(relation.relation).toMatchObject({ relation_type: 1 });
    expect(relation.ajax).toBeUndefined();
    expect(screenProblem('WebForms', { fields: [relation] })).toBeNull();
    expect(withTag(select, 'select')).toEqual(select);
  });

  it('a select box switches its source, keeping a fixed list as options', () => {
    const fixed: FormField = { tag: 'select', attributes: { name: 'b' }, options: [{ value: 'A', label: 'A' }] };
    expect(sourceKindOf(fixed)).toBe('options');
    const fromModule = withSource(fixed, 'module', 'Sector');
    expect(fromModule).toEqual({ tag: 'select', attributes: { name: 'b' }, ajax: { module: 'Sector' } });
    expect(sourceKindOf(fromModule)).toBe('module');
    expect(withSource(fromModule, 'statemap').ajax).toEqual({ statemap: true });
    expect(sourceKindOf(withSource(fromModule, 'statemap'))).toBe('statemap');
    expect(withSource(fixed, 'none')).toEqual({ tag: 'select', attributes: { name: 'b' } });
    expect(withSource({ tag: 'select', attributes: { name: 'b' }, ajax: { options: [{ value: 1, label: 'one' }] } }, 'options').options).toEqual([{ value: 1, label: 'one' }]);
    expect(withSource({ tag: 'select', attributes: { name: 'b' } }, 'options').options).toHaveLength(1);
  });

  it('offers the module fields the form does not use yet, system columns last, display columns never', () => {
    const fields = [
      { name: 'id', type: 'integer', system: true },
      { name: 'created', type: 'datetime', system: true },
      { name: 'name', type: 'string' },
      { name: 'sector', type: 'integer', lookup: 'Sector' },
      { name: 'sector_name_ind_field', type: 'string', lookupOf: 'sector', system: true },
      { name: 'email', type: 'string' },
    ];
    expect(unusedFields(fields, [newField('name')]).map((f) => f.name)).toEqual(['sector', 'email', 'created']);
  });

  it('says when a draft is too irregular for the structured editor', () => {
    expect(formStructureProblem([])).toMatch(/not a JSON object/);
    expect(formStructureProblem({ title: 'x' })).toMatch(/no list of fields/);
    expect(formStructureProblem({ fields: ['name'] })).toMatch(/attributes/);
    expect(formStructureProblem({ fields: [{ attributes: { name: 'a' }, options: 'x' }] })).toMatch(/options/);
    expect(formStructureProblem({ fields: [], buttons: {} })).toMatch(/buttons/);
    // Schema problems (a bad tag, a missing name) are the schema's to name, not the structure's.
    expect(formStructureProblem({ fields: [{ tag: 'bogus', attributes: {} }] })).toBeNull();
  });
});
