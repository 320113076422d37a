// The checker's and approver's sidebar counts (seed 003 §4.7) ask for the right states and days.
import { describe, expect, it } from 'vitest';
import type { LoginInfo } from '../session/session-store';
import { signOffBadge } from './sign-off-badge';

const user = (roles: number[]) => ({ roles: Object.fromEntries(roles.map((r) => [String(r), true])) }) as unknown as LoginInfo;
const now = new Date('2026-03-03T10:00:00Z');

describe('the sign-off sidebar count', () => {
  it("counts a checker's forms in Pending Verification changed within the last 7 days", () => {
    expect(signOffBadge(user([26]), now)).toEqual({ module: 'REForm', where: [['state', 'in', [78]], ['updateon', '>=', '2026-02-24']] });
  });
  it("counts an approver's Ready forms, and both states for a user holding both roles", () => {
    expect(signOffBadge(user([27]), now)?.where[0]).toEqual(['state', 'in', [55]]);
    expect(signOffBadge(user([26, 27]), now)?.where[0]).toEqual(['state', 'in', [78, 55]]);
  });
  it('shows no count to a preparer', () => {
    expect(signOffBadge(user([25]), now)).toBeUndefined();
  });
});
