// E-mail verification (seed 000 §2.6): the link's token is sent once on load and the outcome
// shown; without a token, "Token not found" and back to /. Back to Homepage at any time.
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { dialogs } from '../ui/dialogs';
import { Footer } from '../shells/footer';
import { TOKEN_NOT_FOUND } from './messages';
import { verifyEmailToken, type VerifyOutcome } from './verify-outcome';

export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<VerifyOutcome | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (!token) {
      void dialogs.alert('', TOKEN_NOT_FOUND, 'error').then(() => navigate('/', { replace: true }));
      return;
    }
    // A token works once: the ref keeps a second run of this effect from spending it again.
    void verifyEmailToken(token).then(setOutcome);
  }, [token, navigate]);

  return (
    <div className="auth-page">
      <div className="auth-box" data-panel="verify-email">
        <h1>E-mail Verification</h1>
        {token && !outcome && (
          <p className="loading" role="status">
            Verifying...
          </p>
        )}
        {outcome && (
          <div className={outcome.ok ? 'form-success' : 'form-error'} role="status" data-outcome={outcome.ok ? 'ok' : 'error'}>
            <p>{outcome.message}</p>
            {!outcome.ok && outcome.code && <p>Error code: {outcome.code}</p>}
          </div>
        )}
        <button type="button" className="btn btn-primary" onClick={() => navigate('/')}>
          Back to Homepage
        </button>
      </div>
      <Footer />
    </div>
  );
}
