// The RE's business profile (/re/reprofile): the entity's form in view mode and, for the
// entity's primary user while it is not yet confirmed, the confirmation of the business profile
// (Verified), then of the office details (tab 39). Success ("1") refreshes the stored login info
// and reloads the page (seed 001 §7); a failure shows the seed's title with the server's message.
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import FormPage from '../form/form-page';
import { rpc, RpcError } from '../rpc/rpc';
import { dialogs } from '../ui/dialogs';
import { sessionStore, useSession, type LoginInfo } from '../session/session-store';
import { OFFICE_TAB } from '../auth/profile-gate';

const STEPS = {
  bizinfo: {
    action: 'RE.verifyBizInfo',
    text: 'Please review your business profile below and confirm that it is correct.',
    button: 'Verified',
    error: 'Verify Reporting Entity Profile error',
  },
  office: {
    action: 'RE.verifyOffice',
    text: 'Please review the details of your offices and confirm that they are correct.',
    button: 'Verify Details of Office',
    error: 'Verify Office error',
  },
} as const;

export default function ReProfilePage() {
  const { user, re } = useSession();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const primary = user !== null && re !== null && user.REPrimaryUser === re;
  const step = !primary ? null : user.VerifyBizInfo === false ? STEPS.bizinfo : user.VerifyOffice === false ? STEPS.office : null;

  async function confirm() {
    if (!step) return;
    setBusy(true);
    try {
      const answer = await rpc.text(step.action, {});
      if (answer !== '1' && answer !== '1.0') throw new Error(answer);
      sessionStore.refreshed(await rpc.json<LoginInfo>('User.current'));
      window.location.reload();
    } catch (e) {
      setBusy(false);
      await dialogs.alert(step.error, e instanceof RpcError || e instanceof Error ? e.message : String(e), 'error');
    }
  }

  return (
    <>
      {step && (
        <div className="conflict-notice verify-panel" data-testid="verify-panel" data-step={step.action} data-tab={params.get('tab_id') === String(OFFICE_TAB) ? 'office' : 'profile'}>
          <p>{step.text}</p>
          <button className="btn btn-primary" type="button" data-action="verify" disabled={busy} onClick={() => void confirm()}>
            {step.button}
          </button>
        </div>
      )}
      <FormPage listId={58} mode="view" dataId={String(re ?? '')} basePath="/re/reportingentity" shell="re" />
    </>
  );
}
