// The examples of docs/integrators.md, run as an integrator would run them against a live
// engine, so that the documentation cannot drift from the protocol.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, startLiveEngine } from '../../engine/testing/live-engine.js';
import type { TestEngine } from '../../engine/testing/test-engine.js';
import { DEMO_PASSWORD } from '../../portal/seeds/demo-users.js';

const EXAMPLES: [string, string, string[]][] = [
  ['curl', 'bash', ['docs/examples/sectors.sh']],
  ['Python', 'python3', ['docs/examples/sectors.py']],
  ['TypeScript', 'node_modules/.bin/tsx', ['docs/examples/sectors.ts']],
];

describe('the integrator examples', () => {
  let t: TestEngine;
  let baseUrl: string;
  let token: string;

  beforeAll(async () => {
    ({ t, baseUrl } = await startLiveEngine('sqlite'));
    const [v] = await t.call('ApiToken.create', [{ userid: 'iru', name: 'examples' }], await t.sessionFor('admin'));
    token = v?.type === 'text' ? v.text : '';
  });
  afterAll(async () => t?.close());

  const expectSectors = (stdout: string, lang: string) => {
    if (lang === 'curl') {
      expect(stdout).toContain('<row><v>1</v><v>Banking</v></row><row><v>2</v><v>Insurance</v></row>');
      expect(stdout).toContain('<value type="text">6</value>');
    } else {
      expect(stdout).toBe('1\tBanking\n2\tInsurance\n3\tCapital Market\n4\tFintech\n5\tMoney Broker\n5 of 6 rows\n');
    }
  };

  describe.each(EXAMPLES)('%s', (lang, command, args) => {
    it('is quoted in docs/integrators.md exactly as it is', async () => {
      const [doc, file] = await Promise.all([readFile('docs/integrators.md', 'utf8'), readFile(args[0], 'utf8')]);
      expect(doc).toContain(`\n${file}\`\`\`\n`);
    });

    it('selects with a user and password', async () => {
      const r = await run(command, args, { PORTAL_URL: baseUrl, PORTAL_USER: 'iru', PORTAL_PASSWORD: DEMO_PASSWORD, PORTAL_TOKEN: undefined });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expectSectors(r.stdout, lang);
    });

    it('selects with an API token', async () => {
      const r = await run(command, args, { PORTAL_URL: baseUrl, PORTAL_TOKEN: token, PORTAL_USER: undefined });
      expect(r.code).toBe(0);
      expectSectors(r.stdout, lang);
    });

    it('exits 1 with the exception on a wrong password', async () => {
      const r = await run(command, args, { PORTAL_URL: baseUrl, PORTAL_USER: 'iru', PORTAL_PASSWORD: 'wrong', PORTAL_TOKEN: undefined });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('E_LOGINFAILED');
    });
  });
});
