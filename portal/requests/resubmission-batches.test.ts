// Resubmission batches end to end on every dialect (seed 003 §3 "Form batch additions", §4.1;
// docs/resubmission-extension.md, docs/routine-reports-peoi.md): an approved resubmission reopens
// its submission, which becomes a resubmission (submit type 1100526) due on the request's date,
// keeping its first due date in `duedateorg`; its forms carry the entity's licence number; the
// period's non-compliance cases leave it out while it is resubmitted by that date, and take it in
// once that date has passed without it.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { failure, ok, readBack, select } from '../../engine/testing/record-calls.js';
import { sqlDate, sqlDateTime } from '../../engine/db/clock.js';
import { addDays } from './resubmission-moves.js';

const S = { pending: 61, pendingPayment: 25, pendingRecommendation: 79, recommended: 65, approved: 66 } as const;
const BY_REFERENCE = 1100483;
const REASON = 99001;
const RESUBMISSION = 1100526;
const PERIOD = '2026-01-31';
const FIRST_DUE = '2026-02-15';

const COMPLETE_BNK01 = [
  ...['01', '02'].flatMap((tab) => [3, 4, 5, 6, 7].flatMap((r) => [{ tab, address: `B${r}`, value: 1 }, { tab, address: `C${r}`, value: 2 }])),
  { tab: '03', address: 'B2', value: '31-01-2026' },
  { tab: '03', address: 'B3', value: 'Audit & Co' },
  { tab: '03', address: 'B5', value: '1,000,000.50' },
];

