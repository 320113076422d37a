// The generic form's logic (seed 000 §2.9, §4.3, §5, §8): loads the form definition, the record
// and the state map; keeps the values, the "changed" flag and the server's messages; moves
// between view, edit and create; saves and updates with the seed's dialogs; explains a
// concurrent edit. Pages render what it returns and call its actions; it renders nothing.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FormButton, WebFormsRecord } from '../../../engine/metadata/screen-schemas.js';
import { loadStateMap, loadWebForm, loadWebList, reachableStates, ScreenError, type StateMap } from '../metadata/screens';
import { rpc, RpcError, type Row } from '../rpc/rpc';
import { fieldErrorsOf, presentError } from '../rpc/error-presenter';
import { dialogs } from '../ui/dialogs';
import { hasPermission, loginTypeOf, sessionStore, useSession } from '../session/session-store';
import { runHelper, type HelperContext } from '../helpers/registry';
import { formPath, type FormPageProps, type FormQuery } from './form-address';
import { shellPrefix } from '../app/screen-routes';
import { createDefaults, formDataToWire, recordToFormData, translateForm, valuesDiffer, type Choice, type FormMode, type FormModel, type FormValues } from './form-schema';
import { ruleErrors } from './form-rules';

/** The seed's dialogs of the form page (seed 000 §5, §8). */
export const MESSAGES = {
  invalidTitle: 'Form Error',
  invalid: 'Please fill in all the required fields.',
  noRecordTitle: 'Form Error',
  noRecord: 'No Record Found',
  creating: 'Creating...',
  updating: 'Updating...',
  createdTitle: 'Created',
  created: 'Successfully create.',
  updatedTitle: 'Update successfully',
  updated: 'Successfully update.',
} as const;

export interface Conflict {
  /** Fields written by others since this copy was read. */
  changed: string[];
  /** The record as stored now (wire texts). */
  record: Row;
}

interface Loaded {
  form: WebFormsRecord;
  /** The module read and written: the form's, or its alias for RE users. */
  module: string;
  stateMap: StateMap | null;
  stateLabels: Map<number, string>;
  record: Row | null;
  /** Labels of the record's lookup values (`{field}_name_ind_field`), for select boxes. */
  labels: Record<string, string>;
}

type LoadState = { status: 'pending' } | { status: 'error'; error: unknown } | ({ status: 'ready' } & Loaded);

export interface FormControllerResult {
  status: 'pending' | 'error' | 'ready';
  error?: unknown;
  form?: WebFormsRecord;
  module: string;
  mode: FormMode;
  model: FormModel | null;
  record: Row | null;
  /** Labels of the record's lookup values, by field. */
  labels: Record<string, string>;
  /** In view or edit mode, the record was not found. */
  notFound: boolean;
  formData: FormValues;
  changed: boolean;
  /** Bumped whenever the values are replaced wholesale (reload, reset), so the form starts afresh. */
  generation: number;
  serverErrors: Record<string, string>;
  /** A message for the whole form (server problems not tied to a shown field). */
  formError: string | null;
  conflict: Conflict | null;
  isTab: boolean;
  can: { save: boolean; saveNew: boolean; edit: boolean; update: boolean };
  buttons: FormButton[];
  pdfHref: string | null;
  setFormData(next: FormValues): void;
  validate(data: FormValues): Record<string, string>;
  edit(): void;
  submit(kind: 'save' | 'saveNew' | 'update', validate: () => boolean): Promise<void>;
  reload(): Promise<void>;
  dismissConflict(): void;
  back(): void;
  runButton(button: FormButton): void;
}

async function resolveFormId(props: FormPageProps): Promise<number> {
  if (props.formId !== undefined) return props.formId;
  const listId = props.listId ?? 0;
  const list = await loadWebList(listId);
  if (!list.properties.form) throw new ScreenError('WebList', listId, 'properties.form is not set: the list has no form');
  return list.properties.form;
}

async function loadRecord(module: string, model: FormModel, dataId: string | undefined): Promise<Row | null> {
  const id = Number(dataId);
  if (!Number.isInteger(id) || id < 1) return null;
  const { rows } = await rpc.select({ module, fields: model.readFields, where: [['id', '=', id]], max: 1 });
  return rows[0] ?? null;
}

/**
 * The display columns of the record's select boxes that choose a record by id. A field without
 * a lookup in the module has no display column: then the select boxes fetch their labels.
 */
async function loadDisplayLabels(module: string, model: FormModel, record: Row | null): Promise<Record<string, string>> {
  const names = model.fields.filter((f) => f.kind === 'choice' && f.json === 'integer' && f.source && 'module' in f.source && record?.[f.name] != null).map((f) => f.name);
  if (!record || !names.length) return {};
  try {
    const { rows } = await rpc.select({ module, fields: ['id', ...names.map((n) => `${n}_name_ind_field`)], where: [['id', '=', Number(record.id)]], max: 1 });
    const row = rows[0] ?? {};
    return Object.fromEntries(names.filter((n) => row[`${n}_name_ind_field`] != null).map((n) => [n, String(row[`${n}_name_ind_field`])]));
  } catch {
    return {};
  }
}

