// Demo variance thresholds (docs/filing-periods.md "Variance check") for the demo returns: a bank's
// total assets and total liabilities and equity may move 10 % from the previous period, any other
// number of its statement of financial position 25 % when the move is above RM 1 million (the
// statement is in RM'000); an insurer's total capital required 15 %.
import type { Knex } from 'knex';
import { insertRows } from './support.js';
import { demoTemplates } from '../filing/demo-templates.js';
import { FormLayout } from '../filing/form-layout.js';
import { ruleCellLabel } from '../variance/variance-rules.js';

const RULES: { template: string; code: string | null; percent: number | null; amount: number | null; note: string }[] = [
  { template: 'BNK-01', code: 'BNK0101011', percent: 10, amount: null, note: 'Total assets: a move of more than a tenth in a period is explained' },
  { template: 'BNK-01', code: 'BNK0102011', percent: 10, amount: null, note: 'Total liabilities and equity follow total assets' },
  { template: 'BNK-01', code: null, percent: 25, amount: 1000, note: 'Other lines: a quarter, when above RM 1 million' },
  { template: 'INS-03', code: 'INS0302007', percent: 15, amount: null, note: 'Total capital required drives the solvency ratio' },
];

export async function seedDemoVarianceRules(db: Knex, createon: string): Promise<Record<string, number>> {
  const templates = new Map<string, number>();
  for (const t of await db('formtemplate').whereIn('code', [...new Set(RULES.map((r) => r.template))]).select('id', 'code')) templates.set(String(t.code), Number(t.id));
  const layouts = new Map(demoTemplates().map((t) => [t.code, new FormLayout(t.properties)]));
  const rows = RULES.filter((r) => templates.has(r.template) && layouts.has(r.template)).map((r) => ({ formtemplate: templates.get(r.template), code: r.code, celllabel: ruleCellLabel(layouts.get(r.template)!, r.code), percent: r.percent, amount: r.amount, active: true, note: r.note, createon }));
  return { variancerule: await insertRows(db, 'variancerule', rows) };
}
