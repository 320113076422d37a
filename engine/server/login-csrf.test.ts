// Login CSRF: a foreign page must not sign the browser in to an account of the attacker's
// choosing (what the victim then enters would land in that account). A public call carries no
// cookie to check, so the Origin header is checked on every call a browser could send on its
// own; programs (no Origin) and bearer-token calls are not affected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { call, codeOf, jsonOf, login, messageOf } from '../identity/testing/identity-calls.js';
import { DEMO_PASSWORD } from '../../portal/seeds/demo-users.js';

const CREDENTIALS = { userid: 'iru', password: DEMO_PASSWORD };
const FOREIGN = ['https://evil.example', 'null', 'http://localhost.evil.example', 'http://localhost:1', 'not an origin'];

describe.each(await testDialects())('the origin of calls that sign in (%s)', (dialect) => {
  let t: TestEngine;
  const sessions = async () => Number((await t.database.db('session').count({ n: '*' }))[0]?.n);

  beforeAll(async () => {
    t = await startTestEngine(dialect);
  });
  afterAll(async () => t?.close());

  it('refuses User.login from another web site with E_BADREQUEST, setting no cookie and starting no session', async () => {
    const before = await sessions();
    for (const origin of FOREIGN) {
      const a = await login(t, CREDENTIALS, { headers: { host: 'localhost', origin } });
      expect(codeOf(a), origin).toBe('E_BADREQUEST');
      expect(messageOf(a)).toBe('This call came from another web site and was refused: open the portal at its own address and try again');
      expect(a.cookie).toBeUndefined();
    }
    expect(await sessions()).toBe(before);
  });

  it('refuses any other call without a session from another web site as well', async () => {
    expect(codeOf(await call(t, 'User.current', [], { headers: { host: 'localhost', origin: 'https://evil.example' } }))).toBe('E_BADREQUEST');
  });

  it('signs in from the portal’s own origin, and a program that sends no Origin', async () => {
    const own = await login(t, CREDENTIALS, { headers: { host: 'localhost:3000', origin: 'http://localhost:3000' } });
    expect(jsonOf(own)).toMatchObject({ userid: 'iru' });
    expect(own.cookie).toMatch(/^portal_sid=/);
    const program = await login(t, CREDENTIALS);
    expect(jsonOf(program)).toMatchObject({ userid: 'iru' });
    expect(program.cookie).toMatch(/^portal_sid=/);
  });

  it('leaves bearer-token calls alone, whatever their Origin', async () => {
    const admin = await t.sessionFor('admin');
    const issued = await call(t, 'ApiToken.create', [{ userid: 'iru', name: 'login-csrf test' }], { cookie: admin });
    const token = issued.values[0]?.type === 'text' ? issued.values[0].text : '';
    expect(jsonOf(await call(t, 'User.current', [], { bearer: token, headers: { origin: 'https://evil.example' } }))).toMatchObject({ userid: 'iru' });
  });
});

describe.each(await testDialects())('the origin of calls that sign in, with PUBLIC_URL (%s)', (dialect) => {
  let t: TestEngine;

  beforeAll(async () => {
    t = await startTestEngine(dialect, { PUBLIC_URL: 'https://portal.example.org' });
  });
  afterAll(async () => t?.close());

  it('accepts only PUBLIC_URL’s origin, and names it in the refusal', async () => {
    expect(jsonOf(await login(t, CREDENTIALS, { headers: { origin: 'https://portal.example.org' } }))).toMatchObject({ userid: 'iru' });
    // The Host a proxy passes on is not the portal's address once PUBLIC_URL says what it is.
    const viaHost = await login(t, CREDENTIALS, { headers: { host: 'engine.internal:3000', origin: 'http://engine.internal:3000' } });
    expect(codeOf(viaHost)).toBe('E_BADREQUEST');
    expect(messageOf(viaHost)).toBe('This call came from another web site and was refused: open the portal at https://portal.example.org and try again');
    expect(viaHost.cookie).toBeUndefined();
  });
});
