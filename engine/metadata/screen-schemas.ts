// JSON Schemas of the screen metadata stored in WebList, WebListview and WebForms records (the
// `properties` column). One definition serves the server (which refuses an invalid definition
// on save) and the client (which types what it renders with the derived Static types and
// shows an explicit error screen for a definition that does not load). Behaviour is data:
// buttons and change handlers name helpers from the client's registry; nothing is evaluated.
import { Type, type Static } from '@sinclair/typebox';

const Name = Type.String({ minLength: 1, maxLength: 200 });
const FieldName = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,80}$' });
const ModuleName = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]{0,80}$' });
/** A `{Module}.{action}` permission, e.g. `RE.create`. */
const Permission = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]*\\.[A-Za-z][A-Za-z0-9_.]*$' });
/**
 * A name in the client's helper registry (`Function not provided: X` when unknown), optionally
 * with literal arguments: `setStatus(4)`, `notify('done')` (client/src/helpers/registry.ts).
 */
const HelperName = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_.]{0,80}(\\([^()]{0,200}\\))?$' });
const Scalar = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);
/** One condition of Record.select's where (PROTOCOL.md §4): [field, operator, value]. */
const WhereTriple = Type.Union([Type.Tuple([FieldName, Type.String()]), Type.Tuple([FieldName, Type.String(), Type.Unknown()])]);
/** A link within the portal; `[field]` placeholders are filled from the row or record. */
const Link = Type.String({ pattern: '^/[^\\s]*$', maxLength: 500 });

/** Where a select box or a filter takes its choices from. */
export const OptionSource = Type.Union([
  Type.Object(
    {
      module: ModuleName,
      /** The stored value (default `id`) and the label shown (default `name`). */
      value: Type.Optional(FieldName),
      label: Type.Optional(FieldName),
      where: Type.Optional(Type.Array(WhereTriple)),
      order: Type.Optional(Type.String({ maxLength: 200 })),
      /** Entries of one list group (module List): state 4 hidden, ordered by displayorder. */
      listgroup: Type.Optional(Type.Integer({ minimum: 1 })),
    },
    { additionalProperties: false },
  ),
  Type.Object({ options: Type.Array(Type.Object({ value: Scalar, label: Type.String() }, { additionalProperties: false })) }, { additionalProperties: false }),
  /** The states of the list's module, from its state map. */
  Type.Object({ statemap: Type.Literal(true) }, { additionalProperties: false }),
]);
export type OptionSource = Static<typeof OptionSource>;

// ---------------------------------------------------------------- WebList

export const RowButton = Type.Object(
  {
    label: Name,
    /** link: go to `link`; tab: open `link` in a new tab with isTab=true; helper: run `helper`. */
    kind: Type.Union([Type.Literal('link'), Type.Literal('tab'), Type.Literal('helper')]),
    link: Type.Optional(Link),
    helper: Type.Optional(HelperName),
    permission: Type.Optional(Permission),
    /** Shown only for rows in one of these states. */
    states: Type.Optional(Type.Array(Type.Integer())),
    className: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type RowButton = Static<typeof RowButton>;

export const TopButton = Type.Object(
  {
    label: Name,
    kind: Type.Optional(Type.Union([Type.Literal('link'), Type.Literal('tab'), Type.Literal('helper')])),
    link: Type.Optional(Link),
    helper: Type.Optional(HelperName),
    /** Disabled (not hidden) without this permission (seed 000 §2.8). */
    permission: Type.Optional(Permission),
  },
  { additionalProperties: false },
);
export type TopButton = Static<typeof TopButton>;

export const WebListProperties = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: 200 })),
    alias: Type.Optional(Type.String({ maxLength: 100 })),
    /** The WebForms record that the list's create, view and edit pages render. */
    form: Type.Optional(Type.Integer({ minimum: 1 })),
    /** The list views (WebListview ids) offered by the view selector; one may be the default. */
    list_id: Type.Array(
      Type.Object(
        {
          id: Type.Integer({ minimum: 1 }),
          name: Name,
          default: Type.Optional(Type.Boolean()),
          /** Where a row click goes; default: the list's view page for the row's id. */
          link: Type.Optional(Link),
          /** Offered only to users holding one of these roles (default: everyone). */
          roles: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
          buttons: Type.Optional(Type.Array(RowButton)),
        },
        { additionalProperties: false },
      ),
      { minItems: 1 },
    ),
    buttons: Type.Optional(Type.Array(TopButton)),
    onload: Type.Optional(HelperName),
    /** Export Excel button (default shown). */
    export: Type.Optional(Type.Boolean()),
    /** Custom search box with a field picker (default shown). */
    customSearch: Type.Optional(Type.Boolean()),
    /** Label of the filter form's search button (default Search). */
    searchLabel: Type.Optional(Type.String({ maxLength: 50 })),
    refresh: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type WebListProperties = Static<typeof WebListProperties>;

