// The report templates' syntax, all of it inside `{{ }}`:
// - `{{ name }}` is replaced by the HTML-escaped text of a field of the record (or a `$` value of
//   the print: $title, $printedAt, $printedBy, $count);
// - `{{#rows}} … {{/rows}}` is the repeating section: its content is printed once per record the
//   print's WHERE matches, in the list's order, each time with that record's fields (and
//   `{{ $rowNumber }}`, 1, 2, …); `{{^rows}} … {{/rows}}` is printed only when there is none.
// Nothing else is interpreted: no expressions, no code, no raw HTML from data. A template is
// parsed once; names and sections are checked when the template is loaded (template-check.ts).
const TOKEN = /\{\{\s*(?:([#^/])\s*([A-Za-z_][A-Za-z0-9_]*)|(\$?[A-Za-z_][A-Za-z0-9_]*))\s*\}\}/g;

export { SECTION } from './template-check.js';

export type TemplatePart = { text: string } | { name: string } | { section: string; inverted: boolean; parts: TemplatePart[] };

export interface Template {
  parts: TemplatePart[];
  /** The names the template uses, each once, in order of first use. */
  names: string[];
  /** Whether the template has a repeating section (it then prints a list of records). */
  repeats: boolean;
}

/**
 * The template's parts. A template reaching the print was checked (template-check.ts); for any
 * other text a close without an open stays text and an open without a close ends at the end.
 */
export function parseTemplate(source: string): Template {
  const root: TemplatePart[] = [];
  const open: { section: string; parts: TemplatePart[] }[] = [];
  const names: string[] = [];
  let repeats = false;
  let at = 0;
  const into = () => (open.length ? open[open.length - 1].parts : root);
  for (const m of source.matchAll(TOKEN)) {
    const [whole, sign, sectionName, name] = m;
    if (m.index > at) into().push({ text: source.slice(at, m.index) });
    at = m.index + whole.length;
    if (name) {
      into().push({ name });
      if (!names.includes(name)) names.push(name);
    } else if (sign === '/') {
      if (open.length && open[open.length - 1].section === sectionName) open.pop();
      else into().push({ text: whole });
    } else {
      const part = { section: sectionName, inverted: sign === '^', parts: [] as TemplatePart[] };
      into().push(part);
      open.push(part);
      repeats = true;
    }
  }
  if (at < source.length) into().push({ text: source.slice(at) });
  return { parts: root, names, repeats };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

function render(parts: TemplatePart[], values: Record<string, string>, rows: readonly Record<string, string>[]): string {
  let out = '';
  for (const p of parts) {
    if ('text' in p) out += p.text;
    else if ('name' in p) out += escapeHtml(Object.hasOwn(values, p.name) ? values[p.name] : '');
    else if (p.inverted) out += rows.length ? '' : render(p.parts, values, rows);
    else rows.forEach((row, i) => (out += render(p.parts, { ...values, ...row, $rowNumber: String(i + 1) }, rows)));
  }
  return out;
}

/**
 * The template with every placeholder replaced by its value, escaped; a missing value is empty.
 * A repeating section is printed once per row of `rows` (a row's values over `values`).
 */
export function renderTemplate(template: Template, values: Record<string, string>, rows: readonly Record<string, string>[] = []): string {
  return render(template.parts, values, rows);
}
