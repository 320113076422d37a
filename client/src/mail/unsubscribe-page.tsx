// /unsubscribe?token=… (docs/email-subscriptions.md): the page an unsubscribe link of a mail
// opens, signed in or not. Nothing happens on opening it (mail scanners fetch links); the button
// posts the token, which works once, and the page says which e-mail stops. It shows nothing about
// the user or the address.
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Footer } from '../shells/footer';
import { RpcError } from '../rpc/rpc';
import { unsubscribeByLink } from './subscriptions-api';

export const NO_TOKEN = 'This unsubscribe link is not valid.';

export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(token ? null : { ok: false, message: NO_TOKEN });
  const [busy, setBusy] = useState(false);

  async function unsubscribe() {
    setBusy(true);
    try {
      const name = await unsubscribeByLink(token);
      setOutcome({ ok: true, message: `You have been unsubscribed from "${name}". You will no longer receive this e-mail.` });
    } catch (e) {
      setOutcome({ ok: false, message: e instanceof RpcError && e.code === 'E_VALIDATION' ? e.message : 'The link could not be used. Please try again later.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="auth-page">
      <div className="auth-box" data-panel="unsubscribe">
        <h1>Unsubscribe</h1>
        {!outcome && (
          <>
            <p>Stop receiving this kind of e-mail from the portal? You can subscribe again at any time under Email Subscriptions.</p>
            <button type="button" className="btn btn-primary" data-button="unsubscribe" disabled={busy} onClick={() => void unsubscribe()}>
              Unsubscribe
            </button>
          </>
        )}
        {outcome && (
          <div className={outcome.ok ? 'form-success' : 'form-error'} role="status" data-outcome={outcome.ok ? 'ok' : 'error'}>
            <p>{outcome.message}</p>
          </div>
        )}
        <button type="button" className="btn" onClick={() => navigate('/')}>
          Back to Homepage
        </button>
      </div>
      <Footer />
    </div>
  );
}
