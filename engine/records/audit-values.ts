// What the audit log keeps of a write's values (docs/audit-log.md): field → value of the fields
// it changed, before and after. Secrets (password hashes, OTP keys, tokens, security answers)
// are kept as a mark that they changed, never as values; long values are cut.
import type { ResolvedModule } from '../metadata/module-registry.js';
import { BASE_ALIAS } from '../metadata/module-registry.js';

export const AUDIT_TABLE = 'record_audit';

/** What stands in for a secret's value: the log says it changed, never what to. */
export const HIDDEN_VALUE = '(hidden)';

/** Characters of a value kept; the rest is cut and its length said. */
export const AUDIT_VALUE_LIMIT = 2000;

// Columns written outside module metadata (a link row, a domain action's own table) are judged by
// name as well: anything that looks like a credential is never kept.
const SECRET_NAME = /(password|passwd|secret|token|hash|otp|answer)/i;

/** Whether the field's value must never reach the audit log. */
export function isSecretField(module: ResolvedModule, name: string): boolean {
  const field = module.fields.get(name);
  if (field?.def.secret) return true;
  return SECRET_NAME.test(name) || (field !== undefined && SECRET_NAME.test(field.column));
}

function columnOf(module: ResolvedModule, name: string): string {
  const field = module.fields.get(name);
  return field && field.alias === BASE_ALIAS ? field.column : name;
}

function keptValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return `(${value.length} bytes)`;
  const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : null;
  if (text === null) return value;
  if (text.length <= AUDIT_VALUE_LIMIT) return value;
  return `${text.slice(0, AUDIT_VALUE_LIMIT)}… (${text.length} characters)`;
}

/**
 * The JSON object (text) of `names` → their values in `row` (keyed by column), secrets hidden;
 * null when the writer did not give the row.
 */
export function auditJson(module: ResolvedModule, names: string[], row: Record<string, unknown> | null | undefined): string | null {
  if (!row) return null;
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const column = columnOf(module, name);
    if (!(column in row) && !(name in row)) continue;
    out[name] = isSecretField(module, name) ? HIDDEN_VALUE : keptValue(column in row ? row[column] : row[name]);
  }
  return JSON.stringify(out);
}

/** The module's own fields that a stored row holds (what a delete's "before" shows). */
export function auditedFieldsOf(module: ResolvedModule, row: Record<string, unknown> | null | undefined): string[] {
  if (!row) return [];
  const names: string[] = [];
  for (const f of module.fields.values()) if (f.alias === BASE_ALIAS && f.column in row) names.push(f.name);
  return names;
}
