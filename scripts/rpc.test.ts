// The rpc CLI as a user runs it: a child process against a live engine, with credentials from
// the environment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, startLiveEngine } from '../engine/testing/live-engine.js';
import type { TestEngine } from '../engine/testing/test-engine.js';
import { DEMO_PASSWORD } from '../portal/seeds/demo-users.js';

const SECTORS = JSON.stringify({ module: 'Sector', fields: ['id', 'name'], order: 'id asc', max: 2 });

describe('npm run rpc', () => {
  let t: TestEngine;
  let env: Record<string, string | undefined>;
  const rpc = (args: string[], extra: Record<string, string | undefined> = {}) => run('node_modules/.bin/tsx', ['scripts/rpc.ts', ...args], { ...env, ...extra });

  beforeAll(async () => {
    let baseUrl: string;
    ({ t, baseUrl } = await startLiveEngine('sqlite'));
    env = { PORTAL_URL: baseUrl, PORTAL_USER: 'iru', PORTAL_PASSWORD: DEMO_PASSWORD, PORTAL_TOKEN: undefined, PORTAL_OTP: undefined };
  });
  afterAll(async () => t?.close());

  it('prints a select as an aligned table with the total', async () => {
    const r = await rpc(['Record.select', SECTORS]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toBe(['id  name', '--  ---------', '1   Banking', '2   Insurance', '(2 of 6 rows)', ''].join('\n'));
  });

  it('prints the decoded values as JSON with --json', async () => {
    const r = await rpc(['Record.select', SECTORS, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      { type: 'recordset', columns: [{ name: 'id', type: 'integer' }, { name: 'name', type: 'string' }], rows: [{ id: 1, name: 'Banking' }, { id: 2, name: 'Insurance' }] },
      { type: 'text', text: '6' },
    ]);
  });

  it('signs in with an API token from PORTAL_TOKEN', async () => {
    const admin = await t.sessionFor('admin');
    const [token] = await t.call('ApiToken.create', [{ userid: 'iru', name: 'rpc test' }], admin);
    const r = await rpc(['User.current'], { PORTAL_USER: undefined, PORTAL_TOKEN: token?.type === 'text' ? token.text : '' });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ userid: 'iru' });
  });

  it('exits 1 with CODE: message on an exception', async () => {
    const r = await rpc(['Record.select', JSON.stringify({ module: 'Sector', fields: ['nosuchfield'] })]);
    expect(r).toMatchObject({ code: 1, stdout: '' });
    expect(r.stderr.trim()).toBe('E_INVALIDFIELD: Field "nosuchfield" is not a field of Sector');
    const login = await rpc(['Record.select', SECTORS], { PORTAL_PASSWORD: 'wrong' });
    expect(login).toMatchObject({ code: 1, stderr: 'E_LOGINFAILED: Invalid user id or password\n' });
  });

  it('exits 2 with a usage line on bad usage', async () => {
    for (const args of [[], ['not an action'], ['Record.select', '{not json']]) {
      const r = await rpc(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain('usage: npm run rpc -- <Namespace.action>');
    }
  });
});
