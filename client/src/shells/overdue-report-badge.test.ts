import { describe, expect, it } from 'vitest';
import { overdueReportBadge } from './overdue-report-badge';
import type { LoginInfo } from '../session/session-store';

const user = (roles: string[]) => ({ roles: Object.fromEntries(roles.map((r) => [r, true])) }) as unknown as LoginInfo;

describe('the overdue routine report badge', () => {
  it('counts reports Responded before the day two days ago for roles 21 and 22 only', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    expect(overdueReportBadge(user(['2', '21']), now)).toEqual({ module: 'RoutineRpt', where: [['state', '=', 58], ['respondedon', '<', '2026-11-23']] });
    expect(overdueReportBadge(user(['22']), now)?.module).toBe('RoutineRpt');
    expect(overdueReportBadge(user(['2', '20']), now)).toBeUndefined();
  });
});
