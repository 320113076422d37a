import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../fastify.config.js';
import { portalLink } from './account-mail.js';

describe('the account settings', () => {
  it('default to a 60-minute reset link and a 72-hour verification link', () => {
    expect(loadConfig({})).toMatchObject({ resetTokenMinutes: 60, verifyTokenHours: 72 });
    expect(loadConfig({ RESET_TOKEN_MINUTES: '15', VERIFY_TOKEN_HOURS: '24' })).toMatchObject({ resetTokenMinutes: 15, verifyTokenHours: 24 });
  });

  it.each([
    ['RESET_TOKEN_MINUTES', '0'],
    ['RESET_TOKEN_MINUTES', 'soon'],
    ['VERIFY_TOKEN_HOURS', '1000'],
  ])('refuse %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^${name} `));
  });

  it('build mail links on PUBLIC_URL, or on the address the server listens on', () => {
    expect(portalLink({ publicUrl: 'https://portal.example.org/', host: '0.0.0.0', port: 80 }, '/verify-email', 'abc-_1')).toBe('https://portal.example.org/verify-email?token=abc-_1');
    expect(portalLink({ publicUrl: undefined, host: '127.0.0.1', port: 3000 }, '/reset-password', 'x')).toBe('http://127.0.0.1:3000/reset-password?token=x');
  });
});
