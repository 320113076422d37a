// /iru/freezeperiod: the regulator freezes or unfreezes every submission of a period in one move
// (FormBatch.freezePeriod, docs/filing-periods.md "Freezing a period"). Choose the period end
// (typed DD/MM/YYYY, the period ends of the submissions suggested), optionally a calendar and a
// sector; Preview lists what the move touches per entity; a reason and Freeze or Unfreeze, each
// confirmed, make it. The outcome is said in one sentence; the history of moves follows.
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../app/page-title';
import { LEAVE_PAGE_MESSAGE, useLeaveGuard } from '../ui/leave-guard';
import { ChoiceSelect, type Choice } from '../ui/labelled-fields';
import { presentError, presentErrorBeside } from '../rpc/error-presenter';
import { dialogs } from '../ui/dialogs';
import { Loading } from '../ui/loading';
import { formatDate, formatDateTime } from '../ui/date-format';
import { dateFromDisplay, dateToDisplay } from '../form/dates';
import * as periods from './periods-api';
import * as api from './freeze-api';
import { PermissionGate } from './permission-gate';
import { useSession } from '../session/session-store';
import './periods.css';

const TITLE = 'Freeze Period';
const REASON_MAX = 1000;

const FieldProblem = ({ text, field }: { text?: string; field: string }) =>
  text ? <span className="field-error" role="alert" data-problem={field}>{text}</span> : null;

type Preview = { rows: api.FreezeRow[]; summary: api.FreezeSummary };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export default function FreezePeriodPage() {
  return (
    <PermissionGate permission="FreezePeriod.select" title={TITLE}>
      <FreezePeriodBody />
    </PermissionGate>
  );
}

