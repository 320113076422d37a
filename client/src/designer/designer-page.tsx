// The Form Viewer designer (seed 001 §2.2): /iru/formviewer/:id[?ovr=override id]. A tab strip,
// the tab's grid and the side accordion; Save sends Record.update of the template or override.
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../app/page-title';
import { useLeaveGuard } from '../ui/leave-guard';
import { dialogs } from '../ui/dialogs';
import { Loading } from '../ui/loading';
import { columnLetter } from '../../../portal/filing/template-grid.js';
import { useDesigner } from './use-designer';
import { designerSource } from './designer-source';
import { DesignerGrid, type GridActions } from './designer-grid';
import { moveColumn, moveProblem, moveRow, newTab, removeColumns, removeRows, updateCell, cellAt } from './tab-edits';
import { CellPropertiesPanel, CellValidationsPanel, FormPropertiesPanel, HeaderPropertiesPanel, TablePropertiesPanel, TabSummaryPanel } from './panels';
import './designer.css';

/** Below this window width the side accordion starts folded away. */
export const SIDE_FOLD_WIDTH = 1100;

export default function DesignerPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const ovr = search.get('ovr');
  const form = search.get('form');
  const source = useMemo(() => designerSource(id, ovr, form), [id, ovr, form]);
  const d = useDesigner(source);
  const [batch, setBatch] = useState(false);
  // On a narrow screen (1024 px) the accordion starts folded so the grid keeps the width.
  const [sideOpen, setSideOpen] = useState(() => typeof window === 'undefined' || window.innerWidth > SIDE_FOLD_WIDTH);
  useLeaveGuard(d.dirty);

  const heading = d.record ? `${d.record.code} - ${d.record.name}` : 'Form Viewer';
  usePageTitle(d.state.status === 'missing' ? d.state.message.replace(/\.$/, '') : heading);

  if (d.state.status === 'loading') return <Loading />;
  if (d.state.status === 'missing' || d.state.status === 'error') {
    return (
      <section className="page designer-missing" data-not-found>
        <h1>Form Viewer</h1>
        <p className="empty" role="alert">{d.state.message}</p>
        <Link to="/iru/formtemplate" className="btn">Back to Form Templates</Link>
      </section>
    );
  }
  const props = d.props!;
  const tab = props.items[d.tabIndex];
  const isStatic = d.record!.module === 'static';

  const refuse = (message: string) => void dialogs.alert('Form Viewer', message, 'warning');
  const actions: GridActions = {
    onSelect: (range) => d.setSelection(range),
    onValue: (row, col, value) =>
      d.editTab((t) => {
        const cell = cellAt(t, row, col);
        if (!cell) return t;
        if (value.trim().startsWith('=')) return updateCell(t, row, col, { formula: value.trim(), editor: cell.editor === 'text' ? 'text' : 'formula', disabled: true, value: undefined });
        return updateCell(t, row, col, { value });
      }),
    onMoveColumns: (cols, to) => {
      const problem = moveProblem('column', cols.length, tab);
      if (problem) return refuse(problem);
      d.editTab((t) => moveColumn(t, cols[0], to));
      d.setSelection(null);
    },
    onMoveRows: (rows, to) => {
      const problem = moveProblem('row', rows.length, tab);
      if (problem) return refuse(problem);
      d.editTab((t) => moveRow(t, rows[0], to));
      d.setSelection(null);
    },
    onRemoveRows: (rows) => {
      d.editTab((t) => removeRows(t, rows));
      d.setSelection(null);
    },
    onRemoveColumns: (cols) => {
      d.editTab((t) => removeColumns(t, cols));
      d.setSelection(null);
    },
  };
  const formProblems = d.problems.filter((p) => p.tabIndex === -1 || p.row === undefined);
  const cellProblems = d.problems.filter((p) => p.tabIndex >= 0 && p.row !== undefined);

  return (
    <section className="page designer-page" data-designer data-dirty={d.dirty ? 'true' : 'false'}>
      <header className="designer-head">
        <h1>{heading}{d.record!.module === 'FormPropertiesOverride' ? ' (override)' : ''}{isStatic ? ' (static form)' : ''}</h1>
        <div className="toolbar">
          {d.dirty && <span className="muted" data-testid="unsaved">Unsaved changes</span>}
          <button type="button" className="btn" data-action="toggle-side" aria-expanded={sideOpen} aria-controls="designer-side" onClick={() => setSideOpen((o) => !o)}>
            {sideOpen ? 'Hide properties' : 'Show properties'}
          </button>
          <button type="button" className="btn btn-primary" data-action="save" disabled={d.saving || d.conflict || isStatic} title={isStatic ? 'A static form is read from a file and cannot be saved here.' : undefined} onClick={() => void d.save()}>
            {d.saving ? 'Saving...' : 'Save'}
          </button>
        </div>
      </header>
      {d.conflict && (
        <section className="conflict-notice" role="alert" data-conflict>
          <h2>This template was changed by someone else</h2>
          <p>Another user saved this template after you opened it, so your changes were <strong>not saved</strong>. Reload to see it as it is now, then make your changes again.</p>
          <div className="toolbar">
            <button type="button" className="btn btn-primary" data-action="reload" onClick={d.reload}>Reload</button>
            <button type="button" className="btn" data-action="dismiss-conflict" onClick={() => d.setConflict(false)}>Keep my changes on screen</button>
          </div>
        </section>
      )}
      {d.problems.length > 0 && (
        <section className="designer-problems" role="alert" data-testid="problems">
          <p>Not saved: correct the following.</p>
          <ul>
            {formProblems.map((p, i) => (
              <li key={`f${i}`} data-problem-path={p.field}>{p.tabIndex >= 0 ? `${props.items[p.tabIndex]?.title ?? ''}: ` : ''}{p.message}</li>
            ))}
            {cellProblems.map((p, i) => (
              <li key={`c${i}`}>
                <button type="button" className="link-button" data-problem-cell={`${p.tabIndex}:${columnLetter(p.col!)}${p.row! + 1}`}
                  onClick={() => { d.setTabIndex(p.tabIndex); d.setSelection({ row: p.row!, col: p.col!, row2: p.row!, col2: p.col! }); }}>
                  {props.items[p.tabIndex]?.title} {columnLetter(p.col!)}{p.row! + 1}
                </button>
                : {p.message}
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="designer-tabs" role="tablist" aria-label="Tabs">
        {props.items.map((t, i) => (
          <button key={`${t.id}-${i}`} type="button" role="tab" aria-selected={i === d.tabIndex} data-tab-id={t.id} className={`designer-tab${i === d.tabIndex ? ' active' : ''}${t.hide ? ' hidden-tab' : ''}`} onClick={() => d.setTabIndex(i)}>
            {t.title} - {t.display_name}
          </button>
        ))}
        <button type="button" className="designer-tab designer-add-tab" data-action="add-tab" title="Add a tab" onClick={() => d.addTab(newTab)}>+ Add Tab</button>
      </div>
      <div className="designer-body">
        <div className="designer-main">
          <DesignerGrid key={`${d.tabIndex}:${tab.id}`} props={props} tabIndex={d.tabIndex} problems={d.problems} actions={actions} />
        </div>
        <aside id="designer-side" className={`designer-side${sideOpen ? '' : ' folded'}`} aria-label="Properties" hidden={!sideOpen}>
          <FormPropertiesPanel d={d} />
          <TablePropertiesPanel d={d} typeFixed={d.savedTypes.has(tab.id)} />
          <HeaderPropertiesPanel d={d} />
          <CellPropertiesPanel d={d} />
          <CellValidationsPanel d={d} batch={batch} setBatch={setBatch} />
          <TabSummaryPanel d={d} />
        </aside>
      </div>
    </section>
  );
}
