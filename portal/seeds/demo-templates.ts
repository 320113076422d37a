// Demo form templates (docs/form-templates.md, docs/filing-periods.md): the realistic returns of
// portal/filing/demo-templates.ts and seeds/demo-more-templates.ts, checked and completed by the
// same pipeline as a save (template-check.ts: codes, normalised cells, extract definitions), each
// published as version 1 and assigned to the calendar, sector and category that file it, so a
// newcomer sees real returns, and opens real periods, right after `npm start`.
import type { Knex } from 'knex';
import { demoTemplates } from '../filing/demo-templates.js';
import { checkTemplate } from '../filing/template-check.js';
import { DEMO_ASSIGNMENTS, moreDemoTemplates } from './demo-more-templates.js';

export async function seedDemoTemplates(db: Knex, createon: string): Promise<Record<string, number>> {
  const listGroups: number[] = (await db('listgroup').where('state', 33).pluck('id')).map(Number);
  let n = 0;
  for (const demo of [...demoTemplates(), ...moreDemoTemplates()]) {
    const checked = checkTemplate(demo.properties, { itemcode: demo.itemcode, listGroups });
    if (!checked.ok) throw new Error(`Demo template ${demo.code}: ${checked.problems.map((p) => `${p.path} ${p.message}`).join('; ')}`);
    const properties = JSON.stringify(checked.template);
    const etlproperties = JSON.stringify(checked.extracts);
    const assigned = DEMO_ASSIGNMENTS[demo.code] ?? { calendar: null, sector: null, category: null, duedays: 15 };
    const id = ++n;
    await db('formtemplate').insert({ id, code: demo.code, name: demo.name, itemcode: demo.itemcode, properties, etlproperties, ...assigned, version: 1, state: 33, updatectr: 1, createon, updateon: createon });
    await db('formtemplate_version').insert({ template: id, version: 1, properties, etlproperties, createon });
  }
  return { formtemplate: n, formtemplate_version: n };
}
