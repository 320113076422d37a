// The columns of a list view draft: pick fields of the module, and per column its title, width,
// visibility, export, how its value is shown and whether it sorts; reordered with up / down.
import { useState } from 'react';
import type { ListColumn } from '../../../engine/metadata/screen-schemas.js';
import { numberFrom, replaceAt, withKey } from './draft-edit';
import type { CatalogueModule } from './editor-sources';
import { columnChoices, columnFor } from './listview-draft';
import { ItemActions } from './item-actions';

const PARSES = ['text', 'date', 'datetime', 'number', 'boolean', 'state'] as const;

/** A tri-state of an optional boolean: its default, yes or no. */
function TriState(props: { value: boolean | undefined; onChange(v: boolean | undefined): void; label: string; testId: string; defaultLabel: string }) {
  const { value, onChange, label, testId, defaultLabel } = props;
  return (
    <label className="field">
      <span className="form-label">{label}</span>
      <select data-testid={testId} value={value === undefined ? '' : value ? 'yes' : 'no'} onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value === 'yes')}>
        <option value="">{defaultLabel}</option>
        <option value="yes">Yes</option>
        <option value="no">No</option>
      </select>
    </label>
  );
}

export function ListviewColumnsEditor(props: { columns: ListColumn[]; module: CatalogueModule | undefined; onChange(columns: ListColumn[]): void }) {
  const { columns, module, onChange } = props;
  const choices = columnChoices(module, columns.map((c) => c.name));
  const [pick, setPick] = useState('');
  const chosen = choices.find((f) => f.name === pick) ?? choices[0];
  const set = (i: number, c: ListColumn) => onChange(replaceAt(columns, i, c));
  return (
    <div className="editor-section" data-testid="columns">
      {columns.length === 0 && <p className="muted">No columns yet: add at least one.</p>}
      {columns.map((c, i) => (
        <div className="editor-row" key={`${c.name}-${i}`} data-testid="column" data-name={c.name}>
          <span className="row-name" title="Field">
            {c.name}
          </span>
          <label className="field">
            <span className="form-label">Title</span>
            <input data-testid="column-title" value={c.title ?? ''} onChange={(e) => set(i, withKey(c, 'title', e.target.value))} />
          </label>
          <label className="field">
            <span className="form-label">Width (px)</span>
            <input data-testid="column-width" type="number" value={c.width ?? ''} onChange={(e) => set(i, withKey(c, 'width', numberFrom(e.target.value)))} />
          </label>
          <label className="editor-check">
            <input type="checkbox" data-testid="column-visible" checked={c.visible !== false} onChange={(e) => set(i, withKey(c, 'visible', e.target.checked ? undefined : false))} />
            Visible
          </label>
          <TriState label="Export" testId="column-export" defaultLabel="When visible" value={c.export} onChange={(v) => set(i, withKey(c, 'export', v))} />
          <label className="field">
            <span className="form-label">Shown as</span>
            <select data-testid="column-parse" value={c.data_parse ?? ''} onChange={(e) => set(i, withKey(c, 'data_parse', (e.target.value || undefined) as ListColumn['data_parse']))}>
              <option value="">As stored</option>
              {PARSES.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </label>
          <label className="editor-check">
            <input type="checkbox" data-testid="column-sortable" checked={c.sortable !== false} onChange={(e) => set(i, withKey(c, 'sortable', e.target.checked ? undefined : false))} />
            Sortable
          </label>
          <ItemActions items={columns} index={i} onChange={onChange} testId="column" what={c.name} />
        </div>
      ))}
      <div className="editor-add">
        <label className="field">
          <span className="form-label">Field</span>
          <select data-testid="add-column-field" value={chosen?.name ?? ''} onChange={(e) => setPick(e.target.value)} disabled={!choices.length}>
            {choices.map((f) => (
              <option key={f.name} value={f.name}>
                {f.name} ({f.type}
                {f.lookup ? ` → ${f.lookup}` : ''})
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn" data-testid="add-column" disabled={!chosen} onClick={() => chosen && onChange([...columns, columnFor(chosen, module)])}>
          Add column
        </button>
      </div>
    </div>
  );
}
