// /iru/variancecheck (Administration > Variance Check, seed 003 §2.10; docs/filing-periods.md
// "Variance check"): for a template and a period end, optionally one sector, the changes of the
// caller's forms from the same entity's previous accepted form above their thresholds
// (Form.varianceCheck), largest first; each row opens the form at its cell or raises a query on it.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../app/page-title';
import { ChoiceSelect, type Choice } from '../ui/labelled-fields';
import { presentError, presentErrorBeside } from '../rpc/error-presenter';
import { formatDate } from '../ui/date-format';
import { dateFromDisplay, dateToDisplay } from '../form/dates';
import { useSession } from '../session/session-store';
import { PermissionGate } from '../periods/permission-gate';
import * as periods from '../periods/periods-api';
import * as api from './variance-api';
import { formatChange, formatNumber, formatPercent, formatThreshold } from './variance-format';
import '../periods/periods.css';
import './variance.css';

const TITLE = 'Variance Check';

const FieldProblem = ({ text, field }: { text?: string; field: string }) =>
  text ? <span className="field-error" role="alert" data-problem={field}>{text}</span> : null;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export default function VarianceCheckPage() {
  return (
    <PermissionGate permission="VarianceCheck.select" title={TITLE}>
      <VarianceCheckBody />
    </PermissionGate>
  );
}

/** What the check compared, in words. */
function summaryOf(s: api.VarianceSummary, found: number): string {
  const period = `${s.template}, period ending ${dateToDisplay(s.endon)}`;
  if (s.forms === 0) return `${period}: none of your forms has a figure to check.`;
  const all = s.changes ?? found;
  const parts = [`${period}: ${plural(s.forms, 'form')} checked, ${all === 0 ? 'no change above its threshold' : plural(all, 'change')} above ${all === 1 ? 'its' : 'their'} threshold.`];
  if (all > found) parts.push(`The ${found.toLocaleString('en-GB')} largest are listed; choose a sector to see fewer entities' changes.`);
  if (s.noPrevious) parts.push(`${plural(s.noPrevious, 'form')} had no accepted form of an earlier period to compare with.`);
  if (s.previousHidden) parts.push(`${plural(s.previousHidden, 'form')} could not be compared: the previous form is not one you may see.`);
  return parts.join(' ');
}

