// An Excel import's Form Type (seed 001 §6, 003 §6; docs/excel.md): 1100855 main forms, 1100856
// App I/II forms. Who may use which is declared once, as ExcelImport's row rules
// (portal/metadata/modules/ExcelImport.json); this file asks those rules (rule-options.ts) for the
// create page's choices, the refusal of a create or a submit, and the job, and says which forms
// each type fills (by the form's template category).
import type { ActionContext, Caller } from '../../../engine/runtime/context.js';
import { isReUser } from '../../../engine/runtime/context.js';
import { AppError, type ErrorCode } from '../../../engine/errors/catalogue.js';
import { ruleOptions } from '../../../engine/records/rule-options.js';

export const IMPORT_TYPES = { main: 1100855, appendix: 1100856 } as const;
export const IMPORT_TYPE_LABELS: Record<number, string> = { [IMPORT_TYPES.main]: 'Main forms', [IMPORT_TYPES.appendix]: 'App I/II forms' };
/** The App I/II form categories: the seeds' 73-76 and our 100213 (docs/row-rules.md). */
export const APP_CATEGORIES: readonly number[] = [73, 74, 75, 76, 100213];

const named = (type: number) => IMPORT_TYPE_LABELS[type] ?? `Form Type ${type}`;

/** The module a caller's imports are read and written through. */
export function importModuleName(caller: Caller | null): 'RE-ExcelImport' | 'ExcelImport' {
  return isReUser(caller) ? 'RE-ExcelImport' : 'ExcelImport';
}

/** The Form Types the caller may import, as the rules decide them. */
export async function allowedImportTypes(ctx: ActionContext): Promise<number[]> {
  const caller = ctx.caller;
  if (!caller) return [];
  const modules = ctx.services.modules;
  const module = modules.get(importModuleName(caller))!;
  return (await ruleOptions(ctx.db, module, 'importtype', caller, (n) => modules.get(n))).map(Number);
}

/** The refusal of a Form Type the caller may not use, naming it and those they may. */
export function importTypeRefusal(type: number, allowed: readonly number[]): string {
  const may = allowed.length ? `you may import ${allowed.map(named).join(' or ')}` : 'your role may import no Form Type';
  return `Form Type: ${named(type)} is not one your role and position may import; ${may}.`;
}

/** Refuses (with `code`) a Form Type the caller's rules do not allow. */
export async function assertImportType(ctx: ActionContext, type: number, code: ErrorCode): Promise<void> {
  const allowed = await allowedImportTypes(ctx);
  if (allowed.includes(type)) return;
  const message = importTypeRefusal(type, allowed);
  throw new AppError(code, message, code === 'E_VALIDATION' ? { importtype: message.replace(/^Form Type: /, '') } : undefined);
}

/** Whether a form of template category `category` is one an import of `type` fills: App I/II forms for 1100856, every other for 1100855. */
export function typeFitsCategory(type: number, category: number | null): boolean {
  const app = category !== null && APP_CATEGORIES.includes(category);
  return type === IMPORT_TYPES.appendix ? app : !app;
}

/** Why a workbook's form is not one this import fills. */
export function categoryMismatch(type: number, category: number | null): string {
  const kind = category !== null && APP_CATEGORIES.includes(category) ? 'an App I/II form' : 'not an App I/II form';
  const other = type === IMPORT_TYPES.appendix ? IMPORT_TYPES.main : IMPORT_TYPES.appendix;
  return `This form is ${kind}, but this import's Form Type is ${named(type)}: import this workbook with Form Type ${named(other)}.`;
}
