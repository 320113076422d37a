// Create and edit a routine report (/iru/RoutineReport/create, /iru/RoutineReport/{id}/edit;
// seed 003 §2.6, §5): every field of the Regular Data Dissemination Form, the sectors, single-
// choice groups that clear on a second tick, deadlines typed dd/mm/yyyy (the submission deadline
// sent YYYY-MM-DD 23:59:59.0), the submission level with its % suffix. RoutineRpt.save checks the
// same on the server; afterwards the user goes to /iru/RoutineReport/.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { rpc, type Row } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { dialogs } from '../ui/dialogs';
import { usePageTitle } from '../app/page-title';
import { useLeaveGuard, LEAVE_PAGE_MESSAGE } from '../ui/leave-guard';
import { recordIdOf, useRecordLoad } from '../ui/use-record-load';
import { RecordLoadView } from '../ui/record-load-view';
import { formatDate } from '../ui/date-format';
import { CHOICES, REQUIRED_MESSAGE, dayOf, deadlineValue, emptyReport, type ReportForm } from './routine-report-format';
import './routine-reports.css';

const FIELDS = ['id', 'updatectr', 'state', 'name', 'subjectarea', 'stakeholders', 'publication', 'periodicity', 'noofre', 'submissiondue', 'preceedingamt', 'submissionlevel', 'majorcontribute', 'trend', 'accuracylevel', 'insight', 'bulletintmpl', 'disseminationdeadline', 'typeofre'];

export default function RoutineReportEditPage() {
  const { id } = useParams();
  const creating = id === undefined;
  const reportId = creating ? null : recordIdOf(id);
  const loaded = useRecordLoad(async () => {
    if (creating) return { report: null, sectors: [] as number[] };
    if (reportId === null) return null;
    const { rows } = await rpc.select({ module: 'RoutineRpt', fields: FIELDS, where: [['id', '=', reportId]] });
    if (!rows[0]) return null;
    const links = await rpc.select({ module: 'RoutineRpt_Sector', fields: ['link_fk_sector'], where: [['link_fk_routinerpt', '=', reportId]], max: 100 });
    return { report: rows[0] as Row, sectors: links.rows.map((l) => Number(l.link_fk_sector)) };
  }, [creating, reportId]);
  if (loaded.status !== 'ready') return <RecordLoadView state={loaded} what="Routine Report" back={{ to: '/iru/RoutineReport', label: 'Back to the routine reports' }}>{() => null}</RecordLoadView>;
  return <ReportEditor report={loaded.value.report} initialSectors={loaded.value.sectors} />;
}

