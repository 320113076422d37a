// The fields of a form as the form editor edits them: each field's tag, the module field it
// names (picked from the module catalogue), its attributes, config, fixed options, choice
// source (a module, fixed options or the state map) and relation; added, moved and removed.
import { useState } from 'react';
import { FormFieldTags, type FormField, type OptionSource } from '../../../engine/metadata/screen-schemas.js';
import { moveItem, numberFrom, removeAt, replaceAt, withKey } from './draft-edit';
import { JsonInput } from './editor-frame';
import type { CatalogueField, CatalogueModule } from './editor-sources';
import { newField, sourceKindOf, unusedFields, withSource, withTag, type SourceKind } from './form-draft';
import { ChoiceSelect } from '../ui/labelled-fields';
import { fieldChoices, moduleChoices } from './editor-choices';
import { ItemActions } from './item-actions';

type Attributes = FormField['attributes'];
type Config = NonNullable<FormField['config']>;
type Relation = NonNullable<FormField['relation']>;
type ModuleSource = Extract<OptionSource, { module: string }>;

const INPUT_TYPES = ['text', 'number', 'email', 'tel', 'password', 'date', 'datetime'] as const;
const SOURCES: Record<SourceKind, string> = { none: 'None', options: 'Fixed options', module: 'A module', statemap: 'The state map' };

function Text(props: { label: string; testId: string; value: string | undefined; onChange(v: string): void; placeholder?: string }) {
  return (
    <label className="field">
      <span className="form-label">{props.label}</span>
      <input data-testid={props.testId} placeholder={props.placeholder} value={props.value ?? ''} onChange={(e) => props.onChange(e.target.value)} />
    </label>
  );
}

function NumberBox(props: { label: string; testId: string; value: number | undefined; onChange(v: number | undefined): void }) {
  // The text is kept while typing (`1.`, `-`); the draft gets its number, or the text for the schema to name.
  const [text, setText] = useState<string | null>(null);
  return (
    <label className="field">
      <span className="form-label">{props.label}</span>
      <input
        type="text"
        inputMode="decimal"
        data-testid={props.testId}
        value={text ?? (props.value === undefined ? '' : String(props.value))}
        onChange={(e) => {
          setText(e.target.value);
          props.onChange(numberFrom(e.target.value));
        }}
        onBlur={() => setText(null)}
      />
    </label>
  );
}

function Check(props: { label: string; testId: string; value: boolean | undefined; onChange(v: boolean | undefined): void; defaultOn?: boolean }) {
  // A flag is stored only when it differs from its default.
  const on = props.value ?? props.defaultOn ?? false;
  return (
    <label className="editor-check">
      <input type="checkbox" data-testid={props.testId} checked={on} onChange={(e) => props.onChange(e.target.checked === (props.defaultOn ?? false) ? undefined : e.target.checked)} />
      {props.label}
    </label>
  );
}

/** A module field name: a choice of the module's fields, or a text box when the module is not known. */
function FieldNamePicker(props: { label: string; testId: string; value: string; fields: CatalogueField[] | null; onChange(v: string): void }) {
  const { label, testId, value, fields, onChange } = props;
  if (!fields) return <Text label={label} testId={testId} value={value} onChange={onChange} />;
  return <ChoiceSelect label={label} testId={testId} value={value} choices={fieldChoices(fields.filter((f) => !f.lookupOf))} onChange={onChange} />;
}

function ModulePicker(props: { label: string; testId: string; value: string; modules: CatalogueModule[]; onChange(v: string): void }) {
  const { label, testId, value, modules, onChange } = props;
  if (!modules.length) return <Text label={label} testId={testId} value={value} onChange={onChange} />;
  return <ChoiceSelect label={label} testId={testId} value={value} choices={moduleChoices(modules)} onChange={onChange} />;
}

