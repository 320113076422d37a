// The filters of a list view draft: per filter its field, title, type, condition, default,
// where its choices come from (a module, a list group, static options, the state map) and
// whether text matches exactly; reordered with up / down.
import { useState } from 'react';
import { FilterTypes, type ListFilter, type OptionSource } from '../../../engine/metadata/screen-schemas.js';
import { numberFrom, replaceAt, withKey } from './draft-edit';
import type { CatalogueModule } from './editor-sources';
import { JsonInput } from './editor-frame';
import { filterFor, optionsFrom, optionsText, SOURCE_KINDS, sourceKind, sourceOfKind, type SourceKind } from './listview-draft';
import { ChoiceSelect } from '../ui/labelled-fields';
import { moduleChoices } from './editor-choices';
import { ItemActions } from './item-actions';

const CONDITIONS = ['=', '!=', 'like', '>=', '<=', '>', '<', 'in'] as const;
const SOURCE_LABELS: Record<SourceKind, string> = { none: 'None (a text box)', module: 'Records of a module', listgroup: 'Entries of a list group', options: 'Static options', statemap: 'States of the module' };

function SourceEditor(props: { source: OptionSource | undefined; lookup?: string; modules: CatalogueModule[]; onChange(s: OptionSource | undefined): void }) {
  const { source, lookup, modules, onChange } = props;
  const kind = sourceKind(source);
  const [optionsDraft, setOptionsDraft] = useState<string | null>(null);
  return (
    <div className="editor-nested" data-testid="filter-source" data-kind={kind}>
      <label className="field">
        <span className="form-label">Choices from</span>
        <select data-testid="filter-source-kind" value={kind} onChange={(e) => onChange(sourceOfKind(e.target.value as SourceKind, lookup))}>
          {SOURCE_KINDS.map((k) => (
            <option key={k} value={k}>
              {SOURCE_LABELS[k]}
            </option>
          ))}
        </select>
      </label>
      {source && 'module' in source && (
        <div className="editor-row">
          {source.listgroup === undefined ? (
            <ChoiceSelect label="Module" testId="filter-source-module" value={source.module} choices={moduleChoices(modules)} onChange={(module) => onChange({ ...source, module })} />
          ) : (
            <label className="field">
              <span className="form-label">List group id</span>
              <input data-testid="filter-source-listgroup" type="number" value={source.listgroup} onChange={(e) => onChange({ ...source, listgroup: numberFrom(e.target.value) ?? 1 })} />
            </label>
          )}
          <label className="field">
            <span className="form-label">Value field</span>
            <input data-testid="filter-source-value" placeholder="id" value={source.value ?? ''} onChange={(e) => onChange(withKey(source, 'value', e.target.value))} />
          </label>
          <label className="field">
            <span className="form-label">Label field</span>
            <input data-testid="filter-source-label" placeholder="name" value={source.label ?? ''} onChange={(e) => onChange(withKey(source, 'label', e.target.value))} />
          </label>
          <label className="field">
            <span className="form-label">Order</span>
            <input data-testid="filter-source-order" placeholder="name asc" value={source.order ?? ''} onChange={(e) => onChange(withKey(source, 'order', e.target.value))} />
          </label>
          <JsonInput label="Where" testId="filter-source-where" placeholder='[["state", "=", 33]]' value={source.where} onChange={(v) => onChange(withKey(source, 'where', v as typeof source.where))} />
        </div>
      )}
      {source && 'options' in source && (
        <label className="field">
          <span className="form-label">Options, one a line: value=label</span>
          <textarea
            data-testid="filter-source-options"
            rows={4}
            value={optionsDraft ?? optionsText(source.options)}
            onChange={(e) => {
              setOptionsDraft(e.target.value);
              onChange({ options: optionsFrom(e.target.value) });
            }}
            onBlur={() => setOptionsDraft(null)}
          />
        </label>
      )}
    </div>
  );
}

export function ListviewFiltersEditor(props: { filters: ListFilter[]; module: CatalogueModule | undefined; modules: CatalogueModule[]; onChange(filters: ListFilter[]): void }) {
  const { filters, module, modules, onChange } = props;
  const fields = module?.fields ?? [];
  const [pick, setPick] = useState('');
  const chosen = fields.find((f) => f.name === pick) ?? fields[0];
  const set = (i: number, f: ListFilter) => onChange(replaceAt(filters, i, f));
  return (
    <div className="editor-section" data-testid="filters">
      {filters.length === 0 && <p className="muted">No filters.</p>}
      {filters.map((f, i) => (
        <div key={i} data-testid="filter" data-name={f.name}>
          <div className="editor-row">
            <ChoiceSelect label="Field" testId="filter-name" value={f.name} choices={fields.map((x) => ({ value: x.name, label: x.name }))} onChange={(name) => set(i, { ...f, name })} />
            <label className="field">
              <span className="form-label">Title</span>
              <input data-testid="filter-title" value={f.title ?? ''} onChange={(e) => set(i, withKey(f, 'title', e.target.value))} />
            </label>
            <label className="field">
              <span className="form-label">Type</span>
              <select data-testid="filter-type" value={f.type} onChange={(e) => set(i, { ...f, type: e.target.value as ListFilter['type'] })}>
                {FilterTypes.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span className="form-label">Condition</span>
              <select data-testid="filter-condition" value={f.condition ?? ''} onChange={(e) => set(i, withKey(f, 'condition', (e.target.value || undefined) as ListFilter['condition']))}>
                <option value="">Default</option>
                {CONDITIONS.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </label>
            {f.default !== null && typeof f.default === 'object' ? (
              // A default counted from today ({relativeMonths}); clearing the number makes it a literal again.
              <label className="field">
                <span className="form-label">Default (months from today)</span>
                <input data-testid="filter-default-months" type="number" value={f.default.relativeMonths} onChange={(e) => set(i, withKey(f, 'default', /^-?\d+$/.test(e.target.value) ? { relativeMonths: Number(e.target.value) } : undefined))} />
              </label>
            ) : (
              <label className="field">
                <span className="form-label">Default</span>
                <input data-testid="filter-default" value={f.default === undefined || f.default === null ? '' : String(f.default)} onChange={(e) => set(i, withKey(f, 'default', e.target.value))} />
              </label>
            )}
            <label className="editor-check">
              <input type="checkbox" data-testid="filter-absolute" checked={f.absolute === true} onChange={(e) => set(i, withKey(f, 'absolute', e.target.checked ? true : undefined))} />
              Exact match
            </label>
            <ItemActions items={filters} index={i} onChange={onChange} testId="filter" what={`filter ${f.name}`} />
          </div>
          <SourceEditor source={f.source} lookup={fields.find((x) => x.name === f.name)?.lookup} modules={modules} onChange={(s) => set(i, withKey(f, 'source', s))} />
        </div>
      ))}
      <div className="editor-add">
        <label className="field">
          <span className="form-label">Field</span>
          <select data-testid="add-filter-field" value={chosen?.name ?? ''} onChange={(e) => setPick(e.target.value)} disabled={!fields.length}>
            {fields.map((x) => (
              <option key={x.name} value={x.name}>
                {x.name} ({x.type})
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn" data-testid="add-filter" disabled={!chosen} onClick={() => chosen && onChange([...filters, filterFor(chosen, module)])}>
          Add filter
        </button>
      </div>
    </div>
  );
}
