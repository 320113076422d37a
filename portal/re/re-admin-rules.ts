// The regulator's admin actions on reporting entities and the rules of the entity record that
// the server keeps whatever the route of a write (seed 001 §5.2, §6, §8, §9): the seed's own
// words, shared by the engine and the client (no imports: the client bundles this file).
// docs/re-admin-actions.md.

export const RE_ADMIN_MESSAGES = {
  enterDate: 'Please enter date.',
  selectCountry: 'Please select a country.',
  countryDialogError: 'Country Origin Dialog error',
  countryUpdated: 'Country of Origin record updated successfully',
  selectFye: 'You need to select your FYE Month',
  fyeUnchanged: 'Financial Year End Month not changed',
  fyeSet: 'Financial Year End Month set successfully',
  prelimRequired: 'You need to write something!',
  prelimUpdated: 'Prelim reason have been updated',
  unlinked: 'Unlink success',
  managersDiffer: 'Please do not select the same option for Primary Relationship Manager and Relief Relationship Manager.',
  verifyOfficeError: 'Verify Office error',
} as const;

/** List entries 284 (January) to 295 (December), seed 001 §9. */
export const FYE_FIRST = 284;
export const FYE_LAST = 295;
/** The country list group, seed 001 §9. */
export const COUNTRY_LIST_GROUP = 90;

/** Relationship managers for banks (seed 001 §6): on an entity they edit only smd1 and smd2. */
export const MANAGER_ROLES = [35, 37] as const;
export const MANAGER_FIELDS = ['smd1', 'smd2'] as const;

/** The problems of a country of origin dialog, field → message; empty when both are given. */
export function countryOriginProblems(date: string | null | undefined, country: number | string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!date || !String(date).trim()) out.date = RE_ADMIN_MESSAGES.enterDate;
  if (country === null || country === undefined || country === '') out.country = RE_ADMIN_MESSAGES.selectCountry;
  return out;
}

/** Primary and relief manager both chosen and the same one: the seed's message, else null. */
export function managersProblem(smd1: unknown, smd2: unknown): string | null {
  const given = (v: unknown) => v !== null && v !== undefined && v !== '';
  return given(smd1) && given(smd2) && String(smd1) === String(smd2) ? RE_ADMIN_MESSAGES.managersDiffer : null;
}

/**
 * The late-submission button's rows (seed 001 §4.2): the due date has passed and the batch is not
 * submitted, or it was submitted after the due date. Days compared as YYYY-MM-DD text.
 */
export function isLateSubmission(row: { duedate?: unknown; submitteddate?: unknown }, today: string): boolean {
  const day = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v).slice(0, 10));
  const due = day(row.duedate);
  if (!due) return false;
  const submitted = day(row.submitteddate);
  return submitted !== null ? submitted > due : today > due;
}
