import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './catalogue.js';
import { PROJECT_ROOT } from '../paths.js';

// The contract sits in ../shared beside the clone (always so in CI).
const contractFile = new URL('../../../shared/design/PROTOCOL.md', import.meta.url);
const contract = existsSync(contractFile) || process.env.CI ? readFileSync(contractFile, 'utf8') : '## 5. Error codes\n## 6.';
const section5 = contract.slice(contract.indexOf('## 5. Error codes'), contract.indexOf('## 6.'));
const contractCodes = [...new Set([...section5.matchAll(/`(E_[A-Z0-9]+)`/g)].map((m) => m[1]))];

describe('the error catalogue', () => {
  it.runIf(contractCodes.length > 0)('holds every code of PROTOCOL.md §5', () => {
    expect(contractCodes.length).toBeGreaterThan(20);
    for (const code of contractCodes) expect(Object.keys(ERROR_CODES)).toContain(code);
  });

  it.runIf(contractCodes.length > 0)('holds no code the contract does not define, or docs/protocol.md names as added to it', () => {
    const docs = readFileSync(`${PROJECT_ROOT}docs/protocol.md`, 'utf8');
    const added = [...(/^- Codes added to PROTOCOL\.md §5: (.*)$/m.exec(docs)?.[1] ?? '').matchAll(/`(E_[A-Z0-9]+)`/g)].map((m) => m[1]);
    for (const code of Object.keys(ERROR_CODES)) expect([...contractCodes, ...added]).toContain(code);
  });

  it('uses the seed message for an expired session', () => {
    expect(ERROR_CODES.E_ILLEGALACCESS.message).toBe('Session Expired / Not Logged In, Please Login');
  });

  it('documents in docs/protocol.md every code that travels with an HTTP status other than 200', () => {
    const docs = readFileSync(`${PROJECT_ROOT}docs/protocol.md`, 'utf8');
    for (const [code, { status }] of Object.entries(ERROR_CODES)) {
      if (status !== 200) expect(docs).toMatch(new RegExp(`${status}\\s+\`${code}\``));
    }
  });
});
