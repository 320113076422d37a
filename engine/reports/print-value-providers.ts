// Print values a report computes beyond its record's fields (a report definition's `values`):
// code, not data, named by the definition and given by the app (EngineApp.printValues). Each says
// which `$` names it answers (the catalogue refuses a template naming others) and which record
// fields it reads.
import type { ActionContext } from '../runtime/context.js';

export interface PrintValueProvider {
  names: string[];
  /** Record fields the provider reads (read with the template's own). */
  needs: string[];
  compute(ctx: ActionContext, record: Record<string, unknown>, query: Record<string, unknown>): Promise<Record<string, string>>;
}
