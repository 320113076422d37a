// /iru/openperiod: the regulator opens a reporting period (FormBatch.openPeriod,
// docs/filing-periods.md). Pick a calendar, a period end the calendar allows, optionally a sector
// and a category; Preview answers what would be created, found or left closed per entity and
// form (dryRun), Open does it. The server's refusals show at their fields.
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../app/page-title';
import { ChoiceSelect, type Choice } from '../ui/labelled-fields';
import { presentError, presentErrorBeside } from '../rpc/error-presenter';
import { Loading } from '../ui/loading';
import * as api from './periods-api';
import { PermissionGate } from './permission-gate';
import { periodEnds } from './period-ends';
import { formatDate } from '../ui/date-format';
import './periods.css';

type Result = { rows: api.OpenRow[]; summary: api.OpenSummary };

const FieldProblem = ({ text, field }: { text?: string; field: string }) =>
  text ? <span className="field-error" role="alert" data-problem={field}>{text}</span> : null;

/** What opening does to a row, in words: as previewed, as done. */
const STATUS_WORDS: Record<api.OpenRow['status'], [string, string]> = {
  created: ['Will be created', 'Created'],
  exists: ['Already open', 'Already open'],
  closed: ['In a closed submission', 'In a closed submission'],
};

export default function OpenPeriodPage() {
  return (
    <PermissionGate permission="FormBatch.action.openPeriod" title="Open a period">
      <OpenPeriodPageBody />
    </PermissionGate>
  );
}

function OpenPeriodPageBody() {
  const [calendars, setCalendars] = useState<api.Calendar[] | null>(null);
  const [sectors, setSectors] = useState<Choice[]>([]);
  const [categories, setCategories] = useState<api.Category[]>([]);
  const [calendar, setCalendar] = useState('');
  const [endon, setEndon] = useState('');
  const [sector, setSector] = useState('');
  const [category, setCategory] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);

  usePageTitle('Open a period');
  useEffect(() => {
    Promise.all([api.calendars(), api.sectors(), api.categories()]).then(([c, s, k]) => {
      setCalendars(c);
      setSectors(s);
      setCategories(k);
      if (c[0]) setCalendar(String(c[0].id));
    }, (e) => void presentError(e));
  }, []);

  const months = calendars?.find((c) => String(c.id) === calendar)?.months ?? 1;
  const ends = useMemo(() => periodEnds(months, new Date()), [months]);
  // A period end the calendar does not allow is dropped when the calendar changes.
  useEffect(() => {
    if (endon && !ends.some((e) => e.value === endon)) setEndon('');
  }, [ends, endon]);
  const categoryChoices = categories.filter((c) => !sector || c.sector === sector);
  // Any change makes the last preview stale.
  useEffect(() => setResult(null), [calendar, endon, sector, category]);

  async function run(dryRun: boolean) {
    const missing: Record<string, string> = {};
    if (!calendar) missing.calendar = 'Please choose a calendar.';
    if (!endon) missing.endon = 'Please choose a period end.';
    setProblems(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      const args: api.OpenArgs = { calendar: Number(calendar), endon, dryRun };
      if (sector) args.sector = Number(sector);
      if (category) args.category = Number(category);
      setResult(await api.openPeriod(args));
    } catch (e) {
      await presentErrorBeside(e, setProblems);
    } finally {
      setBusy(false);
    }
  }

  if (!calendars) return <Loading />;
  const s = result?.summary;
  return (
    <section className="page period-open" data-open-period>
      <h1>Open a period</h1>
      <p className="muted">Creates one submission per entity in scope with one form per template of the calendar. Opening the same period again creates only what is missing.</p>
      <div className="period-form">
        <ChoiceSelect label="Calendar" name="calendar" testId="calendar" required value={calendar} choices={calendars.map((c) => ({ value: String(c.id), label: c.name }))} onChange={setCalendar}>
          <FieldProblem field="calendar" text={problems.calendar} />
        </ChoiceSelect>
        <ChoiceSelect label="Period end" name="endon" testId="endon" required value={endon} none="Select..." choices={ends} onChange={setEndon}>
          <FieldProblem field="endon" text={problems.endon} />
        </ChoiceSelect>
        <ChoiceSelect label="Sector" name="sector" testId="sector" value={sector} none="(every sector)" choices={sectors} onChange={(v) => { setSector(v); setCategory(''); }}>
          <FieldProblem field="sector" text={problems.sector} />
        </ChoiceSelect>
        <ChoiceSelect label="Category" name="category" testId="category" value={category} none="(every category)" choices={categoryChoices} onChange={setCategory}>
          <FieldProblem field="category" text={problems.category} />
        </ChoiceSelect>
        <div className="toolbar">
          <button type="button" className="btn" data-action="preview" disabled={busy} onClick={() => void run(true)}>Preview</button>
          <button type="button" className="btn btn-primary" data-action="open" disabled={busy || !result?.summary.dryRun} title={result?.summary.dryRun ? undefined : 'Preview first'} onClick={() => void run(false)}>Open</button>
        </div>
      </div>
      {s && (
        <p className={s.dryRun ? 'period-summary muted' : 'period-summary filing-notice'} role="status" data-summary={s.dryRun ? 'preview' : 'opened'}>
          {s.dryRun ? `Preview of ${s.label} (due ${formatDate(s.duedate)}): ` : `Opened ${s.label} (due ${formatDate(s.duedate)}): `}
          {`${s.batches.created} submissions and ${s.forms.created} forms ${s.dryRun ? 'would be created' : 'created'}; ${s.forms.exists} forms exist; ${s.forms.closed} in closed submissions.`}
        </p>
      )}
      {result && (
        result.rows.length === 0 ? (
          <p className="empty">No entity files a form of this calendar in this scope.</p>
        ) : (
          <div className="period-table-wrap">
            <table className="period-table" data-testid="open-rows">
              <thead><tr><th>Entity</th><th>Form</th><th>Submission</th><th>Status</th></tr></thead>
              <tbody>
                {result.rows.map((r) => (
                  <tr key={`${r.re}-${r.code}`} data-status={r.status}>
                    <td>{r.re_name}</td>
                    <td>{r.form ? <Link to={`/iru/form/${r.form}`}>{r.code}</Link> : r.code}</td>
                    <td>{r.formbatch ? <Link to={`/iru/formbatch/view/${r.formbatch}`}>{r.formbatch}</Link> : '(new)'}</td>
                    <td className={`period-status-${r.status}`}>{STATUS_WORDS[r.status][s?.dryRun ? 0 : 1]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      )}
    </section>
  );
}
