// REContact.setSubUserState on every dialect: the primary user of the session's entity
// deactivates and reactivates a sub-user of it (recorded in the state history; the sub-user's
// sessions stop at once), and every other caller or target is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../../engine/testing/test-engine.js';
import { testDialects } from '../../../engine/testing/test-database.js';
import { failure } from '../../../engine/testing/record-calls.js';
import { bumpVersions } from '../../../engine/db/change-versions.js';

// seeds/demo-users.ts: `re` (id 3) is the primary user of entity 1 and a checker of entity 6;
// `re2` (id 4) the primary user of entity 2; `iru` (id 2); `mfa` (id 5) is IRU staff.
const RE = 3;
const RE2 = 4;
const IRU = 2;
const MFA = 5;

describe.each(await testDialects())('sub-user status by the primary user on %s', (dialect) => {
  let t: TestEngine;
  let primary: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    // re2 becomes a sub-user (preparer) of entity 1 as well; mfa a sub-user still waiting for review.
    await t.database.db('re_user').insert([
      { link_fk_re: 1, link_fk_user: RE2, role: 25, isprimary: false },
      { link_fk_re: 1, link_fk_user: MFA, role: 25, isprimary: false },
    ]);
    await t.database.db('user').where({ id: MFA }).update({ state: 61 });
    await bumpVersions(t.database.db, ['re_user', 'user']);
    primary = await t.sessionFor('re', 1);
  });
  afterAll(async () => t?.close());

  const set = (cookie: string, user: number, state: number) => t.call('REContact.setSubUserState', [{ user, state }], cookie);
  const stateOf = async (id: number) => Number((await t.database.db('user').where({ id }).first('state')).state);

  it('deactivates a sub-user, records it, ends their sessions at once, and activates them again', async () => {
    const sub = await t.sessionFor('re2');
    expect((await t.call('User.current', [], sub))[0]?.type).toBe('text');

    expect(await set(primary, RE2, 4)).toEqual([{ type: 'text', text: 'OK' }]);
    expect(await stateOf(RE2)).toBe(4);
    const [last] = await t.database.db('state_history').where({ module: 'user', record_id: RE2 }).orderBy('id', 'desc').limit(1).select('from_state', 'to_state', 'createby');
    expect([Number(last.from_state), Number(last.to_state), Number(last.createby)]).toEqual([33, 4, RE]);
    expect((await t.call('User.current', [], sub))[0]?.type).toBe('exception');

    expect(await set(primary, RE2, 33)).toEqual([{ type: 'text', text: 'OK' }]);
    expect(await stateOf(RE2)).toBe(33);
  });

  it('refuses a second deactivation and a sub-user who is not active or inactive with E_STATETRANSITION', async () => {
    expect(await set(primary, RE2, 4)).toEqual([{ type: 'text', text: 'OK' }]);
    expect(failure(await set(primary, RE2, 4)).code).toBe('E_STATETRANSITION');
    expect(await set(primary, RE2, 33)).toEqual([{ type: 'text', text: 'OK' }]);
    expect(failure(await set(primary, MFA, 33)).code).toBe('E_STATETRANSITION');
    expect(await stateOf(MFA)).toBe(61);
  });

  it('refuses the primary user their own account, users of other entities, and other states', async () => {
    expect(failure(await set(primary, RE, 4))).toMatchObject({ code: 'E_VALIDATION', details: { user: 'You cannot change the status of your own account.' } });
    expect(failure(await set(primary, IRU, 4)).code).toBe('E_NOTFOUND');
    expect(failure(await set(primary, RE2, 61)).code).toBe('E_BADREQUEST');
    expect(await stateOf(IRU)).toBe(33);
  });

  it('refuses callers who are not the primary user of their current entity', async () => {
    // re on entity 6, where they are a checker.
    expect(failure(await set(await t.sessionFor('re', 6), RE2, 4)).code).toBe('E_NOPERMISSION');
    // re2 is primary of entity 2, and re is not a user of entity 2.
    expect(failure(await set(await t.sessionFor('re2', 2), RE, 4)).code).toBe('E_NOTFOUND');
    // Staff hold no such permission.
    expect(failure(await set(await t.sessionFor('iru'), RE2, 4)).code).toBe('E_NOPERMISSION');
    expect(await stateOf(RE2)).toBe(33);
    expect(await stateOf(RE)).toBe(33);
  });
});
