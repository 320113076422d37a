// A form of a submission batch: /re/form/:id (the entity fills and signs it off) and
// /iru/form/:id (the regulator reviews it, read-only). Tab strip, the tab's grid, the selected
// cell's note and message, Save / Check now, Copy from last period, the validation report and the
// sign-off or review buttons of the form's state.
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../app/page-title';
import { RecordLoadView } from '../ui/record-load-view';
import { recordIdOf } from '../ui/use-record-load';
import { LEAVE_FORM_MESSAGE, useLeaveGuard } from '../ui/leave-guard';
import { Loading } from '../ui/loading';
import { formatDate } from '../ui/date-format';
import { cellKey } from './entry-model';
import { cellLabels } from '../../../portal/filing/cell-labels.js';
import { EntryGrid } from './entry-grid';
import { useFormEntry, FORM_NOT_FOUND } from './use-form-entry';
import { STATE_NAMES, viewerOf } from './sign-off';
import type { Side } from './filing-api';
import { ConflictNotice, ProblemList } from './entry-notices';
import { ExcelExportButton } from './excel-export-button';
import { ValidationReportButtons } from './validation-report-button';
import { CopyPreviousButton } from './copy-previous';
import { StaleFormBanner } from './stale-form-banner';
import { loginTypeOf, useSession } from '../session/session-store';
import '../designer/designer.css';
import './filing.css';

/** `BNK-01 Balance sheet — Demo Bank Berhad — 31/10/2026`: template, entity and period end. */
export function formHeading(r: { code: string; name: string; reName: string; endon: string }): string {
  return [`${r.code} ${r.name}`.trim(), r.reName, formatDate(r.endon)].filter(Boolean).join(' — ');
}

