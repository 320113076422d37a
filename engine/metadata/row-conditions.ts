// Conditions of module rules (stateRequires, writableWhen, requiredWhen) evaluated on one
// record's values in memory: the record is already loaded by the write that asks, so no query.
// Same `[field, operator, value]` triples as named filters, but with value semantics: a null is
// equal only to null, and `!=` holds for a null against any value (unlike SQL's three values).

export type RowCondition = readonly [string, string, unknown];

const OPERATORS = ['=', '!=', '<>', 'in', 'not in', 'is null', 'is not null', '<', '>', '<=', '>='] as const;

export function isRowOperator(op: string): boolean {
  return (OPERATORS as readonly string[]).includes(op.toLowerCase());
}

const empty = (v: unknown) => v === null || v === undefined || v === '';

/** Numbers compare as numbers ('8' equals 8, as both drivers may hand either), the rest as text. */
function same(a: unknown, b: unknown): boolean {
  if (empty(a) || empty(b)) return empty(a) && empty(b);
  const na = Number(a);
  const nb = Number(b);
  if (typeof a !== 'boolean' && typeof b !== 'boolean' && !Number.isNaN(na) && !Number.isNaN(nb)) return na === nb;
  if (typeof a === 'boolean' || typeof b === 'boolean') return Boolean(Number(a) || a === true) === Boolean(Number(b) || b === true);
  return String(a) === String(b);
}

function compare(a: unknown, b: unknown): number | null {
  if (empty(a) || empty(b)) return null;
  const na = Number(a);
  const nb = Number(b);
  if (!Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : String(v ?? '').split(',').map((s) => s.trim()));

export function meets(row: Record<string, unknown>, [field, operator, value]: RowCondition): boolean {
  const v = row[field];
  switch (operator.toLowerCase()) {
    case '=':
      return same(v, value);
    case '!=':
    case '<>':
      return !same(v, value);
    case 'in':
      return list(value).some((x) => same(v, x));
    case 'not in':
      return !list(value).some((x) => same(v, x));
    case 'is null':
      return empty(v);
    case 'is not null':
      return !empty(v);
    default: {
      const c = compare(v, value);
      if (c === null) return false;
      return operator === '<' ? c < 0 : operator === '>' ? c > 0 : operator === '<=' ? c <= 0 : c >= 0;
    }
  }
}

/** Whether the row meets every condition (they are AND-ed, as where conditions are). */
export function meetsAll(row: Record<string, unknown>, conditions: readonly RowCondition[]): boolean {
  return conditions.every((c) => meets(row, c));
}
