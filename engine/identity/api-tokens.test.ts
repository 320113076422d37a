// API tokens: issued once, stored hashed, a Bearer call is its user with the same permissions
// and scope as a session, and a revoked token is refused from the next call.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { recordsetObjects, type RecordsetValue } from '../protocol/envelope.js';
import { call, codeOf, jsonOf, type Answer } from './testing/identity-calls.js';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const textOf = (a: Answer, i = 0) => {
  const v = a.values[i];
  if (v?.type !== 'text') throw new Error(`expected text, got ${JSON.stringify(a.values).slice(0, 200)}`);
  return v.text;
};
const rowsOf = (a: Answer) => {
  expect(codeOf(a)).toBe('ok');
  return recordsetObjects(a.values[0] as RecordsetValue);
};

describe.each(await testDialects())('API tokens (%s)', (dialect) => {
  let t: TestEngine;
  let admin: string;
  const db = () => t.database.db;
  const issue = async (userid: string, name = 'ERP integration') => {
    const a = await call(t, 'ApiToken.create', [{ userid, name }], { cookie: admin });
    return { token: textOf(a, 0), id: Number(textOf(a, 1)) };
  };

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    admin = await t.sessionFor('admin');
  });
  afterAll(async () => t?.close());

  it('issues a token shown once and stores only its SHA-256', async () => {
    const { token, id } = await issue('re');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await db()('api_token').where({ id }).first();
    expect(row).toMatchObject({ name: 'ERP integration', token_hash: sha256(token), revokedon: null });
    expect(JSON.stringify(row)).not.toContain(token);
    const listed = rowsOf(await call(t, 'ApiToken.list', [{ userid: 're' }], { cookie: admin }));
    expect(listed).toEqual([expect.objectContaining({ id, userid: 're', name: 'ERP integration', revokedon: null })]);
    expect(Object.keys(listed[0]).sort()).toEqual(['createby', 'createon', 'id', 'lastused', 'name', 'revokedon', 'userid']);
    expect(JSON.stringify(listed)).not.toContain(token);
    expect(JSON.stringify(listed)).not.toContain(sha256(token));
  });

  it('calls as its user with the same permissions and entity scope as a session of that user', async () => {
    const { token } = await issue('re');
    const session = await t.sessionFor('re');
    const viaToken = await call(t, 'Record.select', [{ module: 'RE-RE', fields: ['id'] }], { bearer: token });
    const viaSession = await call(t, 'Record.select', [{ module: 'RE-RE', fields: ['id'] }], { cookie: session });
    expect(rowsOf(viaToken)).toEqual([{ id: 1 }]);
    expect(rowsOf(viaToken)).toEqual(rowsOf(viaSession));
    // What the user may not do, the token may not do either.
    for (const o of [{ bearer: token }, { cookie: session }]) {
      expect(codeOf(await call(t, 'Record.select', [{ module: 'Parameters', fields: ['id'] }], o))).toBe('E_NOPERMISSION');
      expect(codeOf(await call(t, 'ApiToken.create', [{ userid: 're', name: 'self-made' }], o))).toBe('E_NOPERMISSION');
    }
    expect(jsonOf(await call(t, 'User.current', [], { bearer: token }))).toMatchObject({ userid: 're', currentRE: 1, roles: { '1': true, '27': true } });
    expect(codeOf(await call(t, 'Record.select', [{ module: 'RE-RE', fields: ['id'] }], { bearer: token, re: 6 }))).toBe('E_RECHANGED');
    expect(codeOf(await call(t, 'User.setRE', [{ re: 6 }], { bearer: token }))).toBe('E_BADREQUEST');
  });

  it('needs no same-origin check, having no cookie a browser could send on its own', async () => {
    const { token } = await issue('iru');
    const evil = { origin: 'https://evil.example' };
    expect(codeOf(await call(t, 'User.current', [], { bearer: token, headers: evil }))).toBe('ok');
    expect(codeOf(await call(t, 'User.current', [], { cookie: admin, headers: evil }))).toBe('E_BADREQUEST');
  });

  it('refuses a revoked token from the very next call, and records when a token was last used', async () => {
    const { token, id } = await issue('iru', 'short-lived');
    expect(codeOf(await call(t, 'User.current', [], { bearer: token }))).toBe('ok');
    expect((await db()('api_token').where({ id }).first('lastused')).lastused).not.toBeNull();
    expect((await call(t, 'ApiToken.revoke', [{ id }], { cookie: admin })).values).toEqual([{ type: 'text', text: '1' }]);
    expect(codeOf(await call(t, 'User.current', [], { bearer: token }))).toBe('E_ILLEGALACCESS');
    expect(rowsOf(await call(t, 'ApiToken.list', [], { cookie: admin })).find((r) => r.id === id)?.revokedon).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(codeOf(await call(t, 'ApiToken.revoke', [{ id: 999999 }], { cookie: admin }))).toBe('E_NOTFOUND');
  });

  it('refuses an unknown or malformed token, and the token of a user who is no longer active', async () => {
    expect(codeOf(await call(t, 'User.current', [], { bearer: 'made-up-token' }))).toBe('E_ILLEGALACCESS');
    expect(codeOf(await call(t, 'User.current', [], { headers: { authorization: 'Bearer' } }))).toBe('E_ILLEGALACCESS');
    const { token } = await issue('re2');
    expect(codeOf(await call(t, 'User.current', [], { bearer: token }))).toBe('ok');
    await db()('user').where({ userid: 're2' }).update({ state: 4 });
    expect(codeOf(await call(t, 'User.current', [], { bearer: token }))).toBe('E_ILLEGALACCESS');
    await db()('user').where({ userid: 're2' }).update({ state: 33 });
  });

  it('lets only holders of the ApiToken permissions issue, list and revoke tokens', async () => {
    const iru = await t.sessionFor('iru');
    expect(codeOf(await call(t, 'ApiToken.create', [{ userid: 'iru', name: 'x' }], { cookie: iru }))).toBe('E_NOPERMISSION');
    expect(codeOf(await call(t, 'ApiToken.list', [], { cookie: iru }))).toBe('E_NOPERMISSION');
    expect(codeOf(await call(t, 'ApiToken.revoke', [{ id: 1 }], { cookie: iru }))).toBe('E_NOPERMISSION');
    expect(codeOf(await call(t, 'ApiToken.create', [{ userid: 'nobody', name: 'x' }], { cookie: admin }))).toBe('E_NOTFOUND');
  });
});
