// /listview_wiz/{id?} (seed 000 §2.11): the list view editor. A WebListview record edited as a
// structure (module from the catalogue, columns and filters from its fields, controller and
// search settings) or as raw JSON, both over one draft; a live preview of the real list with
// real rows, and under it the indexes its order would need (index-advice.tsx); saved with
// Record.create / Record.update; its history in edit mode. Picking the
// view's WebList presets the view's module to the list's, unless another module was chosen.
import { useCallback, useRef } from 'react';
import { useParams } from 'react-router-dom';
import type { ListColumn, ListFilter, WebListviewProperties } from '../../../engine/metadata/screen-schemas.js';
import { screenProblem } from '../metadata/screens';
import { rpc } from '../rpc/rpc';
import { CommaListInput, EditorFrame, JsonInput } from './editor-frame';
import { loadModuleCatalogue, loadRecordChoices, useLoad, valueOr, type CatalogueModule, type RecordChoice } from './editor-sources';
import { numberFrom, withKey } from './draft-edit';
import { ListPreview } from './list-preview';
import { ListviewColumnsEditor } from './listview-columns-editor';
import { ListviewFiltersEditor } from './listview-filters-editor';
import { listviewStructureProblem, newListview } from './listview-draft';
import { useScreenEditor } from './use-screen-editor';
import { editedId, NameField, OwnerSelect } from './editor-head';
import { ChoiceSelect } from '../ui/labelled-fields';
import { moduleChoices, recordChoices } from './editor-choices';
import { FieldMessage } from './field-messages';
import { IndexAdvice } from './index-advice';

/** The id a view not saved yet has in its preview. */
export const DRAFT_VIEW_ID = -1;
const LIST_PATH = '/list/weblist_view';
const blank = () => newListview('');

export default function ListviewWizardPage() {
  const { id: rawId } = useParams();
  const id = editedId(rawId);
  const editor = useScreenEditor('WebListview', id, blank, '/listview_wiz');
  const catalogue = useLoad(loadModuleCatalogue, 'modules');
  const weblists = useLoad(() => loadRecordChoices('WebList'), 'WebList');
  const modules = valueOr(catalogue, []);
  const props = editor.draft.properties as WebListviewProperties;
  const update = (next: (p: WebListviewProperties) => WebListviewProperties) => editor.setProperties((p) => next(p as WebListviewProperties));
  /** The module last preset from a list: replaced by the next list's, unlike one the user chose. */
  const preset = useRef('');
  const pickList = (owner: string) => {
    editor.setOwner(owner);
    if (!owner) return;
    void rpc
      .select({ module: 'WebList', fields: ['id', 'module'], where: [['id', '=', Number(owner)]], max: 1 })
      .then(({ rows }) => {
        const module = String(rows[0]?.module ?? '');
        if (!module) return;
        update((d) => {
          if (d.controller.module !== '' && d.controller.module !== preset.current) return d;
          preset.current = module;
          return { ...d, controller: { ...d.controller, module } };
        });
      })
      .catch(() => undefined);
  };

  const build = useCallback(
    (key: string) => {
      const { name, properties } = JSON.parse(key) as { name: string; properties: unknown };
      const problem = screenProblem('WebListview', properties);
      if (problem) return { problem };
      const viewId = id ?? DRAFT_VIEW_ID;
      const title = name || 'Preview';
      return {
        definitions: {
          list: { id: 0, name: title, properties: { title, list_id: [{ id: viewId, name: title, default: true }] } },
          views: { [viewId]: { id: viewId, name: title, properties: properties as WebListviewProperties } },
        },
      };
    },
    [id],
  );

  const head = (
    <>
      <NameField editor={editor} />
      <OwnerSelect editor={editor} label="WebList" testId="weblist" at="weblist" onChange={pickList} choices={recordChoices(valueOr<RecordChoice[]>(weblists, []))} />
    </>
  );

  return (
    <EditorFrame
      module="WebListview"
      editor={editor}
      heading={id === null ? 'New list view' : `List view ${id}`}
      listPath={LIST_PATH}
      head={head}
      structureProblem={listviewStructureProblem(editor.draft.properties)}
      structured={() => (
        <ListviewStructured
          props={props}
          modules={modules}
          catalogueError={catalogue.status === 'error' ? catalogue.message : null}
          update={update}
        />
      )}
      preview={
        <>
          <ListPreview listId={0} draftKey={JSON.stringify({ name: editor.draft.name, properties: editor.draft.properties })} build={build} />
          <IndexAdvice propertiesKey={JSON.stringify(editor.draft.properties)} />
        </>
      }
    />
  );
}

