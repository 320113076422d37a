// The chart wizard of seed 000 §2.10 (/mdash/{id} or /mdash/new): step 1 title, type, state,
// order and dashboard group; step 2 the data rows; step 3 the preview. Save checks the first
// step's required fields (seed 000 §5 messages), then Record.create / Record.update of
// DashboardChart with its updatectr; the server's refusal is shown with its message and path.
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { fieldErrorsOf, presentError } from '../rpc/error-presenter';
import { rpc, RpcError } from '../rpc/rpc';
import { CHART_STATES, CHART_TYPES } from '../dashboards/chart-answer';
import { CHART_FIELDS, chartFromRecord, chartValues, firstStepProblems, newChart, type ChartDraft } from './chart-draft';
import { ChartPreview } from './chart-preview';
import { ChartRowsEditor } from './chart-rows-editor';
import { ChoiceSelect, type Choice } from '../ui/labelled-fields';
import { loadModuleCatalogue, useLoad, valueOr } from './editor-sources';
import { numberFrom } from './draft-edit';
import './screen-editor.css';
import '../dashboards/dashboards.css';
import { Loading } from '../ui/loading';
import { useLeaveGuard } from '../ui/leave-guard';
import { editorMessages, messageText } from './editor-messages';
import { FieldMessagesProvider, useUnclaimedMessages } from './field-messages';

const STEPS = ['Chart', 'Data rows', 'Preview'] as const;

const TYPE_CHOICES: Choice[] = CHART_TYPES.map((t) => ({ value: String(t.id), label: t.name }));
const STATE_CHOICES: Choice[] = CHART_STATES.map((s) => ({ value: String(s.id), label: s.name }));

const loadGroups = async (): Promise<Choice[]> =>
  (await rpc.select({ module: 'DashboardGroup', fields: ['id', 'name'], order: 'name asc', max: 1000 })).rows.map((r) => ({ value: String(Number(r.id)), label: String(r.name ?? '') }));

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready' };

