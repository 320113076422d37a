// What the access conformance test (engine/records/access-conformance.test.ts) reads from the
// action catalogue: the arguments that name a record (`x-record`), the integer arguments that look
// like record ids but say no module, and minimal valid arguments built from an action's schemas,
// so every action is probed from its declaration, not from a list kept by hand.
import type { AnyAction } from '../runtime/registry.js';
import { RECORD_KEYWORD } from '../runtime/record-arg.js';

type Schema = Record<string, unknown>;

/** A step into an argument: a property name, or `[]` for the items of an array. */
export type Step = string;

export interface RecordArg {
  /** Which positional argument (a0 = 0). */
  arg: number;
  /** Steps from the argument to the id (`['id']`, `['data', '[]', 'id']`). */
  path: Step[];
  /** The module the id names (its `x-record`). */
  module: string;
  /** Whether a call must give it (every step on its way is required). */
  required: boolean;
}

export interface IntegerArg {
  arg: number;
  path: Step[];
  schema: Schema;
  required: boolean;
}

const isObject = (s: unknown): s is Schema => typeof s === 'object' && s !== null && !Array.isArray(s);

/** The schemas a value may take: the alternatives of an anyOf, or the schema itself. */
function alternatives(s: Schema): Schema[] {
  return Array.isArray(s.anyOf) ? (s.anyOf as Schema[]) : [s];
}

function isInteger(s: Schema): boolean {
  return alternatives(s).some((a) => a.type === 'integer');
}

/** Every integer-valued place in an action's arguments (properties at any depth, array items). */
export function integerArgs(action: AnyAction): IntegerArg[] {
  const out: IntegerArg[] = [];
  const walk = (s: unknown, arg: number, path: Step[], required: boolean) => {
    if (!isObject(s)) return;
    if (path.length && isInteger(s)) out.push({ arg, path, schema: s, required });
    for (const alt of alternatives(s)) {
      const needed = new Set(Array.isArray(alt.required) ? (alt.required as string[]) : []);
      if (isObject(alt.properties)) for (const [name, p] of Object.entries(alt.properties)) walk(p, arg, [...path, name], required && needed.has(name));
      if (isObject(alt.items)) walk(alt.items, arg, [...path, '[]'], required && typeof alt.minItems === 'number' && alt.minItems > 0);
    }
  };
  (action.args as readonly unknown[]).forEach((s, i) => walk(s, i, [], i < (action.minArgs ?? action.args.length)));
  return out;
}

/** The arguments of `action` that name a row of a module (`x-record`, engine/runtime/record-arg.ts). */
export function recordArgs(action: AnyAction): RecordArg[] {
  return integerArgs(action).flatMap(({ arg, path, schema, required }) => {
    const module = alternatives(schema).map((a) => a[RECORD_KEYWORD]).find((m) => typeof m === 'string') ?? schema[RECORD_KEYWORD];
    return typeof module === 'string' ? [{ arg, path, module, required }] : [];
  });
}

/** Names that say an integer is a record id: `id`, an entity (`re`), a submission, a case, … */
const ID_NAMES = new Set(['id', 're', 'formbatch', 'form', 'batch', 'peoi', 'query', 'helpdesk', 'user', 'view', 'message', 'office', 'report', 'template']);
const ID_SUFFIX = /(Id|_id|_fk)$/;
/** A description that says the value is an id, or names the record it is ("The entity", "The submission (FormBatch id)"). */
const ID_DESCRIPTION = /\b(the|an?)\s+[\w-]+\s+ids?\b|\([\w-]+ id\)|^the (entity|submission|routine report|case)\b/i;

/** Whether an integer place looks like a record id by its name or description. */
export function looksLikeRecordId(path: Step[], schema: Schema): boolean {
  const name = path[path.length - 1];
  if (ID_NAMES.has(name) || ID_SUFFIX.test(name)) return true;
  const description = alternatives(schema).map((a) => a.description).find((d) => typeof d === 'string') ?? schema.description;
  return typeof description === 'string' && ID_DESCRIPTION.test(description);
}

