// Helpers for the account protocol tests: a valid registration payload, the mail the outbox
// holds for an address, the token inside its link, and calls through the text endpoint.
import { expect } from 'vitest';
import type { TestEngine } from '../testing/test-engine.js';

export const GOOD_PASSWORD = 'Secret@123';

let serial = 0;
/** A fresh user id and e-mail per call, so tests in one file never collide. */
export function uniqueUser(prefix = 'newuser'): { userid: string; email: string } {
  serial += 1;
  const userid = `${prefix}${serial}${Date.now() % 100000}`;
  return { userid, email: `${userid}@example.org` };
}

export async function companyNo(t: TestEngine, entity: number): Promise<{ companyno: string; otherno: string }> {
  const row = await t.database.db('re').where({ id: entity }).first('companyno', 'otherno');
  return { companyno: String(row.companyno), otherno: String(row.otherno) };
}

/** A self-registration payload that keeps every rule, for entity `entity` by its company number. */
export async function registration(t: TestEngine, entity: number, overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const { userid, email } = uniqueUser();
  const { companyno } = await companyNo(t, entity);
  return {
    regtype: 'LL',
    companyno,
    otherno: '',
    name: 'Nur Aisyah',
    contactno: '0123456789',
    email,
    password: GOOD_PASSWORD,
    position2: 303,
    role_approver: true,
    userid,
    ...overrides,
  };
}

export interface QueuedMail {
  id: number;
  type: number;
  recipient: string;
  subject: string;
  body_text: string;
}

/** The mails queued to `to` (of `type`, when given), oldest first. */
export async function mailsTo(t: TestEngine, to: string, type?: number): Promise<QueuedMail[]> {
  const q = t.database.db('email_outbox').where({ recipient: to }).orderBy('id');
  if (type !== undefined) q.andWhere({ type });
  const rows = await q.select('id', 'type', 'recipient', 'subject', 'body_text');
  return rows.map((r: QueuedMail) => ({ ...r, id: Number(r.id), type: Number(r.type) }));
}

/** The token of the link in the newest mail of `type` to `to`, checking the link's path. */
export async function tokenMailedTo(t: TestEngine, to: string, type: number, path: string): Promise<string> {
  const mails = await mailsTo(t, to, type);
  expect(mails.length, `a mail of type ${type} to ${to}`).toBeGreaterThan(0);
  const body = mails[mails.length - 1].body_text;
  const match = new RegExp(`${path.replace(/[/]/g, '\\/')}\\?token=([A-Za-z0-9_-]{43})`).exec(body);
  expect(match, `a ${path} link in: ${body}`).not.toBeNull();
  return match![1];
}

/** POST /process/string, form-encoded as the original clients sent it; answers the body text. */
export async function processString(t: TestEngine, action: string, args: unknown[], cookie?: string): Promise<string> {
  const form = new URLSearchParams({ action });
  args.forEach((a, i) => form.set(`a${i}`, JSON.stringify(a)));
  const res = await t.engine.app.inject({
    method: 'POST',
    url: '/process/string',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    payload: form.toString(),
  });
  expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
  return res.body;
}

export const verifyByText = (t: TestEngine, token: string) => processString(t, 'System.execute', ['REContact.verifyEmail', { token }]);

/** Registers, verifies and activates a user (as `iru`); answers its user id. */
export async function activeUser(t: TestEngine, entity = 3, overrides: Record<string, unknown> = {}): Promise<{ userid: string; email: string }> {
  const payload = await registration(t, entity, overrides);
  const [v] = await t.call('REContact.register', [payload]);
  expect(v).toEqual({ type: 'text', text: payload.userid });
  const email = String(payload.email);
  expect(await verifyByText(t, await tokenMailedTo(t, email, 1003, '/verify-email'))).toBe('OK');
  const [a] = await t.call('User.activate', [{ userid: payload.userid }], await t.sessionFor('iru'));
  expect(a).toEqual({ type: 'text', text: 'OK' });
  return { userid: String(payload.userid), email };
}
