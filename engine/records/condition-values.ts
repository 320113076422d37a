// The values of normalised conditions, apart from their shape: compiling conditions whose
// values are placeholders gives a statement's text whatever the values (select-query.ts).
import type { NormalCondition } from './where-compiler.js';

type Scalar = string | number;

/** The same conditions with every value passed through `fn`, in a fixed walk order. */
export function mapValues(conditions: NormalCondition[], fn: (v: Scalar) => Scalar): NormalCondition[] {
  return conditions.map((c): NormalCondition => {
    switch (c.op) {
      case 'and':
      case 'or':
        return { ...c, conditions: mapValues(c.conditions, fn) };
      case 'between':
        return { ...c, value: [fn(c.value[0]), fn(c.value[1])] };
      case 'in':
      case 'not in':
        return { ...c, value: c.value.map(fn) };
      case 'is null':
      case 'is not null':
      case 'true':
      case 'false':
        return c;
      default:
        return { ...c, value: fn(c.value) };
    }
  });
}

/**
 * What of the conditions decides a statement's text: fields, operators, groups, list lengths,
 * not values. With the values (in mapValues' walk order) it determines the conditions.
 */
export function shapeOf(conditions: NormalCondition[]): string {
  let out = '';
  for (const c of conditions) {
    switch (c.op) {
      case 'and':
      case 'or':
        out += `${c.op}(${shapeOf(c.conditions)});`;
        break;
      case 'exists':
        out += `exists ${c.table}.${c.match}.${c.column};`;
        break;
      case 'true':
      case 'false':
        out += `${c.op};`;
        break;
      case 'in':
      case 'not in':
        out += `${c.field.name} ${c.op} ${c.value.length};`;
        break;
      default:
        out += `${c.field.name} ${c.op};`;
    }
  }
  return out;
}
