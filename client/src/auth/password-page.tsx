// The password screen in its four modes (seed 000 §2.4, §5): change-password and
// first-time-login (current, new, confirmation); password-expiry (the same, after the server's
// message in a dialog); reset-password (the link's token, new and confirmation: the confirmation
// travels in oldPass, as User.changePassword expects). After a change: "Successfully changed
// password!", the expired flag cleared, and /.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { rpc } from '../rpc/rpc';
import { fieldErrorsOf, presentError } from '../rpc/error-presenter';
import { dialogs } from '../ui/dialogs';
import { sessionStore, useSession } from '../session/session-store';
import { Footer } from '../shells/footer';
import { passwordProblem } from '../../../engine/accounts/password-policy.js';
import { FormError, TextField, type FieldErrors } from './fields';
import { PASSWORD_HINT, TOKEN_NOT_FOUND } from './messages';

export type PasswordMode = 'change-password' | 'first-time-login' | 'password-expiry' | 'reset-password';

export const CHANGED = 'Successfully changed password!';
const EXPIRED_DEFAULT = 'Your password has expired, please change it';

export const PASSWORD_MESSAGES = {
  current: 'Please enter your current password.',
  newRequired: 'Please enter the new password.',
  sameAsCurrent: 'The new password must be different from the current password.',
  confirmRequired: 'Please confirm the new password.',
  confirmation: 'The confirmation does not match the new password.',
  form: 'Please correct errors in the form to continue.',
} as const;

const TITLES: Record<PasswordMode, string> = {
  'change-password': 'Change Password',
  'first-time-login': 'Change Password',
  'password-expiry': 'Password Expired',
  'reset-password': 'Reset Password',
};

interface Values {
  oldPass: string;
  newPass: string;
  confirm: string;
}

/** The rules of seed 000 §5; the current password only in the change modes. */
export function passwordFormProblems(v: Values, reset: boolean): FieldErrors {
  const p: FieldErrors = {};
  if (!reset && !v.oldPass) p.oldPass = PASSWORD_MESSAGES.current;
  const rule = v.newPass ? passwordProblem(v.newPass) : PASSWORD_MESSAGES.newRequired;
  if (rule) p.newPass = rule;
  else if (!reset && v.newPass === v.oldPass) p.newPass = PASSWORD_MESSAGES.sameAsCurrent;
  if (!v.confirm) p.confirm = PASSWORD_MESSAGES.confirmRequired;
  else if (v.confirm !== v.newPass) p.confirm = PASSWORD_MESSAGES.confirmation;
  return p;
}

export default function PasswordPage({ mode }: { mode: PasswordMode }) {
  const reset = mode === 'reset-password';
  const [params] = useSearchParams();
  const token = params.get('token');
  const { user } = useSession();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({ oldPass: '', newPass: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const opened = useRef(false);

  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    if (reset && !token) {
      void dialogs.alert('', TOKEN_NOT_FOUND, 'error').then(() => navigate('/', { replace: true }));
    } else if (mode === 'password-expiry') {
      void dialogs.alert('', user?.pwexpiry?.message || EXPIRED_DEFAULT, 'warning');
    }
  }, [mode, reset, token, user, navigate]);

  const set = (key: keyof Values) => (v: string) => {
    setValues((old) => ({ ...old, [key]: v }));
    setErrors(({ [key]: _fixed, ...rest }) => rest);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (reset && !token) return;
    const problems = passwordFormProblems(values, reset);
    setErrors(problems);
    if (Object.keys(problems).length) {
      setProblem(PASSWORD_MESSAGES.form);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const args = reset ? { oldPass: values.confirm, newPass: values.newPass, token: token! } : { oldPass: values.oldPass, newPass: values.newPass };
      await rpc.text('User.changePassword', args);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields) {
        // In reset mode oldPass is the confirmation; a bad link is told under `token`.
        const { oldPass, newPass, token: tokenProblem } = fields;
        const shown: FieldErrors = { ...(newPass ? { newPass } : {}), ...(oldPass ? { [reset ? 'confirm' : 'oldPass']: oldPass } : {}) };
        setErrors(shown);
        setProblem(tokenProblem ?? (Object.keys(shown).length ? PASSWORD_MESSAGES.form : (err as Error).message));
      } else await presentError(err);
      setBusy(false);
      return;
    }
    const current = sessionStore.user();
    if (current && !reset) sessionStore.refreshed({ ...current, pwexpiry: { expired: false, message: '' } });
    await dialogs.alert('', CHANGED, 'success');
    navigate('/', { replace: true });
  }

  const noToken = reset && !token;
  return (
    <div className="auth-page">
      <form className="auth-box" onSubmit={submit} noValidate data-panel="password" data-mode={mode}>
        <h1>{TITLES[mode]}</h1>
        {mode === 'password-expiry' && <p className="notice">{user?.pwexpiry?.message || EXPIRED_DEFAULT}</p>}
        {!reset && <TextField label="Current Password" name="oldPass" type="password" value={values.oldPass} onChange={set('oldPass')} error={errors.oldPass} autoComplete="current-password" required />}
        <TextField label="New Password" name="newPass" type="password" value={values.newPass} onChange={set('newPass')} error={errors.newPass} autoComplete="new-password" hint={PASSWORD_HINT} required />
        <TextField label="Confirm New Password" name="confirm" type="password" value={values.confirm} onChange={set('confirm')} error={errors.confirm} autoComplete="new-password" required />
        <FormError message={problem} />
        <button className="btn btn-primary" type="submit" disabled={busy || noToken}>
          Change Password
        </button>
        {mode === 'change-password' && (
          <p className="auth-links">
            <Link to="/home">Back</Link>
          </p>
        )}
      </form>
      <Footer />
    </div>
  );
}
