// The answer of the e-mail verification call (seed 000 §7, §8), read from the text endpoint:
// `OK`, or `exception:text:CODE:message` split on ':' (the code is part 3, the message part 4).

export const VERIFIED = 'Token verified successfully; the account registration will now be reviewed by the regulator and an e-mail will follow when the account is activated.';
export const UNKNOWN_ERROR = 'Unknown error';
export const TRANSPORT_FAILED = 'Failed to process request. Please re-try.';

export type VerifyOutcome = { ok: true; message: string } | { ok: false; message: string; code?: string };

export function verifyOutcome(answer: string): VerifyOutcome {
  if (answer.trim() === 'OK') return { ok: true, message: VERIFIED };
  const parts = answer.split(':');
  if (parts.length < 4) return { ok: false, message: UNKNOWN_ERROR };
  const code = parts[2].trim();
  // A message may itself hold colons: everything after the code is the message.
  const message = parts.slice(3).join(':').trim();
  if (code === 'E_FAIL' || !code.startsWith('E')) return { ok: false, message: UNKNOWN_ERROR };
  return { ok: false, message, code };
}

/** POST /process/string with System.execute, form-encoded as the original client sent it. */
export async function verifyEmailToken(token: string, fetcher: typeof fetch = (input, init) => fetch(input, init)): Promise<VerifyOutcome> {
  const body = new URLSearchParams({ action: 'System.execute', a0: JSON.stringify('REContact.verifyEmail'), a1: JSON.stringify({ token }) });
  let text: string;
  try {
    const res = await fetcher('/process/string', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
      credentials: 'same-origin',
    });
    text = await res.text();
    // A proxy's error page or an empty answer is a transport failure, not the server's word.
    if (!res.ok && !text.startsWith('exception:')) return { ok: false, message: TRANSPORT_FAILED };
  } catch {
    return { ok: false, message: TRANSPORT_FAILED };
  }
  return verifyOutcome(text);
}
