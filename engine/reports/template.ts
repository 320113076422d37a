// The report templates' one piece of syntax: `{{ name }}` is replaced by the HTML-escaped text of
// a field of the record (or a `$` value of the print: $title, $printedAt, $printedBy). Nothing
// else is interpreted: no expressions, no code, no raw HTML from data. A template is parsed
// once; a placeholder naming an unknown field is refused when the template is loaded.
const PLACEHOLDER = /\{\{\s*(\$?[A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

export type TemplatePart = { text: string } | { name: string };

export interface Template {
  parts: TemplatePart[];
  /** The names the template uses, each once, in order of first use. */
  names: string[];
}

export function parseTemplate(source: string): Template {
  const parts: TemplatePart[] = [];
  let at = 0;
  for (const m of source.matchAll(PLACEHOLDER)) {
    if (m.index > at) parts.push({ text: source.slice(at, m.index) });
    parts.push({ name: m[1] });
    at = m.index + m[0].length;
  }
  if (at < source.length) parts.push({ text: source.slice(at) });
  const names = [...new Set(parts.flatMap((p) => ('name' in p ? [p.name] : [])))];
  return { parts, names };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** The template with every placeholder replaced by its value, escaped; a missing value is empty. */
export function renderTemplate(template: Template, values: Record<string, string>): string {
  return template.parts.map((p) => ('text' in p ? p.text : escapeHtml(Object.hasOwn(values, p.name) ? values[p.name] : ''))).join('');
}