function VarianceCheckBody() {
  const { user } = useSession();
  const mayQuery = Boolean(user?.permissions['Query.create']);
  const mayRules = Boolean(user?.permissions['VarianceRule.select']);
  const [templates, setTemplates] = useState<Choice[] | null>(null);
  const [sectors, setSectors] = useState<Choice[]>([]);
  const [template, setTemplate] = useState('');
  const [ends, setEnds] = useState<string[]>([]);
  const [typedEnd, setTypedEnd] = useState('');
  const [sector, setSector] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ rows: api.Variance[]; summary: api.VarianceSummary } | null>(null);

  usePageTitle(TITLE);
  useEffect(() => {
    Promise.all([api.templates(), periods.sectors()]).then(([t, s]) => {
      setTemplates(t);
      setSectors(s);
      if (t.length === 1) setTemplate(t[0].value);
    }, (e) => void presentError(e));
  }, []);
  // The period ends of the chosen template's forms are offered; the latest is filled in.
  useEffect(() => {
    setEnds([]);
    if (!template) return;
    api.periodEnds(template).then((e) => {
      setEnds(e);
      setTypedEnd((typed) => (typed.trim() ? typed : e[0] ? dateToDisplay(e[0]) : ''));
    }, (e) => void presentError(e));
  }, [template]);
  useEffect(() => setResult(null), [template, typedEnd, sector]);

  async function run() {
    const missing: Record<string, string> = {};
    const endon = dateFromDisplay(typedEnd);
    if (!template) missing.template = 'Choose the template to check.';
    if (!typedEnd.trim()) missing.endon = 'Give the period end (DD/MM/YYYY).';
    else if (!endon) missing.endon = 'Give the period end as a date (DD/MM/YYYY).';
    setProblems(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      setResult(await api.check({ template: Number(template), endon: endon!, ...(sector ? { sector: Number(sector) } : {}) }));
    } catch (e) {
      await presentErrorBeside(e, setProblems);
    } finally {
      setBusy(false);
    }
  }

  const queryLink = (r: api.Variance) => {
    const q = new URLSearchParams({ re: String(r.re), formbatch: r.formbatch === null ? '' : String(r.formbatch), form: String(r.form), formtab: r.tab, dataitem: r.code });
    return `/iru/query/create?${q.toString()}`;
  };

  return (
    <section className="page variance-check" data-variance-check>
      <h1>{TITLE}</h1>
      <p className="muted">
        Lists the figures of a period that moved from the same entity&apos;s previous accepted form by more than their threshold, largest change first, with the median of the figure across the sector&apos;s forms you may see.
        {mayRules && <> The thresholds are kept in <Link to="/iru/variancerule">Variance thresholds</Link>.</>}
      </p>
      {templates !== null && templates.length === 0 ? (
        <p className="empty" data-summary="no-templates">No template has an active variance threshold yet{mayRules ? ': add one in Variance thresholds.' : '.'}</p>
      ) : (
        <div className="period-form">
          <ChoiceSelect label="Template" name="template" testId="template" value={template} none="Select..." required choices={templates ?? []} onChange={setTemplate}>
            <FieldProblem field="template" text={problems.template} />
          </ChoiceSelect>
          <label className="field">
            <span className="form-label required">Period end</span>
            <input name="endon" data-testid="endon" list="variance-period-ends" inputMode="numeric" placeholder="DD/MM/YYYY" value={typedEnd} aria-invalid={problems.endon ? true : undefined} onChange={(e) => setTypedEnd(e.target.value)} />
            <datalist id="variance-period-ends">
              {ends.map((e) => <option key={e} value={dateToDisplay(e)} />)}
            </datalist>
            <FieldProblem field="endon" text={problems.endon} />
          </label>
          <ChoiceSelect label="Sector" name="sector" testId="sector" value={sector} none="(every sector)" choices={sectors} onChange={setSector}>
            <FieldProblem field="sector" text={problems.sector} />
          </ChoiceSelect>
          <div className="toolbar">
            <button type="button" className="btn btn-primary" data-action="check" disabled={busy} onClick={() => void run()}>Check</button>
          </div>
        </div>
      )}
      {result && (
        <>
          <p className="period-summary muted" role="status" data-summary="check">{summaryOf(result.summary, result.rows.length)}</p>
          {result.rows.length > 0 && (
            <div className="period-table-wrap">
              <table className="period-table variance-table" data-testid="variances">
                <thead>
                  <tr>
                    <th>Entity</th><th>Cell</th><th className="num">Current</th><th className="num">Previous</th><th className="num">Change</th>
                    <th className="num">Sector median</th><th className="num">Threshold</th><th>Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {result.rows.map((r) => (
                    <tr key={`${r.form}|${r.code}`} data-variance={`${r.re}|${r.code}`}>
                      <td>{r.re_name}</td>
                      <td>
                        <span className="variance-label">{r.label}</span>
                        <span className="muted variance-tab">{`${r.tab_name} (${r.tab})`}</span>
                      </td>
                      <td className="num nowrap" data-col="current">{formatNumber(r.current)}</td>
                      <td className="num nowrap" data-col="previous" title={`Period ending ${formatDate(r.previous_endon)}`}>
                        {formatNumber(r.previous)}
                        <span className="muted variance-tab">{formatDate(r.previous_endon)}</span>
                      </td>
                      <td className="num nowrap" data-col="change">
                        {formatChange(r.change)}
                        <span className="variance-pct">{formatPercent(r.change_pct)}</span>
                      </td>
                      <td className="num nowrap" data-col="median" title={`Median of ${plural(r.median_forms, 'form')}`}>{formatNumber(r.median)}</td>
                      <td className="num nowrap" data-col="threshold">{formatThreshold(r.threshold_pct, r.threshold_amount)}</td>
                      <td className="variance-actions">
                        <Link className="btn btn-small" data-action="open-cell" to={`/iru/form/${r.form}?cell=${encodeURIComponent(r.code)}`}>Open</Link>
                        {mayQuery && <Link className="btn btn-small" data-action="raise-query" to={queryLink(r)}>Raise query</Link>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
