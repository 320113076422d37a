// Worksheet names of an exported form (the workbook contract, docs/excel.md): one sheet per tab,
// named by the tab code, Excel's 31-character limit and forbidden characters `[]:*?/\` replaced by
// `_`; a duplicate (compared as Excel does, ignoring case) gets ` (2)`, ` (3)`, ….
import type { Tab } from '../../filing/template-schema.js';

export const MAP_SHEET = '_regportal';
export const LIST_SHEET = '_lists';
const RESERVED = new Set([MAP_SHEET.toLowerCase(), LIST_SHEET.toLowerCase(), 'history']);

function cut(name: string, max: number): string {
  return [...name].slice(0, max).join('');
}

export function tabSheetNames(tabs: readonly Tab[]): string[] {
  const taken = new Set<string>(RESERVED);
  return tabs.map((tab) => {
    // Excel also refuses a name starting or ending with an apostrophe, and an empty one.
    const base = cut(tab.title.replace(/[[\]:*?/\\]/g, '_').replace(/^'|'$/g, '_'), 31) || tab.id;
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${cut(base, 31 - ` (${n})`.length)} (${n})`;
    taken.add(name.toLowerCase());
    return name;
  });
}
