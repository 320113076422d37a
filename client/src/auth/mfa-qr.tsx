// The MFA enrolment content (seed 000 §2.2): the QR image, the manual key grouped in fours,
// and the message. Used at sign-in (E_SHOWOTPQR) and by Change MFA.
export interface OtpEnrolment {
  otpKey: string;
  url?: string;
  /** A data: URL of the QR image, when the server sends one. */
  qr?: string;
}

export const SCAN_QR_MESSAGE = 'Please scan QR Code and retry again';

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP". */
export function groupKey(key: string): string {
  return (key.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

export function MfaQr({ enrolment, message = SCAN_QR_MESSAGE }: { enrolment: OtpEnrolment; message?: string }) {
  return (
    <div className="mfa-qr">
      {enrolment.qr && <img src={enrolment.qr} alt="QR code for your authenticator app" width={200} height={200} />}
      <p>{message}</p>
      <p>
        Manual key: <code className="otp-key" data-otp-key>{groupKey(enrolment.otpKey)}</code>
      </p>
    </div>
  );
}

/** The seed's two messages for a code that cannot be one; null when the code is fine. */
export function otpProblem(code: string): string | null {
  if (!code.trim()) return 'OTP cannot be empty';
  if (!/^[0-9]{6}$/.test(code.trim())) return 'OTP must be 6-digits';
  return null;
}
