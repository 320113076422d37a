// Three realistic templates for the demo data and the tests: a statement of financial position
// (several tabs, merged headers), a solvency return (formulas across tabs, a summary, a
// disable condition and a validation) and a register of key persons (an add-new-rows tab with
// dropdowns bound to the Position (295) and Calendar (80) list groups of seeds/lists.ts).
// Codes are written out so formulas can cite them; normaliseTemplate would give the same ones.
import { cellCode } from './cell-codes.js';
import type { Cell, FormProperties, Tab } from './template-schema.js';

export interface DemoTemplate {
  code: string;
  name: string;
  itemcode: string;
  properties: FormProperties;
}

/** The list groups the demo dropdowns use (seeds/lists.ts LIST_GROUPS). */
export const DEMO_LIST_GROUPS = { calendar: 80, position: 295 } as const;

/** Mints codes for one tab in order, as assignCellCodes would. */
function minter(itemcode: string, tabId: string) {
  let n = 0;
  return { next: () => cellCode(itemcode, tabId, ++n), get count() { return n; } };
}

const head = (value: string, extra: Partial<Cell> = {}): Cell => ({ value, className: 'table-header', alignment: 'center', ...extra });
const label = (value: string, extra: Partial<Cell> = {}): Cell => ({ value, ...extra });
const blank = (): Cell => ({});

function tab(id: string, title: string, display_name: string, header: Cell[][], items: Cell[][], extra: Partial<Tab> = {}): Tab {
  return { id, title, display_name, type: 'normal', freezetop: true, header: { top: header.length, left: 1, items: header }, items, ...extra };
}

/** BNK-01: three tabs whose headers merge "Amount" over the two year columns. */
function financialPosition(): DemoTemplate {
  const itemcode = 'BNK01';
  const amountHeader = (first: string): Cell[][] => [
    [head(first, { rowspan: 2, width: 320 }), head("Amount (RM'000)", { colspan: 2 }), blank()],
    [blank(), head('Current year', { width: 140 }), head('Previous year', { width: 140 })],
  ];
  const section = (id: string, title: string, name: string, lines: string[], total: string): [Tab, number] => {
    const m = minter(itemcode, id);
    const rows: Cell[][] = lines.map((line) => [label(line), { editor: 'numeric', code: m.next(), className: 'cell-input' }, { editor: 'numeric', code: m.next(), className: 'cell-input' }]);
    const first = rows[0];
    const last = rows[rows.length - 1];
    rows.push([
      label(total, { className: 'bold' }),
      { editor: 'formula', code: m.next(), formula: `=SUM(cell(${first[1].code}):cell(${last[1].code}))`, className: 'cell-formula' },
      { editor: 'formula', code: m.next(), formula: `=SUM(cell(${first[2].code}):cell(${last[2].code}))`, className: 'cell-formula' },
    ]);
    return [tab(id, title, name, amountHeader('Item'), rows), m.count];
  };
  const [assets, a] = section('01', 'SFP-A', 'Assets', ['Cash and short-term funds', 'Deposits and placements with banks', 'Financial assets at fair value', 'Loans, advances and financing', 'Other assets'], 'Total assets');
  const [liabilities, l] = section('02', 'SFP-L', 'Liabilities and equity', ['Deposits from customers', 'Deposits and placements of banks', 'Other liabilities', 'Share capital', 'Reserves'], 'Total liabilities and equity');
  const n = minter(itemcode, '03');
  const notes = tab('03', 'SFP-N', 'Notes', [[head('Particulars', { width: 320 }), head('Details', { width: 280 })]], [
    [label('Date the statements were approved by the board'), { editor: 'date', code: n.next() }],
    [label('Name of the external auditor'), { editor: 'text', code: n.next() }],
    [label('Time of the board meeting'), { editor: 'time', code: n.next(), allowempty: true }],
    [label('Paid-up capital (RM)'), { editor: 'currency', code: n.next() }],
  ], { tab_tooltips: 'Information about the approval of the statements' });
  // The balance check compares the two totals across tabs (a form-level tab validation).
  const totalAssets = cellCode(itemcode, '01', a - 1);
  const totalLiabilities = cellCode(itemcode, '02', l - 1);
  return {
    code: 'BNK-01',
    name: 'Statement of Financial Position',
    itemcode,
    properties: {
      id: 'BNK-01',
      title: 'Statement of Financial Position',
      printout: 'BNK01',
      allowSetZero: true,
      tabvalidation: [{ formula: `=cell(${totalAssets})=cell(${totalLiabilities})`, message: 'Total assets must equal total liabilities and equity.' }],
      codecounters: { '01': a, '02': l, '03': n.count },
      items: [assets, liabilities, notes],
    },
  };
}

