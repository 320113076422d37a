// The form editor's live preview: the real generic form (form-page.tsx) rendering the unsaved
// draft a moment after the last edit, in create, view or edit mode, on one of the first records
// of the module. The preview saves nothing and goes nowhere (FormPageProps.definition); a draft
// that does not follow its schema shows the problem instead.
import { useMemo, useState } from 'react';
import type { WebFormsRecord } from '../../../engine/metadata/screen-schemas.js';
import FormPage from '../form/form-page';
import type { FormMode } from '../form/form-schema';
import { rpc } from '../rpc/rpc';
import { useLoad } from './editor-sources';
import { useDebounced } from './list-preview';

const MODES: FormMode[] = ['create', 'view', 'edit'];
/** How many of the module's records the picker offers. */
const RECORD_CHOICES = 20;

export function FormPreview(props: { draftKey: string; hasName: boolean; build(draftKey: string): { problem: string } | { definition: WebFormsRecord } }) {
  const { draftKey, hasName, build } = props;
  const settled = useDebounced(draftKey);
  // `build` depends only on the draft text it is given.
  const built = useMemo(() => build(settled), [settled]);
  const module = 'definition' in built ? built.definition.module : '';
  const [mode, setMode] = useState<FormMode>('create');
  const [picked, setPicked] = useState('');
  const records = useLoad(
    async () => (module ? (await rpc.select({ module, fields: hasName ? ['id', 'name'] : ['id'], order: 'id asc', max: RECORD_CHOICES })).rows : []),
    `${module}|${String(hasName)}`,
  );
  const rows = records.status === 'ready' ? records.value : [];
  const recordId = picked && rows.some((r) => String(r.id) === picked) ? picked : rows[0] ? String(rows[0].id) : '';
  return (
    <section className="screen-preview" data-testid="preview" data-state={settled === draftKey ? 'settled' : 'pending'} aria-label="Live preview">
      <h2>Live preview</h2>
      <p className="muted">The real form with this unsaved definition. Nothing is saved from here: its Save, Update and helper buttons are left out.</p>
      <div className="toolbar editor-row">
        <div className="editor-modes" role="tablist" aria-label="Preview mode">
          {MODES.map((m) => (
            <button key={m} type="button" role="tab" aria-selected={mode === m} className={`btn${mode === m ? ' btn-primary' : ''}`} data-testid={`preview-mode-${m}`} onClick={() => setMode(m)}>
              {m}
            </button>
          ))}
        </div>
        {mode !== 'create' && (
          <label className="field">
            <span className="form-label">Record</span>
            <select data-testid="preview-record" value={recordId} onChange={(e) => setPicked(e.target.value)}>
              {rows.map((r) => (
                <option key={String(r.id)} value={String(r.id)}>
                  {String(r.id)}
                  {hasName && r.name ? `: ${String(r.name)}` : ''}
                </option>
              ))}
            </select>
          </label>
        )}
        {records.status === 'error' && <span className="editor-problem">{records.message}</span>}
      </div>
      {'problem' in built ? (
        <div className="editor-problem" role="alert" data-testid="preview-problem">
          <p>The preview shows once the definition is valid:</p>
          <code>{built.problem}</code>
        </div>
      ) : mode !== 'create' && !recordId ? (
        <p className="muted" data-testid="preview-no-record">
          {records.status === 'loading' ? 'Loading records...' : 'The module has no record to show.'}
        </p>
      ) : (
        <div className="form-preview" data-testid="preview-form">
          <FormPage
            key={`${settled}|${mode}|${recordId}`}
            definition={built.definition}
            mode={mode}
            dataId={mode === 'create' ? undefined : recordId}
            basePath="/moduleform/edit/v2"
            shell="admin"
          />
        </div>
      )}
    </section>
  );
}
