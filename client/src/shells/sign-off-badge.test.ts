// "Waiting for me" (sign-off-badge.ts): each sign-off role's queue names the Form module's
// filter for the states that role acts on, of any period; the sidebar counts the same conditions.
import { describe, expect, it } from 'vitest';
import type { LoginInfo } from '../session/session-store';
import { signOffBadge, waitingForMe } from './sign-off-badge';
import formModule from '../../../portal/metadata/modules/Form.json';

const entityUser = (roles: number[]) => ({ roles: Object.fromEntries(roles.map((r) => [String(r), true])), permissions: { 'REForm.select': true } }) as unknown as LoginInfo;
const reviewer = { roles: { '1': true }, permissions: { 'Form.select': true, 'Form.action.review': true } } as unknown as LoginInfo;
const statesOf = (filter: string) => (formModule.filters as Record<string, { where: unknown[][] }>)[filter].where[0][2];

describe('the forms waiting for each sign-off role', () => {
  it("gives the preparer the Open and Amendment Required forms, the checker's Pending Verification and the approver's Ready", () => {
    expect(waitingForMe(entityUser([25]))?.where).toEqual([['$filter', 'waitingForPreparer']]);
    expect(statesOf('waitingForPreparer')).toEqual([13, 74]);
    expect(waitingForMe(entityUser([26]))?.where).toEqual([['$filter', 'pendingVerification']]);
    expect(statesOf('pendingVerification')).toBe(78);
    expect(waitingForMe(entityUser([27]))?.where).toEqual([['$filter', 'readyForApproval']]);
    expect(statesOf('readyForApproval')).toBe(55);
  });

  it('joins the queues of a user holding several roles, with no date condition', () => {
    expect(waitingForMe(entityUser([26, 27]))).toEqual({ module: 'REForm', where: [{ or: [['$filter', 'pendingVerification'], ['$filter', 'readyForApproval']] }], to: '/re/waiting', title: 'Waiting for me' });
  });

  it("gives the regulator's reviewers the Submitted forms, on the Form module", () => {
    expect(waitingForMe(reviewer)).toMatchObject({ module: 'Form', where: [['$filter', 'waitingForReview']], to: '/iru/waiting', title: 'Waiting for my review' });
    expect(statesOf('waitingForReview')).toBe(56);
  });

  it('counts in the sidebar exactly what the queue lists, and nothing for a user with no sign-off role', () => {
    expect(signOffBadge(entityUser([26]))).toEqual({ module: 'REForm', where: waitingForMe(entityUser([26]))!.where });
    expect(signOffBadge(entityUser([]))).toBeUndefined();
  });
});
