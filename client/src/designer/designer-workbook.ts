// The designer's HyperFormula workbook: the open tab and the tabs its formulas reach, each a sheet
// named by its tab id, so formulas across tabs compute in the grid.
import { HyperFormula } from 'hyperformula';
import type { FormProperties } from '../../../portal/filing/template-schema.js';
import { formulaConfig, formulaLicenseKey } from '../../../portal/filing/formula-engine.js';
import { designerLayout, gridView } from './grid-view';

/** A sheet named in a translated formula (`'03'!$B$5`: names quoted, a quote doubled). */
const SHEET_REFERENCE = /'((?:[^']|'')+)'!/g;

type SheetData = (string | number | null)[][];

/**
 * The sheets a tab's formulas reach, directly or through other tabs' formulas, that `have` does
 * not hold yet, each the grid view of its tab; the start tab is always walked (and included when
 * `have` says it is missing).
 */
export function reachedSheets(props: FormProperties, tabIndex: number, have: (id: string) => boolean = () => false): Record<string, SheetData> {
  const layout = designerLayout(props);
  const byName = new Map<string, number>();
  props.items.forEach((t, i) => {
    if (!byName.has(t.id)) byName.set(t.id, i);
  });
  const sheets: Record<string, SheetData> = {};
  const walked = new Set<string>();
  const queue = [tabIndex];
  while (queue.length) {
    const i = queue.shift()!;
    const id = props.items[i].id;
    if (walked.has(id)) continue;
    walked.add(id);
    const data = gridView(props, i, layout).data;
    if (!have(id)) sheets[id] = data;
    for (const line of data) {
      for (const v of line) {
        if (typeof v !== 'string' || !v.startsWith('=')) continue;
        for (const m of v.matchAll(SHEET_REFERENCE)) {
          const j = byName.get(m[1].replace(/''/g, "'"));
          if (j !== undefined && !walked.has(props.items[j].id) && !have(props.items[j].id)) queue.push(j);
        }
      }
    }
  }
  return sheets;
}

/**
 * The HyperFormula workbook of the designer: each tab a sheet named by its id, so a formula citing
 * a cell of another tab computes in the grid. Only the open tab and the tabs its formulas reach
 * are built (opening a tab of a large template does not pay for sheets nothing on it needs); a
 * formula edited to reach another tab adds that sheet then (`addReachedSheets`). The grid's
 * formulas plugin takes the sheet of its own tab over; the grid destroys the workbook when it goes.
 */
export function designerWorkbook(props: FormProperties, tabIndex: number): HyperFormula {
  return HyperFormula.buildFromSheets(reachedSheets(props, tabIndex), formulaConfig(formulaLicenseKey('grid')));
}

/** The template each grid workbook was built from: nothing can be missing from it for that template. */
const builtFrom = new WeakMap<HyperFormula, FormProperties>();

/**
 * The workbook a grid starts from: as `designerWorkbook`, but the open tab's sheet is left empty,
 * since the grid's Formulas plugin loads the grid's data into that sheet when the grid is created
 * (setSheetContent): built here too, every formula of the tab would be parsed and computed twice.
 */
export function gridWorkbook(props: FormProperties, tabIndex: number): HyperFormula {
  const sheets = reachedSheets(props, tabIndex);
  sheets[props.items[tabIndex].id] = [];
  const engine = HyperFormula.buildFromSheets(sheets, formulaConfig(formulaLicenseKey('grid')));
  builtFrom.set(engine, props);
  return engine;
}

/** Adds the sheets the open tab's formulas now reach; true when any was added (HyperFormula recomputes). */
export function addReachedSheets(engine: HyperFormula, props: FormProperties, tabIndex: number): boolean {
  // Edits build a new template object, so the one a grid workbook was built from needs nothing more.
  if (builtFrom.get(engine) === props) return false;
  const own = props.items[tabIndex].id;
  const missing = Object.entries(reachedSheets(props, tabIndex, (id) => id === own || engine.doesSheetExist(id)));
  for (const [id, data] of missing) {
    const name = engine.addSheet(id);
    engine.setSheetContent(engine.getSheetId(name)!, data);
  }
  return missing.length > 0;
}
