// Business and system parameters (seed 003 §5, §9): name, type, value and status are required on
// every save, whatever channel writes them, and a blank one answers the seed's message; a date
// parameter (type 1650) holds a real day as YYYY-MM-DD (entered dd/mm/yyyy in the screens).
import { AppError } from '../errors/catalogue.js';
import type { ActionContext } from '../runtime/context.js';
import type { ResolvedModule } from '../metadata/module-registry.js';
import type { ModuleHooks } from '../metadata/module-hooks.js';
import type { Row } from '../records/write-values.js';

export const REQUIRED_MESSAGE = 'Please fill in all the required fields';
export const DATE_PARAMETER_TYPE = 1650;
const REQUIRED = ['name', 'fieldtype', 'value0', 'state'] as const;
const DATE_MESSAGE = 'must be a date entered dd/mm/yyyy (sent YYYY-MM-DD)';

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

function isDay(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** The field → message problems of a parameter as it will be stored. */
export function parameterProblems(next: Row): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const column of REQUIRED) if (blank(next[column])) problems[column] = REQUIRED_MESSAGE;
  if (!problems.value0 && Number(next.fieldtype) === DATE_PARAMETER_TYPE && !isDay(String(next.value0).trim())) problems.value0 = DATE_MESSAGE;
  return problems;
}

async function beforeWrite(_ctx: ActionContext, _module: ResolvedModule, stored: Row | null, row: Row): Promise<string[]> {
  const problems = parameterProblems({ ...(stored ?? {}), ...row });
  if (Object.keys(problems).length) {
    const message = Object.values(problems).includes(REQUIRED_MESSAGE) ? REQUIRED_MESSAGE : `Value ${DATE_MESSAGE}`;
    throw new AppError('E_VALIDATION', message, problems);
  }
  if (Number(row.fieldtype ?? stored?.fieldtype) === DATE_PARAMETER_TYPE && typeof row.value0 === 'string') row.value0 = row.value0.trim();
  return [];
}

export const parameterHooks: ModuleHooks = { beforeWrite };