function FreezePeriodBody() {
  const [calendars, setCalendars] = useState<periods.Calendar[] | null>(null);
  const [sectors, setSectors] = useState<Choice[]>([]);
  const [ends, setEnds] = useState<string[]>([]);
  const [typedEnd, setTypedEnd] = useState('');
  const [calendar, setCalendar] = useState('');
  const [sector, setSector] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<Preview | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [history, setHistory] = useState<api.FreezeHistory[] | null>(null);
  const [busy, setBusy] = useState(false);
  const { user } = useSession();
  const mayMove = Boolean(user?.permissions['FormBatch.action.freezePeriod']);

  usePageTitle(TITLE);
  // A reason typed but not yet used for a move is asked about before the page is left.
  useLeaveGuard(reason.trim() !== '', LEAVE_PAGE_MESSAGE);
  const loadHistory = useCallback(() => api.history().then(setHistory, (e) => void presentError(e)), []);
  useEffect(() => {
    Promise.all([periods.calendars(), periods.sectors(), api.periodEnds()]).then(([c, s, e]) => {
      setCalendars(c);
      setSectors(s);
      setEnds(e);
    }, (e) => void presentError(e));
    void loadHistory();
  }, [loadHistory]);
  // Any change of the filters makes the last preview stale.
  useEffect(() => setPreview(null), [typedEnd, calendar, sector]);

  /** The filters as the action takes them, or null with the problems shown. */
  function scope(): api.FreezeArgs | null {
    const missing: Record<string, string> = {};
    const endon = dateFromDisplay(typedEnd);
    if (!typedEnd.trim()) missing.endon = 'Give the period end (DD/MM/YYYY).';
    else if (!endon) missing.endon = 'Give the period end as a date (DD/MM/YYYY).';
    setProblems(missing);
    if (Object.keys(missing).length) return null;
    const args: api.FreezeArgs = { endon: endon!, action: 'freeze' };
    if (calendar) args.calendar = Number(calendar);
    if (sector) args.sector = Number(sector);
    return args;
  }

  async function call(args: api.FreezeArgs): Promise<Preview | null> {
    setBusy(true);
    try {
      return await api.freezePeriod(args);
    } catch (e) {
      await presentErrorBeside(e, setProblems);
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function runPreview() {
    const args = scope();
    if (!args) return;
    setOutcome(null);
    const p = await call({ ...args, dryRun: true });
    if (p) setPreview(p);
  }

  async function move(action: api.FreezeAction) {
    const args = scope();
    if (!args || !preview) return;
    if (!reason.trim()) {
      setProblems({ reason: `Give the reason for ${action === 'freeze' ? 'freezing' : 'unfreezing'} the period: the entities are told it.` });
      return;
    }
    const touched = preview.rows.filter((r) => r.frozen === (action === 'unfreeze'));
    const forms = touched.reduce((n, r) => n + r.forms, 0);
    const period = `the period ending ${dateToDisplay(args.endon)}`;
    const question = action === 'freeze'
      ? `Freeze ${plural(touched.length, 'submission')} (${plural(forms, 'form')}) of ${period}? Their forms will refuse every change, sign-off and import until the period is unfrozen, and the entities are told by e-mail.`
      : `Unfreeze ${plural(touched.length, 'submission')} (${plural(forms, 'form')}) of ${period}? Their forms can then be changed again as their status allows, and the entities are told by e-mail.`;
    const label = action === 'freeze' ? 'Freeze' : 'Unfreeze';
    if (!(await dialogs.confirm(`${label} the period`, question, { yes: label, no: 'Cancel' }))) return;
    const done = await call({ ...args, action, reason: reason.trim() });
    if (!done) return;
    setOutcome(done.summary.sentence);
    if (done.summary.record !== null) setReason('');
    // What the period looks like now, and the move in the history.
    const now = await call({ ...args, dryRun: true });
    if (now) setPreview(now);
    void loadHistory();
  }

  if (!calendars) return <Loading />;
  const toFreeze = preview?.rows.filter((r) => !r.frozen).length ?? 0;
  const toUnfreeze = preview?.rows.filter((r) => r.frozen).length ?? 0;
  return (
    <section className="page period-freeze" data-freeze-period>
      <h1>{TITLE}</h1>
      <p className="muted">Freezes every submission of a period at once: their forms can be viewed but not changed, signed off or imported into until the period is unfrozen. Only the submissions you manage are touched.</p>
      <div className="period-form">
        <label className="field">
          <span className="form-label required">Period end</span>
          <input name="endon" data-testid="endon" list="freeze-period-ends" inputMode="numeric" placeholder="DD/MM/YYYY" value={typedEnd} aria-invalid={problems.endon ? true : undefined} onChange={(e) => setTypedEnd(e.target.value)} />
          <datalist id="freeze-period-ends">
            {ends.map((e) => <option key={e} value={dateToDisplay(e)} />)}
          </datalist>
          <FieldProblem field="endon" text={problems.endon} />
        </label>
        <ChoiceSelect label="Calendar" name="calendar" testId="calendar" value={calendar} none="(every calendar)" choices={calendars.map((c) => ({ value: String(c.id), label: c.name }))} onChange={setCalendar}>
          <FieldProblem field="calendar" text={problems.calendar} />
        </ChoiceSelect>
        <ChoiceSelect label="Sector" name="sector" testId="sector" value={sector} none="(every sector)" choices={sectors} onChange={setSector}>
          <FieldProblem field="sector" text={problems.sector} />
        </ChoiceSelect>
        <div className="toolbar">
          <button type="button" className="btn" data-action="preview" disabled={busy} onClick={() => void runPreview()}>Preview</button>
        </div>
      </div>
      {outcome && <p className="period-summary filing-notice" role="status" data-summary="outcome">{outcome}</p>}
      {preview && (
        <>
          <p className="period-summary muted" role="status" data-summary="preview">
            {preview.rows.length === 0
              ? preview.summary.sentence
              : `${plural(preview.rows.length, 'submission')} of the period ending ${dateToDisplay(preview.summary.endon)}: ${toUnfreeze} frozen, ${toFreeze} not frozen.`}
          </p>
          {preview.rows.length > 0 && (
            <div className="period-table-wrap">
              <table className="period-table" data-testid="freeze-rows">
                <thead><tr><th>Entity</th><th>Submission</th><th>Calendar</th><th>Status</th><th className="num">Forms</th><th>Forms by status</th><th>Frozen</th></tr></thead>
                <tbody>
                  {preview.rows.map((r) => (
                    <tr key={r.formbatch} data-frozen={r.frozen ? 'yes' : 'no'}>
                      <td>{r.re_name}</td>
                      <td><Link to={`/iru/batch/${r.formbatch}`}>{r.batch}</Link></td>
                      <td>{r.calendar}</td>
                      <td>{r.state}</td>
                      <td className="num">{r.forms}</td>
                      <td>{r.formstates || '(none)'}</td>
                      <td className={r.frozen ? 'period-status-closed' : undefined}>{r.frozen ? 'Frozen' : 'Not frozen'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {mayMove && preview.rows.length > 0 && (
            <div className="freeze-move">
              <label className="field freeze-reason">
                <span className="form-label required">Reason</span>
                <textarea name="reason" data-testid="reason" rows={3} maxLength={REASON_MAX} value={reason} aria-invalid={problems.reason ? true : undefined} onChange={(e) => setReason(e.target.value)} />
                <span className="muted freeze-hint">Kept in the history and sent to the entities.</span>
                <FieldProblem field="reason" text={problems.reason} />
              </label>
              <div className="toolbar">
                <button type="button" className="btn btn-primary" data-action="freeze" disabled={busy || toFreeze === 0} title={toFreeze === 0 ? 'Every submission shown is frozen already' : undefined} onClick={() => void move('freeze')}>Freeze</button>
                <button type="button" className="btn" data-action="unfreeze" disabled={busy || toUnfreeze === 0} title={toUnfreeze === 0 ? 'No submission shown is frozen' : undefined} onClick={() => void move('unfreeze')}>Unfreeze</button>
              </div>
            </div>
          )}
        </>
      )}
      <h2>History</h2>
      {!history ? <Loading /> : history.length === 0 ? (
        <p className="empty">No period has been frozen or unfrozen yet.</p>
      ) : (
        <div className="period-table-wrap">
          <table className="period-table" data-testid="freeze-history">
            <thead><tr><th>When</th><th>By</th><th>Action</th><th>Period end</th><th>Scope</th><th>Touched</th><th>Reason</th></tr></thead>
            <tbody>
              {history.map((h) => (
                <tr key={h.id} data-history-action={h.action}>
                  <td className="nowrap">{formatDateTime(h.when, 'local')}</td>
                  <td>{h.by}</td>
                  <td>{h.action === 'freeze' ? 'Frozen' : 'Unfrozen'}</td>
                  <td className="nowrap">{formatDate(h.endon)}</td>
                  <td>{`${h.calendar || 'Every calendar'}, ${h.sector || 'every sector'}`}</td>
                  <td>{`${plural(h.batches, 'submission')} (${plural(h.forms, 'form')})`}</td>
                  <td className="freeze-history-reason">{h.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
