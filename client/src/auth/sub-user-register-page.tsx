// Register Sub Users (seed 000 §2.14, §3, §5): the primary user of the current entity adds a
// user to it with exactly one of Preparer, Checker, Approver (mutually exclusive, Preparer by
// default), through REContact.registerSub. The company and licence numbers start as the entity's;
// the user id is the e-mail. The field rules are the engine's (registration-rules.ts), so form
// and server agree word for word. An e-mail already in use asks (E_NEEDOVERRIDEUSERID) and Yes
// sends again with newuserid 'Y'; success says "User id is: {id}" and returns to the list.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { rpc } from '../rpc/rpc';
import { dialogs } from '../ui/dialogs';
import { LEAVE_PAGE_MESSAGE, useLeaveGuard } from '../ui/leave-guard';
import { useSession } from '../session/session-store';
import { MESSAGES, registrationProblems } from '../../../engine/accounts/registration-rules.js';
import { FieldError, PositionSelect, TextField, type FieldErrors } from './fields';
import { loadRegistrationOptions, type Position } from './account-info';
import { CONFIRM_MISMATCH, CONFIRM_REQUIRED } from './register-page';
import { sendRegistration, useRegistrationSubmit } from './send-registration';

export const SUB_USER_PASSWORD_HINT = 'Eight characters including one uppercase letter, one special character and alphanumerics';
export const POSITION_TOOLTIP = 'Designated compliance officer and compliance officer must be at approver level.';
const LIST = '/re/registersubusers';

type Role = 'role_preparer' | 'role_checker' | 'role_approver';
const ROLES: [Role, string][] = [
  ['role_preparer', 'Preparer'],
  ['role_checker', 'Checker'],
  ['role_approver', 'Approver'],
];

interface SubUserForm {
  companyno: string;
  otherno: string;
  name: string;
  contactno: string;
  email: string;
  password: string;
  confirm: string;
  position2: string;
  role: Role | null;
}

function payloadOf(f: SubUserForm) {
  return {
    companyno: f.companyno.trim(),
    otherno: f.otherno.trim(),
    name: f.name.trim(),
    contactno: f.contactno.trim(),
    email: f.email.trim(),
    userid: f.email.trim(),
    password: f.password,
    position2: f.position2 === '' ? '' : Number(f.position2),
    role_preparer: f.role === 'role_preparer',
    role_checker: f.role === 'role_checker',
    role_approver: f.role === 'role_approver',
  };
}

/** The engine's rules with the role left to the submit dialog, plus the confirmation the form alone has. */
export function subUserProblems(f: SubUserForm): FieldErrors {
  const { role: _role, ...problems } = registrationProblems(payloadOf(f), 'sub') as FieldErrors;
  if (!f.confirm) problems.confirm = CONFIRM_REQUIRED;
  else if (f.confirm !== f.password) problems.confirm = CONFIRM_MISMATCH;
  return problems;
}

const BLANK: SubUserForm = { companyno: '', otherno: '', name: '', contactno: '', email: '', password: '', confirm: '', position2: '', role: 'role_preparer' };

export default function SubUserRegisterPage() {
  const { re } = useSession();
  const navigate = useNavigate();
  const [form, setForm] = useState<SubUserForm>(BLANK);
  // The form as it came (the entity's numbers filled in): the leave guard asks about changes since.
  const [baseline, setBaseline] = useState<SubUserForm>(BLANK);
  const { allowNext } = useLeaveGuard(JSON.stringify(form) !== JSON.stringify(baseline), LEAVE_PAGE_MESSAGE);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [positions, setPositions] = useState<Position[]>([]);

  useEffect(() => {
    let live = true;
    loadRegistrationOptions().then((o) => live && setPositions(o.positions), () => undefined);
    // The entity's own numbers, which the server checks the sub user's against.
    rpc
      .select<{ companyno: string; otherno: string } & Record<string, unknown>>({ module: 'RE-RE', fields: ['companyno', 'otherno'], where: [['id', '=', re]], max: 1 })
      .then((r) => {
        if (!live || !r.rows[0]) return;
        const numbers = { companyno: String(r.rows[0].companyno ?? ''), otherno: String(r.rows[0].otherno ?? '') };
        setForm((f) => ({ ...f, ...numbers }));
        setBaseline((b) => ({ ...b, ...numbers }));
      }, () => undefined);
    return () => {
      live = false;
    };
  }, [re]);

  function set<K extends keyof SubUserForm>(key: K, value: SubUserForm[K]) {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _fixed, ...rest }) => rest);
  }

  async function send(): Promise<void> {
    const userid = await sendRegistration('REContact.registerSub', payloadOf(form), setErrors);
    if (userid === null) return;
    await dialogs.alert('Created', `User id is: ${userid}`, 'success');
    allowNext();
    navigate(LIST);
  }

  const { busy, submit } = useRegistrationSubmit({
    fieldProblems: () => subUserProblems(form),
    submitProblem: () => (form.role ? null : ['role', MESSAGES.roleSub]),
    showErrors: setErrors,
    send,
  });

  const text = (key: keyof SubUserForm, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField label={label} name={key} value={String(form[key] ?? '')} onChange={(v) => set(key, v as never)} error={errors[key]} {...extra} />
  );

  return (
    <section className="page" data-testid="sub-user-register">
      <div className="toolbar">
        <h1>Register Sub User</h1>
        <button className="btn" type="button" onClick={() => navigate(LIST)}>
          Back
        </button>
      </div>
      <form className="record-form" onSubmit={submit} noValidate>
        <div className="form-grid">
          {text('companyno', 'Company Number (LL)', { required: true, maxLength: 50 })}
          {text('otherno', 'Licence Number (BR)', { required: true, maxLength: 50 })}
          {text('name', 'Full Name', { required: true, maxLength: 255 })}
          {text('contactno', 'Contact Number', { required: true, numeric: true, type: 'tel', maxLength: 20 })}
          {text('email', 'E-mail (User ID)', { required: true, type: 'email', maxLength: 100 })}
          <PositionSelect value={form.position2} onChange={(v) => set('position2', v)} positions={positions} error={errors.position2} title={POSITION_TOOLTIP} note={<small className="muted">{POSITION_TOOLTIP}</small>} />
          {text('password', 'Password', { required: true, type: 'password', autoComplete: 'new-password', hint: SUB_USER_PASSWORD_HINT })}
          {text('confirm', 'Confirm Password', { required: true, type: 'password', autoComplete: 'new-password' })}
        </div>
        <fieldset className="field choice-group" data-field="role">
          <legend className="required">Role of the Sub User</legend>
          {ROLES.map(([key, label]) => (
            <label key={key} className="field inline">
              {/* Mutually exclusive boxes (seed 000 §5): ticking one clears the others. */}
              <input type="checkbox" name={key} checked={form.role === key} onChange={(e) => set('role', e.target.checked ? key : null)} />
              <span>{label}</span>
            </label>
          ))}
          {errors.role && <FieldError message={errors.role} />}
        </fieldset>
        <div className="toolbar">
          <button className="btn btn-primary" type="submit" data-action="save" disabled={busy}>
            Save
          </button>
        </div>
      </form>
    </section>
  );
}
