// The validation report of a form (docs/filing.md "Validation report"): every rule that applies
// to the form as it is stored — each cell's required, type and validation rules, each formula
// result, the fewest rows of add-new-rows tabs, each form check (tabvalidation) and tier-2 check —
// with its outcome (passed, failed, warning), its message and the values it cites, in words: the
// cell's label beside `01!B3`, dates DD/MM/YYYY. The outcomes are Form.validate's own
// (storedFormBreaches); this module only lists the rules that passed beside them.
import type { ActionContext } from '../../engine/runtime/context.js';
import { formatCellValue, type StoredValue } from './cell-values.js';
import { cellLabels } from './cell-labels.js';
import { externalValues, shownExternals } from './external-values.js';
import { cellId, placeContent, storedCells, type FiledTemplate, type FormContent, type FormRow } from './form-data.js';
import { cellKey } from './form-layout.js';
import { storedFormBreaches, type RuleBreach } from './form-rules.js';
import { FORM_STATE } from './form-states.js';
import { buildWorkbook, eachCell } from './form-values.js';
import type { Cell } from './template-schema.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Names the form and its entity in the report of a form the caller reached through its rules',
);

export type Outcome = 'passed' | 'failed' | 'warning';

export interface ReportLine {
  tab: string | null;
  tabTitle: string | null;
  /** `01!B3`, or null for a tab-wide or form-wide rule. */
  cell: string | null;
  /** The cell's label; the tab's title for a tab-wide rule; empty for a form check. */
  label: string;
  /** The rule in words ("Must be filled in", "Form check"). */
  rule: string;
  outcome: Outcome;
  message: string;
  /** The values the rule looks at, in words. */
  values: string;
}

export interface FormReport {
  form: number;
  code: string;
  name: string;
  entity: string;
  /** The period's end, DD/MM/YYYY. */
  period: string;
  state: string;
  template: string;
  version: number;
  lines: ReportLine[];
  counts: Record<Outcome, number>;
}

export const RULE_WORDS: Record<string, string> = {
  required: 'Must be filled in',
  type: 'Value of the right kind',
  validation: 'Cell check',
  formula: 'Calculated value fits',
  minrows: 'Fewest rows',
  tabvalidation: 'Form check',
  tier2: 'Tier-2 check',
};

export const OUTCOME_WORDS: Record<Outcome, string> = { passed: 'Passed', failed: 'Failed', warning: 'Warning' };

const STATE_WORDS: Record<number, string> = {
  [FORM_STATE.open]: 'Open',
  [FORM_STATE.pendingVerification]: 'Pending Verification',
  [FORM_STATE.ready]: 'Ready',
  [FORM_STATE.submitted]: 'Submitted',
  [FORM_STATE.accepted]: 'Accepted',
  [FORM_STATE.amendment]: 'Amendment Required',
};

