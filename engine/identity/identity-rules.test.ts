// The pure rules of identity: policy parsing, who needs MFA, password expiry and restrictions,
// the per-address login limit, and the settings read from the environment.
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/catalogue.js';
import { ConfigError, loadConfig } from '../../fastify.config.js';
import { mfaPolicyOf, policyFrom } from './policy.js';
import { mfaRequired } from './second-factor.js';
import { assertAllowed, passwordExpired, restrictionsOf } from './restriction.js';
import { bearerToken } from './api-tokens.js';

const NOW = new Date('2025-06-30T12:00:00Z');
const codeOfThrown = (run: () => void) => {
  try {
    run();
    return 'allowed';
  } catch (e) {
    return e instanceof AppError ? `${e.code}: ${e.message}` : String(e);
  }
};

describe('the identity policy from Parameters', () => {
  it('falls back to the defaults for missing or unusable values', () => {
    expect(policyFrom(new Map())).toEqual({ mfaPolicy: 'optional', passwordExpiryDays: 0, maxFailedLogins: 5, lockoutMinutes: 15, supportEmail: null });
    expect(policyFrom(new Map([['PASSWORD_EXPIRY_DAYS', '-3'], ['MAX_FAILED_LOGINS', 'five'], ['LOCKOUT_MINUTES', '0']]))).toMatchObject({
      passwordExpiryDays: 0,
      maxFailedLogins: 5,
      lockoutMinutes: 15,
    });
    expect(policyFrom(new Map([['PASSWORD_EXPIRY_DAYS', '90'], ['MAX_FAILED_LOGINS', '0'], ['LOCKOUT_MINUTES', '30']]))).toMatchObject({
      passwordExpiryDays: 90,
      maxFailedLogins: 0,
      lockoutMinutes: 30,
    });
  });

  it('reads MFA_POLICY case-insensitively and fails closed on a value nobody meant', () => {
    expect(mfaPolicyOf(' Staff ')).toBe('staff');
    expect(mfaPolicyOf('EVERYONE')).toBe('everyone');
    expect(mfaPolicyOf(undefined)).toBe('optional');
    expect(mfaPolicyOf('opional')).toBe('everyone');
  });

  it.each([
    ['optional', 1, 0, false],
    ['optional', 2, 1, true],
    ['staff', 1, 0, true],
    ['staff', 3, 0, true],
    ['staff', 2, 0, false],
    ['staff', 1, 2, false],
    ['everyone', 2, 0, true],
    ['everyone', 2, 2, false],
  ] as const)('under %s, login type %i with user.mfa %i must use MFA: %s', (policy, logintype, mfa, expected) => {
    expect(mfaRequired(policy, { logintype, mfa })).toBe(expected);
  });
});

describe('password expiry and restricted sessions', () => {
  const changed = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');

  it('expires a password PASSWORD_EXPIRY_DAYS after its change, never with 0', () => {
    expect(passwordExpired({ pwchangedon: changed(89), createon: null }, 90, NOW)).toBe(false);
    expect(passwordExpired({ pwchangedon: changed(90), createon: null }, 90, NOW)).toBe(true);
    expect(passwordExpired({ pwchangedon: changed(5000), createon: null }, 0, NOW)).toBe(false);
  });

  it('counts from the account creation when the password was never changed, and not at all without dates', () => {
    expect(passwordExpired({ pwchangedon: null, createon: changed(100) }, 90, NOW)).toBe(true);
    expect(passwordExpired({ pwchangedon: null, createon: null }, 90, NOW)).toBe(false);
  });

  it('restricts an expired password first and a first-time RE user, not first-time staff', () => {
    const base = { pwchangedon: changed(1), createon: null, firsttimelogin: 0 };
    expect(restrictionsOf({ ...base, logintype: 2 }, 90, NOW)).toEqual([]);
    expect(restrictionsOf({ ...base, logintype: 2, firsttimelogin: 1 }, 90, NOW)).toEqual(['firsttime']);
    expect(restrictionsOf({ ...base, logintype: 1, firsttimelogin: true }, 90, NOW)).toEqual([]);
    expect(restrictionsOf({ ...base, logintype: 2, firsttimelogin: 1, pwchangedon: changed(100) }, 90, NOW)).toEqual(['expired', 'firsttime']);
  });

  it('lets a restricted session reach its allow-list only, with the message that says what to do', () => {
    expect(codeOfThrown(() => assertAllowed('Record.select', null))).toBe('allowed');
    expect(codeOfThrown(() => assertAllowed('User.changePassword', 'expired'))).toBe('allowed');
    expect(codeOfThrown(() => assertAllowed('User.setSecurityQuestions', 'firsttime'))).toBe('allowed');
    expect(codeOfThrown(() => assertAllowed('Record.select', 'expired'))).toBe('E_PASSWORDEXPIRED: Your password has expired, please change it');
    expect(codeOfThrown(() => assertAllowed('User.setRE', 'firsttime'))).toBe('E_NOPERMISSION: Please fill in your security questions before proceeding');
  });
});

describe('the Authorization header', () => {
  it('yields the token of a Bearer header only', () => {
    expect(bearerToken('Bearer abc_DEF-123')).toBe('abc_DEF-123');
    expect(bearerToken('bearer   abc ')).toBe('abc');
    expect(bearerToken('Basic dXNlcjpwYXNz')).toBeUndefined();
    expect(bearerToken('Bearer')).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});

describe('identity settings in the environment', () => {
  it('has safe defaults', () => {
    expect(loadConfig({})).toMatchObject({ loginRateLimit: 20, trustProxy: false, mfaIssuer: 'Reporting Portal' });
  });

  it('reads LOGIN_RATE_LIMIT, TRUST_PROXY and MFA_ISSUER', () => {
    expect(loadConfig({ LOGIN_RATE_LIMIT: '5', TRUST_PROXY: '10.0.0.0/8, 127.0.0.1', MFA_ISSUER: 'Regulator' })).toMatchObject({
      loginRateLimit: 5,
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      mfaIssuer: 'Regulator',
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it.each([
    ['LOGIN_RATE_LIMIT', '0'],
    ['LOGIN_RATE_LIMIT', 'lots'],
    ['TRUST_PROXY', 'yes please'],
    ['TRUST_PROXY', '2'],
    ['MFA_ISSUER', 'Portal: Prod'],
  ])('refuses %s=%s naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
