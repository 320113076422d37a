import { describe, expect, it } from 'vitest';
import { describeError } from './smtp-sender.js';

describe('describing a delivery error', () => {
  it('keeps the code, the SMTP response code and the message', () => {
    const err = Object.assign(new Error('Message failed: 550 mailbox unavailable'), { code: 'EMESSAGE', responseCode: 550 });
    expect(describeError(err, [])).toBe('EMESSAGE 550 Message failed: 550 mailbox unavailable');
  });

  it('blanks out the credentials of the SMTP URL wherever they appear', () => {
    const err = Object.assign(new Error('Invalid login: 535 user mailer pass s3cret-pw rejected'), { code: 'EAUTH' });
    const text = describeError(err, ['s3cret-pw', 'mailer']);
    expect(text).not.toContain('s3cret-pw');
    expect(text).not.toContain('mailer');
    expect(text).toContain('EAUTH');
  });
});
