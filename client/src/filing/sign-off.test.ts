import { describe, expect, it } from 'vitest';
import { cellsWritable, fourEyesNotice, movesFor, viewerOf } from './sign-off';

const entity = (roles: string[], id = 7) => viewerOf('entity', { id, roles: Object.fromEntries(roles.map((r) => [r, true])), permissions: {} });
const ids = (state: number, v = entity(['27']), preparedBy: number | null = null, frozen = false) => movesFor({ state, frozen, preparedBy }, v).map((m) => m.id);

describe('the sign-off moves a user is offered', () => {
  it('takes an open form to verification for a preparer, not for a checker', () => {
    expect(ids(13, entity(['25']))).toEqual(['prepare']);
    expect(ids(13, entity(['26']))).toEqual([]);
  });

  it('lets a checker verify or return a pending form, the return asking a reason', () => {
    const moves = movesFor({ state: 78, frozen: false, preparedBy: 1 }, entity(['26']));
    expect(moves.map((m) => [m.id, m.to, m.reason])).toEqual([['verify', 55, false], ['return-open', 13, true]]);
  });

  it('offers Submit of a ready form to an approver who did not prepare it, by Form.submit', () => {
    expect(movesFor({ state: 55, frozen: false, preparedBy: 1 }, entity(['27'])).find((m) => m.id === 'submit')?.submit).toBe(true);
    expect(ids(55, entity(['27'], 7), 7)).toEqual(['return-pending']);
    expect(fourEyesNotice({ state: 55, frozen: false, preparedBy: 7 }, entity(['27'], 7))).toMatch(/another approver must submit it/);
  });

  it('gives the regulator Accept and Return for amendment of a submitted form, and Return of an accepted one', () => {
    const iru = viewerOf('regulator', { id: 2, roles: {}, permissions: { 'Form.action.review': true } });
    expect(ids(56, iru)).toEqual(['accept', 'return-amendment']);
    expect(ids(45, iru)).toEqual(['return-amendment']);
    expect(movesFor({ state: 56, frozen: false, preparedBy: null }, iru)[1].reason).toBe(true);
  });

  it('offers nothing and takes no input in a frozen batch', () => {
    expect(ids(13, entity(['27']), null, true)).toEqual([]);
    expect(cellsWritable({ state: 13, frozen: true, preparedBy: null }, entity(['27']))).toBe(false);
    expect(cellsWritable({ state: 74, frozen: false, preparedBy: null }, entity(['25']))).toBe(true);
    expect(cellsWritable({ state: 56, frozen: false, preparedBy: null }, entity(['25']))).toBe(false);
    // A checker does not prepare: no Save on an Open form, which the server would refuse.
    expect(cellsWritable({ state: 13, frozen: false, preparedBy: null }, entity(['26']))).toBe(false);
    expect(cellsWritable({ state: 13, frozen: false, preparedBy: null }, entity(['27']))).toBe(true);
  });
});
