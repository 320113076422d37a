// The whole check of a template on save, as one pipeline of small steps: schema → normalise →
// structure (tabs, headers, merges, dropdowns, links) → formulas (HyperFormula) → extract
// definitions. The FormTemplate save hook and the designer's Save both call checkTemplate, so an
// integrator's Record.update gets exactly what the designer gets.
import { defaultItemCode, isItemCode } from './cell-codes.js';
import { extractDefinitions, type ExtractDefinition } from './extract-definition.js';
import { partTables } from './extract-parts.js';
import { FormWorkbook } from './formula-engine.js';
import { normaliseTemplate } from './normalise.js';
import { toleranceProblems } from './rule-equality.js';
import { designerRows, templateCells } from './template-grid.js';
import { schemaProblems, type FormProperties, type TemplateProblem } from './template-schema.js';

export interface TemplateCheckOptions {
  /** The template's item code (FormTemplate.itemcode); default: the form id without non-alphanumerics. */
  itemcode?: string | null;
  /** Ids of the list groups dropdowns may use (active ListGroup rows); unchecked when absent. */
  listGroups?: Iterable<number>;
  /** HyperFormula licence key (default gpl-v3). */
  licenseKey?: string;
}

export type TemplateCheck =
  | { ok: true; template: FormProperties; extracts: ExtractDefinition[]; problems: [] }
  | { ok: false; problems: TemplateProblem[] };

/** Problems of shape the schema cannot express (a normalised template). */
export function structureProblems(props: FormProperties, listGroups?: Iterable<number>): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const add = (path: string, message: string) => problems.push({ path, message });
  const known = listGroups ? new Set(listGroups) : null;
  const tabIds = new Set<string>();
  const tabCodes = new Set(props.items.map((t) => t.title));
  props.items.forEach((tab, t) => {
    const at = `/items/${t}`;
    if (tabIds.has(tab.id)) add(`${at}/id`, `Another tab already has the id ${tab.id}.`);
    tabIds.add(tab.id);
    if (props.items.findIndex((o) => o.title === tab.title) !== t) add(`${at}/title`, `Another tab already has the code ${tab.title}.`);
    if (tab.header.items.length !== tab.header.top) add(`${at}/header/top`, `Top Row count is ${tab.header.top} but the header has ${tab.header.items.length} rows.`);
    const rows = designerRows(tab);
    const width = rows[0]?.length ?? 0;
    rows.forEach((cells, r) => {
      const path = r < tab.header.items.length ? `${at}/header/items/${r}` : `${at}/items/${r - tab.header.items.length}`;
      if (cells.length !== width) add(path, `Every row of a tab has the same number of cells (${width}).`);
    });
    if (tab.header.left > width) add(`${at}/header/left`, `Left Column count is ${tab.header.left} but the tab has ${width} columns.`);
    if (tab.type === 'add-new-rows') {
      if (tab.items.length !== 1) add(`${at}/items`, 'An add-new-rows tab has exactly one body row: the pattern of every row the filer adds.');
      if ((tab.minrowsize ?? 0) > (tab.maxrowsize ?? Infinity)) add(`${at}/minrowsize`, 'Min row cannot be more than Max row.');
    }
    // Merges stay inside the tab, inside their section, and never overlap.
    const covered = new Map<string, string>();
    rows.forEach((cells, r) =>
      cells.forEach((cell, c) => {
        const rs = cell.rowspan ?? 1;
        const cs = cell.colspan ?? 1;
        if (rs === 1 && cs === 1) return;
        const header = r < tab.header.items.length;
        const path = header ? `${at}/header/items/${r}/${c}` : `${at}/items/${r - tab.header.items.length}/${c}`;
        const lastRow = header ? tab.header.items.length : rows.length;
        if (r + rs > lastRow || c + cs > width) return add(path, 'The merged cells reach outside the ' + (header ? 'header.' : 'tab.'));
        if (tab.type === 'add-new-rows' && !header && rs > 1) return add(`${path}/rowspan`, 'Rows of an add-new-rows tab cannot be merged.');
        for (let i = r; i < r + rs; i++)
          for (let j = c; j < c + cs; j++) {
            const k = `${i},${j}`;
            if (covered.has(k)) return add(path, `The merged cells overlap the merge at ${covered.get(k)}.`);
            covered.set(k, path);
          }
      }),
    );
    if (tab.summary && !tab.summary.deleted) {
      const [choice, total] = tab.summary.items[0];
      if (choice.editor !== 'dropdown') add(`${at}/summary/items/0/0/editor`, 'The first summary cell is a dropdown.');
      if (total.editor !== 'formula' || !total.formula) add(`${at}/summary/items/0/1/formula`, 'The second summary cell holds a formula.');
    }
  });
  const codes = new Set<string>();
  for (const p of templateCells(props)) {
    const cell = p.cell;
    if (cell.code) {
      if (codes.has(cell.code)) add(`${p.path}/code`, `The code ${cell.code} is already used by another cell.`);
      codes.add(cell.code);
    }
    if (p.covered) continue;
    if (cell.editor === 'dropdown') {
      if (!cell.listgroup) add(`${p.path}/listgroup`, 'A dropdown cell must have a list group.');
      else if (known && !known.has(cell.listgroup)) add(`${p.path}/listgroup`, `List group ${cell.listgroup} does not exist.`);
    }
    if (cell.precision != null && cell.scale != null && cell.scale > cell.precision) add(`${p.path}/scale`, 'Scale cannot be more than precision.');
    if (cell.href && !tabCodes.has(cell.href)) add(`${p.path}/href`, `No tab has the code ${cell.href}.`);
    if (cell.validationmsg && !cell.validations) add(`${p.path}/validations`, 'A validation message needs a validation.');
  }
  if (props.dropdown && known && !known.has(props.dropdown)) add('/dropdown', `List group ${props.dropdown} does not exist.`);
  return problems;
}

