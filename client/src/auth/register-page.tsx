// Self-registration (seed 000 §2.3, §5, §8). The field rules are the engine's own
// (engine/accounts/registration-rules.ts), so the form and REContact.register agree word for
// word; the company / licence number and the role are checked on submit, each with its Error
// dialog. An e-mail already in use asks (E_NEEDOVERRIDEUSERID) and Yes sends again with
// newuserid 'Y'. Success: the "Check Your Email" alert, then the sign-in screen.
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { dialogs } from '../ui/dialogs';
import { Footer } from '../shells/footer';
import { MESSAGES, registrationProblems } from '../../../engine/accounts/registration-rules.js';
import { FieldError, PositionSelect, TextField, type FieldErrors } from './fields';
import { PASSWORD_HINT } from './messages';
import { loadRegistrationOptions, type Position } from './account-info';
import { sendRegistration, useRegistrationSubmit } from './send-registration';

export const TERMS_MESSAGE = 'You must agree to the Terms & Conditions';
export const CONFIRM_REQUIRED = 'Please confirm your password.';
export const CONFIRM_MISMATCH = 'The confirmation does not match the password.';
export const POSITIONS_UNAVAILABLE = 'The list of positions could not be loaded. Please reload the page or contact the support mailbox.';

export function checkEmailText(email: string, supportMailbox: string): string {
  return (
    `Thank you for registering. Please verify your e-mail address with the link we have sent to ${email}. ` +
    'An administrator will then review your registration, and you will receive an e-mail once your account is activated. ' +
    `For any problems, please contact the support mailbox${supportMailbox ? ` ${supportMailbox}` : ''}.`
  );
}

interface RegistrationForm {
  regtype: 'LL' | 'BR';
  companyno: string;
  otherno: string;
  name: string;
  contactno: string;
  email: string;
  userid: string;
  password: string;
  confirm: string;
  position2: string;
  role_approver: boolean;
  terms: boolean;
}

const EMPTY: RegistrationForm = {
  regtype: 'LL',
  companyno: '',
  otherno: '',
  name: '',
  contactno: '',
  email: '',
  userid: '',
  password: '',
  confirm: '',
  position2: '',
  role_approver: true,
  terms: false,
};

/** Checked on submit rather than as field rules (seed 000 §5), each answered by an Error dialog. */
const ON_SUBMIT = ['regtype', 'companyno', 'otherno', 'role_approver'];

function payloadOf(f: RegistrationForm) {
  return {
    regtype: f.regtype,
    companyno: f.companyno.trim(),
    otherno: f.otherno.trim(),
    name: f.name.trim(),
    contactno: f.contactno.trim(),
    email: f.email.trim(),
    password: f.password,
    position2: f.position2 === '' ? '' : Number(f.position2),
    // Self-registration asks for the approver role (seed 000 §6).
    role_approver: f.role_approver,
    userid: f.userid.trim(),
  };
}

/** Field rules: the engine's, plus the confirmation and the terms that only the form has. */
export function fieldProblems(f: RegistrationForm): FieldErrors {
  const all = registrationProblems(payloadOf(f), 'self');
  const problems: FieldErrors = Object.fromEntries(Object.entries(all).filter(([k]) => !ON_SUBMIT.includes(k)));
  if (!f.confirm) problems.confirm = CONFIRM_REQUIRED;
  else if (f.confirm !== f.password) problems.confirm = CONFIRM_MISMATCH;
  if (!f.terms) problems.terms = TERMS_MESSAGE;
  return problems;
}

function submitProblem(f: RegistrationForm): [string, string] | null {
  const all = registrationProblems(payloadOf(f), 'self');
  for (const k of ON_SUBMIT) if (all[k]) return [k, all[k]];
  return null;
}