function ListviewStructured(props: { props: WebListviewProperties; modules: CatalogueModule[]; catalogueError: string | null; update(next: (p: WebListviewProperties) => WebListviewProperties): void }) {
  const { props: p, modules, catalogueError, update } = props;
  const module = modules.find((m) => m.name === p.controller.module);
  const setController = (key: keyof WebListviewProperties['controller'], value: unknown) => update((d) => ({ ...d, controller: withKey(d.controller, key, value as never) }));
  return (
    <>
      {catalogueError && (
        <p className="editor-problem" role="alert">
          The module catalogue could not be loaded: {catalogueError}
        </p>
      )}
      <h2>Module</h2>
      <FieldMessage at="controller" />
      <div className="editor-section editor-row" data-testid="controller">
        <ChoiceSelect
          label="Module"
          testId="module"
          required
          none="(choose a module)"
          value={p.controller.module}
          choices={moduleChoices(modules, true)}
          onChange={(v) => update((d) => ({ ...d, controller: { ...d.controller, module: v } }))}
        >
          <FieldMessage at="controller/module" />
        </ChoiceSelect>
        <ChoiceSelect
          label="Module for RE users"
          testId="module-alias"
          none="(the same)"
          value={p.module_alias ?? ''}
          choices={moduleChoices(modules.filter((m) => m.variantOf === p.controller.module || m.name === p.module_alias))}
          onChange={(v) => update((d) => withKey(d, 'module_alias', v))}
        >
          <FieldMessage at="module_alias" />
        </ChoiceSelect>
        <label className="field">
          <span className="form-label">Order</span>
          <input data-testid="controller-order" placeholder="name asc" value={p.controller.order ?? ''} onChange={(e) => setController('order', e.target.value)} />
          <FieldMessage at="controller/order" />
        </label>
        <label className="field">
          <span className="form-label">Rows a page</span>
          <input data-testid="controller-max" type="number" placeholder="20" value={p.controller.max ?? ''} onChange={(e) => setController('max', numberFrom(e.target.value))} />
          <FieldMessage at="controller/max" />
        </label>
        <JsonInput label="Always where" testId="controller-where" placeholder='[["state", "=", 33]]' value={p.controller.where} onChange={(v) => setController('where', v)} />
      </div>
      <h2>Columns</h2>
      <FieldMessage at="fields" />
      <ListviewColumnsEditor columns={p.fields as ListColumn[]} module={module} onChange={(fields) => update((d) => ({ ...d, fields }))} />
      <h2>Filters</h2>
      <FieldMessage at="filters" />
      <ListviewFiltersEditor filters={(p.filters ?? []) as ListFilter[]} module={module} modules={modules} onChange={(filters) => update((d) => withKey(d, 'filters', filters))} />
      <h2>Custom search</h2>
      <div className="editor-section">
        <FieldMessage at="searchFields" />
        <CommaListInput
          label="Fields the search box offers (comma-separated; empty: the visible text columns)"
          testId="search-fields"
          value={p.searchFields}
          onChange={(names) => update((d) => withKey(d, 'searchFields', names))}
        />
      </div>
    </>
  );
}