function tableNameProblems(extracts: ExtractDefinition[]): TemplateProblem[] {
  const seen = new Map<string, number>();
  const problems: TemplateProblem[] = [];
  extracts.forEach((e, i) => {
    // A wide tab's extract takes several tables (extract-parts.ts): none may be another tab's.
    const clash = partTables(e).find((table) => seen.has(table));
    if (clash) problems.push({ path: `/items/${i}/id`, message: `The extract table ${clash} is already the table of tab ${extracts[seen.get(clash)!].tab}: shorten the form id.` });
    else for (const table of partTables(e)) seen.set(table, i);
  });
  return problems;
}

/**
 * Checks a template's properties as the save does. On success answers the normalised template
 * (what is stored) and its extract definitions (what `etlproperties` holds); otherwise every
 * problem found, each at its JSON path.
 */
export function checkTemplate(properties: unknown, options: TemplateCheckOptions = {}): TemplateCheck {
  const schema = schemaProblems(properties);
  if (schema.length) return { ok: false, problems: schema };
  const input = properties as FormProperties;
  const itemcode = options.itemcode || defaultItemCode(input.id);
  if (!isItemCode(itemcode)) return { ok: false, problems: [{ path: '/', message: `The item code "${itemcode}" must be a letter then letters and digits, at most 20.` }] };
  const template = normaliseTemplate(input, itemcode);
  const problems = [...structureProblems(template, options.listGroups), ...toleranceProblems(template)];
  if (problems.length) return { ok: false, problems };
  const workbook = FormWorkbook.build(template, { licenseKey: options.licenseKey });
  const formulas = workbook.problems();
  workbook.destroy();
  if (formulas.length) return { ok: false, problems: formulas };
  const extracts = extractDefinitions(template);
  const names = tableNameProblems(extracts);
  if (names.length) return { ok: false, problems: names };
  return { ok: true, template, extracts, problems: [] };
}
