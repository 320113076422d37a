// The Create New Forms dialog of /re/batches (seed 002 §5, §6, §9): form code, the month (or
// half-year) its period ends in, and the year. The checks are portal/filing/adhoc-periods.ts's,
// the same the server runs; their messages show joined by line breaks under the title Error.
import { Fragment, useEffect, useRef, useState } from 'react';
import { ADHOC_MESSAGES, adhocProblems } from '../../../portal/filing/adhoc-periods.js';
import { dialogs } from '../ui/dialogs';
import { RpcError } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import type { AdhocList } from './adhoc-api';
import { createAdhocForm } from './adhoc-api';
import { useFocusTrap } from '../ui/focus-trap';

/** Lines under the title Error, as seed 002 §5 shows them. */
const showErrors = (lines: string[]) =>
  dialogs.alert('Error', lines.map((l, i) => <Fragment key={i}>{i > 0 && <br />}{l}</Fragment>), 'error');

export function CreateFormsDialog({ list, onClose, onCreated }: { list: AdhocList; onClose(): void; onCreated(): void }) {
  const [code, setCode] = useState('');
  const [month, setMonth] = useState('');
  const [year, setYear] = useState('');
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLSelectElement | null>(null);
  const box = useRef<HTMLDivElement>(null);
  useFocusTrap(box, onClose);
  useEffect(() => first.current?.focus(), []);
  const months = list.codes.find((c) => c.code === code)?.months ?? [];
  // A month the newly chosen code does not offer is cleared.
  useEffect(() => {
    if (month && !months.some((m) => String(m.value) === month)) setMonth('');
  }, [code]);

  async function create() {
    const problems = adhocProblems({ code, month, year }, list.codes.map((c) => c.code), new Date());
    const lines = [problems.code, problems.month, problems.year].filter((x): x is string => Boolean(x));
    if (lines.length) return showErrors(lines);
    setBusy(true);
    try {
      const text = await createAdhocForm(code, Number(month), Number(year));
      await dialogs.alert('', text || ADHOC_MESSAGES.success, 'success');
      onCreated();
    } catch (e) {
      if (e instanceof RpcError && e.code === 'E_VALIDATION') await showErrors(e.message.split(/\r?\n/));
      else await presentError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="dialog-backdrop" role="presentation">
      <div ref={box} tabIndex={-1} className="dialog dialog-info" role="dialog" aria-modal="true" aria-labelledby="create-forms-title" data-dialog="create-forms">
        <h2 className="dialog-title" id="create-forms-title">Create New Forms</h2>
        <form className="dialog-message" onSubmit={(e) => { e.preventDefault(); void create(); }}>
          <label className="field">
            <span className="form-label required">Form Code</span>
            <select ref={first} name="code" value={code} onChange={(e) => setCode(e.target.value)}>
              <option value="">Please select</option>
              {list.codes.map((c) => <option key={c.code} value={c.code}>{c.name && c.name !== c.code ? `${c.code} - ${c.name}` : c.code}</option>)}
            </select>
          </label>
          <label className="field">
            <span className="form-label required">Month</span>
            <select name="month" value={month} onChange={(e) => setMonth(e.target.value)}>
              <option value="">Please select</option>
              {months.map((m) => <option key={m.value} value={String(m.value)}>{m.label}</option>)}
            </select>
          </label>
          <label className="field">
            <span className="form-label required">Year</span>
            <select name="year" value={year} onChange={(e) => setYear(e.target.value)}>
              <option value="">Please select</option>
              {list.years.map((y) => <option key={y} value={String(y)}>{y}</option>)}
            </select>
          </label>
        </form>
        <div className="dialog-buttons">
          <button type="button" className="btn" data-button="cancel" disabled={busy} onClick={onClose}>Cancel</button>
          <button type="button" className="btn btn-primary" data-button="create" disabled={busy} onClick={() => void create()}>Create</button>
        </div>
      </div>
    </div>
  );
}
