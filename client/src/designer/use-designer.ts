// The designer's controller: loads the template (or its override), keeps the
// edited properties, the selected tab and cells, and saves with Record.update (seed 001 §7).
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FormProperties, Tab } from '../../../portal/filing/template-schema.js';
import { rpc, RpcError } from '../rpc/rpc';
import { fieldErrorsOf, presentError } from '../rpc/error-presenter';
import { dialogs } from '../ui/dialogs';
import { placeProblems, type PlacedProblem } from './grid-view';
import { templateSchemaFields } from './template-problems';
import { loadStatic, type DesignerSource } from './designer-source';
import type { Range } from './tab-edits';

export const FORM_NOT_FOUND = 'Form not found.';
export const OVERRIDE_NOT_FOUND = 'Form Override not found.';

export type DesignerState =
  | { status: 'loading' }
  | { status: 'missing'; message: string }
  | { status: 'error'; message: string }
  | { status: 'ready' };

interface Loaded {
  module: 'FormTemplate' | 'FormPropertiesOverride' | 'static';
  id: number;
  updatectr: number;
  code: string;
  name: string;
  itemcode: string;
  /**
   * The properties as last loaded or saved. Edits never change it in place (they build new
   * objects), so "unsaved changes" is first a reference test and its JSON text is only made when
   * the template has been edited: a 2.3 MB template is not serialised on every render.
   */
  saved: FormProperties;
}

const parse = (v: unknown): FormProperties => (typeof v === 'string' ? JSON.parse(v) : v) as FormProperties;

