// The print's own pass over a template, after the check of template-check.ts: sanitize-html
// (a browser-like parser) rebuilds the markup from the report allow-list, so a template stored
// by hand past the check still prints inert markup. The doctype, which the sanitiser drops,
// is put back so that Chromium lays the page out in standards mode.
import sanitizeHtml from 'sanitize-html';
import { isEmbeddedImage, isReportLink, REPORT_ATTRIBUTES, REPORT_GLOBAL_ATTRIBUTES, REPORT_TAGS } from './report-html-policy.js';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...REPORT_TAGS],
  allowedAttributes: { '*': [...REPORT_GLOBAL_ATTRIBUTES], ...Object.fromEntries(Object.entries(REPORT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])) },
  allowedSchemes: [],
  allowedSchemesByTag: { a: ['http', 'https', 'mailto'], img: ['data'] },
  allowProtocolRelative: false,
  // <style> is allowed on purpose: its CSS is checked by the template check (cssProblems), and
  // Chromium loads nothing a style asks for (browser-pool.ts).
  allowVulnerableTags: true,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'math', 'xmp', 'noembed', 'noframes'],
  transformTags: {
    img: (tagName, attribs) => ({ tagName, attribs: isEmbeddedImage(attribs.src ?? '') ? attribs : { ...attribs, src: '' } }),
    a: (tagName, attribs) => ({ tagName, attribs: isReportLink(attribs.href ?? '') ? attribs : Object.fromEntries(Object.entries(attribs).filter(([k]) => k !== 'href')) }),
  },
};

export function sanitizeReportTemplate(source: string): string {
  return `<!DOCTYPE html>\n${sanitizeHtml(source, OPTIONS).replace(/^\s+/, '')}`;
}
