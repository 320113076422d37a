// Print values the portal's reports compute by code, by the name a report definition gives in
// `values` (EngineApp.printValues, engine/reports/print-value-providers.ts).
import type { PrintValueProvider } from '../engine/reports/print-value-providers.js';
import { LETTER_VALUE_NAMES, letterValues } from './peoi/show-cause-letter.js';
import { staffGrandTotal } from './profile/staff-class.js';

export const PORTAL_PRINT_VALUES: Record<string, PrintValueProvider> = {
  // The show-cause letter's addressees, section, officer and cc, from the print address, checked
  // against the stored data (portal/peoi/show-cause-letter.ts).
  showCauseLetter: { names: LETTER_VALUE_NAMES, needs: ['re', 'refletter'], compute: (ctx, record, query) => letterValues(ctx.db, record, query) },
  // The MIDA table's bottom-right cell: every Malaysian and foreign staff member (docs/re-profile.md).
  midaTotals: { names: ['$grandTotal'], needs: ['my_total', 'fo_total'], compute: async (_ctx, record) => ({ $grandTotal: String(staffGrandTotal(record)) }) },
};
