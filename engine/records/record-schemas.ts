// Argument schemas of the Record.* actions (PROTOCOL.md §4). The where language is checked
// in depth by the where compiler, which knows the module's fields.
import { Type } from '@sinclair/typebox';

export const ModuleName = Type.String({ minLength: 1, maxLength: 100, description: 'Module name, e.g. RE, RE-RE, User_Role' });
const FieldName = Type.String({ minLength: 1, maxLength: 100 });
const FieldList = Type.Array(FieldName, { maxItems: 500 });
const Value = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null(), Type.Array(Type.Any()), Type.Object({})]);
// Nine digits, as a number or a string: 1e300 is an integer to JSON Schema, but knex would read
// the offset it makes ("2e+301") as 2.
const PositiveInt = Type.Union([Type.Integer({ minimum: 1, maximum: 999_999_999 }), Type.String({ pattern: '^[0-9]{1,9}$' })]);

export const SelectArgs = Type.Object(
  {
    module: ModuleName,
    fields: Type.Optional(FieldList),
    where: Type.Optional(Type.Array(Type.Any(), { maxItems: 200, description: 'Conditions, AND-ed: [field, operator, value] or {"or": [...]} or ["$filter", name, params]' })),
    order: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Array(Type.Any(), { maxItems: 10 })])),
    max: Type.Optional(PositiveInt),
    pageIndex: Type.Optional(PositiveInt),
  },
  { additionalProperties: false },
);

export const Relation = Type.Object(
  {
    relation_type: Type.Union([Type.Literal(1), Type.Literal(2)]),
    parent_name: ModuleName,
    parent_id: Type.Integer({ minimum: 1 }),
    modulecolumn_name: Type.Optional(FieldName),
  },
  { additionalProperties: false },
);

export const CreateArgs = Type.Object(
  {
    module: ModuleName,
    fields: FieldList,
    values: Type.Array(Value, { maxItems: 500 }),
    read: Type.Optional(FieldList),
    relation: Type.Optional(Relation),
  },
  { additionalProperties: false },
);

export const UpdateArgs = Type.Object(
  {
    module: ModuleName,
    fields: FieldList,
    values: Type.Array(Value, { maxItems: 500 }),
    read: Type.Optional(FieldList),
    reason: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);

export const DeleteArgs = Type.Object(
  { module: ModuleName, fields: FieldList, values: Type.Array(Value, { maxItems: 10 }) },
  { additionalProperties: false },
);
