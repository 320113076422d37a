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

/** A problem found in CSS, at an offset into the CSS as written. */
export interface CssProblem {
  at: number;
  message: string;
}

/**
 * CSS as a browser reads it, for the checks: comments (and `<!--`, `-->`) dropped and escapes
 * decoded, so that `u`, a comment, `rl(` and `\75 rl(` both read `url(`. `at` maps each character
 * back to its offset in the source; `escaped` marks those written as an escape.
 */
function readCss(css: string): { text: string; at: number[]; escaped: boolean[] } {
  let text = '';
  const at: number[] = [];
  const escaped: boolean[] = [];
  const put = (s: string, from: number, isEscape: boolean) => {
    text += s;
    for (let k = 0; k < s.length; k++) {
      at.push(from);
      escaped.push(isEscape);
    }
  };
  let i = 0;
  while (i < css.length) {
    if (css.startsWith('/*', i)) {
      const end = css.indexOf('*/', i + 2);
      i = end === -1 ? css.length : end + 2;
    } else if (css.startsWith('<!--', i)) i += 4;
    else if (css.startsWith('-->', i)) i += 3;
    else if (css[i] === '\\') {
      const hex = /^([0-9A-Fa-f]{1,6})(\r\n|[ \t\n\r\f])?/.exec(css.slice(i + 1, i + 9));
      if (hex) {
        const cp = parseInt(hex[1], 16);
        put(cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ? '\ufffd' : String.fromCodePoint(cp), i, true);
        i += 1 + hex[0].length;
      } else if (i + 1 < css.length && !/[\n\r\f]/.test(css[i + 1])) {
        put(css[i + 1], i, true);
        i += 2;
      } else i += 2;
    } else {
      put(css[i], i, false);
      i++;
    }
  }
  return { text, at, escaped };
}

// CSS functions that name a resource to load: url() and src() may hold a data: URL only, the
// others are refused whatever they hold (image-set("…") takes a bare string as a URL).
const FETCHING_FUNCTION = /(?<![\w-])((?:-[a-z]+-)?(?:url|src|image-set|image|cross-fade|element))\s*\(/gi;
const URL_FUNCTIONS = new Set(['url', 'src']);

/**
 * Everything in a piece of CSS (a <style> block or a style attribute's value) that is code or
 * would fetch something, in words, with its offset; none when it is plain styling. Refused: code
 * (expression(), behavior, -moz-binding, javascript:), `@import`, `src:` in `@font-face`,
 * url()/src() of anything but data:, image(), image-set() and -webkit-image-set(), cross-fade(),
 * element(), however they are spelt (case, escapes, comments); and any other escape.
 */
export function cssProblems(css: string): CssProblem[] {
  const { text, at, escaped } = readCss(css);
  const problems: CssProblem[] = [];
  const refuse = (from: number, to: number, message: string) => {
    const spelt = escaped.slice(from, to).includes(true) ? ' (written with CSS escapes)' : '';
    problems.push({ at: at[from] ?? 0, message: message + spelt });
  };
  for (const m of text.matchAll(/@import/gi)) refuse(m.index, m.index + m[0].length, 'CSS @import would fetch another style sheet');
  for (const m of text.matchAll(/expression\s*\(|behavior\s*:|-moz-binding|javascript:/gi)) {
    refuse(m.index, m.index + m[0].length, 'CSS may not run code (expression, behavior, -moz-binding, javascript:)');
  }
  for (const m of text.matchAll(FETCHING_FUNCTION)) {
    const name = m[1].toLowerCase();
    const end = m.index + m[0].length;
    if (URL_FUNCTIONS.has(name)) {
      const arg = /^\s*(?:"([^"]*)"?|'([^']*)'?|([^)]*))/.exec(text.slice(end))!;
      const target = (arg[1] ?? arg[2] ?? arg[3] ?? '').trim();
      if (!/^data:/i.test(target)) refuse(m.index, end, `CSS ${name}(${target.slice(0, 60)}) would fetch a resource; embed it as a data: URL`);
    } else refuse(m.index, end, `CSS ${name}() is not allowed in a report: it may fetch a resource; embed images as url(data:…)`);
  }
  for (const face of text.matchAll(/@font-face\s*\{[^}]*/gi)) {
    for (const m of face[0].matchAll(/(?<![\w-])src\s*:/gi)) {
      const from = face.index + m.index;
      refuse(from, from + m[0].length, 'CSS src: in @font-face would fetch a font; a report prints with the fonts installed for the printer');
    }
  }
  const escape = css.indexOf('\\');
  if (escape !== -1 && !problems.length) problems.push({ at: escape, message: 'CSS escapes (\\) are not allowed in a report' });
  return problems.sort((a, b) => a.at - b.at);
}

// Named character references that spell ASCII punctuation a CSS construct needs; numeric ones
// are decoded whatever they spell. Others cannot spell one and are left as they are.
const NAMED_REFERENCES: Readonly<Record<string, string>> = {
  amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', lpar: '(', rpar: ')', colon: ':', semi: ';', sol: '/', bsol: '\\',
  ast: '*', midast: '*', commat: '@', period: '.', comma: ',', excl: '!', num: '#', equals: '=', plus: '+', lowbar: '_',
  lbrace: '{', rbrace: '}', lcub: '{', rcub: '}', Tab: '\t', NewLine: '\n', nbsp: '\u00a0', percnt: '%', dollar: '$',
};

/** An attribute's value as the browser hands it to CSS: character references decoded. */
export function decodeAttribute(value: string): string {
  return value.replace(/&(?:#(\d{1,8})|#[xX]([0-9A-Fa-f]{1,7})|([A-Za-z]+));?/g, (ref, dec?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED_REFERENCES[name] ?? ref;
    const cp = dec !== undefined ? Number(dec) : parseInt(hex!, 16);
    return cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ? '\ufffd' : String.fromCodePoint(cp);
  });
}
