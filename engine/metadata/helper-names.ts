// The helpers that screen metadata may name, and where each can run: one list shared by the
// client's registry (client/src/helpers/registry.ts, a test proves it registers exactly these)
// and the server's save check (screen-references.ts), so an admin's definition naming a helper
// the client does not ship is refused with its path instead of failing for users at run time.
// No imports: the client bundles this file.

/**
 * Where a helper runs: `row` a list's row button (it reads the row), `list` a list's top button
 * or onload, `form` a form's button or onload, `field` a form field's change handler.
 */
export type HelperPlace = 'row' | 'list' | 'form' | 'field';

export const HELPER_PLACES = {
  setStatus: ['row'],
  unvoid: ['row'],
  freeze: ['row'],
  deleteRecord: ['row'],
  activateUser: ['row'],
  rejectUser: ['row'],
  resendVerification: ['row'],
  resetPassword: ['row'],
  resetMFA: ['row'],
  setSubUserStatus: ['row'],
  exportBatchExcel: ['row'],
  lateNotify: ['row'],
  submitBcaf: ['row'],
  entityProfile: ['row'],
  setCountryOrigin: ['row'],
  setFYE: ['row'],
  lateSubmission: ['row'],
  unlink: ['row'],
  differentManagers: ['field'],
  lockedEntityFields: ['form'],
  linkChildEntity: ['list'],
} as const satisfies Record<string, readonly HelperPlace[]>;

export type HelperName = keyof typeof HELPER_PLACES;

export const HELPER_NAMES = Object.keys(HELPER_PLACES).sort() as HelperName[];

const PLACE_WORDS: Record<HelperPlace, string> = { row: "a list's row buttons", list: "a list's top buttons and onload", form: "a form's buttons and onload", field: "a form field's change" };

/** `setStatus(4)` → `setStatus`; the arguments are the client's to read (registry.ts). */
export function helperNameOf(ref: string): string {
  return ref.trim().replace(/\s*\(.*$/s, '');
}

export function isHelperName(name: string): name is HelperName {
  return Object.prototype.hasOwnProperty.call(HELPER_PLACES, name);
}

/** Why `ref` cannot run at `place`, or null when it can. */
export function helperProblem(ref: string, place: HelperPlace): string | null {
  const name = helperNameOf(ref);
  if (!isHelperName(name)) return `no helper named ${name}`;
  const places: readonly HelperPlace[] = HELPER_PLACES[name];
  if (!places.includes(place)) return `helper ${name} runs only in ${places.map((p) => PLACE_WORDS[p]).join(' or ')}`;
  return null;
}
