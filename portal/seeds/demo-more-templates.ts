// More demo templates, so every demo sector files something and entities have ad hoc returns
// to create (docs/filing-periods.md): a monthly return each for capital market, fintech and
// money-broking entities, and the App I / App II ad hoc returns of banks (seed 002 §9). Codes are
// written out so totals can cite them, as portal/filing/demo-templates.ts does.
import { cellCode } from '../filing/cell-codes.js';
import type { DemoTemplate } from '../filing/demo-templates.js';
import type { Cell, FormProperties, Tab } from '../filing/template-schema.js';

const head = (value: string, width?: number): Cell => ({ value, className: 'table-header', alignment: 'center', ...(width ? { width } : {}) });
const label = (value: string): Cell => ({ value });
const input = (editor: 'numeric' | 'text' | 'date' = 'numeric'): Cell => ({ editor, className: 'cell-input' });

/** A tab of labelled lines with one input column (or the editor given per line), and an optional total. */
function linesTab(itemcode: string, id: string, title: string, display_name: string, valueTitle: string, lines: [string, Cell?][], total?: string): Tab {
  let n = 0;
  const items: Cell[][] = lines.map(([text, cell]) => [label(text), { ...(cell ?? input()), code: cellCode(itemcode, id, ++n) }]);
  if (total) items.push([label(total), { editor: 'formula', code: cellCode(itemcode, id, ++n), formula: `=SUM(cell(${items[0][1].code}):cell(${items[lines.length - 1][1].code}))`, className: 'cell-formula' }]);
  return { id, title, display_name, type: 'normal', freezetop: true, header: { top: 1, left: 1, items: [[head('Item', 320), head(valueTitle, 160)]] }, items };
}

function template(code: string, name: string, itemcode: string, tabs: [string, string, string, string, [string, Cell?][], string?][]): DemoTemplate {
  const items = tabs.map(([id, title, display, valueTitle, lines, total]) => linesTab(itemcode, id, title, display, valueTitle, lines, total));
  const codecounters = Object.fromEntries(items.map((t) => [t.id, t.items.length]));
  const properties: FormProperties = { id: code, title: name, codecounters, items };
  return { code, name, itemcode, properties };
}

const monthlyReturns: DemoTemplate[] = [
  template('CMK-01', 'Assets Under Management', 'CMK01', [
    ['01', 'AUM', 'Assets under management', "RM'000", [['Collective investment schemes'], ['Discretionary mandates'], ['Private funds'], ['Other mandates']], 'Total assets under management'],
    ['02', 'CLT', 'Clients', 'Number', [['Retail clients'], ['Sophisticated investors'], ['Institutional clients']]],
  ]),
  template('FIN-01', 'Transaction Volumes', 'FIN01', [
    ['01', 'VOL', 'Transaction volumes', "RM'000", [['Domestic payments'], ['Cross-border payments'], ['E-money issued'], ['E-money redeemed']], 'Total value'],
    ['02', 'INC', 'Technology incidents', 'Number', [['Incidents reported'], ['Incidents causing outage'], ['Date of the last penetration test', input('date')]]],
  ]),
  template('MBR-01', 'Brokerage Volumes', 'MBR01', [
    ['01', 'VOL', 'Brokerage volumes', "RM'000", [['Money market deposits'], ['Foreign exchange'], ['Interest rate derivatives']], 'Total brokered'],
    ['02', 'INC', 'Brokerage income', "RM'000", [['Commission income'], ['Other income']], 'Total income'],
  ]),
];

const adhocReturns: DemoTemplate[] = [
  template('APP I Liquidity', 'Appendix I: Liquidity Position', 'APP1L', [
    ['01', 'LIQ', 'Liquidity position', "RM'000", [['High-quality liquid assets'], ['Net cash outflows (30 days)'], ['Committed facilities']]],
    ['02', 'REM', 'Remarks', 'Details', [['Reason for the report', input('text')]]],
  ]),
  template('APP II Domestic', 'Appendix II: Domestic Exposures', 'APP2D', [
    ['01', 'EXP', 'Domestic exposures', "RM'000", [['Corporate exposures'], ['Retail exposures'], ['Sovereign exposures']], 'Total exposures'],
  ]),
];

export interface TemplateAssignment {
  /** Calendar (list group 80). */
  calendar: number;
  sector: number | null;
  category: number | null;
  duedays: number;
}

/** Which calendar, sector and category file each demo template (seeds/lists.ts CALENDARS; seeds/demo-entities.ts). */
export const DEMO_ASSIGNMENTS: Record<string, TemplateAssignment> = {
  'BNK-01': { calendar: 277, sector: 1, category: 100211, duedays: 15 },
  'INS-03': { calendar: 278, sector: 2, category: null, duedays: 30 },
  'TRC-02': { calendar: 278, sector: 6, category: null, duedays: 30 },
  'CMK-01': { calendar: 277, sector: 3, category: null, duedays: 15 },
  'FIN-01': { calendar: 277, sector: 4, category: null, duedays: 15 },
  'MBR-01': { calendar: 277, sector: 5, category: null, duedays: 15 },
  'APP I Liquidity': { calendar: 282, sector: 1, category: 100213, duedays: 10 },
  'APP II Domestic': { calendar: 282, sector: 1, category: 100213, duedays: 30 },
};

export function moreDemoTemplates(): DemoTemplate[] {
  return [...monthlyReturns, ...adhocReturns];
}
