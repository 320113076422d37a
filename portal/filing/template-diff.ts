// Two versions of a template compared cell by cell (docs/form-templates.md): cells with a code are
// matched by their code wherever rows or columns moved them; cells without one (labels, headers)
// by their place in their tab. Tabs are matched by id; form and tab attributes are compared too.
// Pure and isomorphic: FormTemplate.compare answers it, a history panel can show it.
import { columnLetter, templateCells, type CellPlace } from './template-grid.js';
import type { FormProperties } from './template-schema.js';

export type ChangeKind = 'added' | 'removed' | 'changed' | 'moved';

export interface TemplateChange {
  /** Tab id, or null for the form's own properties. */
  tab: string | null;
  /** The cell's code, when it has one. */
  code: string | null;
  /** Where the cell is in the newer version (the older one for a removal): `B7`, header rows first. */
  address: string | null;
  kind: ChangeKind;
  /** Attribute → [before, after] (JSON text, null when absent). */
  attributes: Record<string, [string | null, string | null]>;
}

const text = (v: unknown): string | null => (v === undefined || v === null ? null : typeof v === 'string' ? v : JSON.stringify(v));

function attributeChanges(a: Record<string, unknown>, b: Record<string, unknown>, skip: readonly string[] = []): Record<string, [string | null, string | null]> {
  const out: Record<string, [string | null, string | null]> = {};
  for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    if (skip.includes(key)) continue;
    const before = text(a[key]);
    const after = text(b[key]);
    if (before !== after) out[key] = [before, after];
  }
  return out;
}

function addressOf(p: CellPlace): string {
  const top = p.tab.header.items.length;
  const row = p.section === 'header' ? p.row : p.section === 'body' ? top + p.row : top + p.tab.items.length + (p.section === 'summary' ? 1 : 0);
  return `${columnLetter(p.col)}${row + 1}`;
}

const keyOf = (p: CellPlace) => (p.cell.code ? `code:${p.cell.code}` : `at:${p.tab.id}:${p.section}:${p.row}:${p.col}`);

/** What changed from `before` to `after`, form first, then tab by tab in the newer order. */
export function diffTemplates(before: FormProperties, after: FormProperties): TemplateChange[] {
  const changes: TemplateChange[] = [];
  const form = attributeChanges(before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>, ['items', 'codecounters']);
  if (Object.keys(form).length) changes.push({ tab: null, code: null, address: null, kind: 'changed', attributes: form });

  const oldTabs = new Map(before.items.map((t) => [t.id, t]));
  const newIds = new Set(after.items.map((t) => t.id));
  for (const tab of after.items) {
    const old = oldTabs.get(tab.id);
    if (!old) changes.push({ tab: tab.id, code: null, address: null, kind: 'added', attributes: { title: [null, tab.title] } });
    else {
      const attrs = attributeChanges(old as unknown as Record<string, unknown>, tab as unknown as Record<string, unknown>, ['items', 'header', 'summary']);
      if (old.header.top !== tab.header.top) attrs['header.top'] = [String(old.header.top), String(tab.header.top)];
      if (old.header.left !== tab.header.left) attrs['header.left'] = [String(old.header.left), String(tab.header.left)];
      if (Object.keys(attrs).length) changes.push({ tab: tab.id, code: null, address: null, kind: 'changed', attributes: attrs });
    }
  }
  for (const tab of before.items) if (!newIds.has(tab.id)) changes.push({ tab: tab.id, code: null, address: null, kind: 'removed', attributes: { title: [tab.title, null] } });

  const oldCells = new Map(templateCells(before).filter((p) => !p.covered).map((p) => [keyOf(p), p]));
  const seen = new Set<string>();
  for (const p of templateCells(after)) {
    if (p.covered) continue;
    const key = keyOf(p);
    seen.add(key);
    const old = oldCells.get(key);
    const base = { tab: p.tab.id, code: p.cell.code ?? null, address: addressOf(p) };
    if (!old) {
      if (Object.keys(p.cell).length) changes.push({ ...base, kind: 'added', attributes: attributeChanges({}, p.cell as Record<string, unknown>) });
      continue;
    }
    const attrs = attributeChanges(old.cell as Record<string, unknown>, p.cell as Record<string, unknown>);
    const moved = old.tab.id !== p.tab.id || addressOf(old) !== base.address;
    if (moved) attrs.address = [`${old.tab.id}!${addressOf(old)}`, `${p.tab.id}!${base.address}`];
    if (Object.keys(attrs).length) changes.push({ ...base, kind: moved && Object.keys(attrs).length === 1 ? 'moved' : 'changed', attributes: attrs });
  }
  for (const [key, p] of oldCells) {
    if (seen.has(key) || !newIds.has(p.tab.id) || !Object.keys(p.cell).length) continue;
    changes.push({ tab: p.tab.id, code: p.cell.code ?? null, address: addressOf(p), kind: 'removed', attributes: attributeChanges(p.cell as Record<string, unknown>, {}) });
  }
  return changes;
}
