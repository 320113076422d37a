// The client's precompiled screen validators word a definition's first problem as the server does.
import { describe, expect, it } from 'vitest';
import { screenProblem as serverProblem } from '../../../engine/metadata/screen-files.js';
import type { ScreenModule } from '../../../engine/metadata/screen-schemas.js';
import { screenProblem } from './screens';

const CASES: [ScreenModule, unknown][] = [
  ['WebList', { list_id: [] }],
  ['WebList', { list_id: [{ id: 0, name: 'All' }] }],
  ['WebList', { list_id: [{ id: 1, name: 'All', link: 'no slash' }] }],
  ['WebList', { list_id: [{ id: 1, name: 'All' }], colour: 'red' }],
  ['WebList', 'not an object'],
  ['WebListview', { controller: { module: 'RE' }, fields: [{ name: 'name', colour: 'red' }] }],
  ['WebListview', { controller: { module: 'RE' }, fields: [{ name: 'name', width: 'wide' }] }],
  ['WebListview', { controller: { module: 'RE' }, fields: [{ name: 'name', data_parse: 'money' }] }],
  ['WebListview', { controller: { module: 'RE', max: 5000 }, fields: [{ name: 'name' }] }],
  ['WebListview', { controller: {}, fields: [{ name: 'name' }] }],
  ['WebForms', { fields: [{ tag: 'input', attributes: { name: 'x' } }] }],
  ['WebForms', { fields: [{ tag: 'widget', attributes: { name: 'x' } }] }],
  ['WebForms', { fields: [{ tag: 'input', attributes: { name: '9x' } }] }],
  ['WebForms', { fields: [{ tag: 'input', attributes: { name: 'x', placeholder: '😀'.repeat(201) } }] }],
  ['WebForms', { fields: [{ tag: 'input', attributes: { name: 'x', validation: [{ rule: 'sometimes' }] } }] }],
  ['WebForms', { fields: [] }],
];

describe('screenProblem (precompiled validators)', () => {
  it.each(CASES)('words %s problems exactly as the server does', (kind, properties) => {
    expect(screenProblem(kind, properties)).toBe(serverProblem(kind, properties));
  });

  it('finds no problem in a valid definition and names the first one otherwise', () => {
    expect(screenProblem('WebForms', { fields: [{ tag: 'input', attributes: { name: 'x' } }] })).toBeNull();
    expect(screenProblem('WebList', { list_id: [] })).toBe('properties/list_id must NOT have fewer than 1 items');
    expect(screenProblem('WebListview', { controller: { module: 'RE' }, fields: [{ name: 'name', colour: 'red' }] })).toBe('properties/fields/0 must NOT have additional properties "colour"');
  });
});
