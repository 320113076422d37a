// An action argument that names a record by id: the schema says which module's rows it takes
// (`x-record`), so the catalogue tells integrators what to pass and the access conformance test
// (engine/records/access-conformance.test.ts) probes every such action with a row the caller
// cannot reach and one that does not exist, and requires the same not-found for both.
import { Type, type IntegerOptions, type TInteger } from '@sinclair/typebox';

export const RECORD_KEYWORD = 'x-record';

/** An id of a row of `module` (a module name of the registry: `FormBatch`, `RE`, `PEOI` …); `options` keep a bound such as `maximum`. */
export function recordId(module: string, description: string, options: IntegerOptions = {}): TInteger {
  return Type.Integer({ minimum: 1, ...options, description, [RECORD_KEYWORD]: module });
}