export function ChartWizard({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [load, setLoad] = useState<Load>({ status: id === null ? 'ready' : 'loading' });
  const [draft, setDraft] = useState<ChartDraft>(newChart);
  const [stored, setStored] = useState(() => JSON.stringify(newChart()));
  const [updatectr, setUpdatectr] = useState(0);
  const [step, setStep] = useState(0);
  const [fieldProblems, setFieldProblems] = useState<Record<string, string>>({});
  const [saveProblem, setSaveProblem] = useState<{ message: string; paths: string[] } | null>(null);
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<string | null>((location.state as { saved?: string } | null)?.saved ?? null);
  const [loads, setLoads] = useState(0);
  const catalogue = useLoad(loadModuleCatalogue, 'modules');
  const groups = useLoad(loadGroups, 'groups');
  const dirty = JSON.stringify(draft) !== stored;
  const { allowNext } = useLeaveGuard(dirty);

  useEffect(() => {
    if (id === null) return;
    let live = true;
    rpc
      .select({ module: 'DashboardChart', fields: ['id', 'updatectr', ...CHART_FIELDS], where: [['id', '=', id]], max: 1 })
      .then(({ rows }) => {
        if (!live) return;
        if (!rows[0]) return setLoad({ status: 'error', message: `Dashboard chart ${id} does not exist.` });
        const loaded = chartFromRecord(rows[0]);
        setDraft(loaded);
        setStored(JSON.stringify(loaded));
        setUpdatectr(Number(rows[0].updatectr));
        setConflict(false);
        setSaveProblem(null);
        setLoad({ status: 'ready' });
      })
      .catch((e: unknown) => live && setLoad({ status: 'error', message: e instanceof RpcError ? `${e.code}: ${e.message}` : String(e) }));
    return () => {
      live = false;
    };
  }, [id, loads]);

  const change = (next: Partial<ChartDraft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setNotice(null);
    // Save's refusal was about the chart as it was: an edit may have fixed it.
    setSaveProblem(null);
    setFieldProblems((p) => Object.fromEntries(Object.entries(p).filter(([k]) => !(k in next))));
  };

  /** The first step's messages, shown beside their fields; true when there are none. */
  const checkFirstStep = () => {
    const problems = firstStepProblems(draft);
    setFieldProblems(problems);
    if (Object.keys(problems).length) {
      setStep(0);
      return false;
    }
    return true;
  };

  const save = async () => {
    setSaveProblem(null);
    setNotice(null);
    if (!checkFirstStep()) return;
    setSaving(true);
    try {
      if (id === null) {
        const row = await rpc.create({ module: 'DashboardChart', fields: [...CHART_FIELDS], values: chartValues(draft) });
        setStored(JSON.stringify(draft));
        allowNext();
        navigate(`/mdash/${String(row.id)}`, { replace: true, state: { saved: 'Chart created.' } });
        return;
      }
      const row = await rpc.update({ module: 'DashboardChart', fields: ['id', 'updatectr', ...CHART_FIELDS], values: [id, updatectr, ...chartValues(draft)] });
      setUpdatectr(Number(row.updatectr));
      setStored(JSON.stringify(draft));
      setNotice('Chart saved.');
    } catch (e) {
      if (e instanceof RpcError && e.code === 'E_CONCURRENT') setConflict(true);
      else if (e instanceof RpcError && e.code === 'E_VALIDATION') {
        const fields = fieldErrorsOf(e);
        setSaveProblem({ message: `Not saved: ${e.message}`, paths: Object.entries(fields ?? {}).map(([k, v]) => (v.startsWith(k) ? v : `${k} ${v}`)) });
      } else await presentError(e);
    } finally {
      setSaving(false);
    }
  };

  if (load.status === 'loading') {
    return <Loading />;
  }
  if (load.status === 'error') {
    return (
      <section className="page screen-editor" data-testid="chart-wizard" data-state="error">
        <h1>Dashboard chart</h1>
        <p role="alert">The chart could not be loaded: {load.message}</p>
        <Link to="/mdash">Back to the charts</Link>
      </section>
    );
  }

  const problemOf = (field: string) =>
    fieldProblems[field] && (
      <span className="field-error" role="alert" data-testid={`problem-${field}`}>
        {fieldProblems[field]}
      </span>
    );

  return (
    <FieldMessagesProvider messages={editorMessages('DashboardChart', saveProblem?.paths ?? [])}>
      <section className="page screen-editor" data-testid="chart-wizard" data-state="ready" data-id={id ?? ''} data-updatectr={updatectr} data-step={step + 1}>
        <div className="editor-head">
          <h1>{id === null ? 'New chart' : `Chart: ${draft.name}`}</h1>
          <Link to="/mdash" className="btn">
            Back to the charts
          </Link>
        </div>
        <ol className="chart-steps">
          {STEPS.map((s, i) => (
            <li key={s} aria-current={i === step ? 'step' : undefined}>
              {i + 1}. {s}
            </li>
          ))}
        </ol>

        {step === 0 && (
          <div className="editor-fields" data-testid="step-1">
            <label className="field">
              <span className="form-label required">Title</span>
              <input data-testid="name" value={draft.name} maxLength={255} onChange={(e) => change({ name: e.target.value })} />
              {problemOf('name')}
            </label>
            <ChoiceSelect label="Type" testId="type" required none="Select type..." value={String(draft.type ?? '')} choices={TYPE_CHOICES} onChange={(v) => change({ type: numberFrom(v) ?? null })}>
              {problemOf('type')}
            </ChoiceSelect>
            <ChoiceSelect label="State" testId="state" value={String(draft.state)} choices={STATE_CHOICES} onChange={(v) => change({ state: Number(v) })} />
            <label className="field">
              <span className="form-label">Order number</span>
              <input data-testid="ordernumber" type="number" step={1} value={draft.ordernumber ?? ''} onChange={(e) => change({ ordernumber: numberFrom(e.target.value) ?? null })} />
            </label>
            <ChoiceSelect label="Dashboard group" testId="dashboardgroup" none="None" value={String(draft.dashboardgroup ?? '')} choices={valueOr(groups, [])} onChange={(v) => change({ dashboardgroup: numberFrom(v) ?? null })} />
          </div>
        )}

        {step === 1 && (catalogue.status === 'error' ? <p className="editor-problem">The modules could not be loaded: {catalogue.message}</p> : <ChartRowsEditor rows={draft.rows} modules={valueOr(catalogue, [])} onChange={(rows) => change({ rows })} />)}

        {step === 2 && (draft.type === null ? <p className="editor-problem">{fieldProblems.type}</p> : <ChartPreview name={draft.name} type={draft.type} rows={draft.rows} />)}

        <div className="toolbar editor-save">
          <button type="button" className="btn" data-testid="back" disabled={step === 0} onClick={() => setStep((s) => s - 1)}>
            Back
          </button>
          <button type="button" className="btn" data-testid="next" disabled={step === STEPS.length - 1} onClick={() => (step > 0 || checkFirstStep()) && setStep((s) => s + 1)}>
            Next
          </button>
          <button type="button" className="btn btn-primary" data-testid="save" disabled={saving} onClick={() => void save()}>
            {saving ? 'Saving...' : id === null ? 'Create' : 'Save'}
          </button>
          {dirty && <span className="muted">Unsaved changes</span>}
          {id !== null && draft.dashboardgroup !== null && (
            <Link className="btn" to={`/sample_dash/${draft.dashboardgroup}`} data-testid="view-dashboard">
              View the dashboard
            </Link>
          )}
        </div>
        {saveProblem && <ChartSaveProblem message={saveProblem.message} />}
        {conflict && (
          <div className="conflict-notice" role="alert" data-testid="conflict">
            <p>This chart was saved by someone else after you opened it, so your changes were not saved. Reload to see it as it is now.</p>
            <button type="button" className="btn btn-primary" data-testid="reload" onClick={() => setLoads((n) => n + 1)}>
              Reload
            </button>
          </div>
        )}
        {notice && (
          <p className="notice" role="status" data-testid="saved">
            {notice}
          </p>
        )}
      </section>
    </FieldMessagesProvider>
  );
}

/** Save's refusal, with the messages no field on screen shows (each beside its field otherwise). */
function ChartSaveProblem({ message }: { message: string }) {
  const unclaimed = useUnclaimedMessages();
  return (
    <div className="editor-problem" role="alert" data-testid="save-problem">
      {/* The server's message repeats the problem; when every problem has its field, it is said there. */}
      <p>{unclaimed.length === 0 ? 'Not saved: see the fields marked above.' : message}</p>
      {unclaimed.length > 0 && (
        <ul>
          {unclaimed.map((m) => (
            <li key={m.key + m.sentence}>
              {messageText(m)} <code data-testid="save-problem-path">{m.raw}</code>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