export default function EntryPage({ side }: { side: Side }) {
  const { id } = useParams();
  const f = useFormEntry(side, recordIdOf(id) ?? 0);
  const navigate = useNavigate();
  const [tabIndex, setTabIndex] = useState(0);
  const [selected, setSelected] = useState<{ row: number; col: number } | null>(null);
  useLeaveGuard(f.dirty, LEAVE_FORM_MESSAGE);
  const shell = side === 'entity' ? '/re' : '/iru';
  // Approver-view-only templates: downloads for IRU staff and approvers (role 27) only, as the server has it.
  const { user } = useSession();
  const mayDownloadApproverOnly = loginTypeOf(user) !== 'RE' || Boolean(user?.roles['27']);

  // Whose return of which period: every bank files the same template each period, so the code and
  // name alone would read the same on all of them (the tab title says it too).
  const heading = f.record ? formHeading(f.record) : 'Form';
  usePageTitle(f.record ? heading : null);

  const template = f.template;
  const entry = f.entry;
  // `?cell=<data item>` (a query's link to its cell) opens the form at that cell, once.
  const [search] = useSearchParams();
  const cellParam = search.get('cell');
  useEffect(() => {
    const site = cellParam && entry ? entry.siteOfCode(cellParam) : undefined;
    if (!site) return;
    setTabIndex(site.tabIndex);
    setSelected({ row: site.row, col: site.col });
  }, [entry === null || entry === undefined, cellParam]);
  const tab = template?.items[tabIndex];
  const localProblems = useMemo(() => entry?.problems() ?? new Map<string, string>(), [entry, f.revision]);
  const problems = useMemo(() => new Map([...f.serverProblems, ...localProblems]), [f.serverProblems, localProblems]);
  const view = useMemo(
    () => (entry && tab ? entry.view(tabIndex, !f.writable, { problems, queries: f.queries }) : null),
    [entry, tab, tabIndex, f.writable, problems, f.queries, f.revision],
  );
  const onTab = (address: string) => (tab ? address.startsWith(`${tab.id}!`) : false);
  const tabProblems = useMemo(() => new Map([...problems].filter(([k]) => onTab(k)).map(([k, v]) => [k.slice(k.indexOf('!') + 1), v])), [problems, tab]);
  const notes = useMemo(() => {
    const out = new Map<string, string>();
    if (!entry || !view || !tab) return out;
    for (const c of view.cells) {
      const site = entry.site(tabIndex, c.row, c.col);
      const from = site ? entry.externalNote(site) : null;
      const note = [site?.cell.note, from].filter(Boolean).join('\n');
      if (site && note) out.set(site.address, note);
    }
    return out;
  }, [entry, view, tab, tabIndex]);

  if (f.state.status !== 'ready') return <RecordLoadView state={f.state} what="Form" notFound={FORM_NOT_FOUND} back={{ to: `${shell}/dashboard`, label: 'Back to the dashboard' }}>{() => null}</RecordLoadView>;
  if (!template || !entry || !tab || !view || !f.record) return <Loading />;
  const record = f.record;
  // Why "Copy from last period" cannot run now, in words (the server refuses the same cases).
  const copyBlocked = !viewerOf(side, user).can.prepare ? 'Only the preparers and approvers of the entity fill in its forms.'
    : record.frozen ? 'This submission is frozen: its forms cannot change.'
    : !f.writable ? `This form is ${STATE_NAMES[record.state] ?? 'not open'}: it can be filled only while it is Open or Amendment Required.`
    : f.dirty ? 'Save your changes first.'
    : null;
  const site = selected ? entry.site(tabIndex, selected.row, selected.col) : undefined;
  const selectedProblem = site ? problems.get(site.key) : undefined;
  // The regulator's query on the selected cell: Create New Query pre-filled with its entity,
  // submission, form, tab and data item (the cell's code).
  const raiseQuery = () => {
    if (!site) return;
    const q = new URLSearchParams({ re: String(record.re ?? ''), formbatch: String(record.formbatch ?? ''), form: String(record.id), formtab: tab.title, dataitem: site.code });
    navigate(`/iru/query/create?${q.toString()}`);
  };
  /** The words a cell goes by ("Total assets"), from its template's row and column labels. */
  const labelOf = (key: string) => {
    const s = entry.siteByKey(key);
    return s ? cellLabels(template).get(s.code) : undefined;
  };
  const goTo = (key: string) => {
    const s = entry.siteByKey(key);
    if (!s) return;
    setTabIndex(s.tabIndex);
    setSelected({ row: s.row, col: s.col });
  };

  return (
    <section className="page designer-page filing-page" data-form-entry data-state={record.state} data-dirty={f.dirty ? 'true' : 'false'} data-writable={f.writable ? 'true' : 'false'}>
      <header className="designer-head">
        <div>
          <h1>{heading}</h1>
          <p className="muted filing-sub">
            {record.batchName && <span>{record.batchName} · </span>}
            <span className="form-state" data-testid="form-state">{STATE_NAMES[record.state] ?? `State ${record.state}`}</span>
          </p>
        </div>
        <div className="toolbar">
          {f.dirty && <span className="muted" data-testid="unsaved">Unsaved changes</span>}
          {f.writable && (
            <button type="button" className="btn btn-primary" data-action="save" disabled={f.busy || f.conflict !== null} onClick={() => void f.save()}>
              {f.busy ? 'Saving...' : 'Save'}
            </button>
          )}
          <button type="button" className="btn" data-action="validate" disabled={f.busy} onClick={() => void f.check()} title="Run every rule of the form now and list what fails">Check now</button>
          {side === 'entity' && (
            <CopyPreviousButton form={record.id} updatectr={record.updatectr} template={template} disabledReason={copyBlocked} onCopied={f.reload} />
          )}
          {f.moves.map((m) => (
            <button key={m.id} type="button" className={`btn${m.primary ? ' btn-primary' : ''}`} data-move={m.id} disabled={f.busy || f.conflict !== null} onClick={() => void f.move(m)}>
              {m.label}
            </button>
          ))}
          <Link className="btn" to={`${shell}/formhistory/${record.id}`} data-action="history">History</Link>
          <Link className="btn" to={`${shell}/consolidated/${record.id}`} data-action="consolidated">Consolidated view</Link>
          {(!record.approverViewOnly || mayDownloadApproverOnly) && <ExcelExportButton target={{ form_id: record.id }} />}
          {(!record.approverViewOnly || mayDownloadApproverOnly) && <ValidationReportButtons target={{ form_id: record.id }} />}
        </div>
      </header>
      {record.frozen && (
        <p className="filing-notice" role="status" data-notice="frozen">
          {record.freeze?.since
            ? `This period is frozen since ${formatDate(record.freeze.since)} by ${record.freeze.by ?? 'the regulator'}: ${record.freeze.reason ?? ''}`
            : 'This submission is frozen: its forms can be viewed but not changed.'}
        </p>
      )}
      {side === 'entity' && !f.writable && !record.frozen && (
        <p className="filing-notice" role="status" data-notice="read-only">This form is {STATE_NAMES[record.state] ?? 'not open'}: its cells cannot be changed now.</p>
      )}
      {f.returned && (
        <p className="filing-notice filing-returned" role="status" data-notice="returned">
          Returned by {f.returned.by || 'the portal'} on {formatDate(f.returned.on)}{f.returned.reason ? `: ${f.returned.reason}` : ''}
        </p>
      )}
      {f.fourEyes && <p className="filing-notice" role="status" data-notice="four-eyes">{f.fourEyes}</p>}
      <StaleFormBanner side={side} record={record} dirty={f.dirty} busy={f.busy} onReload={f.reload} />
      {f.conflict && <ConflictNotice cells={f.conflict} template={template} labelOf={labelOf} onReload={f.reload} onDismiss={f.dismissConflict} />}
      <ProblemList problems={problems} formFailures={entry.formFailures()} findings={f.findings} template={template} onGo={goTo} labelOf={labelOf} />
      <div className="designer-tabs" role="tablist" aria-label="Tabs">
        {template.items.map((t, i) => (t.hide ? null : (
          <button key={`${t.id}-${i}`} type="button" role="tab" aria-selected={i === tabIndex} data-tab-id={t.id} title={t.tab_tooltips ?? ''}
            className={`designer-tab${i === tabIndex ? ' active' : ''}${[...problems.keys()].some((k) => k.startsWith(`${t.id}!`)) ? ' tab-problem' : ''}`}
            onClick={() => { setTabIndex(i); setSelected(null); }}>
            {t.title} - {t.display_name}
          </button>
        )))}
      </div>
      {tab.tab_tooltips && <p className="muted filing-tab-tip">{tab.tab_tooltips}</p>}
      {tab.type === 'add-new-rows' && (
        <div className="toolbar filing-rows" data-testid="rows-bar">
          <span className="muted" data-testid="row-count">
            {entry.rowCount(tab.id)} row{entry.rowCount(tab.id) === 1 ? '' : 's'}
            {tab.minrowsize || tab.maxrowsize ? ` (${tab.minrowsize ?? 0} to ${tab.maxrowsize ?? 'any number'})` : ''}
          </span>
          {f.writable && (
            <>
              <button type="button" className="btn" data-action="add-row" disabled={!entry.canAddRow(tab)} onClick={() => { entry.addRow(tab); f.changed(); }}>Add row</button>
              <button type="button" className="btn" data-action="remove-row" disabled={!entry.canRemoveRow(tab) || !site?.repeats}
                onClick={() => { if (site?.repeats) { entry.removeRow(tab, site.dataRow); setSelected(null); f.changed(); } }}>
                Remove selected row
              </button>
            </>
          )}
        </div>
      )}
      <EntryGrid
        key={`${tabIndex}:${tab.id}`}
        tabId={tab.id}
        tab={tab}
        view={view}
        freezeTop={tab.freezetop !== false}
        problems={tabProblems}
        notes={notes}
        onInput={(row, col, text) => f.input(tabIndex, row, col, text)}
        lists={f.lists}
        onSelect={(row, col) => setSelected((old) => (old?.row === row && old.col === col ? old : { row, col }))}
      />
      <aside className="filing-cell" aria-live="polite" data-testid="cell-panel">
        {site ? (
          <>
            <strong data-testid="cell-address">{cellKey(tab.id, site.address)}</strong>
            {site.cell.label_map && <span> {site.cell.label_map}</span>}
            {f.queries.has(site.code) && <span className="query-flag" data-testid="cell-query"> · This cell has an open query.</span>}
            {selectedProblem && <p className="field-problem" role="alert" data-testid="cell-problem">{selectedProblem}</p>}
            {site.cell.note && <p className="filing-note" data-testid="cell-note">{site.cell.note}</p>}
            {entry.externalNote(site)?.split('\n').map((line) => <p key={line} className="filing-note filing-external" data-testid="cell-external">{line}</p>)}
            {side === 'regulator' && (
              <p><button type="button" className="btn" data-action="raise-query" onClick={raiseQuery}>Raise query on this cell</button></p>
            )}
          </>
        ) : (
          <span className="muted">Select a cell to see its notes and messages.</span>
        )}
      </aside>
    </section>
  );
}