async function loadStateLabels(ids: number[]): Promise<Map<number, string>> {
  const labels = new Map<number, string>();
  if (!ids.length) return labels;
  const { rows } = await rpc.select({ module: 'List', fields: ['id', 'name'], where: [['id', 'in', ids]], max: ids.length });
  for (const r of rows) labels.set(Number(r.id), String(r.name ?? r.id));
  return labels;
}

function stateIds(map: StateMap | null, current: number | null): number[] {
  if (!map) return current ? [current] : [];
  const ids = new Set<number>(reachableStates(map, current ?? map.default));
  for (const [f, t] of map.transitions) {
    ids.add(f);
    ids.add(t);
  }
  if (map.default) ids.add(map.default);
  ids.delete(0);
  return [...ids];
}

/** Where a preview goes: nowhere. */
const stayHere = () => undefined;

export interface FormControllerOptions {
  /** Called after a successful save, before the page moves on (the leave guard lets that move through). */
  onSaved?: () => void;
}

export function useFormController(props: FormPageProps, query: FormQuery, navigateTo: (to: string | number) => void, options: FormControllerOptions = {}): FormControllerResult {
  // A preview of an unsaved definition never leaves the editor's page (nor saves: see `can`).
  const preview = props.definition !== undefined;
  const navigate = preview ? stayHere : navigateTo;
  const { user } = useSession();
  const [load, setLoad] = useState<LoadState>({ status: 'pending' });
  const [mode, setMode] = useState<FormMode>(props.mode);
  const [formData, setData] = useState<FormValues>({});
  const [baseline, setBaseline] = useState<FormValues>({});
  const [generation, setGeneration] = useState(0);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [locked, setLocked] = useState<string[]>([]);
  const reUser = loginTypeOf(user) === 'RE';
  const dataRef = useRef<FormValues>({});
  dataRef.current = formData;

  const ready = load.status === 'ready' ? load : null;
  const currentState = ready?.record?.state === undefined || ready?.record?.state === null ? null : Number(ready.record.state);

  const stateChoices = useMemo((): Choice[] => {
    if (!ready) return [];
    const map = ready.stateMap;
    const label = (s: number) => ready.stateLabels.get(s) ?? String(s);
    if (mode === 'view') return currentState ? [{ value: currentState, label: label(currentState) }] : [];
    // A missing state is the module's default (seed 000 §4.3); a new record starts there.
    const from = mode === 'create' ? (map?.default ?? null) : (currentState ?? map?.default ?? null);
    const ids = map ? reachableStates(map, from) : from ? [from] : [];
    return ids.map((s) => ({ value: s, label: label(s) }));
  }, [ready, mode, currentState]);

  const model = useMemo(() => (ready ? translateForm(ready.form.properties, { mode, stateChoices, reUser, locked }) : null), [ready, mode, stateChoices, reUser, locked]);

  /** What a new record starts with, the address's relation parent and entity included. */
  const freshValues = useCallback(
    (m: FormModel, map: StateMap | null): FormValues => {
      const prefill: FormValues = {};
      if (query.relation) prefill[query.relation.modulecolumn_name] = query.relation.parent_id;
      if (query.re && m.fields.some((f) => f.name === 're')) prefill.re = query.re;
      return createDefaults(m, map?.default ?? null, prefill);
    },
    [query.relation, query.re],
  );

  const replaceValues = useCallback((values: FormValues) => {
    setData(values);
    setBaseline(values);
    setServerErrors({});
    setFormError(null);
    setGeneration((g) => g + 1);
  }, []);

  // Load the definition, the state map and the record.
  useEffect(() => {
    let live = true;
    (async () => {
      const form = props.definition ?? (await loadWebForm(await resolveFormId(props)));
      if (!form.module) throw new ScreenError('WebForms', form.id, 'module is not set');
      const alias = form.properties.moduleAlias;
      const readerIsRe = loginTypeOf(sessionStore.user()) === 'RE';
      const module = alias && readerIsRe ? alias : form.module;
      const probe = translateForm(form.properties, { mode: props.mode, reUser: readerIsRe });
      const hasState = probe.fields.some((f) => f.kind === 'state');
      const stateMap = hasState ? await loadStateMap(module) : null;
      const record = props.mode === 'create' ? null : await loadRecord(module, probe, props.dataId);
      const current = record?.state === undefined || record?.state === null ? null : Number(record.state);
      const [stateLabels, labels] = await Promise.all([hasState ? loadStateLabels(stateIds(stateMap, current)) : new Map<number, string>(), loadDisplayLabels(module, probe, record)]);
      return { form, module, stateMap, stateLabels, record, labels, probe };
    })().then(
      ({ probe, ...loaded }) => {
        if (!live) return;
        setLoad({ status: 'ready', ...loaded });
        replaceValues(props.mode === 'create' ? freshValues(probe, loaded.stateMap) : loaded.record ? recordToFormData(probe, loaded.record) : {});
        if (!preview && props.mode !== 'create' && !loaded.record) void dialogs.alert(MESSAGES.noRecordTitle, MESSAGES.noRecord, 'error');
      },
      (error: unknown) => live && setLoad({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
    // The page is keyed by its props: they do not change under a mounted controller.
  }, []);

  const helperContext = useCallback(
    (): HelperContext => ({
      record: { ...(ready?.record ?? {}), ...dataRef.current },
      module: ready?.module,
      shell: props.shell,
      navigate: (to) => navigate(to),
      reload: () => void reloadRef.current(),
      setValue: (field, value) => setData((d) => ({ ...d, [field]: value })),
      mode,
      lockFields: (fields) => setLocked(fields),
    }),
    [ready, props.shell, navigate, mode],
  );

  // The form's onload helper, once the form is shown.
  const onload = ready?.form.properties.onload;
  useEffect(() => {
    if (onload) void runHelper(onload, helperContext());
    // Once per loaded definition.
  }, [onload]);

  const setFormData = useCallback(
    (next: FormValues) => {
      if (!model) return;
      const prev = dataRef.current;
      const changedFields = model.fields.filter((f) => JSON.stringify(prev[f.name]) !== JSON.stringify(next[f.name]));
      if (!changedFields.length) return;
      dataRef.current = next;
      setData(next);
      setServerErrors((errs) => {
        if (!changedFields.some((f) => f.name in errs)) return errs;
        const rest = { ...errs };
        for (const f of changedFields) delete rest[f.name];
        return rest;
      });
      for (const f of changedFields) if (f.change) void runHelper(f.change, helperContext());
    },
    [model, helperContext],
  );

  const validate = useCallback((data: FormValues) => (model ? ruleErrors(model, data, { sector: sessionStore.currentSector() }) : {}), [model]);

  const goTo = useCallback(
    (next: FormMode, id: number | string | undefined): boolean => {
      const path = formPath(props, next, id, query.isTab);
      if (path) navigate(path);
      return path !== null;
    },
    [props, query.isTab, navigate],
  );

  /** After a successful save: the form's own list when it names one, else the record's view. */
  const afterSave = useCallback(
    (id: number): boolean => {
      const list = ready?.form.properties.list;
      if (list && !query.isTab) {
        navigate(`${shellPrefix(props.shell)}/list/${list}`);
        return true;
      }
      return goTo('view', id);
    },
    [ready, query.isTab, props.shell, navigate, goTo],
  );

  const reload = useCallback(async () => {
    if (!ready || !model) return;
    try {
      const record = await loadRecord(ready.module, model, String(ready.record?.id ?? props.dataId ?? ''));
      setLoad({ ...ready, record, labels: await loadDisplayLabels(ready.module, model, record) });
      setConflict(null);
      replaceValues(record ? recordToFormData(model, record) : {});
    } catch (e) {
      await presentError(e);
    }
  }, [ready, model, props.dataId, replaceValues]);
  const reloadRef = useRef(reload);
  reloadRef.current = reload;

  const edit = useCallback(() => {
    const id = ready?.record?.id;
    if (!goTo('edit', id as number)) setMode('edit');
  }, [ready, goTo]);

  const showServerProblems = useCallback(
    async (e: unknown) => {
      const fieldErrors = fieldErrorsOf(e);
      if (fieldErrors && model) {
        const shown: Record<string, string> = {};
        const other: string[] = [];
        for (const [name, message] of Object.entries(fieldErrors)) {
          const text = message.charAt(0).toUpperCase() + message.slice(1);
          if (model.fields.some((f) => f.name === name && f.tag !== 'hidden')) shown[name] = text;
          else other.push(`${model.fields.find((f) => f.name === name)?.label ?? name}: ${message}`);
        }
        setServerErrors(shown);
        setFormError(Object.keys(shown).length ? 'Please correct the highlighted fields.' : null);
        if (other.length) await dialogs.alert(MESSAGES.invalidTitle, other.join('\n'), 'error');
        return;
      }
      if (e instanceof RpcError && e.code === 'E_CONCURRENT') {
        const d = (e.details ?? {}) as { record?: Row; changed?: string[] };
        setConflict({ record: d.record ?? {}, changed: Array.isArray(d.changed) ? d.changed : [] });
        return;
      }
      await presentError(e);
    },
    [model],
  );

  const submit = useCallback(
    async (kind: 'save' | 'saveNew' | 'update', validateForm: () => boolean) => {
      if (!ready || !model || preview) return;
      if (kind === 'update' && !ready.record) {
        await dialogs.alert(MESSAGES.noRecordTitle, MESSAGES.noRecord, 'error');
        return;
      }
      if (!validateForm()) {
        await dialogs.alert(MESSAGES.invalidTitle, MESSAGES.invalid, 'error');
        return;
      }
      const data = dataRef.current;
      setFormError(null);
      if (kind === 'update') {
        const record = ready.record!;
        const wire = formDataToWire(model, data, 'edit');
        const done = dialogs.busy(MESSAGES.updating);
        try {
          await rpc.update({ module: ready.module, fields: ['id', 'updatectr', ...wire.fields], values: [Number(record.id), Number(record.updatectr), ...wire.values] });
        } catch (e) {
          done();
          await showServerProblems(e);
          return;
        }
        done();
        void dialogs.alert(MESSAGES.updatedTitle, MESSAGES.updated, 'success');
        options.onSaved?.();
        if (!afterSave(Number(record.id))) {
          setMode('view');
          await reload();
        }
        return;
      }
      const wire = formDataToWire(model, data, 'create');
      const done = dialogs.busy(MESSAGES.creating);
      let created: Row;
      try {
        created = await rpc.create({ module: ready.module, fields: wire.fields, values: wire.values, ...(query.relation ? { relation: query.relation } : {}) });
      } catch (e) {
        done();
        await showServerProblems(e);
        return;
      }
      done();
      void dialogs.alert(MESSAGES.createdTitle, MESSAGES.created, 'success');
      if (kind === 'saveNew') {
        replaceValues(freshValues(model, ready.stateMap));
        return;
      }
      options.onSaved?.();
      if (!afterSave(Number(created.id))) {
        const record = await loadRecord(ready.module, model, String(created.id)).catch(() => null);
        setLoad({ ...ready, record, labels: await loadDisplayLabels(ready.module, model, record) });
        setMode('view');
        replaceValues(record ? recordToFormData(model, record) : {});
      }
    },
    [ready, model, query.relation, afterSave, reload, replaceValues, freshValues, showServerProblems, options],
  );

  const back = useCallback(() => {
    if (query.isTab) {
      window.close();
      return;
    }
    const list = ready?.form.properties.list;
    if (props.listId !== undefined) navigate(props.basePath);
    else if (list) navigate(`${shellPrefix(props.shell)}/list/${list}`);
    else if (window.history.length > 1) navigate(-1);
    else navigate('/home');
  }, [query.isTab, props.listId, props.basePath, props.shell, ready, navigate]);

  const runButton = useCallback((b: FormButton) => void runHelper(b.helper, helperContext()), [helperContext]);

  const module = ready?.module ?? '';
  const changed = model ? valuesDiffer(model, formData, baseline) : false;
  // A preview (the form editor's) writes nothing, whatever the admin may do.
  const may = (verb: string) => !preview && Boolean(module) && hasPermission(user, `${module}.${verb}`);
  // An RE user reads the form's module through its alias (RE → RE-RE); a report named after the
  // module is then printed as its twin named after the alias (report RE-RE), which the user may read.
  const baseReport = ready?.form.properties.report_name;
  const reportName = baseReport && ready && ready.module !== ready.form.module && baseReport === ready.form.module ? ready.module : baseReport;
  const recordId = ready?.record?.id;

  return {
    status: load.status,
    error: load.status === 'error' ? load.error : undefined,
    form: ready?.form,
    module,
    mode,
    model,
    record: ready?.record ?? null,
    labels: ready?.labels ?? {},
    notFound: Boolean(ready && mode !== 'create' && !ready.record),
    formData,
    changed,
    generation,
    serverErrors,
    formError,
    conflict,
    isTab: query.isTab,
    can: {
      save: mode === 'create' && may('create'),
      saveNew: mode === 'create' && may('create'),
      edit: mode === 'view' && Boolean(ready?.record) && may('update') && !props.noEdit,
      update: mode === 'edit' && Boolean(ready?.record) && may('update'),
    },
    buttons: preview ? [] : (ready?.form.properties.buttons ?? []).filter((b) => (!b.modes || b.modes.includes(mode)) && hasPermission(user, b.permission)),
    pdfHref: reportName && recordId !== undefined && mode !== 'create' ? `/out/${reportName}.pdf?action=report.print&WHERE=${encodeURIComponent(`id=${String(recordId)}`)}` : null,
    setFormData,
    validate,
    edit,
    submit,
    reload,
    dismissConflict: () => setConflict(null),
    back,
    runButton,
  };
}
