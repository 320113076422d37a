// A dialog opened for one signed-in user must not outlive them: when the stored user
// changes (signed out, another user signed in, here or in another tab) every open dialog closes.
// The check runs inside the store's change, so a dialog opened right after the change (the
// "Please Login" of an ended session) stays.
import { dialogs } from '../ui/dialogs';
import { sessionStore } from './session-store';

let installed = false;

export function closeDialogsOnUserChange(): void {
  if (installed) return;
  installed = true;
  let current = sessionStore.user()?.id ?? null;
  sessionStore.subscribe(() => {
    const next = sessionStore.user()?.id ?? null;
    if (next === current) return;
    current = next;
    dialogs.closeAll();
  });
}
