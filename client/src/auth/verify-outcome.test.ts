import { describe, expect, it } from 'vitest';
import { TRANSPORT_FAILED, UNKNOWN_ERROR, VERIFIED, verifyEmailToken, verifyOutcome } from './verify-outcome';

describe('the e-mail verification answer', () => {
  it('reads OK as verified', () => {
    expect(verifyOutcome('OK')).toEqual({ ok: true, message: VERIFIED });
  });

  it('reads the code from part 3 and the message from part 4, colons in the message kept', () => {
    expect(verifyOutcome('exception:text:E_VALIDATION:This verification link is not valid.')).toEqual({ ok: false, code: 'E_VALIDATION', message: 'This verification link is not valid.' });
    expect(verifyOutcome('exception:text:E_STATETRANSITION:Cannot move: 61 to 61')).toEqual({ ok: false, code: 'E_STATETRANSITION', message: 'Cannot move: 61 to 61' });
  });

  it('calls a short answer, E_FAIL and a code not starting with E an unknown error', () => {
    for (const answer of ['', 'exception:text:E_VALIDATION', 'exception:text:E_FAIL:Internal error (request 12ab)', 'exception:text:FAIL:x', 'nonsense']) {
      expect(verifyOutcome(answer)).toEqual({ ok: false, message: UNKNOWN_ERROR });
    }
  });

  it('sends System.execute form-encoded to the text endpoint', async () => {
    let sent: { url: string; body: string; type: string } | undefined;
    const fetcher = (async (url: string, init: RequestInit) => {
      sent = { url, body: String(init.body), type: (init.headers as Record<string, string>)['content-type'] };
      return new Response('OK', { status: 200 });
    }) as unknown as typeof fetch;
    expect(await verifyEmailToken('abc', fetcher)).toEqual({ ok: true, message: VERIFIED });
    expect(sent?.url).toBe('/process/string');
    expect(sent?.type).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(sent?.body);
    expect(form.get('action')).toBe('System.execute');
    expect(JSON.parse(form.get('a0')!)).toBe('REContact.verifyEmail');
    expect(JSON.parse(form.get('a1')!)).toEqual({ token: 'abc' });
  });

  it('tells a transport failure apart from the server’s answer', async () => {
    const down = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await verifyEmailToken('abc', down)).toEqual({ ok: false, message: TRANSPORT_FAILED });
    const proxy = (async () => new Response('<html>Bad gateway</html>', { status: 502 })) as unknown as typeof fetch;
    expect(await verifyEmailToken('abc', proxy)).toEqual({ ok: false, message: TRANSPORT_FAILED });
    const limited = (async () => new Response('exception:text:E_RATELIMIT:Too many calls', { status: 429 })) as unknown as typeof fetch;
    expect(await verifyEmailToken('abc', limited)).toEqual({ ok: false, code: 'E_RATELIMIT', message: 'Too many calls' });
  });
});
