// For tests of the variance check: forms of the demo BNK-01 template for chosen entities and
// period ends, in a batch each, with their input cells filled (inputs only: the totals are
// formulas). Quarterly (calendar 278) so a relationship manager's rules reach its banks' forms;
// a category of 100212 (SMD) hides a form from other regulator staff (Form's row rules).
import type { Knex } from 'knex';
import { sqlDateTime } from '../../engine/db/clock.js';
import { FormLayout } from '../filing/form-layout.js';
import { demoTemplates } from '../filing/demo-templates.js';

export const QUARTERLY = 278;
export const SMD_CATEGORY = 100212;
/** BNK-01 cells: cash (an input, current year) and total assets (its formula, current year). */
export const BNK = { cash: 'BNK0101001', loans: 'BNK0101007', totalAssets: 'BNK0101011' } as const;

const template = demoTemplates().find((t) => t.code === 'BNK-01')!.properties;
const layout = new FormLayout(template);
/** A form's `properties`: its template's tabs, which lists and the query page offer. */
const tabs = JSON.stringify({ id: template.id, title: template.title, items: template.items.map((t) => ({ id: t.id, title: t.title, display_name: t.display_name })) });

/** Where a BNK-01 cell sits: `01!B8`. */
export const bnkCellKey = (code: string) => {
  const cell = layout.byCodeOf(code)!;
  return `${cell.tab}!${layout.address(cell, 0, {})}`;
};

export interface VarianceFormSpec {
  re: number;
  endon: string;
  state: number;
  category?: number | null;
  values: Record<string, number>;
}

/** Inserts the forms; answers their ids and batches in order. */
export async function insertVarianceForms(db: Knex, specs: readonly VarianceFormSpec[]): Promise<{ form: number; batch: number }[]> {
  const stored = await db('formtemplate').where({ code: 'BNK-01' }).first('id', 'name');
  const createon = sqlDateTime();
  const out: { form: number; batch: number }[] = [];
  for (const s of specs) {
    const name = `BNK-01 ${s.endon} #${s.re}`;
    await db('formbatch').insert({ re: s.re, name, endon: s.endon, duedate: s.endon, state: s.state, calendar: QUARTERLY, category: s.category ?? null, frozen_ind: false, createon });
    const batch = Number((await db('formbatch').where({ name }).orderBy('id', 'desc').first('id')).id);
    await db('form').insert({ code: 'BNK-01', name: String(stored.name), re: s.re, formbatch: batch, state: s.state, formtemplate: Number(stored.id), properties: tabs, templateversion: 1, endon: s.endon, calendar: QUARTERLY, category: s.category ?? null, createon });
    const form = Number((await db('form').where({ formbatch: batch }).first('id')).id);
    const cells = Object.entries(s.values).map(([code, value]) => {
      const cell = layout.byCodeOf(code)!;
      return { form, tab: cell.tab, address: layout.address(cell, 0, {}), code, value: String(value) };
    });
    if (cells.length) await db('formcell').insert(cells);
    out.push({ form, batch });
  }
  return out;
}