function OptionsEditor(props: { options: { value: string | number | boolean | null; label: string }[]; onChange(o: { value: string | number | boolean | null; label: string }[]): void }) {
  const { options, onChange } = props;
  return (
    <div className="editor-nested" data-testid="field-options">
      {options.map((o, i) => (
        <div className="editor-row" key={i} data-testid="option">
          <Text label="Value" testId="option-value" value={o.value === null ? '' : String(o.value)} onChange={(v) => onChange(replaceAt(options, i, { ...o, value: typeof o.value === 'number' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v }))} />
          <Text label="Label" testId="option-label" value={o.label} onChange={(v) => onChange(replaceAt(options, i, { ...o, label: v }))} />
          <ItemActions items={options} index={i} onChange={onChange} testId="option" what="option" />
        </div>
      ))}
      <button type="button" className="btn btn-small" data-testid="option-add" onClick={() => onChange([...options, { value: '', label: '' }])}>
        Add option
      </button>
    </div>
  );
}

function SourceEditor(props: { field: FormField; modules: CatalogueModule[]; onChange(f: FormField): void }) {
  const { field, modules, onChange } = props;
  const kind = sourceKindOf(field);
  const ajax = field.ajax && 'module' in field.ajax ? (field.ajax as ModuleSource) : null;
  const setAjax = (next: ModuleSource) => onChange({ ...field, ajax: next });
  const sourceFields = ajax ? (modules.find((m) => m.name === ajax.module)?.fields ?? null) : null;
  const fixed = field.options ?? (field.ajax && 'options' in field.ajax ? field.ajax.options : []);
  return (
    <div className="editor-nested" data-testid="field-source" data-source={kind}>
      <label className="field">
        <span className="form-label">Choices from</span>
        <select data-testid="source-kind" value={kind} onChange={(e) => onChange(withSource(field, e.target.value as SourceKind))}>
          {Object.entries(SOURCES).map(([k, label]) => (
            <option key={k} value={k}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {kind === 'options' && <OptionsEditor options={fixed} onChange={(options) => onChange({ ...withSource(field, 'none'), options })} />}
      {ajax && (
        <div className="editor-row">
          <ModulePicker label="Module" testId="ajax-module" value={ajax.module} modules={modules} onChange={(v) => setAjax({ ...ajax, module: v })} />
          <FieldNamePicker label="Value field (default id)" testId="ajax-value" value={ajax.value ?? ''} fields={sourceFields && [{ name: '', type: 'string', title: 'default' }, ...sourceFields]} onChange={(v) => setAjax(withKey(ajax, 'value', v))} />
          <FieldNamePicker label="Label field (default name)" testId="ajax-label" value={ajax.label ?? ''} fields={sourceFields && [{ name: '', type: 'string', title: 'default' }, ...sourceFields]} onChange={(v) => setAjax(withKey(ajax, 'label', v))} />
          <Text label="Order" testId="ajax-order" placeholder="name asc" value={ajax.order} onChange={(v) => setAjax(withKey(ajax, 'order', v))} />
          <NumberBox label="List group" testId="ajax-listgroup" value={ajax.listgroup} onChange={(v) => setAjax(withKey(ajax, 'listgroup', v))} />
          <JsonInput label="Where (JSON list of [field, operator, value])" testId="ajax-where" value={ajax.where} onChange={(v) => setAjax(withKey(ajax, 'where', v as ModuleSource['where']))} />
        </div>
      )}
    </div>
  );
}

function RelationEditor(props: { relation: Relation; modules: CatalogueModule[]; onChange(r: Relation): void }) {
  const { relation: r, modules, onChange } = props;
  const childFields = modules.find((m) => m.name === r.child_name)?.fields ?? null;
  return (
    <div className="editor-nested editor-row" data-testid="field-relation">
      <NumberBox label="List id" testId="relation-list" value={r.list_id} onChange={(v) => onChange({ ...r, list_id: v as number })} />
      <label className="field">
        <span className="form-label">Relation type</span>
        <select data-testid="relation-type" value={String(r.relation_type)} onChange={(e) => onChange({ ...r, relation_type: Number(e.target.value) as 1 | 2 })}>
          <option value="1">1: the child holds the parent id</option>
          <option value="2">2: a link module</option>
        </select>
      </label>
      <ModulePicker label="Parent module" testId="relation-parent" value={r.parent_name} modules={modules} onChange={(v) => onChange({ ...r, parent_name: v })} />
      <ModulePicker label="Child module" testId="relation-child" value={r.child_name} modules={modules} onChange={(v) => onChange({ ...r, child_name: v })} />
      <FieldNamePicker label="Child's parent column" testId="relation-column" value={r.modulecolumn_name} fields={childFields} onChange={(v) => onChange({ ...r, modulecolumn_name: v })} />
    </div>
  );
}

function FieldEditor(props: { field: FormField; index: number; count: number; moduleFields: CatalogueField[] | null; modules: CatalogueModule[]; onChange(f: FormField): void; onMove(by: -1 | 1): void; onRemove(): void }) {
  const { field, index, count, moduleFields, modules, onChange, onMove, onRemove } = props;
  const a = field.attributes;
  const c: Config = field.config ?? {};
  const setAttr = <K extends keyof Attributes>(k: K, v: Attributes[K] | undefined | '') => onChange({ ...field, attributes: withKey(a, k, v) });
  const setConfig = <K extends keyof Config>(k: K, v: Config[K] | undefined | '') => {
    const next = withKey(c, k, v);
    onChange(withKey(field, 'config', Object.keys(next).length ? next : undefined));
  };
  const [open, setOpen] = useState(false);
  return (
    <div className="form-field-editor" data-testid="field" data-name={a.name} data-tag={field.tag} data-index={index}>
      <div className="editor-row">
        <span className="field-index">{index + 1}.</span>
        <label className="field">
          <span className="form-label">Tag</span>
          <select data-testid="field-tag" value={field.tag} onChange={(e) => onChange(withTag(field, e.target.value as FormField['tag']))}>
            {FormFieldTags.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <FieldNamePicker label="Field" testId="field-name" value={a.name} fields={moduleFields} onChange={(v) => setAttr('name', v)} />
        <Text label="Label" testId="field-label" value={c.label} onChange={(v) => setConfig('label', v)} />
        <Check label="Required" testId="field-required" value={a.required} onChange={(v) => setAttr('required', v)} />
        <span className="row-actions">
          <button type="button" className="btn btn-small" data-testid="field-more" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Less' : 'More'}
          </button>
          <button type="button" className="btn btn-small" data-testid="field-up" aria-label={`Move field ${a.name} up`} disabled={index === 0} onClick={() => onMove(-1)}>
            ↑
          </button>
          <button type="button" className="btn btn-small" data-testid="field-down" aria-label={`Move field ${a.name} down`} disabled={index === count - 1} onClick={() => onMove(1)}>
            ↓
          </button>
          <button type="button" className="btn btn-small" data-testid="field-remove" aria-label={`Remove field ${a.name}`} onClick={onRemove}>
            Remove
          </button>
        </span>
      </div>
      {open && (
        <div className="editor-nested" data-testid="field-details">
          <p className="muted">Attributes</p>
          <div className="editor-row">
            {field.tag === 'input' && (
              <label className="field">
                <span className="form-label">Type</span>
                <select data-testid="field-type" value={a.type ?? ''} onChange={(e) => setAttr('type', e.target.value as Attributes['type'])}>
                  <option value="">text (default)</option>
                  {INPUT_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <Text label="Default value" testId="field-value" value={a.value === undefined || a.value === null ? '' : String(a.value)} onChange={(v) => setAttr('value', v)} />
            <Check label="Read-only" testId="field-readonly" value={a.readOnly} onChange={(v) => setAttr('readOnly', v)} />
            {field.tag === 'input' && (
              <>
                <NumberBox label="Step" testId="field-step" value={a.step} onChange={(v) => setAttr('step', v)} />
                <NumberBox label="Min" testId="field-min" value={a.min} onChange={(v) => setAttr('min', v)} />
                <NumberBox label="Max" testId="field-max" value={a.max} onChange={(v) => setAttr('max', v)} />
              </>
            )}
            <NumberBox label="Max length" testId="field-maxlength" value={a.maxLength} onChange={(v) => setAttr('maxLength', v)} />
            <Text label="Placeholder" testId="field-placeholder" value={a.placeholder} onChange={(v) => setAttr('placeholder', v)} />
            <Text label="Change helper" testId="field-change" placeholder="setStatus(4)" value={a.change} onChange={(v) => setAttr('change', v)} />
            <Text label="CSS class" testId="field-class" value={a.className} onChange={(v) => setAttr('className', v)} />
            <Text label="Button label" testId="field-btn-label" value={a.btn_label} onChange={(v) => setAttr('btn_label', v)} />
            <Text label="Link" testId="field-url" placeholder="/list/58" value={a.url} onChange={(v) => setAttr('url', v)} />
            <JsonInput label='Validation rules (JSON, e.g. [{"rule":"different","field":"name"}])' testId="field-validation" value={a.validation} onChange={(v) => setAttr('validation', v as Attributes['validation'])} />
          </div>
          <p className="muted">Config</p>
          <div className="editor-row">
            <Check label="Hide label" testId="field-hidelabel" value={c.hideLabel} onChange={(v) => setConfig('hideLabel', v)} />
            <Check label="Shown" testId="field-display" value={c.display} defaultOn onChange={(v) => setConfig('display', v)} />
            <NumberBox label="Width (1-12)" testId="field-width" value={c.width} onChange={(v) => setConfig('width', v)} />
            <Text label="Tooltip" testId="field-tooltip" value={c.tooltip} onChange={(v) => setConfig('tooltip', v)} />
          </div>
          {field.tag === 'select' && <SourceEditor field={field} modules={modules} onChange={onChange} />}
          {field.tag === 'relation' && field.relation && <RelationEditor relation={field.relation} modules={modules} onChange={(r) => onChange({ ...field, relation: r })} />}
        </div>
      )}
    </div>
  );
}

export function FieldsEditor(props: { fields: FormField[]; moduleFields: CatalogueField[] | null; modules: CatalogueModule[]; onChange(fields: FormField[]): void }) {
  const { fields, moduleFields, modules, onChange } = props;
  const free = moduleFields ? unusedFields(moduleFields, fields) : [];
  const [pick, setPick] = useState('');
  const [typed, setTyped] = useState('');
  const chosen = moduleFields ? (free.find((f) => f.name === pick) ?? free[0]) : undefined;
  const name = moduleFields ? (chosen?.name ?? '') : typed.trim();
  return (
    <div className="editor-section" data-testid="fields">
      {fields.length === 0 && <p className="muted">No fields yet: add at least one.</p>}
      {fields.map((f, i) => (
        <FieldEditor
          key={i}
          field={f}
          index={i}
          count={fields.length}
          moduleFields={moduleFields}
          modules={modules}
          onChange={(next) => onChange(replaceAt(fields, i, next))}
          onMove={(by) => onChange(moveItem(fields, i, by))}
          onRemove={() => onChange(removeAt(fields, i))}
        />
      ))}
      <div className="editor-add">
        {moduleFields ? (
          <label className="field">
            <span className="form-label">Module field</span>
            <select data-testid="add-field-name" value={chosen?.name ?? ''} onChange={(e) => setPick(e.target.value)} disabled={!free.length}>
              {free.map((f) => (
                <option key={f.name} value={f.name}>
                  {f.name}
                  {f.title ? ` (${f.title})` : ''}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <Text label="Field name" testId="add-field-name" value={typed} onChange={setTyped} />
        )}
        <button
          type="button"
          className="btn"
          data-testid="add-field"
          disabled={!name}
          onClick={() => {
            onChange([...fields, newField(name, chosen)]);
            setPick('');
            setTyped('');
          }}
        >
          Add field
        </button>
      </div>
    </div>
  );
}
