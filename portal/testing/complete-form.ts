// For protocol tests about what follows a sign-off move (counters, dashboards, state maps): fills
// every empty input cell of a form through Form.saveData with a plain value its cell accepts, so
// that the blocking rules every sign-off step runs pass. Zeros keep totals equal; a cell its
// disable condition turns off by those values is left empty. Fails the test when the form still
// breaks a blocking rule.
import { recordsetObjects, type EnvelopeValue, type RecordsetValue } from '../../engine/protocol/envelope.js';
import { filedTemplate, listValuesFor, readFormRow } from '../filing/form-data.js';
import type { TestEngine } from '../../engine/testing/test-engine.js';

const PLAIN: Record<string, string> = { numeric: '0', currency: '0', text: 'Filled for the test', date: '2026-01-31', time: '09:00' };

function rowsOf(values: EnvelopeValue[], what: string): Record<string, unknown>[] {
  if (values[0]?.type !== 'recordset') throw new Error(`${what} failed: ${JSON.stringify(values).slice(0, 600)}`);
  return recordsetObjects(values[0] as RecordsetValue);
}

/** Fills the form's empty input cells as `cookie` (a preparer of its entity); answers the new updatectr. */
export async function completeForm(t: TestEngine, form: number, cookie: string): Promise<number> {
  const db = t.database.db;
  const row = await readFormRow(db, form);
  const filed = await filedTemplate(db, row);
  const lists = await listValuesFor(db, filed.layout);
  const cells = rowsOf(await t.call('Form.getData', [{ form }], cookie), 'Form.getData');
  let writes: { tab: string; address: string; value: string }[] = [];
  for (const c of cells) {
    if (c.readonly || c.value !== null) continue;
    const cell = filed.layout.byCodeOf(String(c.code))?.place.cell;
    const value = cell?.editor === 'dropdown' ? lists(Number(cell.listgroup))?.[0] : PLAIN[String(c.type)];
    if (value !== undefined) writes.push({ tab: String(c.tab), address: String(c.address), value });
  }
  let ctr = row.updatectr;
  for (let attempt = 0; attempt < 2 && writes.length; attempt++) {
    const values = await t.call('Form.saveData', [{ form, updatectr: ctr, cells: writes }], cookie);
    if (values[0]?.type === 'recordset') {
      ctr = Number(recordsetObjects(values[0])[0].updatectr);
      break;
    }
    // Cells turned off by the values written: written again without them.
    const details = values[1]?.type === 'text' ? (JSON.parse(values[1].text) as Record<string, string>) : {};
    writes = writes.filter((w) => !(`${w.tab}!${w.address}` in details));
  }
  const left = rowsOf(await t.call('Form.validate', [{ form }], cookie), 'Form.validate').filter((b) => b.severity === 'error');
  if (left.length) throw new Error(`The form still breaks its rules: ${JSON.stringify(left).slice(0, 600)}`);
  return ctr;
}
