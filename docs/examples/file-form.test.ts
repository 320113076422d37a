// The form-filing example of docs/integrators.md, run as an integrator would run it against a
// live engine: a whole form saved in one call after a dry run, and a file with bad values
// refused with every offending cell named and nothing written.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, startLiveEngine } from '../../engine/testing/live-engine.js';
import type { TestEngine } from '../../engine/testing/test-engine.js';
import { DEMO_PASSWORD } from '../../portal/seeds/demo-users.js';
import { sqlDateTime } from '../../engine/db/clock.js';

const EXAMPLE = 'docs/examples/file-form.ts';

describe('the form-filing example', () => {
  let t: TestEngine;
  let env: Record<string, string | undefined>;

  beforeAll(async () => {
    let baseUrl: string;
    ({ t, baseUrl } = await startLiveEngine('sqlite'));
    env = { PORTAL_URL: baseUrl, PORTAL_USER: 'preparer', PORTAL_PASSWORD: DEMO_PASSWORD, PORTAL_TOKEN: undefined };
  });
  afterAll(async () => t?.close());

  /** A new Open BNK-01 form of the first entity. */
  async function newForm(): Promise<number> {
    const db = t.database.db;
    const template = await db('formtemplate').where({ code: 'BNK-01' }).first('id');
    await db('form').insert({ code: 'BNK-01', name: 'BNK-01', re: 1, state: 13, formtemplate: template.id, templateversion: 1, createon: sqlDateTime() });
    return Number((await db('form').max({ id: 'id' }))[0].id);
  }

  it('is quoted in docs/integrators.md exactly as it is', async () => {
    const [doc, file] = await Promise.all([readFile('docs/integrators.md', 'utf8'), readFile(EXAMPLE, 'utf8')]);
    expect(doc).toContain(`\n${file}\`\`\`\n`);
  });

  it('files every cell of the form in one save, and Form.validate finds nothing left', async () => {
    const form = await newForm();
    const r = await run('node_modules/.bin/tsx', [EXAMPLE, 'docs/examples/bnk-01-values.json'], { ...env, FORM_ID: String(form) });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('saved 24 cells; updatectr 2\n');
    expect(Number((await t.database.db('formcell').where({ form }).count({ n: '*' }))[0].n)).toBe(24);
  });

  it('names every offending cell of a bad file and writes nothing', async () => {
    const form = await newForm();
    const values = JSON.parse(await readFile('docs/examples/bnk-01-values.json', 'utf8'));
    const bad = join(t.database.dataDir, 'bad-values.json');
    await writeFile(bad, JSON.stringify({ ...values, '01!B3': 'three', '01!B8': 5, '03!B2': '31-13-2026' }));
    const r = await run('node_modules/.bin/tsx', [EXAMPLE, bad], { ...env, FORM_ID: String(form) });
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n').slice(1)).toEqual([
      '01!B3\tEnter a whole number, such as 1,234.',
      '03!B2\t31-13-2026 is not a date in the calendar.',
      '01!B8\tThis cell is calculated by a formula and cannot be written.',
      '',
    ]);
    expect(r.stderr).toMatch(/^E_VALIDATION: /);
    expect(Number((await t.database.db('formcell').where({ form }).count({ n: '*' }))[0].n)).toBe(0);
  });
});