export function useDesigner(source: DesignerSource) {
  const templateId = source.kind === 'template' ? source.templateId : 0;
  const overrideId = source.kind === 'template' ? source.overrideId : null;
  const staticUrl = source.kind === 'static' ? source.url : null;
  const [state, setState] = useState<DesignerState>({ status: 'loading' });
  const [record, setRecord] = useState<Loaded | null>(null);
  const [props, setProps] = useState<FormProperties | null>(null);
  const [tabIndex, setTabIndex] = useState(0);
  const [selection, setSelection] = useState<Range | null>(null);
  const [problems, setProblems] = useState<PlacedProblem[]>([]);
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    const ready = (loaded: Loaded, properties: FormProperties) => {
      setRecord(loaded);
      setProps(properties);
      setTabIndex(0);
      setSelection(null);
      setProblems([]);
      setConflict(false);
      setState({ status: 'ready' });
    };
    (async () => {
      if (staticUrl !== null) {
        try {
          const properties = await loadStatic(staticUrl);
          if (live) ready({ module: 'static', id: 0, updatectr: 0, code: properties.id, name: properties.title, itemcode: properties.id.replace(/[^A-Za-z0-9]/g, ''), saved: properties }, properties);
        } catch (e) {
          // Seed 001 §8: a failed static form load shows an alert with the error text.
          const message = e instanceof Error ? e.message : String(e);
          if (!live) return;
          void dialogs.alert('Form Viewer', message, 'error');
          setState({ status: 'error', message });
        }
        return;
      }
      if (!Number.isInteger(templateId) || templateId < 1) {
        void dialogs.alert('Form Viewer', FORM_NOT_FOUND, 'error');
        return setState({ status: 'missing', message: FORM_NOT_FOUND });
      }
      // The extract definition (etlproperties, larger than the properties) is the server's to work
      // out on save: the designer neither reads nor sends it.
      const t = await rpc.select({ module: 'FormTemplate', fields: ['id', 'code', 'name', 'properties', 'itemcode', 'updatectr'], where: [['id', '=', templateId]], max: 1 });
      if (!live) return;
      const row = t.rows[0];
      if (!row) {
        void dialogs.alert('Form Viewer', FORM_NOT_FOUND, 'error');
        return setState({ status: 'missing', message: FORM_NOT_FOUND });
      }
      let source: { module: Loaded['module']; id: number; updatectr: number; properties: unknown } = { module: 'FormTemplate', id: Number(row.id), updatectr: Number(row.updatectr), properties: row.properties };
      if (overrideId !== null) {
        const o = Number.isInteger(overrideId) && overrideId > 0
          ? await rpc.select({ module: 'FormPropertiesOverride', fields: ['id', 'properties', 'updatectr'], where: [['template', '=', templateId], ['id', '=', overrideId]], max: 1 })
          : { rows: [] };
        if (!live) return;
        const orow = o.rows[0];
        if (!orow) {
          void dialogs.alert('Form Viewer', OVERRIDE_NOT_FOUND, 'error');
          return setState({ status: 'missing', message: OVERRIDE_NOT_FOUND });
        }
        source = { module: 'FormPropertiesOverride', id: Number(orow.id), updatectr: Number(orow.updatectr), properties: orow.properties ?? row.properties };
      }
      const properties = parse(source.properties);
      ready({ module: source.module, id: source.id, updatectr: source.updatectr, code: String(row.code ?? ''), name: String(row.name ?? ''), itemcode: String(row.itemcode ?? ''), saved: properties }, properties);
    })().catch((e: unknown) => {
      if (live) setState({ status: 'error', message: e instanceof RpcError ? e.message : String(e) });
    });
    return () => {
      live = false;
    };
  }, [templateId, overrideId, staticUrl, generation]);

  const savedText = useMemo(() => {
    let text: string | undefined;
    return () => (text ??= JSON.stringify(record?.saved ?? null));
  }, [record]);
  const dirty = useMemo(() => Boolean(props && record && props !== record.saved && JSON.stringify(props) !== savedText()), [props, record, savedText]);
  /** Tab id → table type as saved: a saved tab's type is fixed (seed 001 §4.1). */
  const savedTypes = useMemo(() => new Map<string, string>((record?.saved.items ?? []).map((t) => [t.id, t.type])), [record]);

  const editTab = useCallback((change: (tab: Tab) => Tab) => {
    setProps((p) => (p ? { ...p, items: p.items.map((t, i) => (i === tabIndex ? change(t) : t)) } : p));
  }, [tabIndex]);

  const editForm = useCallback((change: (p: FormProperties) => FormProperties) => setProps((p) => (p ? change(p) : p)), []);

  /** Adds a tab (from `make`, given the form) after the last one and opens it. */
  const addTab = useCallback((make: (p: FormProperties) => Tab) => {
    if (!props) return;
    setProps({ ...props, items: [...props.items, make(props)] });
    setTabIndex(props.items.length);
    setSelection(null);
  }, [props]);

  /** Removes the tab at `index` (never the last one left) and opens its neighbour. */
  const removeTab = useCallback((index: number) => {
    if (!props || props.items.length < 2) return;
    setProps({ ...props, items: props.items.filter((_, i) => i !== index) });
    setTabIndex(Math.max(0, Math.min(index, props.items.length - 2)));
    setSelection(null);
  }, [props]);

  const save = useCallback(async () => {
    if (!props || !record || record.module === 'static') return;
    // Schema problems are shown at once, where they are, without asking the server.
    const local = templateSchemaFields(props);
    if (local) {
      setProblems(placeProblems(props, local));
      return;
    }
    setSaving(true);
    try {
      const row = await rpc.update({ module: record.module, fields: ['id', 'properties', 'updatectr'], values: [record.id, JSON.stringify(props), record.updatectr] });
      // The server normalises (codes, precision, alignment): show what it stored.
      const stored = row.properties ? parse(row.properties) : props;
      setProps(stored);
      setRecord({ ...record, updatectr: Number(row.updatectr ?? record.updatectr + 1), saved: stored });
      setProblems([]);
      await dialogs.alert('Submitted', 'The form template has been saved.', 'success');
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (e instanceof RpcError && e.code === 'E_CONCURRENT') setConflict(true);
      else if (e instanceof RpcError && e.code === 'E_VALIDATION' && fields) setProblems(placeProblems(props, fields));
      else await presentError(e);
    } finally {
      setSaving(false);
    }
  }, [props, record]);

  return {
    state, record, props, tabIndex, setTabIndex: (i: number) => { setTabIndex(i); setSelection(null); },
    selection, setSelection, problems, conflict, saving, dirty, savedTypes,
    editTab, editForm, addTab, removeTab, save, setConflict, reload: () => setGeneration((g) => g + 1),
  };
}

export type Designer = ReturnType<typeof useDesigner>;
