// Time-based one-time codes (RFC 6238: HMAC-SHA1, 6 digits, 30-second steps) through otplib,
// and the enrolment data an authenticator app scans.
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** Codes of the step before and after the current one are accepted too (clock drift, typing time). */
const TOLERANCE_SECONDS = 30;

export function newOtpSecret(): string {
  return generateSecret();
}

/**
 * The time step of `code` when it is a valid code of `secret` later than `afterStep`, else null.
 * Anything but six digits is simply a wrong code (otplib throws on those).
 */
export async function acceptedStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  if (!/^[0-9]{6}$/.test(code)) return null;
  try {
    const result = await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS, ...(afterStep === null ? {} : { afterTimeStep: afterStep }) });
    return result.valid && 'timeStep' in result ? Number(result.timeStep) : null;
  } catch {
    return null;
  }
}

export interface Enrolment {
  /** The key to type in by hand (base32). */
  otpKey: string;
  url: string;
  /** The QR image of `url`, as a PNG data URL. */
  qr: string;
}

export async function enrolmentOf(secret: string, account: string, issuer: string): Promise<Enrolment> {
  const url = generateURI({ issuer, label: account, secret });
  return { otpKey: secret, url, qr: await QRCode.toDataURL(url) };
}
