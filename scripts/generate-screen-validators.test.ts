// The client's precompiled screen validators are those of the schemas the server uses now.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_PATH, screenValidatorsSource, screenValidatorTypes, TEMPLATE_PATH, TEMPLATE_TYPES_PATH, templateValidatorSource, templateValidatorTypes, TYPES_PATH } from './generate-screen-validators.js';
import { schemaErrorProblems, schemaProblems } from '../portal/filing/template-schema.js';
import { FormProperties } from '../client/src/metadata/template-validator.generated.js';

describe('the generated screen validators', () => {
  it('are what engine/metadata/screen-schemas.ts gives now (else: npm run build, and commit them)', () => {
    expect(readFileSync(GENERATED_PATH, 'utf8') === screenValidatorsSource(), `${GENERATED_PATH} is stale`).toBe(true);
    expect(readFileSync(TYPES_PATH, 'utf8')).toBe(screenValidatorTypes());
  });

  it('need nothing at run time: no require, no eval, no new Function', () => {
    const source = screenValidatorsSource();
    expect(source).not.toMatch(/\brequire\(|\beval\(|\bFunction\(/);
    expect(templateValidatorSource()).not.toMatch(/\brequire\(|\beval\(|\bFunction\(/);
  });

  it('include the form template schema as portal/filing/template-schema.ts gives it now', () => {
    expect(readFileSync(TEMPLATE_PATH, 'utf8') === templateValidatorSource(), `${TEMPLATE_PATH} is stale`).toBe(true);
    expect(readFileSync(TEMPLATE_TYPES_PATH, 'utf8')).toBe(templateValidatorTypes());
  });

  it('find the same template problems, at the same paths, as the server check', () => {
    const broken = {
      id: 'X', title: '',
      items: [{ id: '1', title: 'T', display_name: 'Tab', type: 'sideways', header: { top: 0, left: 0, items: [] }, items: [[{ editor: 'numeric', precision: 40 }]] }],
    };
    expect(FormProperties(broken)).toBe(false);
    const client = schemaErrorProblems(FormProperties.errors ?? []);
    expect(client.length).toBeGreaterThan(2);
    expect(client).toEqual(schemaProblems(broken));
    expect(client.map((p) => p.path)).toEqual(expect.arrayContaining(['/title', '/items/0/id', '/items/0/type']));
  });
});