// ---------------------------------------------------------------- WebListview

export const FilterTypes = ['plain', 'date', 'daterange', 'year', 'month', 'btwn_year', 'btwn_month'] as const;

export const ListColumn = Type.Object(
  {
    name: FieldName,
    title: Type.Optional(Type.String({ maxLength: 200 })),
    visible: Type.Optional(Type.Boolean()),
    /** Pixels; default the smaller of 10% of the grid and an equal share. */
    width: Type.Optional(Type.Integer({ minimum: 20, maximum: 2000 })),
    /** Included in the Excel export (default: when visible). */
    export: Type.Optional(Type.Boolean()),
    /** How the value is shown: dates as DD/MM/YYYY, date-times with the time, states by name. */
    data_parse: Type.Optional(Type.Union(['text', 'date', 'datetime', 'number', 'boolean', 'state'].map((t) => Type.Literal(t)))),
    sortable: Type.Optional(Type.Boolean()),
    /** What a cell without a value shows (seed 003 §2.2: a dash for an approved date not yet given). */
    empty: Type.Optional(Type.String({ maxLength: 20 })),
  },
  { additionalProperties: false },
);
export type ListColumn = Static<typeof ListColumn>;

/** A filter default counted from today when the list opens. */
const RelativeDefault = Type.Object({ relativeMonths: Type.Integer({ minimum: -120, maximum: 120 }) }, { additionalProperties: false });

