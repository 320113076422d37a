// For tests of rules across forms and periods: a pair of templates (a balance `PA-{n}` whose
// checks read last period's total with prev() and the net loans of a loan return `PB-{n}` with
// extform()), stored as version 1 without the save hook, and batches of entity 1 holding Open
// forms of them.
import type { Knex } from 'knex';
import { sqlDateTime } from '../../engine/db/clock.js';
import { checkTemplate } from '../filing/template-check.js';
import type { Cell, FormProperties } from '../filing/template-schema.js';

const head = [[{ value: 'Item' }, { value: 'Amount' }]];
const line = (label: string, cell: Cell): Cell[] => [{ value: label }, cell];

/**
 * Template `PA-{n}` (item code `PA{n}`): total assets (001, with a balance check against total
 * liabilities 002, tolerance 1), loans (003, checked against `PB-{n}`'s net loans), total assets
 * last period (004, `=prev(001)`); a check and a tier 2 check over last period's total. Template
 * `PB-{n}`: gross loans (001) and net loans (002, a formula: gross − 10).
 */
export function crossFormTemplates(n: number): { a: FormProperties; b: FormProperties; ia: string; ib: string } {
  const ia = `PA${n}`;
  const ib = `PB${n}`;
  const [assets, liabilities, loans, lastAssets] = ['01001', '01002', '01003', '01004'].map((c) => ia + c);
  const [gross, net] = ['01001', '01002'].map((c) => ib + c);
  const a: FormProperties = {
    id: `PA-${n}`,
    title: 'Balance',
    tabvalidation: [
      { formula: `=cell(${assets})=cell(${liabilities})`, message: 'Total assets must equal total liabilities.', tolerance: { absolute: 1 } },
      { formula: `=cell(${assets})>=prev(${assets})*0.5`, message: 'Total assets may not fall by more than half from last period.' },
      { formula: `=cell(${loans})=extform(${net})`, message: 'Loans must equal the net loans of the loan return.' },
    ],
    tier2: [{ formula: `=cell(${assets})<=prev(${assets})*2`, message: 'Total assets more than doubled since last period: please confirm.' }],
    items: [{
      id: '01', title: 'BS', display_name: 'Balance sheet', type: 'normal',
      header: { top: 1, left: 1, items: head },
      items: [
        line('Total assets', { editor: 'numeric', code: assets }),
        line('Total liabilities', { editor: 'numeric', code: liabilities }),
        line('Loans', { editor: 'numeric', code: loans }),
        line('Total assets last period', { editor: 'formula', code: lastAssets, formula: `=prev(${assets})` }),
      ],
    }],
  };
  const b: FormProperties = {
    id: `PB-${n}`,
    title: 'Loans',
    items: [{
      id: '01', title: 'LN', display_name: 'Loans', type: 'normal',
      header: { top: 1, left: 1, items: head },
      items: [line('Gross loans', { editor: 'numeric', code: gross }), line('Net loans', { editor: 'formula', code: net, formula: `=cell(${gross})-10` })],
    }],
  };
  return { a, b, ia, ib };
}

/** Stores a checked template as its version 1 (as the seeds do); answers its id. */
export async function insertTemplate(db: Knex, properties: FormProperties, itemcode: string): Promise<number> {
  const checked = checkTemplate(properties, { itemcode });
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  const createon = sqlDateTime();
  const text = JSON.stringify(checked.template);
  await db('formtemplate').insert({ code: properties.id, name: properties.title, itemcode, properties: text, etlproperties: JSON.stringify(checked.extracts), version: 1, state: 33, createon });
  const id = Number((await db('formtemplate').where({ code: properties.id }).first('id')).id);
  await db('formtemplate_version').insert({ template: id, version: 1, properties: text, etlproperties: JSON.stringify(checked.extracts), createon });
  return id;
}

/** A batch of entity 1 ending `endon`, with an Open form of each template; answers the form ids in order. */
export async function insertBatch(db: Knex, endon: string, templateIds: number[]): Promise<number[]> {
  const createon = sqlDateTime();
  await db('formbatch').insert({ re: 1, name: `Period ${endon}`, endon, duedate: endon, state: 13, frozen_ind: false, createon });
  const id = Number((await db('formbatch').max({ id: 'id' }))[0].id);
  const forms: number[] = [];
  for (const template of templateIds) {
    const code = String((await db('formtemplate').where({ id: template }).first('code')).code);
    await db('form').insert({ code, name: code, re: 1, formbatch: id, state: 13, formtemplate: template, templateversion: 1, endon, createon });
    forms.push(Number((await db('form').max({ id: 'id' }))[0].id));
  }
  return forms;
}
