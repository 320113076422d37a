// The JSON Schema of a module definition (portal/metadata/modules/*.json). The TypeScript types are
// derived from the same schema, so the two can never disagree.
import { Type, type Static } from '@sinclair/typebox';

const Identifier = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,62}$' });
const TableName = Type.String({ pattern: '^[a-z][a-z0-9_]{0,62}$' });
const ModuleName = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]{0,80}$' });

export const FieldTypes = ['string', 'text', 'integer', 'decimal', 'date', 'datetime', 'boolean', 'json'] as const;

export const FieldSchema = Type.Object(
  {
    type: Type.Union(FieldTypes.map((t) => Type.Literal(t))),
    title: Type.Optional(Type.String()),
    /** Maximum characters for string fields (default 255); digits for decimal. */
    length: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
    scale: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
    /** Decimal fields: more decimal places than `scale` are rounded half away from zero instead of refused (an instrument's interest rate, seed 001 §5.2). */
    round: Type.Optional(Type.Boolean()),
    required: Type.Optional(Type.Boolean()),
    /** What a missing required value answers, where a seed words it (DashboardChart's title and type). */
    requiredMessage: Type.Optional(Type.String({ minLength: 1 })),
    /** Allowed values; anything else is refused with E_VALIDATION. */
    options: Type.Optional(Type.Array(Type.Union([Type.String(), Type.Number()]))),
    /** Foreign key to another module's id; yields `{field}_name_ind_field` by a join. */
    lookup: Type.Optional(
      Type.Object(
        { module: ModuleName, display: Type.Optional(Identifier) },
        { additionalProperties: false },
      ),
    ),
    /** An index is created for this column (filters and orders that lists use). */
    index: Type.Optional(Type.Boolean()),
    unique: Type.Optional(Type.Boolean()),
    /** Never returned by select and never writable through Record.* (password hashes). */
    secret: Type.Optional(Type.Boolean()),
    /** Not writable through Record.create/update (set by the engine or a domain action). */
    readonly: Type.Optional(Type.Boolean()),
    /** Set by Record.create to the caller's user id (SMSDropdown's requester); give it `readonly` too. */
    stampCaller: Type.Optional(Type.Boolean()),
    /** Left out of the default select columns (large texts, JSON blobs). */
    hidden: Type.Optional(Type.Boolean()),
    /**
     * Never readable by RE users (lock and failure counters, MFA settings): for them the field
     * does not exist in this module, its variants, link modules and lookups that reach it.
     */
    staffOnly: Type.Optional(Type.Boolean()),
    default: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
    /**
     * Rich text (HTML), string and text fields: every write is sanitised by the allow-list of
     * engine/html/rich-text-policy.ts. `{ "field": f, "in": [...] }`: only when the row's `f`
     * holds one of the values (a parameter whose field type is rich text).
     */
    html: Type.Optional(
      Type.Union([
        Type.Boolean(),
        Type.Object({ field: Identifier, in: Type.Array(Type.Union([Type.String(), Type.Number()]), { minItems: 1 }) }, { additionalProperties: false }),
      ]),
    ),
    /** Date-time fields holding a whole day: stored at its start (00:00:00) or its end (23:59:59). */
    dayBound: Type.Optional(Type.Union([Type.Literal('start'), Type.Literal('end')])),
  },
  { additionalProperties: false },
);

/**
 * A rule on a date or date-time field, checked by the record engine on create and update, by day:
 * `notBefore: "today"` (UTC; on update only when the value changes), `after` another field by at
 * least `days` days (default 1), the stored value standing in for one not given.
 */
export const DateRuleSchema = Type.Object(
  {
    field: Identifier,
    notBefore: Type.Optional(Type.Literal('today')),
    after: Type.Optional(Identifier),
    days: Type.Optional(Type.Integer({ minimum: 0, maximum: 36500 })),
  },
  { additionalProperties: false },
);

