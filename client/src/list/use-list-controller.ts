// The generic list's controller (react-admin's useListController, our shape): loads the WebList
// and the chosen WebListview, works out the module (RE users read the view's module_alias), the
// fixed and the user's conditions, order and page, asks for the rows, and answers everything the
// presentational components render, with the actions they call. Driven only by the metadata.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { ListFilter, OptionSource, RowButton, TopButton, WebListRecord, WebListviewRecord } from '../../../engine/metadata/screen-schemas.js';
import { LIST_SCREENS, shellPrefix } from '../app/screen-routes';
import { runHelper, type HelperContext } from '../helpers/registry';
import { resolveLink } from '../metadata/links';
import { loadListview, loadWebList, ScreenError } from '../metadata/screens';
import type { ModuleSource } from '../form/choice-source';
import { presentError } from '../rpc/error-presenter';
import type { Row } from '../rpc/rpc';
import { hasPermission, loginTypeOf, useSession } from '../session/session-store';
import { usePageTitle } from '../app/page-title';
import { exportList, type ExportProgress } from './export-excel';
import { requestedFields, resolveColumn, titleOf, type ResolvedColumn } from './list-columns';
import { helperFields, helperShowsFor } from './list-helpers';
import type { ListPageProps } from './list-page';
import {
  buildWhere,
  defaultValues,
  FilterInputError,
  NO_SORT,
  pageCount,
  parsePageParam,
  parseSort,
  parseWhereParam,
  restoreForm,
  routeFilters,
  type ColumnType,
  type FilterValue,
  type FormState,
  type SearchValue,
  type Sort,
  type Triple,
} from './list-query';
import { loadOptions, type Option } from './option-sources';
import { useListQueryState } from './use-list-query-state';
import { useListRows, type RowsError, type RowsRequest } from './use-list-rows';
import { setWidth } from './personal-view';
import { usePersonalView, type PersonalControls } from './use-personal-view';

export const PAGE_SIZE = 20;

export interface ResolvedFilter {
  index: number;
  filter: ListFilter;
  title: string;
  /** Select boxes over fixed options or the module's states: the choices (null while they load); others: undefined. */
  options?: Option[] | null;
  /** Select boxes over a module's records or a list group's entries: searched 30 at a time (ui/module-search-select.tsx). */
  search?: ModuleSource;
}

/** A filter's source as the paged search reads it, when it is a module's records or a list group's entries. */
function searchSource(source: OptionSource | undefined): ModuleSource | undefined {
  if (!source || !('module' in source)) return undefined;
  return source.listgroup !== undefined ? { ...source, module: 'List' } : source;
}

/** The filter is a select box: it has a source and is not forced to a text box. */
const isSelect = (f: ListFilter) => !!f.source && f.tag !== 'input';

export interface ButtonState<B> {
  button: B;
  disabled: boolean;
  /** Why it is disabled: the permission it needs. */
  needs?: string;
  run(): void;
}

export interface ListReady {
  status: 'ready';
  title: string;
  embedded: boolean;
  views: { id: number; name: string }[];
  viewId: number;
  selectView(id: number): void;
  module: string;
  /** The user may read the module; without it no rows are asked for. */
  canSelect: boolean;
  columns: ResolvedColumn[];
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  setPage(page: number): void;
  loading: boolean;
  loadSeq: number;
  error: RowsError | null;
  sort: Sort | null;
  setSort(sort: Sort | null): void;
  filters: ResolvedFilter[];
  form: FormState;
  setFilterValue(index: number, patch: FilterValue): void;
  setSearch(patch: Partial<SearchValue>): void;
  /** The custom search box's field picker; empty when the box is off. */
  searchFields: { name: string; title: string }[];
  searchLabel: string;
  formError: string | null;
  search(): void;
  reset(): void;
  createLink: string | null;
  topButtons: ButtonState<TopButton>[];
  refresh: (() => void) | null;
  exportExcel: (() => void) | null;
  exportProgress: ExportProgress | null;
  rowKey(row: Row): string;
  rowLink(row: Row): string | null;
  openRow(row: Row): void;
  hasRowButtons: boolean;
  rowButtons(row: Row): ButtonState<RowButton>[];
  /** The user's own view of the columns, sort and filters; null in a preview. */
  personal: PersonalControls | null;
}

