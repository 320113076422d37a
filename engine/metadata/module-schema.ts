// The JSON Schema of a module definition (metadata/modules/*.json). The TypeScript types are
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
    required: Type.Optional(Type.Boolean()),
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
    /** Left out of the default select columns (large texts, JSON blobs). */
    hidden: Type.Optional(Type.Boolean()),
    default: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
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
    where: Type.Array(FilterCondition, { minItems: 1 }),
  },
  { additionalProperties: false },
);

/**
 * How a module's rows belong to a reporting entity. RE users only ever see rows of their
 * current entity; `RE-X` variants apply the same limit to every caller.
 */
export const EntityScopeSchema = Type.Union([
  Type.Object({ column: Identifier }, { additionalProperties: false }),
  Type.Object(
    {
      /** Rows reachable through a link table: EXISTS (table.match = row.id AND table.entity = current). */
      via: Type.Object({ table: Identifier, match: Identifier, entity: Identifier }, { additionalProperties: false }),
    },
    { additionalProperties: false },
  ),
]);

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
    fields: Type.Record(Identifier, FieldSchema),
    /** Variants: base fields that may be read but not written through this module. */
    readonlyFields: Type.Optional(Type.Array(Identifier)),
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
    /** Reference data any signed-in user may read (if permitted), with no entity scope. */
    shared: Type.Optional(Type.Boolean()),
    stateMap: Type.Optional(
      Type.Object(
        {
          default: Type.Integer(),
          transitions: Type.Array(Type.Tuple([Type.Integer(), Type.Integer()])),
        },
        { additionalProperties: false },
      ),
    ),
    filters: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*$' }), NamedFilterSchema)),
  },
  { additionalProperties: false },
);

export type FieldType = (typeof FieldTypes)[number];
export type FieldDef = Static<typeof FieldSchema>;
export type NamedFilter = Static<typeof NamedFilterSchema>;
export type EntityScope = Static<typeof EntityScopeSchema>;
export type ModuleDef = Static<typeof ModuleSchema>;
