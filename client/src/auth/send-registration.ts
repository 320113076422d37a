// Sending a registration (REContact.register / REContact.registerSub) as both registration pages
// do: an e-mail already in use asks (E_NEEDOVERRIDEUSERID) and Yes sends again with newuserid
// 'Y'; field problems go beside their fields with the server's message in an Error dialog; any
// other failure goes to the error presenter. useRegistrationSubmit is the submit sequence both
// pages run before sending.
import { useState, type FormEvent } from 'react';
import { rpc, RpcError } from '../rpc/rpc';
import { fieldErrorsOf, presentError } from '../rpc/error-presenter';
import { dialogs } from '../ui/dialogs';
import { MESSAGES } from '../../../engine/accounts/registration-rules.js';
import type { FieldErrors } from './fields';

export const OVERRIDE_TITLE = 'User ID with Email address already Exist';

/** The new user id, or null when the registration was refused or not confirmed (already shown). */
export async function sendRegistration(action: 'REContact.register' | 'REContact.registerSub', payload: Record<string, unknown>, showErrors: (errors: FieldErrors) => void, newuserid?: 'Y'): Promise<string | null> {
  try {
    return await rpc.text(action, { ...payload, ...(newuserid ? { newuserid } : {}) });
  } catch (e) {
    if (e instanceof RpcError && e.code === 'E_NEEDOVERRIDEUSERID') {
      if (await dialogs.confirm(OVERRIDE_TITLE, e.message, { yes: 'Yes', no: 'No' })) return sendRegistration(action, payload, showErrors, 'Y');
      return null;
    }
    const fields = fieldErrorsOf(e);
    if (fields) {
      showErrors(fields);
      await dialogs.alert('Error', e instanceof Error ? e.message : MESSAGES.form, 'error');
      return null;
    }
    await presentError(e);
    return null;
  }
}

/** What a registration page checks and sends; `submitProblem` is its one rule checked on submit, as [field, message]. */
interface RegistrationSubmit {
  fieldProblems(): FieldErrors;
  submitProblem(): [string, string] | null;
  showErrors(errors: FieldErrors): void;
  send(): Promise<void>;
}

/**
 * The submit of both registration pages: the field problems beside their fields with the Form
 * Error dialog; else the rule checked on submit, its field marked, with an Error dialog; else the
 * sending, busy meanwhile.
 */
export function useRegistrationSubmit(steps: RegistrationSubmit): { busy: boolean; submit(e: FormEvent): Promise<void> } {
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const problems = steps.fieldProblems();
    steps.showErrors(problems);
    if (Object.keys(problems).length) {
      await dialogs.alert('Form Error', MESSAGES.form, 'error');
      return;
    }
    const onSubmit = steps.submitProblem();
    if (onSubmit) {
      steps.showErrors({ [onSubmit[0]]: onSubmit[1] });
      await dialogs.alert('Error', onSubmit[1], 'error');
      return;
    }
    setBusy(true);
    try {
      await steps.send();
    } finally {
      setBusy(false);
    }
  }
  return { busy, submit };
}