/** A Record.*-style action: its first argument names the module (`module`), so its ids are that module's. */
export function moduleFromArgument(action: AnyAction): boolean {
  const first = action.args[0] as Schema | undefined;
  if (!isObject(first) || !isObject(first.properties)) return false;
  if ('module' in first.properties) return true;
  // An argument object that carries its own module (Report.preview's report.module).
  return Object.values(first.properties).some((p) => isObject(p) && isObject(p.properties) && 'module' in p.properties);
}

/** Integer arguments that look like record ids and say no module (`x-record`). */
export function unannotatedIds(action: AnyAction): IntegerArg[] {
  if (moduleFromArgument(action)) return [];
  return integerArgs(action).filter(({ path, schema }) => looksLikeRecordId(path, schema) && !alternatives(schema).some((a) => RECORD_KEYWORD in a) && !(RECORD_KEYWORD in schema));
}

/** A day in the future and at a month's end, for arguments that are days (a period end, a requested date). */
const DAY = '2030-12-31';
const PATTERN_VALUES: [RegExp, string][] = [
  [/^\^\\d\{4\}-\\d\{2\}-\\d\{2\}\$$/, DAY],
  [/^\^\[0-9\]\{2\}\$$/, '01'],
  [/^\^\[1-9\]/, '1'],
];

/**
 * A minimal valid value of a schema: required properties only, the first of an enum or anyOf,
 * the minimum of a number, the shortest string. `force` gives the values of chosen places
 * (by path) and makes the properties and array items on their way present. `full`: every
 * property, and no empty string, for actions that check their inputs before their row.
 */
export function minimalValue(schema: unknown, force: Map<string, unknown> = new Map(), path: Step[] = [], full = false): unknown {
  const key = path.join('.');
  if (force.has(key)) return force.get(key);
  if (!isObject(schema)) return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.anyOf)) {
    const alts = schema.anyOf as Schema[];
    // The alternative a forced place lies in, else the first that is not null.
    const forcedBelow = [...force.keys()].some((k) => key === '' || k.startsWith(`${key}.`));
    const inner = (forcedBelow && force.size ? alts.find((a) => isObject(a.properties)) : undefined) ?? alts.find((a) => a.type !== 'null') ?? alts[0];
    return minimalValue(inner, force, path, full);
  }
  const below = (step: Step) => {
    const p = [...path, step].join('.');
    return [...force.keys()].some((k) => k === p || k.startsWith(`${p}.`));
  };
  switch (schema.type) {
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    case 'string': {
      const pattern = typeof schema.pattern === 'string' ? PATTERN_VALUES.find(([p]) => p.test(schema.pattern as string)) : undefined;
      if (pattern) return pattern[1];
      if (full && typeof schema.description === 'string' && schema.description.includes('YYYY-MM-DD')) return DAY;
      return 'x'.repeat(Math.max(typeof schema.minLength === 'number' ? schema.minLength : 0, full ? 1 : 0));
    }
    case 'array': {
      const n = Math.max(typeof schema.minItems === 'number' ? schema.minItems : 0, below('[]') ? 1 : 0);
      return Array.from({ length: n }, () => minimalValue(schema.items, force, [...path, '[]'], full));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
      for (const [name, p] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
        if (required.has(name) || below(name) || full) out[name] = minimalValue(p, force, [...path, name], full);
      }
      return out;
    }
    default:
      return null;
  }
}

/** The positional arguments of `action`, minimal but for the places `force` gives (keys: `arg:path.joined`). */
export function minimalArgs(action: AnyAction, force: Map<string, unknown> = new Map(), full = false): unknown[] {
  const args = (action.args as readonly unknown[]).map((s, i) => {
    const mine = new Map([...force].filter(([k]) => k.startsWith(`${i}:`)).map(([k, v]) => [k.slice(`${i}:`.length), v]));
    return minimalValue(s, mine, [], full);
  });
  const min = action.minArgs ?? args.length;
  // Trailing optional arguments no forced place needs are left out.
  while (args.length > min && ![...force.keys()].some((k) => k.startsWith(`${args.length - 1}:`))) args.pop();
  return args;
}

export const placeKey = (arg: number, path: Step[]) => `${arg}:${path.join('.')}`;
