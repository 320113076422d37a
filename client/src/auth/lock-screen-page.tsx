// The lock screen (seed 000 §2.5): the server session is ended as it opens, so nothing can be
// done from this browser until the password is given again; the stored login info stays only
// to show whose screen it is. "Switch user" leads to the sign-in screen.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { rpc } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { useSession } from '../session/session-store';
import { Footer } from '../shells/footer';
import { completeSignIn } from './sign-in-flow';
import { FormError, TextField } from './fields';
import { isInlineLoginError, login } from './login';
import { FORM_ERRORS } from './messages';

export default function LockScreenPage() {
  const { user } = useSession();
  // Whose screen this is, kept as it was when the screen locked.
  const [owner] = useState(() => (user ? { userid: user.userid, name: user.name } : null));
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [locked, setLocked] = useState(false);
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Signed out first; a failure to reach the server leaves the lock screen up all the same.
    rpc
      .call('User.logout')
      .catch(() => undefined)
      .finally(() => setLocked(true));
  }, []);

  async function unlock(e: FormEvent) {
    e.preventDefault();
    if (!owner) return;
    if (!password) {
      setProblem(FORM_ERRORS);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const outcome = await login({ userid: owner.userid, password });
      if (outcome.kind === 'signed-in') completeSignIn(outcome.user, null, navigate);
    } catch (err) {
      if (isInlineLoginError(err)) setProblem(`Failed to login: ${err.message}`);
      else await presentError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="auth-page">
      <form className="auth-box" onSubmit={unlock} noValidate data-panel="lock-screen" data-locked={locked ? 'true' : undefined}>
        <h1>Screen Locked</h1>
        <p className="lock-owner" data-lock-owner>
          {owner?.name}
        </p>
        <p className="muted">Enter your password to continue.</p>
        <TextField label="Password" name="password" type="password" value={password} onChange={setPassword} autoComplete="current-password" required />
        <FormError message={problem} />
        <button className="btn btn-primary" type="submit" disabled={busy || !locked}>
          Unlock
        </button>
        <p className="auth-links">
          <Link to="/login">Switch user</Link>
        </p>
      </form>
      <Footer />
    </div>
  );
}
