// Template rendering. A template's subject and body are plain text with `{placeholder}`s. The
// text part gets values as they are; the HTML part is the same text HTML-escaped throughout,
// values included (a remark is typed by users), with http(s) values made into links.
export type MailTemplate = { subject: string; body: string };
export type RenderedMail = { subject: string; text: string; html: string };
export type MailData = Record<string, string | number>;

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const WEB_LINK = /^https?:\/\/[^\s<>"']+$/;

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * Replaces each known placeholder with `value(…)` and runs the text between them through
 * `literal`. An unknown placeholder stays as written, so a missing value shows rather than
 * silently vanishing.
 */
function fill(template: string, data: MailData, literal: (s: string) => string, value: (s: string) => string): string {
  let out = '';
  let last = 0;
  for (const m of template.matchAll(PLACEHOLDER)) {
    out += literal(template.slice(last, m.index));
    out += Object.hasOwn(data, m[1]) ? value(String(data[m[1]])) : literal(m[0]);
    last = m.index + m[0].length;
  }
  return out + literal(template.slice(last));
}

function htmlValue(v: string): string {
  const escaped = escapeHtml(v);
  return WEB_LINK.test(v) ? `<a href="${escaped}">${escaped}</a>` : escaped;
}

const same = (s: string) => s;

export function renderTemplate(template: MailTemplate, data: MailData): RenderedMail {
  // A header cannot span lines: line breaks a value brings into the subject become spaces.
  const subject = fill(template.subject, data, same, same).replace(/[\r\n]+/g, ' ').trim();
  const text = fill(template.body, data, same, same);
  const body = fill(template.body, data, escapeHtml, htmlValue).replace(/\r?\n/g, '<br>\n');
  const html = `<!DOCTYPE html><html><body style="font-family: Arial, sans-serif; font-size: 14px">\n${body}\n</body></html>`;
  return { subject, text, html };
}