/** `2026-01-31` → `31/01/2026`; anything else as it is. */
export function ddmmyyyy(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

function shown(cell: Cell, value: StoredValue): string {
  if (value === null || value === '') return '(empty)';
  if (cell.editor === 'date') return ddmmyyyy(value);
  return formatCellValue(cell, value);
}

const CITED = /\bcell\(\s*([A-Za-z0-9_]+)\s*\)/g;

/** Every rule of one form with its outcome, given the breaches Form.validate found. */
export function reportLines(filed: FiledTemplate, content: FormContent, computed: ReadonlyMap<string, StoredValue>, disabled: ReadonlySet<string>, breaches: readonly RuleBreach[]): ReportLine[] {
  const { layout, properties } = filed;
  const labels = cellLabels(properties);
  const titles = new Map(properties.items.map((t) => [t.id, t.display_name || t.title || t.id]));
  const failedAt = new Map<string, RuleBreach>();
  for (const b of breaches) if (b.tab !== null) failedAt.set(`${b.rule}|${b.tab}|${b.address ?? ''}`, b);
  const byPath = new Map(breaches.filter((b) => b.path !== undefined).map((b) => [b.path!, b]));
  const outcomeOf = (b: RuleBreach | undefined): Outcome => (!b ? 'passed' : b.severity === 'warning' ? 'warning' : 'failed');
  const lines: ReportLine[] = [];

  const valueOf = (code: string, row: number, c: Cell): StoredValue => (c.editor === 'formula' ? (computed.get(`${code}#${row}`) ?? null) : (content.byCell.get(`${code}#${row}`) ?? null));
  for (const at of eachCell(filed, content.rows)) {
    const c = at.cell.place.cell;
    const address = layout.address(at.cell, at.row, content.rows);
    const base = { tab: at.cell.tab, tabTitle: titles.get(at.cell.tab) ?? null, cell: cellKey(at.cell.tab, address), label: labels.get(at.cell.code) ?? at.cell.code };
    const value = valueOf(at.cell.code, at.row, c);
    const values = shown(c, value);
    const line = (rule: string, passedMessage: string) => {
      const b = failedAt.get(`${rule}|${at.cell.tab}|${address}`);
      lines.push({ ...base, rule: RULE_WORDS[rule], outcome: outcomeOf(b), message: b ? b.message : passedMessage, values });
    };
    const off = disabled.has(cellId(at.cell, at.row));
    if (c.editor === 'formula') {
      line('formula', 'The result fits the cell.');
      if (c.validations && !off) line('validation', c.validationmsg ?? 'This value is not accepted.');
      continue;
    }
    // A disabled input cell, or one its disable condition turns off now, has no rule that applies.
    if (c.disabled === true || off) continue;
    const required = failedAt.has(`required|${at.cell.tab}|${address}`);
    if (!c.allowempty && (value !== null || required)) line('required', 'Filled in.');
    if (value !== null) {
      line('type', 'The value is accepted by the cell.');
      if (c.validations) line('validation', c.validationmsg ?? 'This value is not accepted.');
    }
  }
  for (const tab of layout.repeatingTabs()) {
    const min = tab.minrowsize ?? 0;
    if (min < 1) continue;
    const b = failedAt.get(`minrows|${tab.id}|`);
    lines.push({ tab: tab.id, tabTitle: titles.get(tab.id) ?? null, cell: null, label: titles.get(tab.id) ?? tab.id, rule: RULE_WORDS.minrows, outcome: outcomeOf(b), message: b ? b.message : `At least ${min} row${min === 1 ? ' is' : 's are'} filled.`, values: `${content.rows[tab.id] ?? 1} row${(content.rows[tab.id] ?? 1) === 1 ? '' : 's'}` });
  }
  const formChecks = (list: readonly { formula: string; message: string }[] | undefined, kind: 'tabvalidation' | 'tier2') =>
    (list ?? []).forEach((check, i) => {
      const b = byPath.get(`/${kind}/${i}/formula`);
      lines.push({ tab: null, tabTitle: null, cell: null, label: '', rule: RULE_WORDS[kind], outcome: outcomeOf(b), message: b ? b.message : check.message, values: cited(filed, computed, content, check.formula) });
    });
  formChecks(properties.tabvalidation, 'tabvalidation');
  formChecks(properties.tier2, 'tier2');
  return lines;
}

/** The cells a form check names (`cell(CODE)`), each as `Label (01!B8) = 25,035`. */
function cited(filed: FiledTemplate, computed: ReadonlyMap<string, StoredValue>, content: FormContent, formula: string): string {
  const { layout } = filed;
  const labels = cellLabels(filed.properties);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const m of formula.matchAll(CITED)) {
    const cell = layout.byCodeOf(m[1]);
    if (!cell || seen.has(cell.code)) continue;
    seen.add(cell.code);
    const c = cell.place.cell;
    const value = c.editor === 'formula' ? (computed.get(`${cell.code}#0`) ?? null) : (content.byCell.get(`${cell.code}#0`) ?? null);
    out.push(`${labels.get(cell.code) ?? cell.code} (${cellKey(cell.tab, layout.address(cell, 0, content.rows))}) = ${shown(c, value)}`);
  }
  return out.join('; ');
}

function counts(lines: readonly ReportLine[]): Record<Outcome, number> {
  const out: Record<Outcome, number> = { passed: 0, failed: 0, warning: 0 };
  for (const l of lines) out[l.outcome]++;
  return out;
}

/** The report of one stored form the caller has reached (reachForm). */
export async function formValidationReport(ctx: ActionContext, form: FormRow): Promise<FormReport> {
  const { filed, breaches } = await storedFormBreaches(ctx, form);
  const licenseKey = ctx.services.config.formulaLicenseKey;
  const content = placeContent(filed.layout, await storedCells(ctx.db, form.id));
  // The values cited are computed as Form.getData shows them: with the other forms' extform()/prev()
  // values the caller may see (a value from a form the caller cannot see counts as blank here).
  const externals = await shownExternals(ctx, await externalValues(ctx.db, form, filed, { licenseKey, root: ctx.services.db }));
  const wb = buildWorkbook(filed, content, licenseKey, externals);
  const computed = new Map<string, StoredValue>();
  const disabled = new Set<string>();
  try {
    for (const d of wb.checks().disabled) disabled.add(`${d.code}#${d.row}`);
    for (const [code, v] of Object.entries(wb.results())) {
      if (Array.isArray(v)) v.forEach((x, row) => computed.set(`${code}#${row}`, x ?? null));
      else computed.set(`${code}#0`, v ?? null);
    }
  } finally {
    wb.destroy();
  }
  const lines = reportLines(filed, content, computed, disabled, breaches);
  const meta = await ctx.db('form').where({ id: form.id }).first('code', 'name', 'endon', 're');
  const entity = await ctx.db('re').where({ id: meta.re }).first('name');
  const template = await ctx.db('formtemplate').where({ id: filed.id }).first('code');
  const endon = meta.endon instanceof Date ? meta.endon.toISOString().slice(0, 10) : String(meta.endon ?? '').slice(0, 10);
  return {
    form: form.id,
    code: String(meta.code ?? ''),
    name: String(meta.name ?? ''),
    entity: String(entity?.name ?? ''),
    period: ddmmyyyy(endon),
    state: STATE_WORDS[form.state] ?? String(form.state),
    template: String(template?.code ?? ''),
    version: filed.version,
    lines,
    counts: counts(lines),
  };
}
