// The tests' own TOTP must be right before it can judge the server's: RFC 6238 appendix B.
import { describe, expect, it } from 'vitest';
import { base32Decode, codeFor, hotp, totp } from './totp-reference.js';
import { acceptedStep, newOtpSecret } from '../totp.js';

const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');

describe('the reference TOTP used by the tests', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('gives the RFC 6238 SHA-1 code at T=%i', (t, code) => {
    expect(totp(RFC_KEY, t, 8)).toBe(code);
  });

  it('gives the RFC 4226 HOTP codes for counters 0 and 9', () => {
    expect(hotp(RFC_KEY, 0)).toBe('755224');
    expect(hotp(RFC_KEY, 9)).toBe('520489');
  });

  it('decodes RFC 4648 base32', () => {
    expect(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ').toString('ascii')).toBe('12345678901234567890');
    expect(base32Decode('MZXW6YTBOI======').toString('ascii')).toBe('foobar');
  });

  it('agrees with the server: a reference code of a new key is accepted, a changed one is not', async () => {
    const secret = newOtpSecret();
    const now = Date.now();
    const code = codeFor(secret, 0, now);
    expect(await acceptedStep(secret, code, null)).toBe(Math.floor(now / 30_000));
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(await acceptedStep(secret, wrong, null)).toBeNull();
  });

  it('treats codes that are not six digits as wrong instead of failing', async () => {
    const secret = newOtpSecret();
    for (const code of ['', '12345', '1234567', 'abcdef', '12 456']) expect(await acceptedStep(secret, code, null)).toBeNull();
  });

  it('refuses a code of a step already used', async () => {
    const secret = newOtpSecret();
    const now = Date.now();
    const step = await acceptedStep(secret, codeFor(secret, 0, now), null);
    expect(step).toBe(Math.floor(now / 30_000));
    expect(await acceptedStep(secret, codeFor(secret, 0, now), step)).toBeNull();
    expect(await acceptedStep(secret, codeFor(secret, 1, now), step)).toBe(step! + 1);
  });
});