/** INS-03: available and required capital on two tabs, the ratio on a third, a summary by calendar. */
function solvencyMargin(): DemoTemplate {
  const itemcode = 'INS03';
  const amount = [[head('Item', { width: 320 }), head("RM'000", { width: 160 })]];
  const av = minter(itemcode, '01');
  const availableRows: Cell[][] = ['Paid-up share capital', 'Retained earnings', 'Other reserves', 'Less: intangible assets'].map((line) => [label(line), { editor: 'numeric', code: av.next(), className: 'cell-input' }]);
  // The deduction must be entered as a positive amount.
  availableRows[3][1] = { ...availableRows[3][1], validations: '=rc(0,0)>=0', validationmsg: 'Enter the deduction as a positive amount.', onchange: true };
  const c = availableRows.map((r) => r[1].code);
  availableRows.push([label('Total capital available', { className: 'bold' }), { editor: 'formula', code: av.next(), formula: `=cell(${c[0]})+cell(${c[1]})+cell(${c[2]})-cell(${c[3]})`, className: 'cell-formula' }]);
  const available = tab('01', 'SOL-A', 'Capital available', amount, availableRows);

  const rq = minter(itemcode, '02');
  const requiredRows: Cell[][] = ['Credit risk charge', 'Market risk charge', 'Insurance liability risk charge', 'Operational risk charge'].map((line) => [label(line), { editor: 'numeric', code: rq.next(), className: 'cell-input' }]);
  const branches = rq.next();
  const branchCapital = rq.next();
  requiredRows.push([label('Number of overseas branches'), { editor: 'numeric', code: branches, allowempty: true }]);
  // Branch capital is only asked for when there are overseas branches.
  requiredRows.push([label('Capital held at overseas branches'), { editor: 'numeric', code: branchCapital, disablecondition: `=cell(${branches})=0` }]);
  const rc = requiredRows.slice(0, 4).map((r) => r[1].code);
  const totalRequired = rq.next();
  requiredRows.push([label('Total capital required', { className: 'bold' }), { editor: 'formula', code: totalRequired, formula: `=SUM(cell(${rc[0]}):cell(${rc[3]}))`, className: 'cell-formula' }]);
  const summaryDropdown = rq.next();
  const summaryFormula = rq.next();
  const required = tab('02', 'SOL-R', 'Capital required', amount, requiredRows, {
    summary: {
      id: 71,
      header: [[head('Reporting calendar'), head('Total capital required')]],
      items: [[{ editor: 'dropdown', listgroup: DEMO_LIST_GROUPS.calendar, code: summaryDropdown }, { editor: 'formula', formula: `=cell(${totalRequired})`, precision: 19, scale: 0, code: summaryFormula }]],
    },
  });

  const ra = minter(itemcode, '03');
  const totalAvailable = cellCode(itemcode, '01', av.count);
  const ratio = ra.next();
  const ratioTab = tab('03', 'SOL-C', 'Solvency ratio', [[head('Measure', { width: 320 }), head('Value', { width: 160 })]], [
    [label('Capital adequacy ratio (%)'), {
      editor: 'formula', code: ratio, precision: 10, scale: 2, className: 'cell-formula',
      formula: `=IF(cell(${totalRequired})=0,0,ROUND(cell(${totalAvailable})/cell(${totalRequired})*100,2))`,
      validations: '=OR(rc(0,0)=0,rc(0,0)>=130)', validationmsg: 'The capital adequacy ratio must be at least 130%.',
    }],
    [label('Remarks'), { editor: 'text', code: ra.next(), allowempty: true }],
  ]);
  return {
    code: 'INS-03',
    name: 'Solvency Margin',
    itemcode,
    properties: {
      id: 'INS-03',
      title: 'Solvency Margin',
      tier2: [{ formula: `=cell(${ratio})<1000`, message: 'A ratio above 1000% is unusual: please confirm the figures.' }],
      codecounters: { '01': av.count, '02': rq.count, '03': ra.count },
      items: [available, required, ratioTab],
    },
  };
}

/** TRC-02: a register of key persons (add-new-rows) and a period tab totalling its shares. */
function keyPersons(): DemoTemplate {
  const itemcode = 'TRC02';
  const k = minter(itemcode, '01');
  const [name, position, appointed, shares, price, value] = [k.next(), k.next(), k.next(), k.next(), k.next(), k.next()];
  const register: Tab = {
    id: '01', title: 'KP', display_name: 'Key persons', type: 'add-new-rows', minrowsize: 1, maxrowsize: 200, freezetop: true,
    tab_tooltips: 'One row per director, officer or controller',
    header: {
      top: 2, left: 0,
      items: [
        [head('Person', { colspan: 3 }), blank(), blank(), head('Shareholding', { colspan: 3 }), blank(), blank()],
        [head('Name', { width: 220 }), head('Position', { width: 200 }), head('Appointed on', { width: 120 }), head('Shares held'), head('Price per share (RM)'), head('Value (RM)')],
      ],
    },
    items: [[
      { editor: 'text', code: name, label_map: 'Name' },
      { editor: 'dropdown', code: position, listgroup: DEMO_LIST_GROUPS.position, label_map: 'Position' },
      { editor: 'date', code: appointed, label_map: 'Appointed on' },
      { editor: 'numeric', code: shares, allowempty: true, validations: '=rc(0,0)>=0', validationmsg: 'Shares held cannot be negative.' },
      { editor: 'currency', code: price, allowempty: true },
      { editor: 'formula', code: value, formula: '=rc(0,-2)*rc(0,-1)', scale: 2 },
    ]],
  };
  const p = minter(itemcode, '02');
  const period = tab('02', 'PER', 'Reporting period', [[head('Particulars', { width: 320 }), head('Value', { width: 200 })]], [
    [label('Reporting calendar'), { editor: 'dropdown', code: p.next(), listgroup: DEMO_LIST_GROUPS.calendar }],
    [label('Total shares held by key persons'), { editor: 'formula', code: p.next(), formula: `=SUM(col(${shares}))` }],
    [label('Total value of shareholdings (RM)'), { editor: 'formula', code: p.next(), formula: `=SUM(col(${value}))`, scale: 2 }],
  ]);
  return {
    code: 'TRC-02',
    name: 'Register of Key Persons',
    itemcode,
    properties: { id: 'TRC-02', title: 'Register of Key Persons', codecounters: { '01': k.count, '02': p.count }, items: [register, period] },
  };
}

/** Fresh copies (callers may normalise them in place). */
export function demoTemplates(): DemoTemplate[] {
  return [financialPosition(), solvencyMargin(), keyPersons()];
}