/** One condition of a named filter: `[field, operator, value]`, value may be `{"param": n}`. */
const FilterCondition = Type.Tuple([
  Identifier,
  Type.String(),
  Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null(), Type.Array(Type.Any()), Type.Object({ param: Type.Integer({ minimum: 0 }) }), Type.Object({ now: Type.Optional(Type.String()) })]),
]);

export const NamedFilterSchema = Type.Object(
  {
    description: Type.Optional(Type.String()),
    params: Type.Optional(Type.Array(Type.Object({ name: Type.String(), type: Type.Union(FieldTypes.map((t) => Type.Literal(t))) }, { additionalProperties: false }))),
    where: Type.Optional(Type.Array(FilterCondition, { minItems: 1 })),
    /**
     * Rows with a link row holding a parameter: EXISTS (table.match = row.id AND table.column =
     * params[param]) (Bulletin's bySector: bulletins linked to one sector through Bulletin_Sector).
     */
    linked: Type.Optional(
      Type.Object({ table: Identifier, match: Identifier, column: Identifier, param: Type.Integer({ minimum: 0 }) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);

/**
 * How a module's rows belong to a reporting entity. RE users only ever see rows of their
 * current entity; `RE-X` variants apply the same limit to every caller. A `self` scope limits
 * every caller to rows whose column holds their own user id (`My-User`: one's own profile).
 */
export const EntityScopeSchema = Type.Union([
  Type.Object({ column: Identifier }, { additionalProperties: false }),
  Type.Object({ self: Identifier }, { additionalProperties: false }),
  Type.Object(
    {
      /**
       * Rows reachable through a link table: EXISTS (table.match = row.id AND table.entity = current).
       * With `entityColumn`, table.entity holds that column of the current entity instead of its id
       * (Bulletin_Sector: a bulletin's sectors against the entity's `sector`).
       */
      via: Type.Object({ table: Identifier, match: Identifier, entity: Identifier, entityColumn: Type.Optional(Identifier) }, { additionalProperties: false }),
    },
    { additionalProperties: false },
  ),
  /**
   * Rows whose `field` points at a row the caller may see through `module`, with that module's
   * whole scope (Bulletin_Reference: attachments of the bulletins an RE user may read).
   */
  Type.Object({ parent: Type.Object({ field: Identifier, module: ModuleName }, { additionalProperties: false }) }, { additionalProperties: false }),
]);

/**
 * Row rules (docs/row-rules.md): which rows a caller reaches, by who the caller is. A rule's
 * `when` names facts of the caller (all must hold); its `where` the rows, as data:
 * `[field, op, value]` on the module's own columns (value may be `{"caller": fact}`), groups
 * `{"or"|"and"|"not": [...]}`, `{"via": lookupField, "where": [...]}` (the row the lookup points
 * at meets them) and `{"link": LinkModule, "in": [ids]}` (the row is linked to one of the ids).
 */
export const RuleWhenSchema = Type.Object(
  {
    /** Login type: iru (regulator staff), re (entity users), admin. */
    loginType: Type.Optional(Type.Union([Type.Literal('iru'), Type.Literal('re'), Type.Literal('admin')])),
    /** The caller holds at least one of these roles. */
    roles: Type.Optional(Type.Array(Type.Integer(), { minItems: 1 })),
    /** The caller's position value (user.position2's list value) lies within [from, to]. */
    position: Type.Optional(Type.Tuple([Type.Integer(), Type.Integer()])),
    /** The sector of the caller's current entity is one of these. */
    sectors: Type.Optional(Type.Array(Type.Integer(), { minItems: 1 })),
    /** The caller is (true) or is not (false) a primary or sub user of the current entity. */
    primaryOrSub: Type.Optional(Type.Boolean()),
    /** The caller is (true) or is not (false) the primary user of the current entity (re_user.isprimary). */
    primary: Type.Optional(Type.Boolean()),
    /** The current entity's business profile and office details are (true) or are not (false) both confirmed (RE.verifyBizInfo, RE.verifyOffice). */
    verified: Type.Optional(Type.Boolean()),
    /** A system parameter's value (trimmed) equals `equals`. */
    parameter: Type.Optional(Type.Object({ code: Type.String({ minLength: 1 }), equals: Type.String() }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

export const RuleConditionSchema = Type.Recursive((Self) =>
  Type.Union([
    Type.Tuple([Identifier, Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null(), Type.Array(Type.Union([Type.String(), Type.Number()])), Type.Object({ caller: Type.Union([Type.Literal('userId'), Type.Literal('currentRe'), Type.Literal('sector')]) }, { additionalProperties: false })])]),
    Type.Tuple([Identifier, Type.Union([Type.Literal('is null'), Type.Literal('is not null')])]),
    Type.Object({ or: Type.Array(Self, { minItems: 1 }) }, { additionalProperties: false }),
    Type.Object({ and: Type.Array(Self, { minItems: 1 }) }, { additionalProperties: false }),
    Type.Object({ not: Type.Array(Self, { minItems: 1 }) }, { additionalProperties: false }),
    Type.Object({ via: Identifier, where: Type.Array(Self, { minItems: 1 }) }, { additionalProperties: false }),
    /** Linked to one of `in`; to one outside `notIn`; with neither, linked at all. */
    Type.Object({ link: ModuleName, in: Type.Optional(Type.Array(Type.Integer(), { minItems: 1 })), notIn: Type.Optional(Type.Array(Type.Integer(), { minItems: 1 })) }, { additionalProperties: false }),
    /**
     * The row's `as` (default id) is a value the caller may give `module`'s `field` under that
     * module's own rules (List group 248: the help desk categories one may see and choose).
     */
    Type.Object({ valuesOf: Type.Object({ module: ModuleName, field: Identifier }, { additionalProperties: false }), as: Type.Optional(Identifier) }, { additionalProperties: false }),
    /**
     * The row's lookup field `within` points at a row the caller reaches under the looked-up
     * module's own rules (an office, a MIDA record or a request of an entity the team covers):
     * one statement of a team's reach, kept in one place.
     */
    Type.Object({ within: Identifier }, { additionalProperties: false }),
  ]),
  { $id: 'RowRuleCondition' },
);

/** One group of row rules: the first case whose `when` holds gives the rows (none: every row; `when: {}` holds for everyone). Groups are AND-ed. */
export const RowRuleGroupSchema = Type.Object(
  {
    description: Type.String({ minLength: 1 }),
    /** What a caller is told when a write would leave this group's rows (E_NOPERMISSION): what to choose instead. */
    refusal: Type.Optional(Type.String({ minLength: 1 })),
    cases: Type.Array(Type.Object({ when: RuleWhenSchema, where: Type.Array(RuleConditionSchema) }, { additionalProperties: false }), { minItems: 1 }),
  },
  { additionalProperties: false },
);

export const ModuleSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    name: ModuleName,
    title: Type.Optional(Type.String()),
    /** `table` for ordinary modules; `link` for Parent_Child; `attachment` for {Parent}_Reference. */
    kind: Type.Optional(Type.Union([Type.Literal('table'), Type.Literal('link'), Type.Literal('attachment')])),
    table: TableName,
    /** A variant (`RE-X`, `REForm`) reads and writes the table of its base module, always entity-scoped. */
    variantOf: Type.Optional(ModuleName),
    /**
     * The file that holds the module's behaviour on writes (its hooks), relative to the folder of
     * the app that registers them (the engine's own: engine/): whoever opens the metadata finds
     * the rules. Named exactly when hooks are registered for the module (checked at start).
     */
    behaviour: Type.Optional(Type.String({ pattern: '^[a-z0-9][a-z0-9_./-]*\\.ts$', maxLength: 200 })),
    fields: Type.Record(Identifier, FieldSchema),
    /** Variants: base fields that may be read but not written through this module. */
    readonlyFields: Type.Optional(Type.Array(Identifier)),
    /** Variants: the only base fields that may be written through this module (a field added to the base later stays read-only here). */
    writableFields: Type.Optional(Type.Array(Identifier)),
    /** Link modules: the two modules joined. Columns are link_id, link_updatectr, link_fk_{parent}, link_fk_{child}. */
    link: Type.Optional(Type.Object({ parent: ModuleName, child: ModuleName }, { additionalProperties: false })),
    /** Attachment modules: the parent module; column fk_{parent table}. */
    attachmentOf: Type.Optional(ModuleName),
    defaultOrder: Type.Optional(Type.Array(Type.Tuple([Identifier, Type.Union([Type.Literal('asc'), Type.Literal('desc')])]))),
    /** Columns returned when `fields` is omitted (default: every non-hidden field). */
    defaultFields: Type.Optional(Type.Array(Identifier)),
    /** Composite indexes beyond the single-column ones of `index: true`. */
    indexes: Type.Optional(Type.Array(Type.Array(Identifier, { minItems: 1 }))),
    entityScope: Type.Optional(EntityScopeSchema),
    /**
     * Variants: conditions (named-filter syntax, `{"now": ""}` allowed) that every row reached
     * through this module meets, for every caller and every call, by id too (RE-Bulletin: Active
     * and within its dates). Own-table fields only.
     */
    scopeWhere: Type.Optional(Type.Array(FilterCondition, { minItems: 1 })),
    /**
     * Counts kept on this module's rows of another module's rows that point at them (FormBatch:
     * its forms, by state). `by` is the counted module's field holding this module's id; each
     * column counts every row (null) or the rows in the listed states. The record engine recounts
     * in the transaction of every write that can change them, so they are never stale.
     */
    counters: Type.Optional(
      Type.Object(
        {
          of: ModuleName,
          by: Identifier,
          columns: Type.Record(Identifier, Type.Union([Type.Null(), Type.Array(Type.Integer(), { minItems: 1 })])),
        },
        { additionalProperties: false },
      ),
    ),
    /** Reference data any signed-in user may read (if permitted), with no entity scope. */
    shared: Type.Optional(Type.Boolean()),
    /**
     * Rows only the engine writes (AuditLog, the audit of every write): only a `.select` task
     * exists for it (seeds/access.ts), so no caller may create, update or delete through Record.*.
     */
    readOnly: Type.Optional(Type.Boolean()),
    /**
     * Metadata an administrator edits (the portal's profile tab definitions): every save keeps the
     * row's whole definition in screen_version, as the screens' saves do, read by Screen.history,
     * Screen.version and Screen.restore.
     */
    versioned: Type.Optional(Type.Boolean()),
    dateRules: Type.Optional(Type.Array(DateRuleSchema)),
    /**
     * States shown to this module's callers as one (seed 003 §4.2: an entity sees Recommended,
     * Recommend To Reject and Pending Recommendation as "In Progress", value -1): rows in `states`
     * answer `state` = `value` and the state's name = `label`, and a condition on `state` naming
     * `value` means those states (engine/records/state-groups.ts).
     */
    stateGroups: Type.Optional(Type.Array(Type.Object({ value: Type.Integer({ maximum: -1 }), label: Type.String({ minLength: 1, maxLength: 100 }), states: Type.Array(Type.Integer(), { minItems: 1 }) }, { additionalProperties: false }))),
    stateMap: Type.Optional(
      Type.Object(
        {
          default: Type.Integer(),
          /**
           * `[from, to]`, or `[from, to, {"permission": "action.approve"}]`: that move through
           * Record.update needs `{Module}.{permission}` (a task of its own, seeds/access.ts).
           */
          transitions: Type.Array(
            Type.Union([
              Type.Tuple([Type.Integer(), Type.Integer()]),
              Type.Tuple([Type.Integer(), Type.Integer(), Type.Object({ permission: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)*$' }) }, { additionalProperties: false })]),
            ]),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    filters: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*$' }), NamedFilterSchema)),
    // Thread rules (docs/threads.md): row conditions below use the named-filter syntax and are
    // evaluated on the record's values (engine/metadata/row-conditions.ts), not in SQL.
    /** More display columns of a lookup's row (Helpdesk: createby_email2 = the creator's email). */
    lookupColumns: Type.Optional(Type.Record(Identifier, Type.Object({ lookup: Identifier, column: Identifier }, { additionalProperties: false }))),
    /**
     * A reply in a thread (HelpdeskMessage, QueryMessage): created only under a parent the caller
     * may see and whose state still has a way out of its state map; takes the parent's entity;
     * moves the parent to `states[re|iru]` by the author's login type and stamps `stamp` fields
     * of the parent with now, in the create's transaction; `authorRole` records the author's kind.
     */
    replyTo: Type.Optional(
      Type.Object(
        {
          field: Identifier,
          module: ModuleName,
          states: Type.Object({ re: Type.Integer(), iru: Type.Integer() }, { additionalProperties: false }),
          stamp: Type.Optional(Type.Array(Identifier)),
          authorRole: Type.Optional(Type.Object({ field: Identifier, re: Type.Integer(), iru: Type.Integer() }, { additionalProperties: false })),
        },
        { additionalProperties: false },
      ),
    ),
    /** State id → conditions the record must meet to enter it (Helpdesk: Approved only for category 1408). */
    stateRequires: Type.Optional(Type.Record(Type.String({ pattern: '^[0-9]+$' }), Type.Array(FilterCondition, { minItems: 1 }))),
    /** Field → conditions on the stored record for a change of that field (Query: conclusion after Closed, until confirmed). */
    writableWhen: Type.Optional(Type.Record(Identifier, Type.Array(FilterCondition, { minItems: 1 }))),
    /** Field → conditions under which it is required (Helpdesk: userid for category 1408). */
    requiredWhen: Type.Optional(Type.Record(Identifier, Type.Array(FilterCondition, { minItems: 1 }))),
    /**
     * Rows a caller reaches only with the permission `{Module}.{permission}`: without it every
     * call on this module also requires `where` (RE-Query: confidential queries only with
     * RE-Query.confidential). The permission is a task of its own (seeds/access.ts).
     */
    /** Row rules by caller (roles, position, sector, parameters): applied by engine/records/row-rules.ts to every channel. Variants without their own take their base's. */
    rowRules: Type.Optional(Type.Array(RowRuleGroupSchema, { minItems: 1 })),
    restrictUnless: Type.Optional(Type.Object({ permission: Identifier, where: Type.Array(FilterCondition, { minItems: 1 }) }, { additionalProperties: false })),
    /**
     * Rows written only by callers holding `{Module}.{permission}`: a create, update or delete of
     * a row that meets `where` before or after the write needs it beside the module's own
     * permission (Parameters: system parameters need Parameters.updateSystem). A task of its own.
     */
    protectedRows: Type.Optional(Type.Object({ permission: Identifier, where: Type.Array(FilterCondition, { minItems: 1 }) }, { additionalProperties: false })),
    /**
     * Entering one of `states` stamps `stamp` with now, `days` with whole days since createon and
     * `by` with the caller's user id, and gives each blank field of `fill` the value of the field it
     * names (SMSDropdown: approvevalue defaults to value); any other state clears the stamps.
     */
    closing: Type.Optional(
      Type.Object(
        {
          states: Type.Array(Type.Integer(), { minItems: 1 }),
          stamp: Identifier,
          days: Type.Optional(Identifier),
          by: Type.Optional(Identifier),
          fill: Type.Optional(Type.Record(Identifier, Identifier)),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export type FieldType = (typeof FieldTypes)[number];
export type FieldDef = Static<typeof FieldSchema>;
export type NamedFilter = Static<typeof NamedFilterSchema>;
export type EntityScope = Static<typeof EntityScopeSchema>;
export type DateRule = Static<typeof DateRuleSchema>;
export type ModuleDef = Static<typeof ModuleSchema>;
export type RuleWhen = Static<typeof RuleWhenSchema>;
export type RuleCondition = Static<typeof RuleConditionSchema>;
export type RowRuleGroup = Static<typeof RowRuleGroupSchema>;
