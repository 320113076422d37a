// The label a data cell goes by in messages: its `label_map`, else its own label (`id`), else the
// labels on its left in its row ("Total assets"), with the column's header when the row holds
// more than one data cell ("Total assets (Current year)"); a summary cell by the summary header
// above it; else its code. Pure and kept per template object (templates are parsed once).
import { tabCells } from './template-grid.js';
import type { FormProperties } from './template-schema.js';

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());
const byTemplate = new WeakMap<FormProperties, Map<string, string>>();

/** Every data cell's label by code. */
export function cellLabels(template: FormProperties): ReadonlyMap<string, string> {
  const known = byTemplate.get(template);
  if (known) return known;
  const labels = new Map<string, string>();
  template.items.forEach((tab, t) => {
    const places = tabCells(tab, t);
    const column = (col: number) => {
      for (let r = tab.header.items.length - 1; r >= 0; r--) if (text(tab.header.items[r][col]?.value)) return text(tab.header.items[r][col].value);
      return '';
    };
    for (const p of places) {
      if (!p.data || !p.cell.code || labels.has(p.cell.code)) continue;
      let label = text(p.cell.label_map) || text(p.cell.id);
      if (!label && p.section === 'summary') label = text(tab.summary?.header[0]?.[p.col]?.value);
      if (!label && p.section === 'body') {
        const row = tab.items[p.row];
        const left = row.slice(0, p.col).filter((c) => !c.editor).map((c) => text(c.value)).filter(Boolean).join(' ');
        const several = row.filter((c, i) => c.editor && i >= tab.header.left).length > 1;
        const head = several || !left ? column(p.col) : '';
        label = left && head ? `${left} (${head})` : left || head;
      }
      labels.set(p.cell.code, label || p.cell.code);
    }
  });
  byTemplate.set(template, labels);
  return labels;
}
