// The `WHERE` parameter of a report print (seed 000 §2.9: `WHERE id={id}`) read as a small,
// closed grammar — never passed to SQL. It becomes the record engine's where conditions, so the
// where compiler checks the fields against the module and binds the values:
//   where := cond ( AND cond )*      cond := field = value
//   value := -?digits[.digits] | 'text' (a quote doubled inside: '')
// Case-insensitive AND; spaces anywhere between tokens.
import { errors } from '../errors/catalogue.js';

export const MAX_WHERE_LENGTH = 500;
const MAX_CONDITIONS = 10;
const COND = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(-?\d{1,18}(?:\.\d{1,10})?|'(?:[^']|'')*')\s*/;
const AND = /^and\b/i;

/** Values stay text: the where compiler converts them by the field's type (and keeps 007 as 007 for text). */
export type Condition = [string, '=', string];

export function parseWhereParam(raw: string): Condition[] {
  if (raw.length > MAX_WHERE_LENGTH) throw errors.badRequest(`WHERE is longer than ${MAX_WHERE_LENGTH} characters`);
  const conditions: Condition[] = [];
  let rest = raw;
  for (;;) {
    const m = COND.exec(rest);
    if (!m) throw errors.badRequest('WHERE must be field = value, joined by AND (e.g. id=12)');
    const literal = m[2];
    const value = literal.startsWith("'") ? literal.slice(1, -1).replace(/''/g, "'") : literal;
    conditions.push([m[1], '=', value]);
    if (conditions.length > MAX_CONDITIONS) throw errors.badRequest(`WHERE has more than ${MAX_CONDITIONS} conditions`);
    rest = rest.slice(m[0].length);
    if (!rest.trim()) return conditions;
    if (!AND.test(rest)) throw errors.badRequest('WHERE must be field = value, joined by AND (e.g. id=12)');
    rest = rest.replace(AND, '');
  }
}
