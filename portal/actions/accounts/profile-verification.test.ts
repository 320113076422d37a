// RE.verifyBizInfo and RE.verifyOffice on every dialect: only the primary user of the session's
// current entity confirms its profile, the login info then says so, and nothing else changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../../engine/testing/test-engine.js';
import { testDialects } from '../../../engine/testing/test-database.js';
import { failure } from '../../../engine/testing/record-calls.js';
import { bumpVersions } from '../../../engine/db/change-versions.js';
import type { EnvelopeValue } from '../../../engine/protocol/envelope.js';

// seeds/demo-users.ts: `re` is the primary user of entity 1 and a checker of entity 6; `re2` the
// primary user of entity 2; `iru` is regulator staff.
const loginInfo = (v: EnvelopeValue[]) => {
  if (v[0]?.type !== 'text') throw new Error(JSON.stringify(v));
  return JSON.parse(v[0].text) as { VerifyBizInfo: boolean; VerifyOffice: boolean };
};

describe.each(await testDialects())('profile verification on %s', (dialect) => {
  let t: TestEngine;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    // Entity 1 as if its primary user had just registered: nothing confirmed yet.
    await t.database.db('re').whereIn('id', [1, 6]).update({ verifybizinfo: null, verifybizinfoby: null, verifyoffice: null, verifyofficeby: null });
    await bumpVersions(t.database.db, ['re']);
  });
  afterAll(async () => t?.close());

  const stored = (id: number) => t.database.db('re').where({ id }).first('verifybizinfo', 'verifybizinfoby', 'verifyoffice', 'verifyofficeby', 'updatectr');

  it('has the demo primary users’ entities confirmed and says so in their login info', async () => {
    const info = loginInfo(await t.call('User.current', [], await t.sessionFor('re2')));
    expect(info).toMatchObject({ VerifyBizInfo: true, VerifyOffice: true });
    expect((await stored(2))?.verifybizinfo).not.toBeNull();
  });

  it('lets the primary user confirm the business profile, then the office details, each recorded with who and when', async () => {
    const re = await t.sessionFor('re', 1);
    expect(loginInfo(await t.call('User.current', [], re))).toMatchObject({ VerifyBizInfo: false, VerifyOffice: false });
    const before = await stored(1);

    const [answer] = await t.call('RE.verifyBizInfo', [{}], re);
    expect(answer).toEqual({ type: 'text', text: '1' });
    expect(loginInfo(await t.call('User.current', [], re))).toMatchObject({ VerifyBizInfo: true, VerifyOffice: false });

    expect((await t.call('RE.verifyOffice', [], re))[0]).toEqual({ type: 'text', text: '1' });
    expect(loginInfo(await t.call('User.current', [], re))).toMatchObject({ VerifyBizInfo: true, VerifyOffice: true });

    const after = await stored(1);
    const user = await t.database.db('user').where({ userid: 're' }).first('id');
    expect(Number(after?.verifybizinfoby)).toBe(Number(user.id));
    expect(Number(after?.verifyofficeby)).toBe(Number(user.id));
    expect(String(after?.verifyoffice)).toMatch(/^\d{4}-\d{2}-\d{2}/);
    // A confirmation is not an edit of the entity: its updatectr stays, so no open form goes stale.
    expect(Number(after?.updatectr)).toBe(Number(before?.updatectr));
  });

  it('refuses a user who is not the primary user of the current entity, and an entity other than the current one', async () => {
    const checker = await t.sessionFor('re', 6);
    expect(failure(await t.call('RE.verifyBizInfo', [{}], checker)).code).toBe('E_NOPERMISSION');
    expect(failure(await t.call('RE.verifyOffice', [{}], await t.sessionFor('iru'))).code).toBe('E_NOPERMISSION');
    expect(failure(await t.call('RE.verifyBizInfo', [{ re: 2 }], await t.sessionFor('re', 1))).code).toBe('E_NOPERMISSION');
    expect(failure(await t.call('RE.verifyBizInfo', [{ re: 2 }])).code).toBe('E_ILLEGALACCESS');
    expect((await stored(6))?.verifybizinfo).toBeNull();
  });

  it('keeps the confirmation out of reach of Record.update', async () => {
    const re2 = await t.sessionFor('re2');
    const row = await stored(2);
    const f = failure(await t.call('Record.update', [{ module: 'RE-RE', fields: ['id', 'updatectr', 'verifyoffice'], values: [2, Number(row?.updatectr), null] }], re2));
    expect(f.code).toBe('E_VALIDATION');
    expect(f.details).toEqual({ verifyoffice: 'is read-only' });
  });
});
