// The profile check of seed 000 §2.2, for the screens that open a form, an Excel import or the
// sub-user creation page: the primary user of the current entity must have verified the
// entity's business profile, then its office details, before going on.
import { loginTypeOf, sessionStore, type LoginInfo } from '../session/session-store';
import { dialogs } from '../ui/dialogs';
import { navigateTo } from '../app/navigation';
import { rpc } from '../rpc/rpc';

export const VERIFY_PROFILE = 'You need to verify your Profile before you can continue';
export const VERIFY_OFFICE = 'You need to verify your Details of Office before you can continue';
/** Profile tab 39 is the office details (seed 000 §9). */
export const OFFICE_TAB = 39;

export interface ProfileStop {
  message: string;
  to: string;
}

/** What stops this user (null: nothing). Only the primary user of the entity being worked in is held. */
export function profileStop(user: LoginInfo | null, currentRe: number | null): ProfileStop | null {
  if (!user || loginTypeOf(user) !== 'RE') return null;
  if (user.REPrimaryUser === null || user.REPrimaryUser !== currentRe) return null;
  if (user.VerifyBizInfo === false) return { message: VERIFY_PROFILE, to: '/re/reprofile' };
  if (user.VerifyOffice === false) return { message: VERIFY_OFFICE, to: `/re/reprofile?tab_id=${OFFICE_TAB}` };
  return null;
}

/**
 * Call before opening a form, an Excel import or the sub-user creation page: answers true when
 * the user may go on; otherwise tells why, sends the user to the profile, and answers false.
 */
export function passProfileGate(): Promise<boolean> {
  // A page mounted again while the check or its message is up (the shell re-renders) waits for the same answer.
  pending ??= check().finally(() => {
    pending = null;
  });
  return pending;
}

async function check(): Promise<boolean> {
  if (!profileStop(sessionStore.user(), sessionStore.currentRe())) return true;
  // The stored login info may predate a confirmation made elsewhere (another tab, the regulator):
  // the server's answer decides, as it decides the writes.
  const fresh = await rpc.json<LoginInfo>('User.current').catch(() => null);
  if (fresh) sessionStore.refreshed(fresh);
  const stop = profileStop(fresh ?? sessionStore.user(), sessionStore.currentRe());
  if (!stop) return true;
  await dialogs.alert('', stop.message, 'warning');
  navigateTo(stop.to);
  return false;
}

let pending: Promise<boolean> | null = null;
