// The change-feed example of docs/integrators.md, run as an integrator would run it against a
// live engine: it prints every acceptance once, keeps its cursor, and a second run after a new
// acceptance prints only that one; a cursor file holding something else is refused.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, startLiveEngine } from '../../engine/testing/live-engine.js';
import type { TestEngine } from '../../engine/testing/test-engine.js';
import { DEMO_PASSWORD } from '../../portal/seeds/demo-users.js';
import { sqlDateTime } from '../../engine/db/clock.js';
import { ok } from '../../engine/testing/record-calls.js';

const EXAMPLE = 'docs/examples/follow-feed.ts';

describe('the change-feed example', () => {
  let t: TestEngine;
  let env: Record<string, string | undefined>;
  let iru: string;

  beforeAll(async () => {
    let baseUrl: string;
    ({ t, baseUrl } = await startLiveEngine('sqlite'));
    iru = await t.sessionFor('iru');
    const dir = await mkdtemp(join(tmpdir(), 'feed-'));
    env = { PORTAL_URL: baseUrl, PORTAL_USER: 'iru', PORTAL_PASSWORD: DEMO_PASSWORD, PORTAL_TOKEN: undefined, FEED_CURSOR_FILE: join(dir, 'cursor') };
  });
  afterAll(async () => t?.close());

  /** A submitted BNK-01 form of the first entity, accepted by the regulator. */
  async function acceptedForm(): Promise<number> {
    const db = t.database.db;
    const template = await db('formtemplate').where({ code: 'BNK-01' }).first('id', 'version');
    await db('form').insert({ code: 'BNK-01', name: 'BNK-01', re: 1, state: 56, formtemplate: template.id, templateversion: template.version, endon: '2031-01-31', createon: sqlDateTime() });
    const form = Number((await db('form').max({ id: 'id' }))[0].id);
    const { updatectr } = await db('form').where({ id: form }).first('updatectr');
    ok(await t.call('Record.update', [{ module: 'Form', fields: ['id', 'updatectr', 'state'], values: [form, updatectr, 45], read: ['id'] }], iru));
    return form;
  }
  const formsOf = (stdout: string) => stdout.split('\n').filter(Boolean).map((l) => Number(l.split('\t')[0]));

  it('is quoted in docs/integrators.md exactly as it is', async () => {
    const [doc, file] = await Promise.all([readFile('docs/integrators.md', 'utf8'), readFile(EXAMPLE, 'utf8')]);
    expect(doc).toContain(`\n${file}\`\`\`\n`);
  });

  it('prints each acceptance once and goes on from its cursor', async () => {
    const first = [await acceptedForm(), await acceptedForm()];
    const r = await run('node_modules/.bin/tsx', [EXAMPLE], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(formsOf(r.stdout).slice(-2)).toEqual(first);
    expect(r.stdout.trim().split('\n').at(-1)).toMatch(/^\d+\t\S+\tBNK-01\t\d+\t2031-01-31\t\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const later = await acceptedForm();
    const again = await run('node_modules/.bin/tsx', [EXAMPLE], env);
    expect(again.code).toBe(0);
    expect(formsOf(again.stdout)).toEqual([later]);
  });

  it('exits 1 with E_VALIDATION when the cursor file holds no cursor of the feed', async () => {
    await writeFile(env.FEED_CURSOR_FILE!, 'not-a-cursor');
    const r = await run('node_modules/.bin/tsx', [EXAMPLE], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('E_VALIDATION: since: This is not a cursor of the change feed.');
  });
});
