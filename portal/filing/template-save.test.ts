// The save check of form templates through the protocol, on every dialect (docs/form-templates.md):
// Record.create/update of FormTemplate and FormPropertiesOverride runs the same pipeline as the
// designer's Save: codes assigned, cells normalised, the extract definition computed on the server
// (a caller's is ignored), and every broken rule refused with E_VALIDATION at its JSON path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../engine/testing/test-engine.js';
import { testDialects } from '../../engine/testing/test-database.js';
import { failure, readBack } from '../../engine/testing/record-calls.js';
import { demoTemplates } from './demo-templates.js';
import type { FormProperties } from './template-schema.js';
import { dataCells } from './template-grid.js';

/** A JSON column as the answer or the driver gives it (text, or parsed already). */
const json = (v: unknown): any => (typeof v === 'string' ? JSON.parse(v) : v);

const READ = ['id', 'updatectr', 'properties', 'etlproperties', 'version', 'itemcode'];

/** A demo template as the designer would send it, with one new input row whose cells have no code yet. */
function edited(i: number): FormProperties {
  const props = structuredClone(demoTemplates()[i].properties);
  const tab = props.items[0];
  if (tab.type !== 'add-new-rows') {
    const width = tab.items[0].length;
    tab.items.push([{ value: 'A line added in the designer' }, ...Array.from({ length: width - 1 }, () => ({ editor: 'numeric' as const, className: 'cell-input' }))]);
  }
  return props;
}

describe.each(await testDialects())('form template saves on %s', (dialect) => {
  let t: TestEngine;
  let iru: string;
  let n = 0;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    iru = await t.sessionFor('iru');
  });
  afterAll(async () => t?.close());

  const create = (properties: unknown, extra: Record<string, unknown> = {}, itemcode = 'BNK01') => {
    const fields = ['code', 'name', 'itemcode', 'properties', ...Object.keys(extra)];
    return t.call('Record.create', [{ module: 'FormTemplate', fields, values: [`T${++n}`, 'Test template', itemcode, JSON.stringify(properties), ...Object.values(extra)], read: READ }], iru);
  };

  it('seeds the demo templates, each published as version 1 with its extract definition', async () => {
    const rows = await t.database.db('formtemplate').orderBy('id').select('code', 'version', 'etlproperties');
    // The three of portal/filing/demo-templates.ts, then those of seeds/demo-more-templates.ts (docs/filing-periods.md).
    expect(rows.map((r) => r.code)).toEqual(['BNK-01', 'INS-03', 'TRC-02', 'CMK-01', 'FIN-01', 'MBR-01', 'APP I Liquidity', 'APP II Domestic']);
    for (const r of rows) {
      expect(Number(r.version)).toBe(1);
      expect(json(r.etlproperties).length).toBeGreaterThan(0);
    }
  });

  it('stores a template with codes for every data cell and the extract definition computed here, not the caller\'s', async () => {
    const saved = readBack(await create(edited(0), { etlproperties: JSON.stringify([{ table: 'ST_FORGED' }]) }));
    const props = json(saved.properties) as FormProperties;
    const cells = dataCells(props);
    expect(cells.length).toBeGreaterThan(10);
    expect(cells.every((p) => /^BNK01\d{2}\d{3,}$/.test(String(p.cell.code)))).toBe(true);
    expect(new Set(cells.map((p) => p.cell.code)).size).toBe(cells.length);
    // The new row's cells get the tab's next codes; the existing ones keep theirs.
    const added = props.items[0].items[props.items[0].items.length - 1].slice(1).map((c) => c.code);
    // Past the tab's high-water mark (ten inputs and two totals), never reusing a code.
    expect(added).toEqual(['BNK0101013', 'BNK0101014']);
    const extracts = json(saved.etlproperties) as { table: string }[];
    expect(extracts.map((e) => e.table)).not.toContain('ST_FORGED');
    expect(extracts.every((e) => e.table.startsWith('ST_') && e.table.length <= 32)).toBe(true);
    expect(Number(saved.version)).toBe(1);
  });

  it('refuses a template that breaks the schema, naming the path', async () => {
    const bad = edited(0) as unknown as { items: { items: { precision?: unknown }[][] }[] };
    bad.items[0].items[0][1].precision = 'nineteen';
    const refused = failure(await create(bad));
    expect(refused.code).toBe('E_VALIDATION');
    expect(Object.keys(refused.details ?? {})).toContain('properties/items/0/items/0/1/precision');
  });

  it('refuses a circular formula, naming the cells', async () => {
    const props = edited(0);
    const total = props.items[0].items.flat().find((c) => c.editor === 'formula')!;
    total.formula = `=cell(${total.code})+1`;
    const refused = failure(await create(props));
    expect(refused.code).toBe('E_VALIDATION');
    expect(Object.values(refused.details ?? {}).join(' ')).toContain(`Circular reference: ${total.code} → ${total.code}`);
  });

  it('refuses a dropdown bound to a list group that does not exist', async () => {
    const props = edited(2);
    const dropdown = props.items.flatMap((tab) => tab.items.flat()).find((c) => c.editor === 'dropdown')!;
    dropdown.listgroup = 987_654;
    const refused = failure(await create(props, {}, 'TRC02'));
    expect(Object.values(refused.details ?? {})).toContain('List group 987654 does not exist.');
  });

  it('keeps a tab\'s table type and the item code once set, and publishes a new version for a changed shape', async () => {
    const saved = readBack(await create(edited(2), {}, 'TRC02'));
    const props = json(saved.properties) as FormProperties;
    const i = props.items.findIndex((tab) => tab.type === 'add-new-rows');
    const retyped = structuredClone(props);
    retyped.items[i].type = 'normal';
    const update = (fields: string[], values: unknown[]) => t.call('Record.update', [{ module: 'FormTemplate', fields: ['id', 'updatectr', ...fields], values: [saved.id, saved.updatectr, ...values], read: READ }], iru);
    expect(failure(await update(['properties'], [JSON.stringify(retyped)])).details).toMatchObject({ [`properties/items/${i}/type`]: expect.stringContaining('cannot be changed once set') });
    expect(failure(await update(['itemcode'], ['OTHER'])).details).toMatchObject({ itemcode: expect.stringContaining('cannot be changed') });

    props.title = `${props.title} (revised)`;
    const revised = readBack(await update(['properties'], [JSON.stringify(props)]));
    expect(Number(revised.version)).toBe(2);
  });

  it('checks an override like its template, with the template\'s item code', async () => {
    const template = readBack(await create(edited(0)));
    const made = readBack(await t.call('Record.create', [{ module: 'FormPropertiesOverride', fields: ['template', 'properties'], values: [template.id, JSON.stringify(edited(0))], read: ['id', 'properties', 'etlproperties', 'template_code'] }], iru));
    expect(made.template_code).toBe(`T${n}`);
    const cells = dataCells(json(made.properties) as FormProperties);
    expect(cells.every((p) => String(p.cell.code).startsWith(String(template.itemcode)))).toBe(true);
    expect(json(made.etlproperties).length).toBeGreaterThan(0);
    const broken = edited(0) as unknown as { items: unknown };
    broken.items = 'none';
    expect(failure(await t.call('Record.create', [{ module: 'FormPropertiesOverride', fields: ['template', 'properties'], values: [template.id, JSON.stringify(broken)] }], iru)).code).toBe('E_VALIDATION');
  });
});
