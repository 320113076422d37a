// /weblists/{id?} (seed 000 §2.11): the list editor. A WebList record edited as a structure
// (title, alias, form, its views with their row buttons, top buttons, export, custom search,
// refresh, onload) or as raw JSON, both over one draft; a live preview of the real list with
// real rows; saved with Record.create / Record.update; its history in edit mode.
import { useCallback, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { RowButton, TopButton, WebListProperties } from '../../../engine/metadata/screen-schemas.js';
import { screenProblem } from '../metadata/screens';
import { ButtonsEditor } from './buttons-editor';
import { replaceAt, withKey, integersFrom } from './draft-edit';
import { CommaListInput, EditorFrame } from './editor-frame';
import { loadModuleCatalogue, loadRecordChoices, useLoad, valueOr, type RecordChoice } from './editor-sources';
import { ListPreview } from './list-preview';
import { useScreenEditor } from './use-screen-editor';
import { editedId, NameField, OwnerSelect } from './editor-head';
import { ChoiceSelect } from '../ui/labelled-fields';
import { moduleChoices, recordChoices } from './editor-choices';
import { addView, newWebList, setDefaultView, webListStructureProblem, type ViewEntry } from './weblist-draft';
import { ItemActions } from './item-actions';
import { FieldMessage } from './field-messages';

const LIST_PATH = '/list/weblist';
const blank = () => newWebList();

function Toggle(props: { label: string; testId: string; value: boolean | undefined; onChange(v: boolean | undefined): void }) {
  // These flags default to on: only "off" is stored.
  return (
    <label className="editor-check">
      <input type="checkbox" data-testid={props.testId} checked={props.value !== false} onChange={(e) => props.onChange(e.target.checked ? undefined : false)} />
      {props.label}
    </label>
  );
}

export default function WebListEditorPage() {
  const { id: rawId } = useParams();
  const id = editedId(rawId);
  const editor = useScreenEditor('WebList', id, blank, '/weblists');
  const catalogue = useLoad(loadModuleCatalogue, 'modules');
  const forms = useLoad(() => loadRecordChoices('WebForms'), 'WebForms');
  const views = useLoad(() => loadRecordChoices('WebListview'), 'WebListview');
  const p = editor.draft.properties as WebListProperties;
  const update = (next: (d: WebListProperties) => WebListProperties) => editor.setProperties((d) => next(d as WebListProperties));

  const build = useCallback(
    (key: string) => {
      const { name, module, properties } = JSON.parse(key) as { name: string; module: string; properties: unknown };
      const problem = screenProblem('WebList', properties);
      if (problem) return { problem };
      return { definitions: { list: { id: id ?? 0, name, module: module || null, properties: properties as WebListProperties } } };
    },
    [id],
  );

  const head = (
    <>
      <NameField editor={editor} />
      <OwnerSelect editor={editor} label="Module" testId="list-module" at="module" choices={moduleChoices(valueOr(catalogue, []))} />
    </>
  );

  return (
    <EditorFrame
      module="WebList"
      editor={editor}
      heading={id === null ? 'New list' : `List ${id}`}
      listPath={LIST_PATH}
      head={head}
      structureProblem={webListStructureProblem(editor.draft.properties)}
      structured={() => <WebListStructured p={p} forms={valueOr(forms, [])} views={valueOr(views, [])} update={update} />}
      preview={<ListPreview listId={id ?? 0} draftKey={JSON.stringify({ name: editor.draft.name, module: editor.draft.owner, properties: editor.draft.properties })} build={build} />}
    />
  );
}

function WebListStructured(props: { p: WebListProperties; forms: RecordChoice[]; views: RecordChoice[]; update(next: (d: WebListProperties) => WebListProperties): void }) {
  const { p, forms, views, update } = props;
  const entries = p.list_id as ViewEntry[];
  const setEntries = (next: ViewEntry[]) => update((d) => ({ ...d, list_id: next }));
  const [pick, setPick] = useState('');
  const chosen = views.find((v) => String(v.id) === pick) ?? views[0];
  return (
    <>
      <h2>List</h2>
      <FieldMessage at="" />
      <div className="editor-section editor-row" data-testid="list-settings">
        <label className="field">
          <span className="form-label">Title</span>
          <input data-testid="title" value={p.title ?? ''} onChange={(e) => update((d) => withKey(d, 'title', e.target.value))} />
        </label>
        <label className="field">
          <span className="form-label">Alias</span>
          <input data-testid="alias" value={p.alias ?? ''} onChange={(e) => update((d) => withKey(d, 'alias', e.target.value))} />
        </label>
        <ChoiceSelect
          label="Form"
          testId="form"
          none="(none)"
          value={p.form === undefined ? '' : String(p.form)}
          choices={recordChoices(forms)}
          onChange={(v) => update((d) => withKey(d, 'form', v ? Number(v) : undefined))}
        />
        <label className="field">
          <span className="form-label">Search button label</span>
          <input data-testid="search-label" placeholder="Search" value={p.searchLabel ?? ''} onChange={(e) => update((d) => withKey(d, 'searchLabel', e.target.value))} />
        </label>
        <label className="field">
          <span className="form-label">Helper on load</span>
          <input data-testid="onload" value={p.onload ?? ''} onChange={(e) => update((d) => withKey(d, 'onload', e.target.value))} />
        </label>
        <Toggle label="Export Excel" testId="export" value={p.export} onChange={(v) => update((d) => withKey(d, 'export', v))} />
        <Toggle label="Custom search" testId="custom-search" value={p.customSearch} onChange={(v) => update((d) => withKey(d, 'customSearch', v))} />
        <Toggle label="Refresh" testId="refresh" value={p.refresh} onChange={(v) => update((d) => withKey(d, 'refresh', v))} />
      </div>
      <h2>Views</h2>
      <FieldMessage at="list_id" />
      <div className="editor-section" data-testid="views">
        {entries.length === 0 && <p className="muted">No views yet: add at least one.</p>}
        {entries.map((v, i) => (
          <div key={i} data-testid="view" data-view-id={v.id}>
            <div className="editor-row">
              <ChoiceSelect label="List view" testId="view-id" value={String(v.id)} choices={recordChoices(views)} onChange={(id) => setEntries(replaceAt(entries, i, { ...v, id: Number(id) }))} />
              <label className="field">
                <span className="form-label">Name</span>
                <input data-testid="view-name" value={v.name} onChange={(e) => setEntries(replaceAt(entries, i, { ...v, name: e.target.value }))} />
              </label>
              <label className="editor-check">
                <input type="radio" name="default-view" data-testid="view-default" checked={v.default === true} onChange={() => setEntries(setDefaultView(entries, i))} />
                Default
              </label>
              <label className="field">
                <span className="form-label">Row link ([field] from the row)</span>
                <input data-testid="view-link" placeholder="the form's view page" value={v.link ?? ''} onChange={(e) => setEntries(replaceAt(entries, i, withKey(v, 'link', e.target.value)))} />
              </label>
              <CommaListInput label="Only for roles (ids)" testId="view-roles" placeholder="everyone" value={v.roles} onChange={(items) => setEntries(replaceAt(entries, i, withKey(v, 'roles', integersFrom(items.join(',')))))} />
              <ItemActions items={entries} index={i} onChange={setEntries} testId="view" what={`view ${v.name}`} />
            </div>
            <p className="muted">Row buttons</p>
            <ButtonsEditor<RowButton> buttons={v.buttons ?? []} row testId="row-buttons" onChange={(buttons) => setEntries(replaceAt(entries, i, withKey(v, 'buttons', buttons)))} />
          </div>
        ))}
        <div className="editor-add">
          <label className="field">
            <span className="form-label">List view</span>
            <select data-testid="add-view-id" value={chosen ? String(chosen.id) : ''} onChange={(e) => setPick(e.target.value)} disabled={!views.length}>
              {views.map((x) => (
                <option key={x.id} value={String(x.id)}>
                  {x.id}: {x.name}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="btn" data-testid="add-view" disabled={!chosen} onClick={() => chosen && setEntries(addView(entries, chosen))}>
            Add view
          </button>
        </div>
      </div>
      <h2>Top buttons</h2>
      <FieldMessage at="buttons" />
      <ButtonsEditor<TopButton> buttons={p.buttons ?? []} row={false} testId="top-buttons" onChange={(buttons) => update((d) => withKey(d, 'buttons', buttons))} />
    </>
  );
}
