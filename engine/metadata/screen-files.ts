// Screen metadata kept as files in the repository (portal/metadata/screens/{WebList,WebListview,
// WebForms}/{id}.json, one record per file), validated by the same schemas as a save through
// Record.create/update. The seeds load them; `npm run metadata -- export/import`
// keeps them in this form.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { ChartData, SCREEN_SCHEMAS, type ScreenModule } from './screen-schemas.js';

export const SCREEN_MODULES = Object.keys(SCREEN_SCHEMAS) as ScreenModule[];

export interface ScreenRecord {
  id: number;
  name: string;
  /** WebList and WebForms: the module the screen shows; WebListview: its WebList in `weblist`. */
  module?: string;
  weblist?: number;
  properties: Record<string, unknown>;
}

const ajv = new Ajv({ allErrors: false, strict: false });
const validators = new Map<ScreenModule, ValidateFunction>();

function firstProblem(validate: ValidateFunction, value: unknown, root: string): string | null {
  if (validate(value)) return null;
  const e = validate.errors![0];
  const extra = e.keyword === 'additionalProperties' ? ` "${(e.params as { additionalProperty: string }).additionalProperty}"` : '';
  return `${root}${e.instancePath} ${e.message}${extra}`;
}

/** The first problem of a definition as `properties/path: message`, or null when it is valid. */
export function screenProblem(kind: ScreenModule, properties: unknown): string | null {
  let validate = validators.get(kind);
  if (!validate) {
    validate = ajv.compile(SCREEN_SCHEMAS[kind]);
    validators.set(kind, validate);
  }
  return firstProblem(validate, properties, 'properties');
}

let chartValidator: ValidateFunction | undefined;

/** The first problem of a chart's `data` (declarative aggregate rows), or null. */
export function chartDataProblem(data: unknown): string | null {
  chartValidator ??= ajv.compile(ChartData);
  return firstProblem(chartValidator, data, 'data');
}

export function readScreenFiles(kind: ScreenModule, dir: string): ScreenRecord[] {
  const folder = join(dir, kind);
  let names: string[] = [];
  try {
    names = readdirSync(folder).filter((n) => n.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return names.map((name) => {
    const record = JSON.parse(readFileSync(join(folder, name), 'utf8')) as ScreenRecord;
    if (`${record.id}.json` !== name) throw new Error(`${kind}/${name}: the file name must be the record's id (${record.id}.json)`);
    const problem = screenProblem(kind, record.properties);
    if (problem) throw new Error(`${kind}/${name}: ${problem}`);
    return record;
  });
}