export type ListController = { status: 'loading' } | { status: 'error'; error: unknown } | ListReady;

type Definitions = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; list: WebListRecord; view: WebListviewRecord };

/** Modules that refused `{state}_name_ind_field` (link modules): their state names come from List. */
const withoutNames = new Set<string>();

/** The views offered to a user: those without `roles`, and those naming one of the user's roles. */
function offeredViews(list: WebListRecord, roles: string) {
  const mine = roles.split(',');
  return list.properties.list_id.filter((v) => !v.roles || v.roles.some((r) => mine.includes(String(r))));
}

function withIsTab(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}isTab=true`;
}

export function useListController(props: ListPageProps): ListController {
  const { listId, basePath, shell, fixedWhere, embedded = false, definitions } = props;
  const { user, re } = useSession();
  const routeParams = useParams();
  const navigate = useNavigate();
  // Kept per user and list address while the user moves around the portal (use-list-query-state.ts).
  const query = useListQueryState(embedded, user && !definitions ? `list-query:${user.id}:${basePath}` : undefined);
  const [defs, setDefs] = useState<Definitions>({ status: 'loading' });
  const [tick, setTick] = useState(0);
  const [namesTick, setNamesTick] = useState(0);
  const [form, setForm] = useState<FormState>({ values: {}, search: { field: '', text: '' } });
  const [formError, setFormError] = useState<string | null>(null);
  const [options, setOptions] = useState<Record<number, Option[] | null>>({});
  const [exportProgress, setExportProgress] = useState<ExportProgress | null>(null);

  // ---- definitions: the WebList, then the chosen view (an error screen when either is broken)
  const viewParam = query.get('view');
  const [chosenView, setChosenView] = useState<number | null>(null);
  const roles = Object.keys(user?.roles ?? {}).filter((r) => user?.roles[r]).join(',');
  useEffect(() => {
    let live = true;
    (async () => {
      try {
        // An editor's preview passes its unsaved draft instead of the stored definitions.
        const list = definitions?.list ?? (await loadWebList(listId));
        const entries = offeredViews(list, roles);
        const entry = entries.find((v) => String(v.id) === viewParam) ?? entries.find((v) => v.default) ?? entries[0];
        if (!entry) throw new ScreenError('WebList', listId, 'offers no view to your roles');
        // The user's own settings for this view load beside its definition (usePersonalView).
        if (live) setChosenView(entry.id);
        const view = definitions?.views?.[entry.id] ?? (await loadListview(entry.id));
        if (live) setDefs({ status: 'ready', list, view });
      } catch (error) {
        if (live) setDefs({ status: 'error', error });
      }
    })();
    return () => {
      live = false;
    };
  }, [listId, viewParam, roles, definitions]);

  const ready = defs.status === 'ready' ? defs : null;
  const list = ready?.list;
  const view = ready?.view;
  const entry = list && view ? list.properties.list_id.find((v) => v.id === view.id) : undefined;
  const vp = view?.properties;
  // The user's own view on top of the admin's; an editor's preview shows the admin's as drafted.
  const personal = usePersonalView(view, !definitions, chosenView ?? view?.id ?? null);
  const module = vp ? (loginTypeOf(user) === 'RE' && vp.module_alias ? vp.module_alias : vp.controller.module) : '';
  const withNames = !withoutNames.has(module);
  const filters = useMemo(() => vp?.filters ?? [], [vp]);
  const canSelect = hasPermission(user, `${module}.select`);
  const rowButtonDefs = useMemo(() => entry?.buttons ?? [], [entry]);

  // ---- types: the metadata's until an answer tells the wire types
  const metaTypeOf = useCallback(
    (field: string): ColumnType | undefined => {
      const parse = vp?.fields.find((c) => c.name === field)?.data_parse;
      return parse === 'date' || parse === 'datetime' || parse === 'boolean' ? parse : parse === 'number' ? 'decimal' : undefined;
    },
    [vp],
  );

  const searchFields = useMemo(() => {
    if (!vp || list?.properties.customSearch === false) return [];
    const names = vp.searchFields ?? vp.fields.filter((c) => c.visible !== false && [undefined, 'text', 'date', 'datetime'].includes(c.data_parse) && c.name !== 'state').map((c) => c.name);
    return names.map((name) => ({ name, title: vp.fields.find((c) => c.name === name)?.title ?? titleOf(name) }));
  }, [vp, list]);

  // ---- the user's conditions: from the address, else the filters' defaults
  const whereParam = query.get('where');
  const addressWhere = useMemo(() => parseWhereParam(whereParam) ?? personal.filters, [whereParam, personal.filters]);
  const defaultForm = useCallback((): FormState => ({ values: defaultValues(filters), search: { field: searchFields[0]?.name ?? '', text: '' } }), [filters, searchFields]);
  const userWhere = useMemo((): Triple[] => {
    if (addressWhere) return addressWhere;
    try {
      return buildWhere(filters, defaultForm(), metaTypeOf);
    } catch {
      return [];
    }
  }, [addressWhere, filters, defaultForm, metaTypeOf]);

  // The form shows the address's search (a restored address, back and forward) or the defaults.
  useEffect(() => {
    if (!vp) return;
    const names = searchFields.map((s) => s.name);
    const restored = addressWhere ? restoreForm(filters, addressWhere, names) : defaultForm();
    if (!restored.search.field) restored.search.field = names[0] ?? '';
    setForm(restored);
    setFormError(null);
  }, [vp, addressWhere, filters, searchFields, defaultForm]);

  // ---- select-box choices: fixed options and states whole; modules and list groups page (searchSource)
  useEffect(() => {
    if (!vp || !module) return;
    let live = true;
    const sources = filters.map((f, i) => [i, f] as const).filter(([, f]) => isSelect(f) && !searchSource(f.source));
    setOptions(Object.fromEntries(sources.map(([i]) => [i, null])));
    for (const [i, f] of sources) {
      loadOptions(f.source!, module)
        .then((o) => live && setOptions((s) => ({ ...s, [i]: o })))
        .catch((e) => {
          if (!live) return;
          setOptions((s) => ({ ...s, [i]: [] }));
          void presentError(e);
        });
    }
    return () => {
      live = false;
    };
  }, [vp, module, filters]);

  // ---- the request: fixed conditions (view, route fk_ parameters, the embedding page) and the user's
  const sort = parseSort(query.get('order') ?? personal.order);
  const page = parsePageParam(query.get('pageIndex')) ?? vp?.controller.pageIndex ?? 1;
  const pageSize = vp?.controller.max ?? PAGE_SIZE;
  const metaColumns = useMemo(() => (vp ? vp.fields.map((c) => resolveColumn(c, metaTypeOf(c.name), withNames)) : []), [vp, metaTypeOf, withNames]);
  const stateColumns = useMemo(() => (withNames ? [] : metaColumns.filter((c) => c.nameField && c.nameField !== c.name).map((c) => ({ name: c.name, nameField: c.nameField! }))), [metaColumns, withNames]);
  const fixed = useMemo((): unknown[] => [...(vp?.controller.where ?? []), ...(embedded ? [] : routeFilters(routeParams)), ...(fixedWhere ?? [])], [vp, embedded, routeParams, fixedWhere]);
  const sortColumn = sort ? metaColumns.find((c) => c.name === sort.column && c.sortable) : undefined;
  const order = sortColumn && sort ? `${sortColumn.sortField} ${sort.dir}` : vp?.controller.order;
  const fields = useMemo(
    () => (vp && entry ? requestedFields(vp, entry.link, rowButtonDefs, helperFields(rowButtonDefs.flatMap((b) => (b.helper ? [b.helper] : []))), withNames) : []),
    [vp, entry, rowButtonDefs, withNames],
  );
  const request: RowsRequest | null = vp && canSelect && personal.ready ? { module, fields, where: [...fixed, ...userWhere], order, max: pageSize, pageIndex: page } : null;
  // A new entity (RE users switch) or a refresh asks again for the same request.
  const rows = useListRows(request, stateColumns, `${tick}:${namesTick}:${re ?? ''}`, () => {
    withoutNames.add(module);
    setNamesTick((n) => n + 1);
  });
  const typeOf = useCallback((field: string) => rows.types.get(field) ?? metaTypeOf(field), [rows.types, metaTypeOf]);
  const columnsAll = useMemo(() => (vp ? vp.fields.map((c) => resolveColumn(c, typeOf(c.name), withNames)) : []), [vp, typeOf, withNames]);

  // ---- onload helper, once the definitions are in
  const onloadRan = useRef<string | null>(null);
  const helperContext = useCallback(
    (row?: Row): HelperContext => ({ row, module, shell, fixed, navigate: (to) => navigate(to), reload: () => setTick((t) => t + 1) }),
    [module, shell, navigate, fixed],
  );
  useEffect(() => {
    const onload = list?.properties.onload;
    if (!onload || !module || onloadRan.current === `${listId}:${module}`) return;
    onloadRan.current = `${listId}:${module}`;
    void runHelper(onload, helperContext());
  }, [list, module, listId, helperContext]);

  // ---- page title, with the portal's name as its suffix (seed 000 §1)
  const title = props.title || list?.properties.title || 'List';
  usePageTitle(!embedded && list ? title : null);

  if (defs.status !== 'ready' || !list || !vp || !entry) return defs.status === 'error' ? { status: 'error', error: defs.error } : { status: 'loading' };

  // ---- links and buttons
  const prefix = shellPrefix(shell);
  const named = LIST_SCREENS.some((s) => s.list === listId && s.shells.includes(shell) && `${prefix}/${s.path}` === basePath);
  const form_ = list.properties.form;
  const formPath = (mode: 'create' | 'view', id?: unknown) => (named ? `${basePath}/${mode}${id === undefined ? '' : `/${String(id)}`}` : `${prefix}/form/${form_}/${mode}${id === undefined ? '' : `/${String(id)}`}`);
  const topDefs = list.properties.buttons ?? [];
  // Metadata that declares its own create button replaces the default one.
  const ownCreate = topDefs.some((b) => b.link?.endsWith('/create'));
  const createLink = form_ && !embedded && !ownCreate && hasPermission(user, `${module}.create`) ? formPath('create') : null;
  const idOf = (row: Row) => row.id ?? row.link_id;

  const go = (kind: 'link' | 'tab', to: string) => {
    if (kind === 'tab') window.open(withIsTab(to), '_blank', 'noopener');
    else navigate(to);
  };
  const resolve = (link: string, row?: Row) => resolveLink(row && !/\[[A-Za-z0-9_]+\]/.test(link) ? `${link.replace(/\/$/, '')}/${String(idOf(row))}` : link, row ?? {}, shell);
  const runButton = (b: TopButton | RowButton, row?: Row) => {
    const kind = b.kind ?? (b.helper ? 'helper' : 'link');
    if (kind === 'helper') {
      if (b.helper) void runHelper(b.helper, helperContext(row));
      else void presentError(new Error(`The button ${b.label} names no helper`));
      return;
    }
    if (b.link) go(kind, resolve(b.link, row));
  };
  const buttonState = <B extends TopButton | RowButton>(b: B, row?: Row): ButtonState<B> => {
    const disabled = !hasPermission(user, b.permission);
    return { button: b, disabled, needs: disabled ? b.permission : undefined, run: () => !disabled && runButton(b, row) };
  };

  const rowLink = (row: Row): string | null => {
    if (props.rowLink) return resolve(props.rowLink, row);
    if (entry.link) return resolve(entry.link, row);
    return form_ ? formPath('view', idOf(row)) : null;
  };

  const setQuery = query.update;
  const views = offeredViews(list, roles).map((v) => ({ id: v.id, name: v.name }));
  // The columns in the user's order, visibility and widths (the admin's when they have none).
  const resolved = new Map(columnsAll.map((c) => [c.name, c]));
  // A width the user gave (dragged or typed) is kept as it is; the admin's may give way to fit (list-columns.ts fitRoom).
  const visible = personal.columns
    .filter((p) => p.visible && resolved.has(p.name))
    .map((p) => {
      const c = resolved.get(p.name)!;
      return { ...c, width: p.width, userWidth: p.width !== undefined && p.width !== c.width };
    });
  const exportColumns = columnsAll.filter((c) => c.exported);

  return {
    status: 'ready',
    title,
    embedded,
    views,
    viewId: view.id,
    selectView: (id) => setQuery({ view: String(id), where: null, pageIndex: null, order: null }),
    module,
    canSelect,
    columns: visible,
    rows: rows.rows,
    total: rows.total,
    page,
    pageSize,
    pageCount: pageCount(rows.total, pageSize),
    setPage: (p) => setQuery({ pageIndex: String(p) }),
    loading: rows.loading,
    loadSeq: rows.seq,
    error: canSelect ? rows.error : { code: 'E_NOPERMISSION', message: `You do not have permission to view this list (${module}.select).` },
    sort: sortColumn ? sort : null,
    // Cleared while a saved view has a sort: say so in the address, or the saved sort comes back.
    setSort: (s) => setQuery({ order: s ? `${s.column} ${s.dir}` : personal.order ? NO_SORT : null, pageIndex: '1' }),
    filters: filters.map((filter, index) => ({
      index,
      filter,
      title: filter.title ?? vp.fields.find((c) => c.name === filter.name)?.title ?? titleOf(filter.name),
      ...(isSelect(filter) ? (searchSource(filter.source) ? { search: searchSource(filter.source) } : { options: options[index] ?? null }) : {}),
    })),
    form,
    // A Status chosen alone means every period: the date range still at its default (a month
    // counted from today) is cleared on screen, so the two do not silently combine. A range the
    // user typed stays.
    setFilterValue: (index, patch) =>
      setForm((f) => {
        const values = { ...f.values, [index]: { ...f.values[index], ...patch } };
        if (filters[index]?.name === 'state' && patch.value) {
          const defaults = defaultValues(filters);
          filters.forEach((g, i) => {
            if (typeof g.default === 'object' && g.default !== null && JSON.stringify(values[i] ?? {}) === JSON.stringify(defaults[i] ?? {})) values[i] = {};
          });
        }
        return { ...f, values };
      }),
    setSearch: (patch) => setForm((f) => ({ ...f, search: { ...f.search, ...patch } })),
    searchFields,
    searchLabel: list.properties.searchLabel || 'Search',
    formError,
    search: () => {
      let where: Triple[];
      try {
        where = buildWhere(filters, form, typeOf);
      } catch (e) {
        if (e instanceof FilterInputError) {
          setFormError(e.message);
          return;
        }
        throw e;
      }
      setFormError(null);
      const text = JSON.stringify(where);
      if (text === whereParam && page === 1) setTick((t) => t + 1);
      else setQuery({ where: text, pageIndex: '1' });
    },
    reset: () => {
      setFormError(null);
      setForm(defaultForm());
      setQuery({ where: null, pageIndex: null, order: null });
    },
    createLink,
    topButtons: topDefs.map((b) => buttonState(b)),
    refresh: list.properties.refresh === false ? null : () => setTick((t) => t + 1),
    exportExcel:
      list.properties.export === false || !canSelect
        ? null
        : () => {
            if (exportProgress) return;
            exportList(
              { title, columnNames: exportColumns.map((c) => c.title), module, fields: exportColumns.map((c) => (c.nameField && withNames ? c.nameField : c.name)), where: [...fixed, ...userWhere], order },
              setExportProgress,
            )
              .catch((e) => presentError(e))
              .finally(() => setExportProgress(null));
          },
    exportProgress,
    rowKey: (row) => String(idOf(row)),
    rowLink,
    openRow: (row) => {
      const to = rowLink(row);
      if (to) navigate(to);
    },
    hasRowButtons: rowButtonDefs.length > 0,
    personal: personal.enabled
      ? {
          columns: personal.columns,
          saved: personal.saved,
          dirty: personal.dirty,
          busy: personal.busy,
          setColumns: personal.setColumns,
          resizeColumn: (name, width) => personal.setColumns(setWidth(personal.columns, name, width)),
          save: () => void personal.save(sort ? `${sort.column} ${sort.dir}` : null, addressWhere),
          reset: () =>
            void personal.reset().then((done) => {
              if (done) setQuery({ where: null, pageIndex: null, order: null });
            }),
        }
      : null,
    rowButtons: (row) => rowButtonDefs.filter((b) => (!b.states || b.states.includes(Number(row.state))) && (!b.helper || helperShowsFor(b.helper, row))).map((b) => buttonState(b, row)),
  };
}

