import { describe, expect, it } from 'vitest';
import { changesRecords, notifyDataChanged, onDataChanged } from './data-changed';

describe('word of calls that change records', () => {
  it('counts writes and named moves as changes, reads and sign-in as none', () => {
    expect(['Record.update', 'Record2.create', 'Record.delete', 'FormBatch.openPeriod', 'Form.saveData', 'Job.ImportFromExcel.submit'].every(changesRecords)).toBe(true);
    expect(['Record.select', 'StateManagement.getStateMap', 'Form.getData', 'Job.ExportToExcel.status', 'User.current', 'User.login', 'FormBatch.completeness'].some(changesRecords)).toBe(false);
  });

  it('tells each listener until it unsubscribes', () => {
    let heard = 0;
    const off = onDataChanged(() => heard++);
    notifyDataChanged();
    off();
    notifyDataChanged();
    expect(heard).toBe(1);
  });
});
