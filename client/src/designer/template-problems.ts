// The template's schema problems found in the browser before Save, worded and keyed as the server's
// E_VALIDATION answer (schemaErrorProblems + problemFields of portal/filing/template-schema.ts), so
// they show at their cells and fields without a round trip. The validator is the same JSON Schema
// compiled ahead of time (scripts/generate-screen-validators.ts): the page's CSP forbids eval,
// which compiling it here would need. The server still checks everything on save.
import { FormProperties as validate } from '../metadata/template-validator.generated.js';
import { problemFields, schemaErrorProblems } from '../../../portal/filing/template-schema.js';

/** The field → message map of the schema problems of `properties`, or null when it conforms. */
export function templateSchemaFields(properties: unknown): Record<string, string> | null {
  if (validate(properties)) return null;
  return problemFields(schemaErrorProblems(validate.errors ?? []));
}
