// The equipment-loans app on the engine alone, on both databases: its user signs in, reads and
// writes its records through the same calls the client makes, its loan rules run on every write,
// its own action answers, and nothing of the reporting portal is there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../engine/testing/test-database.js';
import { startAppTestEngine, type AppTestEngine } from '../../engine/testing/app-test-engine.js';
import { recordsetObjects, type EnvelopeValue } from '../../engine/protocol/envelope.js';
import { equipmentLoans } from './app.js';
import { DEMO_PASSWORD } from './seeds.js';
import { LOAN_STATE } from './states.js';

type Row = Record<string, unknown>;

function rowsOf(values: EnvelopeValue[]): Row[] {
  const [first] = values;
  if (first?.type !== 'recordset') throw new Error(`expected a recordset, got ${JSON.stringify(first).slice(0, 400)}`);
  return recordsetObjects(first);
}

function failureOf(values: EnvelopeValue[]): { code: string; message: string } {
  const [first] = values;
  if (first?.type !== 'exception') throw new Error(`expected an exception, got ${JSON.stringify(first).slice(0, 400)}`);
  return { code: first.code, message: first.message };
}

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

for (const dialect of await testDialects()) {
  describe(`the equipment-loans app (${dialect})`, () => {
    let t: AppTestEngine;
    let manager: string;

    beforeAll(async () => {
      t = await startAppTestEngine(equipmentLoans, dialect);
      manager = await t.signIn('labmanager', DEMO_PASSWORD);
    });
    afterAll(async () => t?.close());

    const loan = async (id: number): Promise<Row> =>
      rowsOf(await t.call('Record.select', [{ module: 'Loan', fields: ['id', 'updatectr', 'state', 'approvedby', 'approvedon', 'returnedon', 'equipment'], where: [['id', '=', id]] }], manager))[0];
    const moveTo = (row: Row, state: number) =>
      t.call('Record.update', [{ module: 'Loan', fields: ['id', 'updatectr', 'state'], values: [row.id, row.updatectr, state], read: ['id', 'updatectr', 'state', 'approvedby', 'approvedon', 'returnedon'] }], manager);
    const onLoan = async (equipment: number) =>
      rowsOf(await t.call('Record.select', [{ module: 'Equipment', fields: ['id', 'onloan'], where: [['id', '=', equipment]] }], manager))[0].onloan;

    it('signs the lab manager in through User.login and answers their roles and permissions', async () => {
      const [info] = await t.call('User.login', [{ userid: 'labmanager', password: DEMO_PASSWORD }]);
      expect(info.type).toBe('text');
      const user = JSON.parse(info.type === 'text' ? info.text : '{}');
      expect(user.userid).toBe('labmanager');
      expect(user.permissions['Loan.action.approve']).toBeTruthy();
      expect(user.permissions['Loan.overdue']).toBeTruthy();
    });

    it('lists the loans as the list screen asks for them, with the equipment and state names', async () => {
      const values = await t.call('Record.select', [{ module: 'Loan', fields: ['id', 'equipment_name_ind_field', 'borrower', 'dueon', 'state', 'state_name_ind_field'], order: 'createon desc', max: 20 }], manager);
      const rows = rowsOf(values);
      expect(rows.map((r) => r.equipment_name_ind_field).sort()).toEqual(['Oscilloscope', 'Thermal camera']);
      expect(rows.map((r) => r.state_name_ind_field).sort()).toEqual(['Approved', 'Requested']);
      expect(values[1]).toEqual({ type: 'text', text: '2' });
    });

    it('creates a loan as the form does, in the Requested state, stamped with who asked', async () => {
      const created = rowsOf(await t.call('Record.create', [{ module: 'Loan', fields: ['equipment', 'borrower', 'dueon', 'purpose'], values: [2, 'Ada Lovelace', inDays(5), 'Cell imaging'], read: ['id', 'state', 'requester_name_ind_field', 'approvedby'] }], manager))[0];
      expect(Number(created.state)).toBe(LOAN_STATE.requested);
      expect(created.requester_name_ind_field).toBe('Lab Manager');
      expect(created.approvedby).toBeNull();
    });

    it('stamps an approval with the approver and the time, and marks the equipment out on loan', async () => {
      const created = rowsOf(await t.call('Record.create', [{ module: 'Loan', fields: ['equipment', 'borrower', 'dueon'], values: [2, 'Grace Hopper', inDays(3)], read: ['id'] }], manager))[0];
      expect(await onLoan(2)).toBe(false);
      const approved = rowsOf(await moveTo(await loan(Number(created.id)), LOAN_STATE.approved))[0];
      expect(Number(approved.state)).toBe(LOAN_STATE.approved);
      const managerId = rowsOf(await t.call('Record.select', [{ module: 'User', fields: ['id'], where: [['userid', '=', 'labmanager']] }], manager))[0].id;
      expect(approved.approvedby).toBe(managerId);
      expect(String(approved.approvedon)).toMatch(/^\d{4}-\d{2}-\d{2}/);
      expect(await onLoan(2)).toBe(true);
    });

    it('refuses to approve a loan of equipment that is out, saying what to do instead', async () => {
      // The microscope went out on the previous approval; the Ada Lovelace loan still waits.
      const waiting = rowsOf(await t.call('Record.select', [{ module: 'Loan', fields: ['id'], where: [['borrower', '=', 'Ada Lovelace']] }], manager))[0];
      const refused = failureOf(await moveTo(await loan(Number(waiting.id)), LOAN_STATE.approved));
      expect(refused.code).toBe('E_VALIDATION');
      expect(refused.message).toBe('state: Microscope is out on another loan; approve this loan once that one is returned, or decline it');
      const after = await loan(Number(waiting.id));
      expect(Number(after.state)).toBe(LOAN_STATE.requested);
      expect(after.approvedby).toBeNull();
    });

    it('marks the equipment available again when its loan is returned, stamping the return', async () => {
      const out = rowsOf(await t.call('Record.select', [{ module: 'Loan', fields: ['id'], where: [['borrower', '=', 'Grace Hopper']] }], manager))[0];
      const returned = rowsOf(await moveTo(await loan(Number(out.id)), LOAN_STATE.returned))[0];
      expect(Number(returned.state)).toBe(LOAN_STATE.returned);
      expect(String(returned.returnedon)).toMatch(/^\d{4}-\d{2}-\d{2}/);
      expect(await onLoan(2)).toBe(false);
      // Now the waiting loan may go out.
      const waiting = rowsOf(await t.call('Record.select', [{ module: 'Loan', fields: ['id'], where: [['borrower', '=', 'Ada Lovelace']] }], manager))[0];
      expect(Number(rowsOf(await moveTo(await loan(Number(waiting.id)), LOAN_STATE.approved))[0].state)).toBe(LOAN_STATE.approved);
    });

    it('refuses a move the state map does not have', async () => {
      const declined = rowsOf(await t.call('Record.create', [{ module: 'Loan', fields: ['equipment', 'borrower', 'dueon'], values: [3, 'Alan Turing', inDays(2)], read: ['id'] }], manager))[0];
      expect(failureOf(await moveTo(await loan(Number(declined.id)), LOAN_STATE.returned)).code).toBe('E_STATETRANSITION');
    });

    it('lets a borrower ask for a loan but not approve one', async () => {
      const student = await t.signIn('student', DEMO_PASSWORD);
      const asked = rowsOf(await t.call('Record.create', [{ module: 'Loan', fields: ['equipment', 'borrower', 'dueon'], values: [3, 'Demo Student', inDays(4)], read: ['id', 'updatectr'] }], student))[0];
      const refused = failureOf(await t.call('Record.update', [{ module: 'Loan', fields: ['id', 'updatectr', 'state'], values: [asked.id, asked.updatectr, LOAN_STATE.approved] }], student));
      expect(refused.code).toBe('E_NOPERMISSION');
      expect(failureOf(await t.call('Loan.overdue', [{}], student)).code).toBe('E_NOPERMISSION');
    });

    it('answers the overdue loans through its own action, Loan.overdue', async () => {
      const rows = rowsOf(await t.call('Loan.overdue', [{}], manager));
      expect(rows).toEqual([expect.objectContaining({ equipment_name: 'Oscilloscope', borrower: 'Demo Student', days_late: 3 })]);
      // Judged a week ahead, the loans due within the week are late too.
      const ahead = rowsOf(await t.call('Loan.overdue', [{ asOf: inDays(7) }], manager));
      expect(ahead.map((r) => r.equipment_name)).toEqual(['Oscilloscope', 'Microscope']);
      expect(failureOf(await t.call('Loan.overdue', [{ asOf: 'tomorrow' }], manager)).code).toBe('E_BADREQUEST');
    });

    it('has none of the reporting portal: its actions are unknown and its modules do not exist', async () => {
      const action = failureOf(await t.call('Form.getData', [{ id: 1 }], manager));
      expect(action).toEqual({ code: 'E_UNKNOWNACTION', message: 'Unknown action: Form.getData' });
      const module = failureOf(await t.call('Record.select', [{ module: 'FormBatch', fields: ['id'] }], manager));
      expect(module).toEqual({ code: 'E_BADREQUEST', message: 'Unknown module: FormBatch' });
      expect(t.engine.dispatcher.registry.get('IRU.getDashboard')).toBeUndefined();
      expect(t.engine.services.modules.get('RE')).toBeUndefined();
    });
  });
}
