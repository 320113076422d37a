// Print values a report computes beyond its record's fields (a report definition's `values`):
// code, not data, named by the definition. Each says which `$` names it answers (the catalogue
// refuses a template naming others) and which record fields it reads. The show-cause letter's
// addressees, section, officer and cc come from the print address, checked against the stored
// data (portal/peoi/show-cause-letter.ts).
import type { ActionContext } from '../actions/context.js';
import { LETTER_VALUE_NAMES, letterValues } from '../../portal/peoi/show-cause-letter.js';
import { staffGrandTotal } from '../../portal/profile/staff-class.js';

export interface PrintValueProvider {
  names: string[];
  /** Record fields the provider reads (read with the template's own). */
  needs: string[];
  compute(ctx: ActionContext, record: Record<string, unknown>, query: Record<string, unknown>): Promise<Record<string, string>>;
}

export const PRINT_VALUE_PROVIDERS: Record<string, PrintValueProvider> = {
  showCauseLetter: { names: LETTER_VALUE_NAMES, needs: ['re', 'refletter'], compute: (ctx, record, query) => letterValues(ctx.db, record, query) },
  // The MIDA table's bottom-right cell: every Malaysian and foreign staff member (docs/re-profile.md).
  midaTotals: { names: ['$grandTotal'], needs: ['my_total', 'fo_total'], compute: async (_ctx, record) => ({ $grandTotal: String(staffGrandTotal(record)) }) },
};
