// The allow-list of report templates, stricter than a web page and wider than rich text
// (engine/html/rich-text-policy.ts, whose elements it includes): a whole document with its own
// <style>, tables and images, but no script, no event handler, no form, no frame, and nothing a
// browser would fetch. The template check (template-check.ts) refuses anything else on save,
// naming the line; the print sanitises with the same lists (report-sanitize.ts), so a row
// stored by hand past the check still prints inert markup.
import { RICH_TEXT_TAGS } from '../html/rich-text-policy.js';

/** Elements a template may use. */
export const REPORT_TAGS: readonly string[] = [
  ...RICH_TEXT_TAGS,
  'html', 'head', 'body', 'meta', 'title', 'style',
  'header', 'footer', 'main', 'section', 'article', 'aside', 'nav', 'address', 'figure', 'figcaption',
  'h5', 'h6', 'small', 'mark', 'abbr', 'cite', 'q', 'code', 'pre', 'dl', 'dt', 'dd',
  'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'img',
];

/** Attributes every allowed element may carry. */
export const REPORT_GLOBAL_ATTRIBUTES: readonly string[] = ['class', 'id', 'lang', 'dir', 'title', 'style'];

/** Attributes of particular elements, beyond the global ones. */
export const REPORT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  meta: ['charset'],
  a: ['href'],
  img: ['src', 'alt', 'width', 'height'],
  td: ['colspan', 'rowspan', 'align', 'valign'],
  th: ['colspan', 'rowspan', 'scope', 'align', 'valign'],
  col: ['span', 'width'],
  colgroup: ['span'],
  table: ['width'],
  ol: ['start', 'type'],
};

/** Attributes whose value is a URL: never filled by a placeholder, and never remote. */
export const URL_ATTRIBUTES: readonly string[] = ['href', 'src'];

/** An image is embedded in the template (data:image/…): a report never fetches one. */
export function isEmbeddedImage(src: string): boolean {
  return /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=\s]*$/i.test(src.trim());
}

/** Links in a PDF are not followed by the printer; only web and mail addresses are kept. */
export function isReportLink(href: string): boolean {
  return /^(https?:\/\/|mailto:)[^\s"'<>]*$/i.test(href.trim());
}

/**
 * The first thing in a piece of CSS (a <style> block or a style attribute) that is code or would
 * fetch something, as words; null when it is plain styling.
 */
export function cssProblem(css: string): string | null {
  const plain = css.replace(/\/\*[\s\S]*?\*\//g, ' ');
  if (/@import/i.test(plain)) return 'CSS @import would fetch another style sheet';
  if (/expression\s*\(|behavior\s*:|-moz-binding|javascript:/i.test(plain)) return 'CSS may not run code (expression, behavior, -moz-binding, javascript:)';
  for (const m of plain.matchAll(/url\s*\(\s*(['"]?)([^'")]*)\1\s*\)/gi)) {
    if (!/^data:/i.test(m[2].trim())) return `CSS url(${m[2].trim().slice(0, 60)}) would fetch a resource; embed it as a data: URL`;
  }
  if (/\\/.test(plain)) return 'CSS escapes (\\) are not allowed in a report';
  return null;
}