function usePositions(): { positions: Position[]; supportMailbox: string; failed: boolean } {
  const [state, setState] = useState<{ positions: Position[]; supportMailbox: string; failed: boolean }>({ positions: [], supportMailbox: '', failed: false });
  useEffect(() => {
    let live = true;
    loadRegistrationOptions().then(
      (o) => live && setState({ ...o, failed: false }),
      () => live && setState({ positions: [], supportMailbox: '', failed: true }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

export default function RegisterPage() {
  const [form, setForm] = useState<RegistrationForm>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { positions, supportMailbox, failed } = usePositions();
  const navigate = useNavigate();

  function set<K extends keyof RegistrationForm>(key: K, value: RegistrationForm[K]) {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _fixed, ...rest }) => rest);
  }

  async function send(): Promise<void> {
    if ((await sendRegistration('REContact.register', payloadOf(form), setErrors)) === null) return;
    await dialogs.alert('Check Your Email', checkEmailText(form.email.trim(), supportMailbox), 'success');
    navigate('/', { replace: true });
  }

  const { busy, submit } = useRegistrationSubmit({ fieldProblems: () => fieldProblems(form), submitProblem: () => submitProblem(form), showErrors: setErrors, send });

  const text = (key: keyof RegistrationForm, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField label={label} name={key} value={String(form[key])} onChange={(v) => set(key, v as never)} error={errors[key]} {...extra} />
  );

  return (
    <div className="auth-page">
      <form className="auth-box wide" onSubmit={submit} noValidate data-panel="register">
        <h1>Register</h1>
        <fieldset className="field choice-group" data-field="regtype">
          <legend className="required">Registration type</legend>
          {(['LL', 'BR'] as const).map((t) => (
            <label key={t} className="field inline">
              <input type="radio" name="regtype" value={t} checked={form.regtype === t} onChange={() => set('regtype', t)} />
              <span>{t === 'LL' ? 'LL (Company Number)' : 'BR (Business Registration / Licence Number)'}</span>
            </label>
          ))}
          {errors.regtype && <FieldError message={errors.regtype} />}
        </fieldset>
        <div className="form-grid">
          {text('companyno', 'Company Number (LL)', { maxLength: 50 })}
          {text('otherno', 'Licence Number (BR)', { maxLength: 50 })}
          {text('name', 'Full Name', { required: true, autoComplete: 'name', maxLength: 255 })}
          {text('contactno', 'Contact Number', { required: true, numeric: true, type: 'tel', autoComplete: 'tel', maxLength: 20 })}
          {text('email', 'E-mail', { required: true, type: 'email', autoComplete: 'email', maxLength: 255 })}
          {text('userid', 'User ID', { required: true, autoComplete: 'username', maxLength: 100 })}
          {text('password', 'Password', { required: true, type: 'password', autoComplete: 'new-password', hint: PASSWORD_HINT })}
          {text('confirm', 'Confirm Password', { required: true, type: 'password', autoComplete: 'new-password' })}
          <PositionSelect value={form.position2} onChange={(v) => set('position2', v)} positions={positions} error={errors.position2} note={failed && <FieldError message={POSITIONS_UNAVAILABLE} />} />
        </div>
        <fieldset className="field choice-group" data-field="role_approver">
          <legend>Role</legend>
          <label className="field inline">
            <input type="checkbox" name="role_approver" checked={form.role_approver} onChange={(e) => set('role_approver', e.target.checked)} />
            <span>Approver</span>
          </label>
          {errors.role_approver && <FieldError message={errors.role_approver} />}
        </fieldset>
        <div className="field" data-field="terms">
          <label className="field inline">
            <input type="checkbox" name="terms" checked={form.terms} onChange={(e) => set('terms', e.target.checked)} aria-invalid={errors.terms ? true : undefined} />
            <span>I agree to the Terms &amp; Conditions</span>
          </label>
          {errors.terms && <FieldError message={errors.terms} />}
        </div>
        <button className="btn btn-primary" type="submit" disabled={busy}>
          Register
        </button>
        <p className="auth-links">
          Already registered? <Link to="/">Sign in</Link>
        </p>
      </form>
      <Footer />
    </div>
  );
}
