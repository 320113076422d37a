// Opening reporting periods through the protocol on every dialect (docs/filing-periods.md): one
// batch per active entity in scope with one form per template it files, on the template's
// current version and due after the template's days; a dry run writes nothing; opening twice
// creates nothing twice; only the regulator may; the demo seed opened the current periods.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { failure, ok } from '../../engine/testing/record-calls.js';
import { recordsetObjects, type EnvelopeValue, type RecordsetValue } from '../../engine/protocol/envelope.js';
import { previousMonthEnd } from './period-dates.js';

const MONTHLY = 277;
const QUARTERLY = 278;

describe.each(await testDialects())('opening reporting periods on %s', (dialect) => {
  let t: TestEngine;
  let iru: string;
  let re: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    iru = await t.sessionFor('iru');
    re = await t.sessionFor('re', 1);
  });
  afterAll(async () => t?.close());

  const open = async (args: Record<string, unknown>, cookie = iru) => {
    const values = ok(await t.call('FormBatch.openPeriod', [args], cookie));
    const summary = JSON.parse((values[1] as { text: string }).text);
    return { rows: recordsetObjects(values[0] as RecordsetValue), summary };
  };
  const formsOf = (endon: string) => t.database.db('form').where({ endon }).orderBy('id').select();

  it('a dry run answers the batches and forms it would create and writes nothing', async () => {
    const { rows, summary } = await open({ calendar: MONTHLY, endon: '2026-01-31', sector: 1, dryRun: true });
    // Banks 1-4 are active (5 is not); each files BNK-01.
    expect(rows.map((r) => [Number(r.re), r.code, r.status, r.form])).toEqual([1, 2, 3, 4].map((re) => [re, 'BNK-01', 'created', null]));
    expect(summary).toMatchObject({ endon: '2026-01-31', start: '2026-01-01', label: 'January 2026', duedate: '2026-02-15', dryRun: true, batches: { created: 4 }, forms: { created: 4 } });
    expect(await formsOf('2026-01-31')).toEqual([]);
    expect(await t.database.db('formbatch').where({ endon: '2026-01-31' })).toEqual([]);
  });

  it('creates one batch per active entity in scope holding one Open form per template it files, on the current version', async () => {
    const { rows, summary } = await open({ calendar: MONTHLY, endon: '2026-01-31' });
    // Monthly templates file sectors 1, 3, 4 and 5: every active entity of those sectors.
    const active = await t.database.db('re').whereIn('sector', [1, 3, 4, 5]).where('state', 33).pluck('id');
    expect(summary.batches.created).toBe(active.length);
    expect(new Set(rows.map((r) => Number(r.re)))).toEqual(new Set(active.map(Number)));
    expect(rows.every((r) => r.status === 'created' && Number(r.form) > 0)).toBe(true);

    const batch = await t.database.db('formbatch').where({ re: 1, endon: '2026-01-31' }).first();
    expect(batch).toMatchObject({ name: 'January 2026 Monthly Returns', calendar: MONTHLY, category: 100211, re_sector: 1, state: 13 });
    expect(String(batch.duedate).slice(0, 10)).toBe('2026-02-15');
    expect([Number(batch.total0), Number(batch.open)]).toEqual([1, 1]);
    const [form] = await t.database.db('form').where({ formbatch: batch.id });
    const template = await t.database.db('formtemplate').where({ code: 'BNK-01' }).first('id', 'version');
    expect(form).toMatchObject({ code: 'BNK-01', re: 1, calendar: MONTHLY, reportingperiod: '2026-01', scheduletype: 'Periodic', datedesc: '1 Jan 2026 - 31 Jan 2026', state: 13 });
    expect(Number(form.formtemplate)).toBe(Number(template.id));
    expect(Number(form.templateversion)).toBe(Number(template.version));
    expect(JSON.parse(String(form.properties)).items.map((i: { id: string }) => i.id)).toEqual(['01', '02', '03']);
    // The extract tables of the version are made now, before any acceptance needs them.
    expect(await t.database.db.schema.hasTable('ST_BNK_01_03')).toBe(true);
  });

  it('opening the same period twice creates nothing twice, and adds only what a new template brings', async () => {
    const before = (await formsOf('2026-01-31')).length;
    const again = await open({ calendar: MONTHLY, endon: '2026-01-31' });
    expect(again.summary.forms).toEqual({ created: 0, exists: before, closed: 0 });
    expect(again.summary.batches.created).toBe(0);
    expect((await formsOf('2026-01-31')).length).toBe(before);

    // A second monthly bank template: the next opening adds its form to the existing batches.
    const bnk = await t.database.db('formtemplate').where({ code: 'BNK-01' }).first();
    await t.database.db('formtemplate').insert({ ...bnk, id: undefined, code: 'BNK-09', name: 'Second bank return' });
    const added = await open({ calendar: MONTHLY, endon: '2026-01-31', sector: 1 });
    expect(added.rows.filter((r) => r.status === 'created').map((r) => [Number(r.re), r.code, r.batchstatus])).toEqual([1, 2, 3, 4].map((re) => [re, 'BNK-09', 'exists']));
    const batch = await t.database.db('formbatch').where({ re: 1, endon: '2026-01-31' }).first();
    expect(Number(batch.total0)).toBe(2);
    await t.database.db('form').where({ code: 'BNK-09' }).delete();
    await t.database.db('formtemplate').where({ code: 'BNK-09' }).delete();
  });

  it('limits the entities by category and leaves submitted batches closed', async () => {
    const { rows } = await open({ calendar: QUARTERLY, endon: '2026-03-31', category: 100221 });
    const insurers = (await t.database.db('re_recategory').where({ link_fk_recategory: 100221 }).pluck('link_fk_re')).map(Number);
    expect(new Set(rows.map((r) => Number(r.re)))).toEqual(new Set(insurers));
    expect(rows.every((r) => r.code === 'INS-03')).toBe(true);

    const batch = Number(rows[0].formbatch);
    await t.database.db('formbatch').where({ id: batch }).update({ state: 56 });
    const bnk = await t.database.db('formtemplate').where({ code: 'INS-03' }).first();
    await t.database.db('formtemplate').insert({ ...bnk, id: undefined, code: 'INS-09', name: 'Late template' });
    const again = await open({ calendar: QUARTERLY, endon: '2026-03-31', category: 100221 });
    expect(again.rows.find((r) => Number(r.formbatch) === batch && r.code === 'INS-09')).toMatchObject({ status: 'closed', form: null });
    expect(await t.database.db('form').where({ formbatch: batch, code: 'INS-09' })).toEqual([]);
    await t.database.db('form').where({ code: 'INS-09' }).delete();
    await t.database.db('formtemplate').where({ code: 'INS-09' }).delete();
  });

  it('refuses a period end that does not end a period of the calendar, and the ad hoc calendar', async () => {
    const bad = async (args: Record<string, unknown>) => failure(await t.call('FormBatch.openPeriod', [args], iru));
    expect(await bad({ calendar: MONTHLY, endon: '2026-01-30' })).toMatchObject({ code: 'E_VALIDATION', details: { endon: 'must be the last day of a month' } });
    expect(await bad({ calendar: QUARTERLY, endon: '2026-02-28' })).toMatchObject({ code: 'E_VALIDATION', details: { endon: 'must end a 3-month period of the calendar year' } });
    expect((await bad({ calendar: 282, endon: '2026-01-31' })).details).toHaveProperty('calendar');
    expect((await bad({ calendar: 13, endon: '2026-01-31' })).details).toHaveProperty('calendar');
    expect((await bad({ calendar: MONTHLY, endon: '2026-13-31' })).code).toBe('E_VALIDATION');
  });

  it('is the regulator\'s alone', async () => {
    expect(failure(await t.call('FormBatch.openPeriod', [{ calendar: MONTHLY, endon: '2026-04-30' }], re)).code).toBe('E_NOPERMISSION');
    expect(await t.database.db('formbatch').where({ endon: '2026-04-30' })).toEqual([]);
  });

  it('a form tells its readers whether its template is approver-view-only (seed 003 §2.1)', async () => {
    await t.database.db('formtemplate').where({ code: 'BNK-01' }).update({ approverviewonly: true });
    const endon = previousMonthEnd(new Date());
    const values: EnvelopeValue[] = await t.call('Record.select', [{ module: 'REForm', fields: ['id', 'code', 'template_approverviewonly'], where: [['endon', '=', endon]] }], re);
    expect(recordsetObjects(ok(values)[0] as RecordsetValue).map((r) => [r.code, Boolean(r.template_approverviewonly)])).toEqual([['BNK-01', true]]);
    await t.database.db('formtemplate').where({ code: 'BNK-01' }).update({ approverviewonly: false });
  });

  it('the demo seed opened the current month for the first entity, whose forms are Open', async () => {
    const endon = previousMonthEnd(new Date());
    const forms = await t.database.db('form').where({ re: 1, endon }).select('code', 'state', 'formtemplate');
    expect(forms.map((f) => [f.code, Number(f.state)])).toEqual([['BNK-01', 13]]);
    const values: EnvelopeValue[] = await t.call('Record.select', [{ module: 'REForm', fields: ['id', 'code', 'state'], where: [['endon', '=', endon]] }], re);
    expect(recordsetObjects(ok(values)[0] as RecordsetValue).map((r) => r.code)).toEqual(['BNK-01']);
  });
});