export const ListFilter = Type.Object(
  {
    name: FieldName,
    title: Type.Optional(Type.String({ maxLength: 200 })),
    type: Type.Union(FilterTypes.map((t) => Type.Literal(t))),
    /** Plain filters: the operator (default: `like` for text, `=` otherwise). */
    condition: Type.Optional(Type.Union(['=', '!=', 'like', '>=', '<=', '>', '<', 'in'].map((t) => Type.Literal(t)))),
    /**
     * The value the filter starts with: a literal, or `{relativeMonths: n}` — the month n months
     * from today (-1: the previous month), for month, year and date filters (seed 003 §2.1).
     */
    default: Type.Optional(Type.Union([Scalar, RelativeDefault])),
    /** A select box of choices instead of a text box. */
    source: Type.Optional(OptionSource),
    prefix: Type.Optional(Type.String({ maxLength: 50 })),
    suffix: Type.Optional(Type.String({ maxLength: 50 })),
    tag: Type.Optional(Type.Union([Type.Literal('input'), Type.Literal('select')])),
    /** Exact match (absolute mode) instead of contains, for text. */
    absolute: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ListFilter = Static<typeof ListFilter>;

export const WebListviewProperties = Type.Object(
  {
    controller: Type.Object(
      {
        module: ModuleName,
        /** Conditions always applied (a view of the module). */
        where: Type.Optional(Type.Array(WhereTriple)),
        order: Type.Optional(Type.String({ maxLength: 200 })),
        pageIndex: Type.Optional(Type.Integer({ minimum: 1 })),
        max: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
      },
      { additionalProperties: false },
    ),
    fields: Type.Array(ListColumn, { minItems: 1 }),
    filters: Type.Optional(Type.Array(ListFilter)),
    /** The module RE users read instead (e.g. `RE-RE` for `RE`). */
    module_alias: Type.Optional(ModuleName),
    /** Fields the custom search's picker offers (default: the visible text columns). */
    searchFields: Type.Optional(Type.Array(FieldName)),
  },
  { additionalProperties: false },
);
export type WebListviewProperties = Static<typeof WebListviewProperties>;

// ---------------------------------------------------------------- WebForms

export const FieldRule = Type.Union([
  Type.Object({ rule: Type.Literal('different'), field: FieldName }, { additionalProperties: false }),
  Type.Object({ rule: Type.Literal('differentByFieldName'), fields: Type.Array(FieldName, { minItems: 1 }) }, { additionalProperties: false }),
  Type.Object({ rule: Type.Literal('beforeDate'), field: FieldName }, { additionalProperties: false }),
  Type.Object({ rule: Type.Literal('afterDate'), field: FieldName }, { additionalProperties: false }),
  /** On or after the other date field (seed 001 §5.2: an end not before its start; the same day allowed). */
  Type.Object({ rule: Type.Literal('notBeforeDate'), field: FieldName }, { additionalProperties: false }),
  /** Seed 000 §5: sectors 1 and 2, designation 1379 needs the value 312. */
  Type.Object({ rule: Type.Literal('allowchairman'), designation: FieldName, sector: Type.Optional(FieldName) }, { additionalProperties: false }),
]);
export type FieldRule = Static<typeof FieldRule>;

export const FormFieldTags = ['input', 'select', 'textarea', 'checkbox', 'state', 'relation', 'static', 'hidden'] as const;

export const FormField = Type.Object(
  {
    tag: Type.Union(FormFieldTags.map((t) => Type.Literal(t))),
    attributes: Type.Object(
      {
        name: FieldName,
        type: Type.Optional(Type.Union(['text', 'number', 'email', 'tel', 'password', 'date', 'datetime'].map((t) => Type.Literal(t)))),
        value: Type.Optional(Scalar),
        required: Type.Optional(Type.Boolean()),
        validation: Type.Optional(Type.Array(FieldRule)),
        readOnly: Type.Optional(Type.Boolean()),
        step: Type.Optional(Type.Number()),
        min: Type.Optional(Type.Number()),
        max: Type.Optional(Type.Number()),
        maxLength: Type.Optional(Type.Integer({ minimum: 1 })),
        change: Type.Optional(HelperName),
        className: Type.Optional(Type.String({ maxLength: 100 })),
        btn_label: Type.Optional(Type.String({ maxLength: 100 })),
        url: Type.Optional(Link),
        placeholder: Type.Optional(Type.String({ maxLength: 200 })),
      },
      { additionalProperties: false },
    ),
    config: Type.Optional(
      Type.Object(
        {
          label: Type.Optional(Type.String({ maxLength: 200 })),
          hideLabel: Type.Optional(Type.Boolean()),
          /** false: not shown (still loaded and saved unless read-only). */
          display: Type.Optional(Type.Boolean()),
          /** Grid columns out of 12 (default 6). */
          width: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
          tooltip: Type.Optional(Type.String({ maxLength: 500 })),
          /** Regulator staff only: an entity user's form leaves the field out (neither read nor sent). */
          staffOnly: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
    ),
    options: Type.Optional(Type.Array(Type.Object({ value: Scalar, label: Type.String() }, { additionalProperties: false }))),
    ajax: Type.Optional(OptionSource),
    relation: Type.Optional(
      Type.Object(
        {
          list_id: Type.Integer({ minimum: 1 }),
          /** 1: the parent id goes into the child's `modulecolumn_name`; 2: many-to-many link module. */
          relation_type: Type.Union([Type.Literal(1), Type.Literal(2)]),
          child_name: ModuleName,
          modulecolumn_name: FieldName,
          parent_name: ModuleName,
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type FormField = Static<typeof FormField>;

export const FormButton = Type.Object(
  { label: Name, helper: HelperName, permission: Type.Optional(Permission), modes: Type.Optional(Type.Array(Type.Union([Type.Literal('view'), Type.Literal('edit'), Type.Literal('create')]))) },
  { additionalProperties: false },
);
export type FormButton = Static<typeof FormButton>;

export const WebFormsProperties = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: 200 })),
    fields: Type.Array(FormField, { minItems: 1 }),
    /** Fields per row on wide screens (default 2). */
    columns: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
    onload: Type.Optional(HelperName),
    /** The report printed by the PDF export button (GET /out/{report_name}.pdf). */
    report_name: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' })),
    /** The module RE users write through (e.g. `RE-RE`). */
    moduleAlias: Type.Optional(ModuleName),
    alias: Type.Optional(Type.String({ maxLength: 100 })),
    buttons: Type.Optional(Type.Array(FormButton)),
    /** Where a successful save goes; default the view page of the record. */
    list: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type WebFormsProperties = Static<typeof WebFormsProperties>;

// ---------------------------------------------------------------- dashboard charts

/**
 * A chart row's conditions: triples all holding (and), or one `{or: [...]}` of alternatives, each
 * a triple or an `{and: [...]}` of triples — what the chart editor's where-builder writes.
 */
export const ChartWhereItem = Type.Union([
  WhereTriple,
  Type.Object(
    { or: Type.Array(Type.Union([WhereTriple, Type.Object({ and: Type.Array(WhereTriple, { minItems: 1, maxItems: 50 }) }, { additionalProperties: false })]), { minItems: 1, maxItems: 50 }) },
    { additionalProperties: false },
  ),
]);
export type ChartWhereItem = Static<typeof ChartWhereItem>;

/**
 * One data row (series) of a chart: a declarative aggregate over a module, run by the record
 * engine with the viewer's permissions and entity scope. Never SQL text.
 */
export const ChartDataRow = Type.Object(
  {
    label: Type.String({ minLength: 1, maxLength: 100 }),
    color: Type.String({ pattern: '^#[0-9A-Fa-f]{6}$' }),
    module: ModuleName,
    aggregate: Type.Union([Type.Literal('count'), Type.Literal('sum'), Type.Literal('avg')]),
    /** The summed or averaged field (sum, avg). */
    field: Type.Optional(FieldName),
    /** By month of a date field (the 12 months up to the chosen one), or by a lookup field's names. */
    groupBy: Type.Union([Type.Object({ month: FieldName }, { additionalProperties: false }), Type.Object({ lookup: FieldName }, { additionalProperties: false })]),
    where: Type.Optional(Type.Array(ChartWhereItem, { maxItems: 50 })),
  },
  { additionalProperties: false },
);
export type ChartDataRow = Static<typeof ChartDataRow>;

/** DashboardChart.data. */
export const ChartData = Type.Object({ rows: Type.Array(ChartDataRow, { minItems: 1, maxItems: 20 }) }, { additionalProperties: false });
export type ChartData = Static<typeof ChartData>;

// ---------------------------------------------------------------- personal list views

/** What a user changes of an admin's list view for themselves (ListView.savePersonal). */
export const PersonalViewSettings = Type.Object(
  {
    /** The columns in the order shown, each visible or not, with its width. */
    columns: Type.Optional(Type.Array(Type.Object({ name: FieldName, visible: Type.Optional(Type.Boolean()), width: Type.Optional(Type.Integer({ minimum: 20, maximum: 2000 })) }, { additionalProperties: false }), { maxItems: 200 })),
    order: Type.Optional(Type.String({ maxLength: 200 })),
    /** Saved filter conditions (where triples). */
    filters: Type.Optional(Type.Array(WhereTriple, { maxItems: 50 })),
  },
  { additionalProperties: false },
);
export type PersonalViewSettings = Static<typeof PersonalViewSettings>;

/** The stored records as the client reads them. */
export interface WebListRecord { id: number; name: string; module?: string | null; properties: WebListProperties }
export interface WebListviewRecord { id: number; name: string; weblist?: number | null; properties: WebListviewProperties }
export interface WebFormsRecord { id: number; name: string; module: string; updatectr?: number; properties: WebFormsProperties }

export const SCREEN_SCHEMAS = { WebList: WebListProperties, WebListview: WebListviewProperties, WebForms: WebFormsProperties } as const;
export type ScreenModule = keyof typeof SCREEN_SCHEMAS;