describe.each(await testDialects())('resubmission batches on %s', (dialect) => {
  let t: TestEngine;
  let re: string;
  let preparer: string;
  let checker: string;
  let approver: string;
  let iru: string;
  const today = sqlDate();

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    [re, preparer, checker, approver, iru] = await Promise.all([t.sessionFor('re', 1), ...['preparer', 'checker', 'approver', 'iru'].map((u) => t.sessionFor(u))]);
  });
  afterAll(async () => t?.close());

  const moveForm = (form: number, updatectr: number, state: number, who: string) =>
    t.call('Record.update', [{ module: 'REForm', fields: ['id', 'updatectr', 'state'], values: [form, updatectr, state], read: ['id', 'updatectr', 'state'] }], who);

  /** Prepares, checks and submits a form; answers its counter. */
  async function signOff(form: number, updatectr: number, cells: unknown[]): Promise<number> {
    let ctr = Number(readBack(await t.call('Form.saveData', [{ form, updatectr, cells }], preparer)).updatectr);
    ctr = Number(readBack(await moveForm(form, ctr, 78, preparer)).updatectr);
    ctr = Number(readBack(await moveForm(form, ctr, 55, checker)).updatectr);
    return Number(readBack(await t.call('Form.submit', [{ form, updatectr: ctr }], approver)).updatectr);
  }

  /** A BNK-01 form of entity 1 submitted today (after its due date) and accepted: its batch is Completed. */
  async function acceptedForm(): Promise<{ form: number; batch: number }> {
    const db = t.database.db;
    const template = await db('formtemplate').where({ code: 'BNK-01' }).first('id');
    const createon = sqlDateTime();
    await db('formbatch').insert({ re: 1, name: `Resubmission batch ${randomBytes(3).toString('hex')}`, endon: PERIOD, duedate: FIRST_DUE, state: 13, frozen_ind: false, createon });
    const batch = Number((await db('formbatch').max({ id: 'id' }))[0].id);
    await db('form').insert({ code: 'BNK-01', name: 'Statement of Financial Position', re: 1, formbatch: batch, state: 13, formtemplate: template.id, templateversion: 1, endon: PERIOD, category: 100211, properties: JSON.stringify({ items: [{ id: '01', title: 'Assets' }, { id: '02', title: 'Liabilities' }, { id: '03', title: 'Notes' }] }), createon });
    const form = Number((await db('form').max({ id: 'id' }))[0].id);
    const ctr = await signOff(form, 1, COMPLETE_BNK01);
    readBack(await t.call('Record.update', [{ module: 'Form', fields: ['id', 'updatectr', 'state'], values: [form, ctr, 45], read: ['id'] }], iru));
    expect(Number((await db('formbatch').where({ id: batch }).first('state')).state)).toBe(71);
    return { form, batch };
  }

  /** The entity asks to resubmit the form, pays by reference, the regulator recommends and approves; effective today, then reopened. */
  async function resubmissionApproved(form: number): Promise<number> {
    const read = ['id', 'updatectr', 'state'];
    const change = (id: number, ctr: number, fields: string[], values: unknown[], who = iru, module = 'Resubmission') =>
      t.call('Record.update', [{ module, fields: ['id', 'updatectr', ...fields], values: [id, ctr, ...values], read }], who);
    let r = readBack(await t.call('Record.create', [{ module: 'RE-Resubmission', fields: ['requestextdate', 'reason', 'forms', 'state'], values: [addDays(today, 10), 'The assets were misstated', JSON.stringify([{ form, properties: [{ id: '01', dataitem: 'Total assets' }] }]), S.pending], read }], re));
    const id = Number(r.id);
    r = readBack(await change(id, Number(r.updatectr), ['state'], [S.pendingPayment]));
    r = readBack(await change(id, Number(r.updatectr), ['state', 'paymenttype', 'receiptno'], [S.pendingRecommendation, BY_REFERENCE, 'REF-1'], re, 'RE-Resubmission'));
    r = readBack(await change(id, Number(r.updatectr), ['state', 'reasonclass'], [S.recommended, REASON]));
    r = readBack(await change(id, Number(r.updatectr), ['state'], [S.approved]));
    expect(Number(r.state)).toBe(S.approved);
    // The effective date comes: the forms reopen.
    await t.database.db('resubmission').where({ id }).update({ apprextdate: today });
    expect(JSON.parse(String((ok(await t.call('Resubmission.reopenDue', [], iru))[0] as { text: string }).text)).forms).toBeGreaterThanOrEqual(1);
    return id;
  }

  const casesFor = async () => {
    ok(await t.call('PEOI.createForPeriod', [{ endon: PERIOD }], iru));
    return (await t.database.db('peoi').pluck('formbatch')).map(Number);
  };

  it('reopens the submission of an approved resubmission as a resubmission due on its date, keeping the first due date, and leaves it out of the late cases when resubmitted by then', async () => {
    const { form, batch } = await acceptedForm();
    await resubmissionApproved(form);

    // The submission: submit type 1100526 (Resubmission), due today, first due date kept; audited.
    const stored = await t.database.db('formbatch').where({ id: batch }).first('submittype', 'duedate', 'duedateorg', 'state');
    expect(Number(stored.submittype)).toBe(RESUBMISSION);
    expect(Number(stored.state)).toBe(74);
    const fields = ['id', 'submittype', 'submittype_name_ind_field', 'duedate', 'duedateorg'];
    const seen = (await select(t, re, { module: 'REFormBatch', fields, where: [['id', '=', batch]] })).rows[0];
    expect(seen).toMatchObject({ submittype: RESUBMISSION, submittype_name_ind_field: 'Resubmission', duedate: today, duedateorg: FIRST_DUE });
    expect((await select(t, iru, { module: 'FormBatch', fields, where: [['id', '=', batch]] })).rows[0]).toMatchObject({ submittype_name_ind_field: 'Resubmission', duedateorg: FIRST_DUE });
    const audit = await t.database.db('record_audit').where({ module: 'formbatch', record_id: batch }).orderBy('version', 'desc').first('fields');
    expect(JSON.parse(audit.fields)).toEqual(expect.arrayContaining(['duedate', 'duedateorg', 'submittype']));

    // Its forms carry the entity's licence number (seed 003 Form fields: re_otherno).
    const otherno = (await t.database.db('re').where({ id: 1 }).first('otherno')).otherno;
    expect((await select(t, re, { module: 'REForm', fields: ['id', 're_otherno'], where: [['id', '=', form]] })).rows[0].re_otherno).toBe(otherno);
    expect((await select(t, iru, { module: 'Form', fields: ['id', 're_otherno'], where: [['id', '=', form]] })).rows[0].re_otherno).toBe(otherno);

    // First submitted after its first due date, but that date no longer counts: not late while due today.
    expect(await casesFor()).not.toContain(batch);
    expect(failure(await t.call('PEOI.open', [{ formbatch: batch }], iru)).details).toEqual({ formbatch: `This submission is not late: it is due on ${today}.` });

    // The entity amends and submits the form again today: on time against the resubmission's date.
    const reopened = await t.database.db('form').where({ id: form }).first('updatectr');
    await signOff(form, Number(reopened.updatectr), [{ tab: '01', address: 'B3', value: 3 }, { tab: '02', address: 'B3', value: 3 }]);
    expect([56, 45, 71]).toContain(Number((await t.database.db('formbatch').where({ id: batch }).first('state')).state));
    expect(await casesFor()).not.toContain(batch);
    expect(failure(await t.call('PEOI.open', [{ formbatch: batch }], iru)).details).toEqual({ formbatch: 'This submission was completed on time.' });
  });

  it('counts a resubmission not in again once its new due date has passed as late, against that date', async () => {
    const { form, batch } = await acceptedForm();
    await resubmissionApproved(form);
    // Time passes: the resubmission's date is yesterday and the form is still with the entity.
    await t.database.db('formbatch').where({ id: batch }).update({ duedate: addDays(today, -1) });
    expect(await casesFor()).toContain(batch);
  });
});
