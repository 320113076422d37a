// Sign-in (seed 000 §2.2). Completed by the auth screens work: public messages, remember flag,
// forgot-password panel, MFA enrolment and OTP prompt.
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { rpc, RpcError } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import type { LoginInfo } from '../session/session-store';
import { afterSignIn } from './sign-in-flow';
import { Footer } from '../shells/footer';

export function SignInPage() {
  const [userid, setUserid] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const [params] = useSearchParams();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!userid.trim() || !password) {
      setProblem('Please correct the form errors');
      return;
    }
    setBusy(true);
    try {
      const user = await rpc.json<LoginInfo>('User.login', { userid: userid.trim(), password });
      navigate(afterSignIn(user, params.get('next')), { replace: true });
    } catch (err) {
      if (err instanceof RpcError && err.code !== 'E_NETWORK' && err.code !== 'E_HTTP') setProblem(`Failed to login: ${err.message}`);
      else await presentError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="auth-page">
      <form className="auth-box" onSubmit={submit} noValidate>
        <h1>Sign in</h1>
        <label className="field">
          <span>Username</span>
          <input name="userid" autoComplete="username" value={userid} onChange={(e) => setUserid(e.target.value)} />
        </label>
        <label className="field">
          <span>Password</span>
          <input name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        <button className="btn btn-primary" type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
      <Footer />
    </div>
  );
}
