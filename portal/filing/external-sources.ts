// What a form's formulas read from outside it (extform(CODE): a cell of another form of the same
// batch; prev(CODE): a cell of the same entity's previous accepted form of this template), as
// the server answers it (external-values.ts, Form.getData's value 2) and as the cell model takes
// it. Pure: the server and the entry grid share it.
import { formatCellValue, workbookValue, type StoredValue } from './cell-values.js';
import { externalKeys } from './formula-references.js';
import type { Cell, FormProperties } from './template-schema.js';

export type ExternalKind = 'extform' | 'prev';

/** One value read from outside the form, with where it came from. */
export interface ExternalSource {
  kind: ExternalKind;
  code: string;
  /** As stored (cell-values.ts forms): an input's value, or a formula's result; null when blank. */
  value: StoredValue;
  /** The source cell's editor (how the value is read and shown). */
  type: string;
  /** The source cell's label in its template (label_map, else its row's label). */
  label: string;
  /** The source form, or null when there is none. */
  form: number | null;
  /** Where it came from, for people: `BNK-01, period ending 31/10/2026`. */
  source: string | null;
  /** Why there is no value, when the source is absent or withheld: a sentence. */
  missing: string | null;
  /**
   * The source form is not one the caller reaches (Form's row rules): its value and where it came
   * from are withheld from what the caller is shown, while the checks compute with the true value.
   */
  withheld?: boolean;
}

export const externalRef = (s: Pick<ExternalSource, 'kind' | 'code'>) => `${s.kind}(${s.code})`;

/** What a withheld value is shown as, in place of its figure. */
export const WITHHELD_VALUE = 'not shown';

/** Why a value is withheld: its source form is not one the caller can see. */
export const withheldNote = (s: Pick<ExternalSource, 'kind' | 'code'>) => `${externalRef(s)} reads a form that is not visible to you, so its value is not shown.`;

/** The value as a caller who cannot see its source is shown it: blank, with no source, label or form. */
export function withheldExternal(s: ExternalSource): ExternalSource {
  return { kind: s.kind, code: s.code, value: null, type: 'text', label: s.code, form: null, source: null, missing: withheldNote(s), withheld: true };
}

const byTemplate = new WeakMap<FormProperties, { kind: ExternalKind; code: string }[]>();

/** The extform() and prev() references of a template's formulas, checks and conditions (each once). */
export function externalReferences(template: FormProperties): { kind: ExternalKind; code: string }[] {
  const known = byTemplate.get(template);
  if (known) return known;
  const formulas: string[] = [...(template.tabvalidation ?? []), ...(template.tier2 ?? [])].map((c) => c.formula);
  const walk = (cell: Cell) => {
    for (const f of [cell.formula, cell.validations, cell.disablecondition]) if (f && /extform|prev/i.test(f)) formulas.push(f);
  };
  for (const tab of template.items) {
    for (const row of tab.items) row.forEach(walk);
    tab.summary?.items[0]?.forEach(walk);
  }
  const seen = new Set<string>();
  const out: { kind: ExternalKind; code: string }[] = [];
  for (const f of formulas) {
    for (const key of externalKeys(f)) {
      if (seen.has(key) || key.startsWith('ext:')) continue;
      seen.add(key);
      const [kind, code] = key.split(':') as [ExternalKind, string];
      out.push({ kind, code });
    }
  }
  byTemplate.set(template, out);
  return out;
}

const formulasReading = new WeakMap<FormProperties, boolean>();

/** Whether a formula cell of the template reads another form (extform, prev, ext): its results then depend on them. */
export function formulasReadOtherForms(template: FormProperties): boolean {
  let known = formulasReading.get(template);
  if (known !== undefined) return known;
  const reads = (cell: Cell) => Boolean(cell.formula && externalKeys(cell.formula).length);
  known = template.items.some((tab) => tab.items.some((row) => row.some(reads)) || Boolean(tab.summary?.items[0]?.some(reads)));
  formulasReading.set(template, known);
  return known;
}

/** The values as the workbook takes them (WorkbookOptions.extform / prev). */
export function workbookExternals(sources: readonly ExternalSource[]): { extform: Record<string, number | string | null>; prev: Record<string, number | string | null> } {
  const out = { extform: {} as Record<string, number | string | null>, prev: {} as Record<string, number | string | null> };
  for (const s of sources) out[s.kind][s.code] = workbookValue({ editor: s.type as Cell['editor'] }, s.value);
  return out;
}

/** `2026-10-31` → `31/10/2026`. */
export function periodText(endon: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(endon);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : endon;
}

/** A form as a source: `BNK-01, period ending 31/10/2026`. */
export function sourceText(templateCode: string, endon: string | null): string {
  return endon ? `${templateCode}, period ending ${periodText(endon)}` : templateCode;
}

/** The value as the filer sees it (grouped figures, dd-mm-yyyy dates), `blank` when empty. */
export function shownExternal(s: Pick<ExternalSource, 'type' | 'value'>): string {
  return s.value === null ? 'blank' : formatCellValue({ editor: s.type as Cell['editor'] }, s.value);
}

/** One line per external for a tooltip: `prev(BNK0101003) Total assets = 25,035, from BNK-01, period ending 31/10/2026`. */
export function describeExternal(s: ExternalSource): string {
  const what = `${externalRef(s)} ${s.label} = ${shownExternal(s)}`;
  return s.missing ? `${what}: ${s.missing}` : `${what}, from ${s.source}`;
}
