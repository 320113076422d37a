// The User.login conversation of seed 000 §2.2 and §8, shared by the sign-in screen and the
// lock screen: the MFA enrolment dialog (E_SHOWOTPQR: QR image, key in fours, then a code from
// it), the code prompt (E_SHOWOTPPROMPT) and the prompt again after a wrong code
// (E_SHOWOTPPROMPT2, with the server's message); a live session (E_ALREADYLOGGEDIN) counts as
// success; an expired password signs in (restricted) with the record that follows the error.
// Anything else is thrown for the screen to show.
import { rpc, RpcError } from '../rpc/rpc';
import { dialogs } from '../ui/dialogs';
import type { LoginInfo } from '../session/session-store';
import { MfaQr, otpProblem, type OtpEnrolment } from './mfa-qr';

export interface Credentials {
  userid: string;
  password: string;
  remember?: boolean;
}

export type LoginOutcome = { kind: 'signed-in'; user: LoginInfo } | { kind: 'cancelled' };

export const OTP_TITLE = 'One-Time Code';
const OTP_INPUT = { label: 'OTP', type: 'text' as const, pattern: '[0-9]*', validate: otpProblem };

function enrolmentOf(message: string): OtpEnrolment | null {
  try {
    const e = JSON.parse(message) as Partial<OtpEnrolment> | null;
    return e && typeof e.otpKey === 'string' ? { otpKey: e.otpKey, url: e.url, qr: typeof e.qr === 'string' && e.qr.startsWith('data:image/') ? e.qr : undefined } : null;
  } catch {
    return null;
  }
}

function isLoginInfo(v: unknown): v is LoginInfo {
  return typeof v === 'object' && v !== null && typeof (v as LoginInfo).login_type?.value === 'number';
}

const sameUser = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export async function login(c: Credentials): Promise<LoginOutcome> {
  let otp: string | undefined;
  let loggedOutOther = false;
  for (;;) {
    try {
      const user = await rpc.json<LoginInfo>('User.login', { userid: c.userid.trim(), password: c.password, remember: Boolean(c.remember), ...(otp ? { otp } : {}) });
      return { kind: 'signed-in', user };
    } catch (e) {
      if (!(e instanceof RpcError)) throw e;
      let code: string | null;
      switch (e.code) {
        case 'E_ALREADYLOGGEDIN': {
          const user = await rpc.json<LoginInfo>('User.current');
          if (sameUser(user.userid, c.userid) || loggedOutOther) return { kind: 'signed-in', user };
          // This browser still holds another user's session: end it, then sign in as asked.
          await rpc.call('User.logout');
          loggedOutOther = true;
          continue;
        }
        case 'E_PASSWORDEXPIRED':
          if (isLoginInfo(e.details)) return { kind: 'signed-in', user: e.details };
          throw e;
        case 'E_SHOWOTPQR': {
          const enrolment = enrolmentOf(e.message);
          if (!enrolment) throw e;
          code = await dialogs.prompt('Set Up MFA', <MfaQr enrolment={enrolment} />, OTP_INPUT);
          break;
        }
        case 'E_SHOWOTPPROMPT':
        case 'E_SHOWOTPPROMPT2':
          code = await dialogs.prompt(OTP_TITLE, e.message, OTP_INPUT);
          break;
        default:
          throw e;
      }
      if (code === null) return { kind: 'cancelled' };
      otp = code.trim();
    }
  }
}

/** Errors a sign-in form shows inline as "Failed to login: …"; the rest go to the error presenter. */
export function isInlineLoginError(e: unknown): e is RpcError {
  return e instanceof RpcError && e.code !== 'E_NETWORK' && e.code !== 'E_HTTP';
}
