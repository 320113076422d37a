// Sheet names of the workbook contract: a tab's code (its title) with Excel's forbidden
// characters replaced by `_`, cut to 31 characters; a repeat gets ` (2)`, ` (3)`….
import type { Tab } from '../../filing/template-schema.js';

export function sheetNames(tabs: readonly Tab[]): Map<string, string> {
  const used = new Set<string>();
  const out = new Map<string, string>();
  for (const tab of tabs) {
    const base = tab.title.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || tab.id;
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base.slice(0, 31 - ` (${n})`.length)} (${n})`;
    used.add(name.toLowerCase());
    out.set(tab.id, name);
  }
  return out;
}
