// The client's precompiled screen validators are those of the schemas the server uses now.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_PATH, screenValidatorsSource, screenValidatorTypes, TYPES_PATH } from './generate-screen-validators.js';

describe('the generated screen validators', () => {
  it('are what engine/metadata/screen-schemas.ts gives now (else: npm run build, and commit them)', () => {
    expect(readFileSync(GENERATED_PATH, 'utf8') === screenValidatorsSource(), `${GENERATED_PATH} is stale`).toBe(true);
    expect(readFileSync(TYPES_PATH, 'utf8')).toBe(screenValidatorTypes());
  });

  it('need nothing at run time: no require, no eval, no new Function', () => {
    const source = screenValidatorsSource();
    expect(source).not.toMatch(/\brequire\(|\beval\(|\bFunction\(/);
  });
});
