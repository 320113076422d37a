// Every error code's presentation (seed 000 §8), in one place. Screens catch what they handle
// themselves (the OTP prompts at sign-in, E_VALIDATION beside fields, E_CONCURRENT in forms)
// and hand everything else here.
import { dialogs } from '../ui/dialogs';
import { sessionStore } from '../session/session-store';
import { navigateTo } from '../app/navigation';
import { NETWORK_ERROR, RpcError } from './rpc';

export const ILLEGAL_ACCESS_TITLE = 'Session Expired / Not Logged In';

/** Shows the dialog for an error and performs its follow-up (sign-out, redirect, reload). */
export async function presentError(error: unknown): Promise<void> {
  const e = error instanceof RpcError ? error : new RpcError('E_FAIL', error instanceof Error ? error.message : String(error), undefined, 0);
  switch (e.code) {
    case 'E_ALREADYLOGGEDIN':
      return;
    case 'E_ILLEGALACCESS':
      sessionStore.cleared();
      dialogs.closeAll();
      await dialogs.alert(ILLEGAL_ACCESS_TITLE, 'Please Login', 'warning');
      navigateTo('/');
      return;
    case 'E_PASSWORDEXPIRED':
      // The password-expiry screen shows the server's message itself.
      navigateTo('/password-expiry');
      return;
    case 'E_RECHANGED':
      // The entity was switched in another tab: this page shows the old one.
      window.location.reload();
      return;
    case NETWORK_ERROR:
      await dialogs.alert('Technical Error Encountered', e.message || 'The server could not be reached.', 'error');
      return;
    case 'E_HTTP':
      await dialogs.alert('Technical Error Encountered', e.message, 'error');
      return;
    default:
      await dialogs.alert('', e.message, 'error');
  }
}

/** A refusal naming fields goes beside them (`show`); any other error is presented. */
export async function presentErrorBeside(error: unknown, show: (fields: Record<string, string>) => void): Promise<void> {
  const fields = fieldErrorsOf(error);
  if (fields) show(fields);
  else await presentError(error);
}

/** The field → message map that follows E_VALIDATION, when there is one. */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  if (!(error instanceof RpcError) || error.code !== 'E_VALIDATION') return null;
  const d = error.details;
  if (d && typeof d === 'object' && !Array.isArray(d)) {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(d as Record<string, unknown>)) out[k] = String(v);
    return out;
  }
  return null;
}