function ReportEditor({ report, initialSectors }: { report: Row | null; initialSectors: number[] }) {
  const navigate = useNavigate();
  const [form, setForm] = useState<ReportForm>(() => emptyReport(report));
  const [sectors, setSectors] = useState<number[]>(initialSectors);
  const [initial] = useState(() => JSON.stringify([emptyReport(report), initialSectors]));
  const [options, setOptions] = useState<{ sectors: Row[]; templates: Row[] }>({ sectors: [], templates: [] });
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState<string[]>([]);
  usePageTitle(report ? `Edit ${String(report.name ?? 'Routine Report')}` : 'Create Routine Report');
  const guard = useLeaveGuard(JSON.stringify([form, sectors]) !== initial, LEAVE_PAGE_MESSAGE);
  const editable = !report || [61, 74].includes(Number(report.state));

  useEffect(() => {
    Promise.all([
      rpc.select({ module: 'Sector', fields: ['id', 'name'], max: 100 }),
      rpc.select({ module: 'BulletinTmpl', fields: ['id', 'name'], where: [['state', '=', 33]], max: 200 }),
    ]).then(([s, t]) => setOptions({ sectors: s.rows, templates: t.rows }), presentError);
  }, []);

  const set = (name: keyof ReportForm) => (v: string) => setForm((f) => ({ ...f, [name]: v }));

  async function save() {
    const required: (keyof ReportForm)[] = ['name', 'insight', 'preceedingamt', 'majorcontribute', 'accuracylevel', 'trend', 'submissiondue', 'noofre', 'submissionlevel', 'disseminationdeadline', 'typeofre', ...(report ? [] : ['bulletintmpl' as const])];
    const missing = required.filter((k) => !String(form[k] ?? '').trim());
    const badDates = (['submissiondue', 'disseminationdeadline'] as const).filter((k) => form[k].trim() && !dayOf(form[k]));
    setInvalid([...missing, ...badDates, ...(sectors.length ? [] : ['sectors'])]);
    if (missing.length || !sectors.length) return dialogs.alert('Error', REQUIRED_MESSAGE, 'error');
    if (badDates.length) return dialogs.alert('Error', 'Please enter dates as dd/mm/yyyy', 'error');
    setBusy(true);
    try {
      await rpc.call('RoutineRpt.save' as string, {
        ...(report ? { id: Number(report.id), updatectr: Number(report.updatectr) } : {}),
        name: form.name, subjectarea: form.subjectarea || null, stakeholders: form.stakeholders || null, publication: form.publication || null, periodicity: form.periodicity || null,
        noofre: form.noofre, submissiondue: deadlineValue(form.submissiondue), preceedingamt: form.preceedingamt, submissionlevel: `${form.submissionlevel}%`,
        majorcontribute: form.majorcontribute, trend: form.trend, accuracylevel: form.accuracylevel, insight: form.insight,
        ...(form.bulletintmpl ? { bulletintmpl: Number(form.bulletintmpl) } : {}),
        disseminationdeadline: dayOf(form.disseminationdeadline), typeofre: form.typeofre, sectors,
      } as never);
      guard.allowNext();
      await dialogs.alert('', report ? 'Routine Report Successfuly Updated' : 'Created!', 'success');
      navigate('/iru/RoutineReport/');
    } catch (e) {
      await presentError(e);
    } finally {
      setBusy(false);
    }
  }

  const bad = (k: string) => (invalid.includes(k) ? 'invalid' : undefined);
  const input = (k: keyof ReportForm, label: string, extra: { suffix?: string; numeric?: boolean; placeholder?: string } = {}) => (
    <label className={bad(k)}>
      {label}
      <span className="with-suffix">
        <input name={k} value={form[k]} inputMode={extra.numeric ? 'decimal' : undefined} placeholder={extra.placeholder} onChange={(e) => set(k)(extra.numeric ? e.target.value.replace(/[^\d.]/g, '') : e.target.value)} disabled={!editable} />
        {extra.suffix && <span>{extra.suffix}</span>}
      </span>
    </label>
  );
  const area = (k: keyof ReportForm, label: string) => (
    <label className={bad(k)}>{label}<textarea name={k} rows={3} value={form[k]} onChange={(e) => set(k)(e.target.value)} disabled={!editable} /></label>
  );
  const single = (k: 'stakeholders' | 'publication' | 'periodicity', label: string) => (
    <div className="choice-group" role="group" aria-label={label}>
      <span>{label}</span>
      {CHOICES[k].map(([v, l]) => (
        <label key={v} className="inline">
          <input type="checkbox" name={`${k}-${v}`} checked={form[k] === v} disabled={!editable} onChange={() => set(k)(form[k] === v ? '' : v)} />
          {l}
        </label>
      ))}
    </div>
  );

  return (
    <section className="page routine-report-edit">
      <h1>{report ? 'Edit Routine Report' : 'Regular Data Dissemination Form'}</h1>
      {!editable && <p className="hint" role="status">This report can be edited only while it is Pending or Amendment Required.</p>}
      <div className="report-form">
        <label className={bad('bulletintmpl')}>
          Bulletin Template
          <select name="bulletintmpl" value={form.bulletintmpl} onChange={(e) => set('bulletintmpl')(e.target.value)} disabled={!editable || Boolean(report)}>
            <option value="">Select a template</option>
            {options.templates.map((t) => <option key={String(t.id)} value={String(t.id)}>{String(t.name)}</option>)}
          </select>
        </label>
        {input('name', 'Report Name')}
        {input('subjectarea', 'Subject Area')}
        {single('stakeholders', 'Stakeholders')}
        {single('publication', 'Sharing')}
        {single('periodicity', 'Periodicity')}
        {input('noofre', 'Number of REs', { numeric: true })}
        {input('typeofre', 'Type of REs')}
        {input('submissiondue', 'Submission Deadline', { placeholder: 'dd/mm/yyyy' })}
        {input('submissionlevel', 'Submission Level', { numeric: true, suffix: '%' })}
        {input('preceedingamt', 'Preceding Amount')}
        {input('accuracylevel', 'Accuracy Level')}
        {area('majorcontribute', 'Major Contributors')}
        {area('trend', 'Trend')}
        {area('insight', 'Insight')}
        {input('disseminationdeadline', 'Dissemination Deadline', { placeholder: 'dd/mm/yyyy' })}
        <div className={`choice-group ${bad('sectors') ?? ''}`} role="group" aria-label="Sectors">
          <span>Sectors</span>
          {options.sectors.map((s) => (
            <label key={String(s.id)} className="inline">
              <input type="checkbox" name={`sector-${String(s.id)}`} checked={sectors.includes(Number(s.id))} disabled={!editable} onChange={(e) => setSectors((x) => (e.target.checked ? [...x, Number(s.id)] : x.filter((n) => n !== Number(s.id))))} />
              {String(s.name)}
            </label>
          ))}
        </div>
      </div>
      <div className="toolbar">
        {editable && <button type="button" className="btn btn-primary" name="save" disabled={busy} onClick={() => void save()}>{report ? 'Update' : 'Save'}</button>}
        <Link to={report ? `/iru/RoutineReport/${String(report.id)}` : '/iru/RoutineReport'} className="btn" data-action="back">Back</Link>
      </div>
      {report?.submissiondue ? <p className="hint">Current submission deadline: {formatDate(String(report.submissiondue))}</p> : null}
    </section>
  );
}
