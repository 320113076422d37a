// /modulereport/{id?} (seed 000 §2.11): the report designer. A report (WebReport) is a name, the
// module whose record it prints, a title, paper, the field list (the record's fields the print
// reads, picked from the module) and the HTML template that names them as {{ field }}. The
// template is checked while typing with the server's own check (problems named by line), saved
// with Record.create / Record.update and versioned like screens (history below); the live
// preview prints the draft for a chosen record through the server's report path.
import { useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { editedId } from './editor-head';
import { loadModuleCatalogue, useLoad, valueOr } from './editor-sources';
import { ScreenHistory } from './screen-history';
import { ReportPreview } from './report-preview';
import { isListTemplate, LIST_SECTION, LIST_VALUES, PRINT_VALUES, useReportEditor, type Problems } from './use-report-editor';
import { ChoiceSelect } from '../ui/labelled-fields';
import { Loading } from '../ui/loading';
import { NotFoundPage } from '../ui/dead-ends';
import { usePageTitle } from '../app/page-title';
import './screen-editor.css';
import './report-designer.css';
import { ConflictNotice } from './conflict-notice';

const LIST_PATH = '/report/editor';

function Problem({ at, problems }: { at: keyof Problems; problems: Problems }) {
  const text = problems[at];
  if (!text) return null;
  return (
    <span className="field-error" data-testid={`problem-${at}`} style={{ whiteSpace: 'pre-line' }}>
      {text}
    </span>
  );
}

export default function ReportDesignerPage() {
  const { id: rawId } = useParams();
  const id = editedId(rawId);
  const templateRef = useRef<HTMLTextAreaElement>(null);
  const catalogue = useLoad(loadModuleCatalogue, 'modules');
  const modules = valueOr(catalogue, []);
  const editor = useReportEditor(id);
  const { draft } = editor;
  usePageTitle(id === null ? 'New report' : draft.name ? `Report ${draft.name}` : 'Report Editor');
  const module = modules.find((m) => m.name === draft.module) ?? null;
  const problems = editor.problems;
  const shownProblems: Problems = editor.saveProblems ?? {};

  if (id !== null && editor.status === 'missing') return <NotFoundPage title="Report not found" message={`There is no report ${id}.`} back={{ to: LIST_PATH, label: 'Back to the reports' }} />;
  if (editor.status === 'loading') return <Loading />;
  if (editor.status === 'error') {
    return (
      <section className="page screen-editor" data-testid="report-designer" data-state="error">
        <h1>Report Editor</h1>
        <p role="alert">The report could not be loaded: {editor.loadError}</p>
        <Link to={LIST_PATH}>Back to the reports</Link>
      </section>
    );
  }

  const insert = (text: string) => {
    const area = templateRef.current;
    const at = area ? area.selectionStart : draft.template.length;
    const end = area ? area.selectionEnd : at;
    editor.edit({ template: draft.template.slice(0, at) + text + draft.template.slice(end) });
    requestAnimationFrame(() => {
      if (!area) return;
      area.focus();
      area.setSelectionRange(at + text.length, at + text.length);
    });
  };
  const toggleField = (name: string, on: boolean) => editor.edit({ fields: on ? [...draft.fields, name] : draft.fields.filter((f) => f !== name) });
  const moduleFields = module?.fields ?? [];
  const unknownChosen = draft.fields.filter((f) => module && !moduleFields.some((m) => m.name === f));
  const merged = (k: keyof Problems) => shownProblems[k] ?? problems[k];
  const all = { name: merged('name'), module: merged('module'), title: merged('title'), template: merged('template'), properties: merged('properties') } as Problems;

  return (
    <section className="page screen-editor report-designer" data-testid="report-designer" data-state="ready" data-id={editor.id ?? ''} data-updatectr={editor.updatectr} data-dirty={editor.dirty}>
      <div className="editor-head">
        <h1>{id === null ? 'New report' : `Report ${draft.name}`}</h1>
        <Link to={LIST_PATH} className="btn" data-testid="back">
          Back to the reports
        </Link>
      </div>
      <div className="editor-fields">
        <label className="field">
          <span className="form-label required">Name</span>
          <input data-testid="report-name" value={draft.name} onChange={(e) => editor.edit({ name: e.target.value })} />
          <Problem at="name" problems={all} />
        </label>
        <ChoiceSelect label="Module" testId="report-module" value={draft.module} required choices={modules.map((m) => ({ value: m.name, label: m.title && m.title !== m.name ? `${m.name} (${m.title})` : m.name }))} onChange={(v) => editor.edit({ module: v })}>
          <Problem at="module" problems={all} />
        </ChoiceSelect>
        <label className="field">
          <span className="form-label">Title</span>
          <input data-testid="report-title" value={draft.title} onChange={(e) => editor.edit({ title: e.target.value })} />
          <Problem at="title" problems={all} />
        </label>
        <ChoiceSelect label="Paper" testId="report-paper" value={draft.paper} choices={[{ value: 'A4', label: 'A4' }, { value: 'Letter', label: 'Letter' }]} onChange={(v) => editor.edit({ paper: v === 'Letter' ? 'Letter' : 'A4' })} />
        <label className="editor-check">
          <input type="checkbox" data-testid="report-landscape" checked={draft.landscape} onChange={(e) => editor.edit({ landscape: e.target.checked })} />
          Landscape
        </label>
        {isListTemplate(draft.template) && (
          <>
            <label className="field">
              <span className="form-label">Order of the records</span>
              <input data-testid="report-order" placeholder="the module's list order" value={draft.order} onChange={(e) => editor.edit({ order: e.target.value })} />
            </label>
            <label className="field">
              <span className="form-label">Most records per print</span>
              <input type="number" min={1} max={1000} data-testid="report-max-rows" placeholder="1000" value={draft.maxRows} onChange={(e) => editor.edit({ maxRows: e.target.value })} />
            </label>
          </>
        )}
      </div>
      <div className="report-body">
        <label className="report-template">
          <span className="form-label required">HTML template</span>
          <textarea ref={templateRef} data-testid="report-template" spellCheck={false} rows={26} value={draft.template} onChange={(e) => editor.edit({ template: e.target.value })} />
          <span className="muted">
            HTML of the report allow-list with {'{{ field }}'} placeholders only: no script, no event handlers, no expressions or SQL, nothing fetched from elsewhere (images as data: URLs). A list report repeats {'{{#rows}} … {{/rows}}'} once per record the WHERE matches (e.g. a table row) and prints {'{{^rows}} … {{/rows}}'} when there is none.
          </span>
          <Problem at="template" problems={all} />
        </label>
        <fieldset className="report-fields" data-testid="report-fields">
          <legend>Field list{module ? ` of ${module.name}` : ''}</legend>
          {!module && <p className="muted">Choose a module to pick its fields.</p>}
          <div className="report-print-values">
            {PRINT_VALUES.map((v) => (
              <button key={v} type="button" className="btn btn-small" onClick={() => insert(`{{ ${v} }}`)} aria-label={`Insert ${v}`}>
                {v}
              </button>
            ))}
            <button type="button" className="btn btn-small" data-testid="insert-section" onClick={() => insert(LIST_SECTION)} aria-label="Insert a repeating section {{#rows}} … {{/rows}}">
              {'{{#rows}}'}
            </button>
            {isListTemplate(draft.template) &&
              LIST_VALUES.map((v) => (
                <button key={v} type="button" className="btn btn-small" onClick={() => insert(`{{ ${v} }}`)} aria-label={`Insert ${v}`}>
                  {v}
                </button>
              ))}
          </div>
          <ul>
            {moduleFields.map((f) => {
              const chosen = draft.fields.includes(f.name);
              return (
                <li key={f.name}>
                  <label className="editor-check">
                    <input type="checkbox" data-testid={`field-${f.name}`} checked={chosen} onChange={(e) => toggleField(f.name, e.target.checked)} />
                    <span>
                      {f.title ?? f.name} <code>{f.name}</code>
                    </span>
                  </label>
                  {chosen && (
                    <button type="button" className="btn btn-small" data-testid={`insert-${f.name}`} aria-label={`Insert {{ ${f.name} }}`} onClick={() => insert(`{{ ${f.name} }}`)}>
                      Insert
                    </button>
                  )}
                </li>
              );
            })}
            {unknownChosen.map((f) => (
              <li key={f} className="editor-problem">
                <label className="editor-check">
                  <input type="checkbox" checked onChange={() => toggleField(f, false)} />
                  <code>{f}</code> is not a field of {draft.module}
                </label>
              </li>
            ))}
          </ul>
          <Problem at="properties" problems={all} />
        </fieldset>
      </div>
      <div className="toolbar editor-save">
        <button type="button" className="btn btn-primary" data-testid="save" disabled={editor.saving} onClick={() => void editor.save()}>
          {editor.saving ? 'Saving...' : editor.id === null ? 'Create' : 'Save'}
        </button>
        {editor.dirty && <span className="muted">Unsaved changes</span>}
        {editor.id !== null && draft.name && (
          <Link to={`/reportlist?report=${encodeURIComponent(draft.name)}`} className="btn">
            Print a record
          </Link>
        )}
      </div>
      {editor.saveProblems && (
        <p className="editor-problem" role="alert" data-testid="save-problem">
          Not saved: see the problems marked above.
        </p>
      )}
      {editor.conflict && <ConflictNotice what="report" onReload={editor.reload} onDismiss={editor.dismissConflict} />}
      {editor.savedNotice && (
        <p className="notice" role="status" data-testid="saved">
          {editor.savedNotice}
        </p>
      )}
      <ReportPreview draft={draft} valid={Object.keys(problems).length === 0} />
      {editor.id !== null && <ScreenHistory module="WebReport" id={editor.id} updatectr={editor.updatectr} onRestored={editor.reload} />}
    </section>
  );
}
