// The entity's bulletin sidebar count (seed 003 §4.7) asks for Active bulletins started within 14 days.
import { describe, expect, it } from 'vitest';
import type { LoginInfo } from '../session/session-store';
import { bulletinBadge } from './bulletin-badge';

describe('the bulletin sidebar count', () => {
  it('counts Active bulletins of the entity (RE-Bulletin) started on or after the day 14 days ago', () => {
    expect(bulletinBadge({} as LoginInfo, new Date('2026-03-03T23:30:00Z'))).toEqual({
      module: 'RE-Bulletin',
      where: [['state', '=', 33], ['startdate', '>=', '2026-02-17 00:00:00']],
    });
  });
});
