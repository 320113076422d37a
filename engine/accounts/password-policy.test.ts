import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE, passwordProblem } from './password-policy.js';

describe('the password rule', () => {
  it('accepts 8 to 16 characters with upper, lower, digit and symbol', () => {
    expect(passwordProblem('Demo@1234')).toBeNull();
    expect(passwordProblem('Aa1!Aa1!')).toBeNull();
    expect(passwordProblem('Aa1!Aa1!Aa1!Aa1!')).toBeNull();
  });

  it.each([
    ['too short', 'Aa1!Aa1'],
    ['too long', 'Aa1!Aa1!Aa1!Aa1!A'],
    ['no uppercase letter', 'demo@1234'],
    ['no lowercase letter', 'DEMO@1234'],
    ['no digit', 'Demo@abcd'],
    ['no symbol', 'Demo12345'],
    ['a space as the only symbol', 'Demo 1234'],
  ])('refuses a password with %s', (_why, pw) => {
    expect(passwordProblem(pw)).toBe(PASSWORD_RULE);
  });
});
