// /iru/completeness: the regulator's deadline-day report (FormBatch.completeness,
// docs/filing-periods.md): per period × sector × form code, how many forms were expected,
// submitted (on time or late) and are outstanding (overdue past the due date). A row drills down
// to its entities (FormBatch.completenessEntities), each linking to its form and submission.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { monthEnd } from '../../../portal/filing/period-dates.js';
import { usePageTitle } from '../app/page-title';
import { ChoiceSelect, type Choice } from '../ui/labelled-fields';
import { presentError, presentErrorBeside } from '../rpc/error-presenter';
import { formatDate } from '../ui/date-format';
import * as api from './periods-api';
import { PermissionGate } from './permission-gate';
import './periods.css';

/** `YYYY-MM` → the month's last day. */
const endOf = (month: string) => monthEnd(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1);
const monthsBack = (today: Date, n: number) => monthEnd(today.getUTCFullYear(), today.getUTCMonth() - n).slice(0, 7);

const STATUS_LABELS: Record<string, string> = { ontime: 'On time', late: 'Late', outstanding: 'Outstanding', overdue: 'Overdue' };
const COUNTS = [['expected', 'Expected'], ['submitted', 'Submitted'], ['ontime', 'On time'], ['late', 'Late'], ['outstanding', 'Outstanding'], ['overdue', 'Overdue']] as const;

type Key = { endon: string; sector: number | null; code: string };
const sameKey = (a: Key | null, b: Key) => a !== null && a.endon === b.endon && a.sector === b.sector && a.code === b.code;

export default function CompletenessPage() {
  return (
    <PermissionGate permission="FormBatch.action.completeness" title="Completeness and timeliness">
      <CompletenessPageBody />
    </PermissionGate>
  );
}

function CompletenessPageBody() {
  const today = new Date();
  const [from, setFrom] = useState(monthsBack(today, 12));
  // The range runs up to the current month, so that the period now being filed is in it.
  const [to, setTo] = useState(monthsBack(today, 0));
  const [sector, setSector] = useState('');
  const [sectors, setSectors] = useState<Choice[]>([]);
  const [rows, setRows] = useState<api.CompletenessRow[] | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [chosen, setChosen] = useState<Key | null>(null);
  const [entities, setEntities] = useState<api.EntityRow[] | null>(null);
  // The drill-down opens below a table that may be long: it is brought into view when chosen.
  const drillDown = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (chosen) drillDown.current?.scrollIntoView({ block: 'start' });
  }, [chosen]);

  usePageTitle('Completeness and timeliness');
  useEffect(() => {
    api.sectors().then(setSectors, (e) => void presentError(e));
  }, []);

  async function load() {
    setChosen(null);
    setEntities(null);
    if (!from || !to) return setProblems({ ...(from ? {} : { from: 'Please choose a month.' }), ...(to ? {} : { to: 'Please choose a month.' }) });
    setProblems({});
    try {
      setRows(await api.completeness({ from: endOf(from), to: endOf(to), ...(sector ? { sector: Number(sector) } : {}) }));
    } catch (e) {
      await presentErrorBeside(e, setProblems);
    }
  }
  useEffect(() => void load(), []);

  async function drill(r: api.CompletenessRow) {
    const key = { endon: r.endon, sector: r.sector, code: r.code };
    setChosen(key);
    setEntities(null);
    try {
      setEntities(await api.completenessEntities({ endon: r.endon, code: r.code, ...(r.sector !== null ? { sector: r.sector } : {}) }));
    } catch (e) {
      await presentError(e);
    }
  }

  return (
    <section className="page period-completeness" data-completeness>
      <h1>Completeness and timeliness</h1>
      <div className="period-form">
        <label className="field">
          <span className="form-label required">From period</span>
          <input type="month" name="from" value={from} onChange={(e) => setFrom(e.target.value)} />
          {problems.from && <span className="field-error" role="alert">{problems.from}</span>}
        </label>
        <label className="field">
          <span className="form-label required">To period</span>
          <input type="month" name="to" value={to} onChange={(e) => setTo(e.target.value)} />
          {problems.to && <span className="field-error" role="alert">{problems.to}</span>}
        </label>
        <ChoiceSelect label="Sector" name="sector" testId="sector" value={sector} none="(every sector)" choices={sectors} onChange={setSector} />
        <div className="toolbar">
          <button type="button" className="btn btn-primary" data-action="show" onClick={() => void load()}>Show</button>
        </div>
      </div>
      {rows === null ? null : rows.length === 0 ? (
        <p className="empty">No forms were due in these periods.</p>
      ) : (
        <div className="period-table-wrap">
          <table className="period-table" data-testid="completeness">
            <caption className="muted">Choose a row to see its entities.</caption>
            <thead>
              <tr><th>Period end</th><th>Sector</th><th>Form</th>{COUNTS.map(([k, l]) => <th key={k} className="num">{l}</th>)}</tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.endon}|${r.sector}|${r.code}`} className={`drill${sameKey(chosen, r) ? ' chosen' : ''}`} tabIndex={0} data-row={`${r.endon}|${r.code}`}
                  onClick={() => void drill(r)} onKeyDown={(e) => e.key === 'Enter' && void drill(r)}>
                  <td>{formatDate(r.endon)}</td>
                  <td>{r.sector_name}</td>
                  <td title={r.name}>{r.code}</td>
                  {COUNTS.map(([k]) => <td key={k} className="num" data-count={k}>{r[k]}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {chosen && (
        <section data-testid="completeness-entities" ref={drillDown} tabIndex={-1}>
          <h2>{`${chosen.code} for the period ending ${formatDate(chosen.endon)}`}</h2>
          {entities === null ? <p className="muted">Loading...</p> : (
            <div className="period-table-wrap">
              <table className="period-table">
                <thead><tr><th>Entity</th><th>Form</th><th>Due</th><th>Submitted on</th><th>Status</th></tr></thead>
                <tbody>
                  {entities.map((e) => (
                    <tr key={e.form} data-status={e.status}>
                      <td>{e.re_name}</td>
                      <td><Link to={`/iru/form/${e.form}`}>{`${e.code} - ${e.name}`}</Link></td>
                      <td>{formatDate(e.duedate)}</td>
                      <td>{e.submittedon ? formatDate(e.submittedon) : ''}</td>
                      <td>{STATUS_LABELS[e.status] ?? e.status}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
    </section>
  );
}
