// Sign-in (seed 000 §2.2): the public notices above the box, user name, password and the
// remember flag (it keeps the user id on this device), links to registration and to the
// forgot-password panel, and the MFA dialogs of login.tsx. Kept light: it is the first screen
// every visitor loads, so nothing heavy is imported here.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { presentError } from '../rpc/error-presenter';
import { completeSignIn } from './sign-in-flow';
import { Footer } from '../shells/footer';
import { FormError, TextField } from './fields';
import { isInlineLoginError, login } from './login';
import { PublicMessages } from './public-messages';
import { ForgotPasswordPanel } from './forgot-password';
import { FORM_ERRORS } from './messages';

/** Where a remembered user id is kept (not a `state.` key, so signing out keeps it). */
const REMEMBER_KEY = 'signin.userid';

function rememberedUserid(): string {
  try {
    return localStorage.getItem(REMEMBER_KEY) ?? '';
  } catch {
    return '';
  }
}

function remember(userid: string, keep: boolean) {
  if (keep) localStorage.setItem(REMEMBER_KEY, userid);
  else localStorage.removeItem(REMEMBER_KEY);
}

function SignInBox({ onForgot }: { onForgot: () => void }) {
  const [userid, setUserid] = useState(rememberedUserid);
  const [password, setPassword] = useState('');
  const [keep, setKeep] = useState(() => rememberedUserid() !== '');
  const [missing, setMissing] = useState<{ userid?: boolean; password?: boolean }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const [params] = useSearchParams();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const empty = { userid: !userid.trim(), password: !password };
    setMissing(empty);
    if (empty.userid || empty.password) {
      setProblem(FORM_ERRORS);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const outcome = await login({ userid, password, remember: keep });
      if (outcome.kind === 'cancelled') return;
      remember(userid.trim(), keep);
      completeSignIn(outcome.user, params.get('next'), navigate);
    } catch (err) {
      if (isInlineLoginError(err)) setProblem(`Failed to login: ${err.message}`);
      else await presentError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="auth-box" onSubmit={submit} noValidate data-panel="sign-in">
      <h1>Sign in</h1>
      <TextField label="Username" name="userid" value={userid} onChange={setUserid} autoComplete="username" error={missing.userid ? 'Please enter your username.' : null} required />
      <TextField label="Password" name="password" type="password" value={password} onChange={setPassword} autoComplete="current-password" error={missing.password ? 'Please enter your password.' : null} required />
      <label className="field inline">
        <input type="checkbox" name="remember" checked={keep} onChange={(e) => setKeep(e.target.checked)} />
        <span>Remember me</span>
      </label>
      <FormError message={problem} />
      <button className="btn btn-primary" type="submit" disabled={busy}>
        Sign in
      </button>
      <p className="auth-links">
        <button type="button" className="link-button" onClick={onForgot} data-action="forgot-password">
          Forgot password?
        </button>
        <Link to="/register">Register</Link>
      </p>
    </form>
  );
}

export function SignInPage() {
  const [panel, setPanel] = useState<'sign-in' | 'forgot'>('sign-in');
  return (
    <div className="auth-page">
      <PublicMessages />
      {panel === 'sign-in' ? <SignInBox onForgot={() => setPanel('forgot')} /> : <ForgotPasswordPanel onBack={() => setPanel('sign-in')} />}
      <Footer />
    </div>
  );
}
