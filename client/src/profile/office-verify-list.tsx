// The Details of Office list variant of the entity's profile (seed 001 §2.6, §6, §7, §8;
// docs/re-admin-actions.md): the office list embedded without the address restore and pageIndex
// handling of the generic list, plus a Verify Details of Office action for the entity's primary
// user who has confirmed the business profile but not yet the offices. The action asks for
// confirmation, calls RE.verifyOffice (refused while the entity has no office), and on "1" refreshes
// the login info and reloads the page, where the action is gone.
import { useState } from 'react';
import ListPage from '../list/list-page';
import { rpc, RpcError } from '../rpc/rpc';
import { dialogs } from '../ui/dialogs';
import { sessionStore, useSession, type LoginInfo } from '../session/session-store';

export const VERIFY_OFFICE = {
  action: 'RE.verifyOffice',
  button: 'Verify Details of Office',
  text: 'Please review the details of your offices and confirm that they are correct.',
  confirmTitle: 'Verify Details of Office',
  confirm: 'I confirm that the details of office listed are correct and complete.',
  error: 'Verify Office error',
} as const;

/** Runs a verification action: "1" (or "1.0") refreshes the login info and reloads the page; anything else is shown under `errorTitle`. */
export async function verifyAndReload(action: string, errorTitle: string): Promise<boolean> {
  try {
    const answer = await rpc.text(action, {});
    if (answer !== '1' && answer !== '1.0') throw new Error(answer);
    sessionStore.refreshed(await rpc.json<LoginInfo>('User.current'));
    window.location.reload();
    return true;
  } catch (e) {
    await dialogs.alert(errorTitle, e instanceof RpcError || e instanceof Error ? e.message : String(e), 'error');
    return false;
  }
}

/** Whether the signed-in user is the current entity's primary user with the offices still to confirm. */
export function mayVerifyOffice(user: LoginInfo | null, currentRe: number | null): boolean {
  return user !== null && currentRe !== null && user.REPrimaryUser === currentRe && user.VerifyBizInfo !== false && user.VerifyOffice === false;
}

export function OfficeVerifyList({ listId, re, basePath, title }: { listId: number; re: number; basePath: string; title: string }) {
  const { user, re: currentRe } = useSession();
  const [busy, setBusy] = useState(false);
  const show = re === currentRe && mayVerifyOffice(user, currentRe);
  async function verify() {
    if (!(await dialogs.confirm(VERIFY_OFFICE.confirmTitle, VERIFY_OFFICE.confirm, { yes: VERIFY_OFFICE.button }))) return;
    setBusy(true);
    if (!(await verifyAndReload(VERIFY_OFFICE.action, VERIFY_OFFICE.error))) setBusy(false);
  }
  return (
    <div className="office-verify-list" data-office-variant>
      {show && (
        <div className="conflict-notice verify-panel" data-testid="verify-panel" data-step={VERIFY_OFFICE.action} data-tab="office">
          <p>{VERIFY_OFFICE.text}</p>
          <button className="btn btn-primary" type="button" data-action="verify" disabled={busy} onClick={() => void verify()}>
            {VERIFY_OFFICE.button}
          </button>
        </div>
      )}
      {/* Embedded: no address sync, so no restore of a saved search and no pageIndex (the seed's variant). */}
      <ListPage key={`${listId}|${re}`} listId={listId} basePath={basePath} shell="re" embedded fixedWhere={[['re', '=', re]]} title={title} />
    </div>
  );
}
