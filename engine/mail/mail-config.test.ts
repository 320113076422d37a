import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../fastify.config.js';

describe('mail settings from the environment', () => {
  it('default to outbox only, the portal sender, a 2 s poll and 10 attempts', () => {
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, mailFrom: 'Regulator Portal <no-reply@portal.local>', mailPollMs: 2000, mailMaxAttempts: 10 });
  });

  it('accept an SMTP server, a sender and their limits', () => {
    const c = loadConfig({ SMTP_URL: 'smtps://mailer:s3cret@mail.example.org:465', MAIL_FROM: 'ops@example.org', MAIL_POLL_MS: '500', MAIL_MAX_ATTEMPTS: '3' });
    expect(c).toMatchObject({ smtpUrl: 'smtps://mailer:s3cret@mail.example.org:465', mailFrom: 'ops@example.org', mailPollMs: 500, mailMaxAttempts: 3 });
  });

  it.each([
    [{ SMTP_URL: 'http://mail.example.org' }, 'SMTP_URL'],
    [{ SMTP_URL: 'not a url' }, 'SMTP_URL'],
    [{ MAIL_FROM: 'nobody' }, 'MAIL_FROM'],
    [{ MAIL_FROM: 'A <a@example.org>\r\nBcc: b@example.org' }, 'MAIL_FROM'],
    [{ MAIL_POLL_MS: '10' }, 'MAIL_POLL_MS'],
    [{ MAIL_MAX_ATTEMPTS: '0' }, 'MAIL_MAX_ATTEMPTS'],
  ])('refuse %o with a message naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('never repeat an SMTP password in the message about a bad SMTP_URL', () => {
    expect(() => loadConfig({ SMTP_URL: 'ftp://mailer:s3cret@mail.example.org' })).toThrow(/^(?!.*s3cret)/);
  });
});
