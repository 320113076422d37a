// Change MFA from the user menu (OTP.changeOTP in two calls, engine/actions/identity/otp.ts):
// a code of the current device (required; Enter confirms), then the new key to scan and a code
// from it. Not enrolled yet: the first code is skipped.
import { rpc, RpcError } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { dialogs } from '../ui/dialogs';
import { MfaQr, otpProblem, type OtpEnrolment } from './mfa-qr';

/** Asks the server first: without a current device the new key comes at once. */
async function startChange(): Promise<{ enrolment: OtpEnrolment; enrolled: boolean } | null> {
  try {
    return { enrolment: await rpc.json<OtpEnrolment>('OTP.changeOTP', {}), enrolled: false };
  } catch (e) {
    // "OTP cannot be empty": a device is enrolled, and its code is needed (nothing was counted).
    if (!(e instanceof RpcError && e.code === 'E_VALIDATION')) throw e;
  }
  const code = await dialogs.prompt('Change MFA', 'Enter the current one-time code from your authenticator app.', { label: 'Current OTP', type: 'text', pattern: '[0-9]*', validate: otpProblem });
  if (code === null) return null;
  return { enrolment: await rpc.json<OtpEnrolment>('OTP.changeOTP', { currentOTP: code.trim() }), enrolled: true };
}

export async function changeMfa(): Promise<boolean> {
  try {
    const started = await startChange();
    if (!started) return false;
    const { enrolment, enrolled } = started;
    const next = await dialogs.prompt('Change MFA', <MfaQr enrolment={enrolment} message="Scan this QR code with your new device, then enter a code from it." />, { label: 'New OTP', type: 'text', pattern: '[0-9]*', validate: otpProblem });
    if (next === null) return false;
    // The first code was spent; the second call needs a fresh one of the current device.
    const again = enrolled
      ? await dialogs.prompt('Change MFA', 'Enter a new code from your current device to confirm.', { label: 'Current OTP', type: 'text', pattern: '[0-9]*', validate: otpProblem })
      : '';
    if (again === null) return false;
    await rpc.call('OTP.changeOTP', { currentOTP: again.trim(), newOTP: next.trim() });
    await dialogs.alert('', 'MFA device changed.', 'success');
    return true;
  } catch (e) {
    if (e instanceof RpcError && e.code === 'E_VALIDATION') {
      await dialogs.alert('', e.message, 'error');
      return false;
    }
    await presentError(e);
    return false;
  }
}
