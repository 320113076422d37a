// The amlpu.visible switch on every dialect (seed 001 §6, 002 §6; docs/roles.md): the help desk's
// row rule (Helpdesk.json) and Create New Forms (adhoc-forms.ts) read it the same way, so for a
// value of '1', '0' and no parameter at all they agree on whether the AMLPU unit is open.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { ok, select } from '../../engine/testing/record-calls.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { AMLPU_SWITCH } from './adhoc-forms.js';

const AMLPU_CATEGORY = 1100805;
const HELPDESK_CATEGORIES = 248;

describe.each(await testDialects())('the amlpu.visible switch on %s', (dialect) => {
  let t: TestEngine;
  let senior: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    // `re`: the senior user (approver, Designated Compliance Officer) of entity 1, a bank.
    senior = await t.sessionFor('re', 1);
  });
  afterAll(async () => t?.close());

  async function setSwitch(value: string | null) {
    const db = t.database.db;
    await db('parameters').where({ code: AMLPU_SWITCH.code }).delete();
    if (value !== null) await db('parameters').insert({ code: AMLPU_SWITCH.code, name: 'AMLPU visible', value0: value, state: 33, issystem: false, updatectr: 1 });
    await bumpVersions(db, ['parameters']);
  }

  /** The help desk's reader: the AMLPU category is offered to the entity's senior user. */
  const helpdeskOpen = async () =>
    (await select(t, senior, { module: 'List', fields: ['id'], where: [['listgroup', '=', HELPDESK_CATEGORIES], ['id', '=', AMLPU_CATEGORY]] })).rows.length === 1;
  /** Create New Forms' reader: the button is shown to the same user. */
  const createFormsOpen = async () => Boolean(JSON.parse((ok(await t.call('RE.getAdhocList', [], senior))[0] as { text: string }).text).canCreate);

  it('is seeded as 1, which opens the AMLPU category and Create New Forms', async () => {
    const row = await t.database.db('parameters').where({ code: AMLPU_SWITCH.code }).first('value0');
    expect(String(row?.value0)).toBe('1');
    expect([await helpdeskOpen(), await createFormsOpen()]).toEqual([true, true]);
  });

  it("names the same switch in the help desk's row rule as Create New Forms reads", () => {
    const helpdesk = JSON.parse(readFileSync(new URL('../metadata/modules/Helpdesk.json', import.meta.url), 'utf8'));
    const switches = JSON.stringify(helpdesk.rowRules).match(/"parameter":\{[^}]*\}/g) ?? [];
    expect(switches).toEqual([`"parameter":${JSON.stringify(AMLPU_SWITCH)}`]);
  });

  it.each([
    ['1', true],
    [' 1 ', true],
    ['0', false],
    ['', false],
    [null, false],
  ] as const)('agrees between the help desk and Create New Forms when the parameter is %j', async (value, open) => {
    await setSwitch(value);
    try {
      expect({ helpdesk: await helpdeskOpen(), createForms: await createFormsOpen() }).toEqual({ helpdesk: open, createForms: open });
    } finally {
      await setSwitch('1');
    }
  });
});
