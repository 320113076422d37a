// Form.changes, the change feed of acceptances, on every dialect (docs/integrators.md "Change
// feed"): paging from the start returns each acceptance once, in commit order (a re-accepted
// form once per acceptance), including one accepted while paging; an entity user sees its own
// entity's forms only; a cursor the feed did not give is refused with E_VALIDATION. On MariaDB,
// an acceptance whose transaction is still open holds back the ones after it, so a reader that
// pages meanwhile skips neither.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlDateTime } from '../../../engine/db/clock.js';
import { recordsetObjects, type RecordsetValue } from '../../../engine/protocol/envelope.js';
import { failure, ok } from '../../../engine/testing/record-calls.js';
import { testDialects } from '../../../engine/testing/test-database.js';
import { startTestEngine, type TestEngine } from '../../../engine/testing/test-engine.js';
import { recordAcceptance } from '../../filing/accepted-values.js';
import { encodeCursor } from '../../filing/acceptance-feed.js';

const PERIOD = '2031-06-30';

interface Page {
  entries: Record<string, unknown>[];
  next: string;
  more: boolean;
}

describe.each(await testDialects())('Form.changes on %s', (dialect) => {
  let t: TestEngine;
  let iru: string;
  let re: string;
  let reEntity: number;
  let otherEntity: number;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    iru = await t.sessionFor('iru');
    re = await t.sessionFor('re');
    const db = t.database.db;
    reEntity = Number((await db('re_user').join('user', 'user.id', 're_user.link_fk_user').where('user.userid', 're').first('link_fk_re')).link_fk_re);
    otherEntity = Number((await db('re').whereNot('id', reEntity).orderBy('id').first('id')).id);
  });
  afterAll(async () => t?.close());

  async function submittedForm(entity: number): Promise<number> {
    const db = t.database.db;
    const template = await db('formtemplate').where({ code: 'BNK-01' }).first('id', 'version');
    await db('form').insert({ code: 'BNK-01', name: 'BNK-01', re: entity, state: 56, formtemplate: template.id, templateversion: template.version, endon: PERIOD, createon: sqlDateTime() });
    return Number((await db('form').max({ id: 'id' }))[0].id);
  }
  async function accept(form: number): Promise<void> {
    const { updatectr } = await t.database.db('form').where({ id: form }).first('updatectr');
    ok(await t.call('Record.update', [{ module: 'Form', fields: ['id', 'updatectr', 'state'], values: [form, updatectr, 45], read: ['id'] }], iru));
  }
  async function page(since: string, who = iru, max = 2): Promise<Page> {
    const values = ok(await t.call('Form.changes', [{ since, max }], who));
    const meta = JSON.parse((values[1] as { text: string }).text) as { next: string; more: boolean };
    return { entries: recordsetObjects(values[0] as RecordsetValue), ...meta };
  }
  /** Pages from `since` until the feed has nothing more; `between` runs after each page. */
  async function follow(since: string, who = iru, between?: (n: number) => Promise<void>): Promise<{ entries: Record<string, unknown>[]; next: string }> {
    const out: Record<string, unknown>[] = [];
    let cursor = since;
    for (let n = 0; n < 100; n++) {
      const p = await page(cursor, who);
      out.push(...p.entries);
      cursor = p.next;
      await between?.(n);
      if (!p.entries.length) return { entries: out, next: cursor };
    }
    throw new Error('the feed did not end');
  }
  const ours = (entries: Record<string, unknown>[], forms: number[]) => entries.filter((e) => forms.includes(Number(e.form))).map((e) => Number(e.form));

  let start = '';
  const accepted: number[] = [];

  it('pages from the start give each acceptance once, in commit order, with what a warehouse needs', async () => {
    start = (await follow('')).next;
    const forms = [await submittedForm(reEntity), await submittedForm(reEntity), await submittedForm(otherEntity)];
    for (const f of forms) await accept(f);
    // Accepted again after a return: a second entry.
    await t.database.db('form').where({ id: forms[0] }).update({ state: 56 });
    await accept(forms[0]);
    accepted.push(...forms, forms[0]);
    const { entries } = await follow(start);
    expect(entries.map((e) => Number(e.form))).toEqual(accepted);
    const template = await t.database.db('formtemplate').where({ code: 'BNK-01' }).first('version');
    const entity = await t.database.db('re').where({ id: reEntity }).first('name');
    expect(entries[0]).toMatchObject({ re: reEntity, entity_name: entity.name, template_code: 'BNK-01', template_version: template.version, period_end: PERIOD });
    expect(String(entries[0].accepted_on)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // From the start too: ours come once each, after the demo's.
    expect(ours((await follow('')).entries, forms)).toEqual(accepted);
  });

  it('a form accepted while a reader pages comes once, on a later page', async () => {
    const late = await submittedForm(reEntity);
    const more = await submittedForm(otherEntity);
    const { entries } = await follow(start, iru, async (n) => {
      if (n === 0) await accept(late);
      if (n === 1) await accept(more);
    });
    accepted.push(late, more);
    expect(entries.map((e) => Number(e.form))).toEqual(accepted);
  });

  it("an entity user's feed holds its own entity's forms only", async () => {
    const { entries } = await follow(start, re);
    const own = (await t.database.db('form').whereIn('id', accepted).where({ re: reEntity }).pluck('id')).map(Number);
    expect(entries.map((e) => Number(e.form))).toEqual(accepted.filter((f) => own.includes(f)));
  });

  it('a cursor the feed did not give is refused with a sentence', async () => {
    for (const since of ['garbage', 'bm90IGEgY3Vyc29y', encodeCursor(999_999_999)]) {
      const f = failure(await t.call('Form.changes', [{ since }], iru));
      expect(f.code).toBe('E_VALIDATION');
      expect(f.message).toMatch(/^since: This (is not a cursor of the change feed|cursor is ahead of the change feed)/);
    }
    expect(failure(await t.call('Form.changes', [{ since: '', max: 5000 }], iru)).code).toBe('E_BADREQUEST');
  });

  it.runIf(dialect === 'mysql')('an acceptance not yet committed holds back the later ones, and a reader skips neither', async () => {
    const db = t.database.db;
    const { next } = await follow(start);
    const first = await submittedForm(reEntity);
    const second = await submittedForm(reEntity);
    const dbs = (trx: typeof db) => ({ db: trx, root: db, dialect });
    const trx = await db.transaction();
    let secondDone = false;
    let pending: Promise<void> | undefined;
    try {
      await recordAcceptance(dbs(trx), first);
      // The second acceptance waits for the first's counter row.
      pending = db.transaction(async (t2) => recordAcceptance(dbs(t2), second)).then(() => {
        secondDone = true;
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(secondDone).toBe(false);
      expect((await follow(next)).entries).toEqual([]);
      await trx.commit();
    } catch (e) {
      await trx.rollback();
      throw e;
    }
    await pending;
    expect((await follow(next)).entries.map((e) => Number(e.form))).toEqual([first, second]);
  });

  it.runIf(dialect === 'mysql')('an acceptance rolled back gives its number to the next one', async () => {
    const db = t.database.db;
    const { next } = await follow(start);
    const form = await submittedForm(reEntity);
    const dbs = (trx: typeof db) => ({ db: trx, root: db, dialect });
    const trx = await db.transaction();
    await recordAcceptance(dbs(trx), form);
    await trx.rollback();
    const before = Number((await db('acceptancecounter').first('value')).value);
    await db.transaction(async (t2) => recordAcceptance(dbs(t2), form));
    expect(Number((await db('acceptancefeed').max({ n: 'seq' }))[0].n)).toBe(before + 1);
    expect((await follow(next)).entries.map((e) => Number(e.form))).toEqual([form]);
  });
});
