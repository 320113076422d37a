// A hand-built create page's refused save (seed 002 §5, seed 003 §5): the fields the server names
// are marked and the seeds' one message shows in an Error dialog; any other failure goes to the
// error presenter.
import { fieldErrorsOf, presentError } from './error-presenter';
import { dialogs } from '../ui/dialogs';

export const REQUIRED_FIELDS = 'Please fill in all the required fields';

export async function presentSaveFailure(err: unknown, markInvalid: (fields: string[]) => void): Promise<void> {
  const fields = fieldErrorsOf(err);
  if (!fields) return presentError(err);
  markInvalid(Object.keys(fields));
  await dialogs.alert('Error', REQUIRED_FIELDS, 'error');
}
