// Every log line of a whole identity workout, at the most verbose level, is captured and searched
// for the secrets that went through the engine: passwords (also one typed into the user id
// field), session cookies, OTP keys and API tokens. None may appear.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing/test-database.js';
import { runSeeds } from '../../portal/seeds/index.js';
import { loadConfig } from '../../fastify.config.js';
import { buildEngine, type Engine } from '../server/app.js';
import { DEMO_PASSWORD } from '../../portal/seeds/demo-users.js';
import { callEngine, codeOf, type CallOptions } from './testing/identity-calls.js';
import { codeFor } from './testing/totp-reference.js';
import { portal } from '../../portal/app.js';

const WRONG_PASSWORD = 'Wr0ng&Typed-Secret';
const PASSWORD_AS_USERID = 'Pa55word-In-The-Wrong-Field';

describe.each(await testDialects())('logs of sign-in, MFA and tokens (%s)', (dialect) => {
  let database: TestDatabase;
  let engine: Engine;
  const lines: string[] = [];
  const secrets: string[] = [];
  const run = (action: string, args: unknown[], o?: CallOptions) => callEngine(engine, action, args, o);
  const keep = (s: string | undefined) => {
    expect(s, 'a secret the workout should have produced').toBeTruthy();
    secrets.push(s!);
    return s!;
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect, { app: portal });
    await runSeeds(database.db, { demo: true });
    const config = loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '' });
    const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
    engine = await buildEngine({ app: portal, config, db: database.db, logger });
    await engine.app.ready();
  });
  afterAll(async () => {
    await engine?.close();
    await database?.destroy();
  });

  it('never logs a password, session token, OTP key or API token', async () => {
    secrets.push(DEMO_PASSWORD, WRONG_PASSWORD, PASSWORD_AS_USERID);
    expect(codeOf(await run('User.login', [{ userid: 'iru', password: WRONG_PASSWORD }]))).toBe('E_LOGINFAILED');
    expect(codeOf(await run('User.login', [{ userid: PASSWORD_AS_USERID, password: DEMO_PASSWORD }]))).toBe('E_LOGINFAILED');
    const iru = await run('User.login', [{ userid: 'iru', password: DEMO_PASSWORD }]);
    keep(iru.cookie?.split('=')[1]);
    await run('User.logout', [], { cookie: iru.cookie });

    const qr = await run('User.login', [{ userid: 'mfa', password: DEMO_PASSWORD }]);
    const firstKey = keep(JSON.parse(qr.values[0].type === 'exception' ? qr.values[0].message : '{}').otpKey);
    const mfa = await run('User.login', [{ userid: 'mfa', password: DEMO_PASSWORD, otp: codeFor(firstKey) }]);
    expect(codeOf(mfa)).toBe('ok');
    keep(mfa.cookie?.split('=')[1]);
    await database.db('user_otp').update({ last_step: null });
    const offered = await run('OTP.changeOTP', [{ currentOTP: codeFor(firstKey) }], { cookie: mfa.cookie });
    keep(JSON.parse(offered.values[0].type === 'text' ? offered.values[0].text : '{}').otpKey);

    const admin = await run('User.login', [{ userid: 'admin', password: DEMO_PASSWORD }]);
    keep(admin.cookie?.split('=')[1]);
    const issued = await run('ApiToken.create', [{ userid: 'iru', name: 'logged?' }], { cookie: admin.cookie });
    const token = keep(issued.values[0].type === 'text' ? issued.values[0].text : undefined);
    expect(codeOf(await run('User.current', [], { bearer: token }))).toBe('ok');
    expect(codeOf(await run('ApiToken.revoke', [{ id: Number(issued.values[1].type === 'text' ? issued.values[1].text : 0) }], { cookie: admin.cookie }))).toBe('ok');
    expect(codeOf(await run('User.resetMFA', [{ userid: 'mfa' }], { cookie: admin.cookie }))).toBe('ok');
    for (const row of await database.db('user').whereNotNull('password').select('password')) secrets.push(row.password);

    const log = lines.join('');
    // The capture works and saw the workout: otherwise finding nothing would prove nothing.
    for (const msg of ['signed in', 'sign-in failed', 'API token issued', 'API token revoked', 'MFA reset']) expect(log).toContain(`"msg":"${msg}"`);
    for (const secret of secrets) expect(log.includes(secret), `a secret of ${secret.length} characters is in the log`).toBe(false);
  });
});
