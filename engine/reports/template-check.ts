// What a report template may hold, checked when it is saved (Record.create/update of WebReport,
// the import of portal/metadata/reports) and again before every print: HTML from the report allow-list
// (report-html-policy.ts), `{{ name }}` placeholders naming the report's fields or print
// values, and the repeating section `{{#rows}} … {{/rows}}` (`{{^rows}} … {{/rows}}` when there
// are no records), closed, not nested, and holding whole elements. Anything else — script, event handlers, template code (`{% %}`, `<% %>`, `<?`),
// expressions or SQL inside `{{ }}`, or a resource a browser would fetch — is refused with a
// message naming its line, e.g. `Line 12: <script> is not allowed in a report template`.
// The scan is a small tokenizer for messages; safety does not rest on it alone: the print
// rebuilds the markup with sanitize-html from the same lists and Chromium runs no script and
// loads nothing from the network (browser-pool.ts).
import { cssProblems, decodeAttribute, isEmbeddedImage, isReportLink, REPORT_ATTRIBUTES, REPORT_GLOBAL_ATTRIBUTES, REPORT_TAGS, URL_ATTRIBUTES } from './report-html-policy.js';

/** The longest template stored (characters). */
export const TEMPLATE_MAX = 100_000;

/** Element names whose content is raw text up to their end tag. */
const RAW_TEXT = new Set(['style', 'script', 'title', 'textarea', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext']);
const CODE_ELEMENTS = new Set(['script', 'iframe', 'object', 'embed', 'applet', 'frame', 'frameset', 'portal', 'svg', 'math', 'template', 'noscript']);
const FETCHING_ELEMENTS = new Set(['link', 'base', 'audio', 'video', 'source', 'track', 'picture']);
const FORM_ELEMENTS = new Set(['form', 'input', 'button', 'select', 'option', 'textarea']);

export const PLACEHOLDER_NAME = /^\$?[A-Za-z_][A-Za-z0-9_]*$/;
const VALID_PLACEHOLDER = /^\{\{\s*(\$?[A-Za-z_][A-Za-z0-9_]*)\s*\}\}/;
const SECTION_TAG = /^\{\{\s*([#^/])\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/;

/** The one repeating section's name: `{{#rows}} … {{/rows}}` (template.ts prints it). */
export const SECTION = 'rows';

/** The `$` values of a report with a repeating section: the number of records, and inside the section each one's number. */
export const LIST_VALUES = ['$count', '$rowNumber'];

/** Elements without content, and those whose end tag may be left out (closed by what follows). */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const OPTIONAL_END = new Set(['p', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'colgroup', 'caption', 'option', 'optgroup', 'rt', 'rp']);

/** The names a template may use: the report's field list and its print values. */
export interface TemplateNames {
  fields: ReadonlySet<string>;
  printValues: ReadonlySet<string>;
}

function lineStarts(source: string): number[] {
  const starts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === '\n') starts.push(i + 1);
  return starts;
}

function short(s: string, max = 60): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max)}…` : one;
}

/**
 * Every problem of a template, in the order of its lines, as `Line N: …` sentences. With `names`,
 * placeholders must also name one of them.
 */
export function templateProblems(source: string, names?: TemplateNames): string[] {
  const problems: { at: number; message: string }[] = [];
  const starts = lineStarts(source);
  const lineOf = (at: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  const refuse = (at: number, message: string) => problems.push({ at, message });
  if (source.length > TEMPLATE_MAX) return [`The template is longer than ${TEMPLATE_MAX} characters`];

  // Placeholders, sections and template code anywhere in the source.
  const repeats = /\{\{\s*[#^]\s*rows\s*\}\}/.test(source);
  let openSection: { at: number; shown: string } | null = null;
  let nested = 0;
  const sectionMarks: { at: number; end: number; shown: string; open: boolean }[] = [];
  // The elements, for where sections start and end among them.
  const tags: { at: number; end: number; name: string; closing: boolean; selfClosing: boolean }[] = [];
  const rawTexts: { at: number; end: number; name: string }[] = [];
  for (const m of source.matchAll(/\{\{|\{%|%\}|\{#/g)) {
    const at = m.index;
    if (m[0] !== '{{') {
      refuse(at, `template code ${short(source.slice(at, at + 40))} is not allowed: a template only names fields, as {{ field }}`);
      continue;
    }
    const section = SECTION_TAG.exec(source.slice(at, at + 200));
    if (section) {
      const [shown, sign, name] = section;
      if (name !== SECTION) {
        refuse(at, `${shown} is not a section: the one repeating section is {{#${SECTION}}} … {{/${SECTION}}} (or {{^${SECTION}}} … {{/${SECTION}}} for the text when there are no records)`);
        continue;
      }
      if (sign !== '/') {
        if (openSection) {
          refuse(at, `${shown} is inside the section opened on line ${lineOf(openSection.at)}: sections do not nest; close that one first with {{/${SECTION}}}`);
          nested++;
          continue;
        }
        openSection = { at, shown };
        sectionMarks.push({ at, end: at + shown.length, shown, open: true });
      } else if (nested) {
        nested--;
      } else if (!openSection) {
        refuse(at, `${shown} closes no section: open one first with {{#${SECTION}}} (or {{^${SECTION}}})`);
      } else {
        openSection = null;
        sectionMarks.push({ at, end: at + shown.length, shown, open: false });
      }
      continue;
    }
    const valid = VALID_PLACEHOLDER.exec(source.slice(at, at + 200));
    if (!valid) {
      const end = source.indexOf('}}', at);
      const shown = end === -1 || end - at > 80 ? `${source.slice(at, at + 40)}` : source.slice(at, end + 2);
      refuse(at, `${short(shown)} is not a placeholder: a template only names fields, as {{ field }} (no expressions, code or SQL)`);
      continue;
    }
    const name = valid[1];
    if (name === '$rowNumber') {
      if (!openSection) refuse(at, `{{ $rowNumber }} is the number of a record within the list: use it inside {{#${SECTION}}} … {{/${SECTION}}}`);
      continue;
    }
    if (name === '$count') {
      if (!repeats) refuse(at, `{{ $count }} is the number of records a list report prints: use it in a report with a {{#${SECTION}}} … {{/${SECTION}}} section`);
      continue;
    }
    if (!names) continue;
    if (name.startsWith('$')) {
      if (!names.printValues.has(name)) refuse(at, `{{ ${name} }} is not a print value of this report (${[...names.printValues, ...(repeats ? LIST_VALUES : [])].join(', ')})`);
    } else if (!names.fields.has(name)) {
      if (openSection) refuse(at, `{{ ${name} }} in the section opened on line ${lineOf(openSection.at)} is not in the report's field list: add ${name} to the fields or remove it`);
      else refuse(at, `{{ ${name} }} is not in the report's field list`);
    }
  }
  if (openSection) {
    refuse(openSection.at, `${openSection.shown} is not closed: end the section with {{/${SECTION}}}`);
    // Where it would end is unknown, so what it holds is not checked.
    sectionMarks.pop();
  }

  // The markup.
  let i = 0;
  const n = source.length;
  while (i < n) {
    const lt = source.indexOf('<', i);
    if (lt === -1) break;
    i = lt;
    if (source.startsWith('<!--', i)) {
      const end = source.indexOf('-->', i + 4);
      if (end === -1) {
        refuse(i, 'a comment <!-- is not closed with -->');
        break;
      }
      i = end + 3;
      continue;
    }
    if (source.startsWith('<!', i)) {
      const end = source.indexOf('>', i);
      const decl = source.slice(i, end === -1 ? n : end + 1);
      if (!/^<!doctype\s+html\s*>$/i.test(decl)) refuse(i, `${short(decl)} is not allowed (only <!DOCTYPE html>)`);
      i = end === -1 ? n : end + 1;
      continue;
    }
    if (source.startsWith('<?', i) || source.startsWith('<%', i)) {
      refuse(i, `server code ${short(source.slice(i, i + 30))} is not allowed in a report template`);
      const end = source.indexOf('>', i);
      i = end === -1 ? n : end + 1;
      continue;
    }
    const tag = /^<(\/?)([A-Za-z][A-Za-z0-9-]*)/.exec(source.slice(i, i + 64));
    if (!tag) {
      i++;
      continue;
    }
    const closing = tag[1] === '/';
    const name = tag[2].toLowerCase();
    const tagAt = i;
    i += tag[0].length;
    // Attributes up to the tag's end.
    const attributes: { name: string; value: string; at: number }[] = [];
    let ended = false;
    while (i < n) {
      while (i < n && /\s/.test(source[i])) i++;
      if (source[i] === '>') {
        i++;
        ended = true;
        break;
      }
      if (source.startsWith('/>', i)) {
        i += 2;
        ended = true;
        break;
      }
      const attrAt = i;
      const an = /^[^\s"'>/=]+/.exec(source.slice(i, i + 200));
      if (!an) {
        i++;
        continue;
      }
      i += an[0].length;
      let value = '';
      let j = i;
      while (j < n && /\s/.test(source[j])) j++;
      if (source[j] === '=') {
        j++;
        while (j < n && /\s/.test(source[j])) j++;
        const q = source[j];
        if (q === '"' || q === "'") {
          const end = source.indexOf(q, j + 1);
          value = source.slice(j + 1, end === -1 ? n : end);
          i = end === -1 ? n : end + 1;
        } else {
          const un = /^[^\s>]*/.exec(source.slice(j))!;
          value = un[0];
          i = j + un[0].length;
        }
      }
      attributes.push({ name: an[0].toLowerCase(), value, at: attrAt });
    }
    if (!ended) {
      refuse(tagAt, `the tag <${name} is not closed with >`);
      break;
    }
    tags.push({ at: tagAt, end: i, name, closing, selfClosing: source.startsWith('/>', i - 2) });
    if (closing) continue;

    if (CODE_ELEMENTS.has(name)) refuse(tagAt, `<${name}> is not allowed in a report template: a report runs no code`);
    else if (FETCHING_ELEMENTS.has(name)) refuse(tagAt, `<${name}> is not allowed in a report template: a report fetches nothing`);
    else if (FORM_ELEMENTS.has(name)) refuse(tagAt, `<${name}> is not allowed in a report template: a report is not a form`);
    else if (!REPORT_TAGS.includes(name)) refuse(tagAt, `<${name}> is not an element a report template may use`);
    else {
      const allowed = new Set([...REPORT_GLOBAL_ATTRIBUTES, ...(REPORT_ATTRIBUTES[name] ?? [])]);
      for (const a of attributes) {
        const hasPlaceholder = a.value.includes('{{');
        if (a.name.startsWith('on')) refuse(a.at, `the event handler ${a.name} on <${name}> is not allowed: a report runs no code`);
        else if (!allowed.has(a.name)) refuse(a.at, `the attribute ${a.name} is not allowed on <${name}>`);
        else if (hasPlaceholder && (URL_ATTRIBUTES.includes(a.name) || a.name === 'style')) refuse(a.at, `a placeholder may not fill the ${a.name} of <${name}>`);
        else if (a.name === 'src' && !isEmbeddedImage(a.value)) refuse(a.at, `<img src="${short(a.value, 40)}"> would fetch an image; embed it as data:image/…;base64`);
        else if (a.name === 'href' && !isReportLink(a.value)) refuse(a.at, `the link ${short(a.value, 40)} is not allowed; only http(s):// and mailto: addresses`);
        else if (a.name === 'style') for (const css of cssProblems(decodeAttribute(a.value))) refuse(a.at, css.message);
      }
    }
    if (RAW_TEXT.has(name)) {
      const close = source.slice(i).search(new RegExp(`</${name}[\\s>/]`, 'i'));
      const end = close === -1 ? n : i + close;
      const content = source.slice(i, end);
      if (name === 'style') {
        // Read whole (a rule may span lines); each problem names the line it starts on.
        for (const css of cssProblems(content)) refuse(i + css.at, css.message);
        const inside = content.indexOf('{{');
        if (inside !== -1) refuse(i + inside, 'a placeholder may not be used inside <style>');
      }
      rawTexts.push({ at: i, end, name });
      i = end;
    }
  }
  sectionProblems(sectionMarks, tags, rawTexts, lineOf, refuse);
  return problems.sort((a, b) => a.at - b.at).map((p) => `Line ${lineOf(p.at)}: ${p.message}`);
}

/**
 * Where the sections stand among the elements: a section starts and ends between tags (not in
 * one, nor in a <style> or <title>), and holds whole elements, so that repeating it repeats rows
 * of a table or paragraphs and never half an element. End tags HTML lets one leave out (</td>,
 * </tr>, </li>, </p>) may be left out inside a section too.
 */
function sectionProblems(
  marks: { at: number; end: number; shown: string; open: boolean }[],
  tags: { at: number; end: number; name: string; closing: boolean; selfClosing: boolean }[],
  rawTexts: { at: number; end: number; name: string }[],
  lineOf: (at: number) => number,
  refuse: (at: number, message: string) => void,
): void {
  const inTag = (m: { at: number }) => tags.find((t) => t.at < m.at && m.at < t.end);
  const inRaw = (m: { at: number }) => rawTexts.find((r) => r.at <= m.at && m.at < r.end);
  const events = [...marks.map((m) => ({ at: m.at, mark: m })), ...tags.map((t) => ({ at: t.at, tag: t }))].sort((a, b) => a.at - b.at);
  let section: { mark: (typeof marks)[number]; opened: { name: string; at: number }[] } | null = null;
  for (const e of events) {
    if ('mark' in e && e.mark) {
      const m = e.mark;
      const tag = inTag(m);
      const raw = inRaw(m);
      if (tag) refuse(m.at, `${m.shown} is inside the tag <${tag.name}> of line ${lineOf(tag.at)}: a section starts and ends between elements, e.g. {{#${SECTION}}}<tr>…</tr>{{/${SECTION}}}`);
      else if (raw) refuse(m.at, `${m.shown} is inside <${raw.name}>: a section starts and ends between elements`);
      if (tag || raw) {
        section = m.open ? null : section;
        continue;
      }
      if (m.open) section = { mark: m, opened: [] };
      else if (section) {
        const left = section.opened.filter((o) => !OPTIONAL_END.has(o.name));
        if (left.length) {
          const o = left[left.length - 1];
          refuse(m.at, `${m.shown} comes before </${o.name}> of the <${o.name}> opened on line ${lineOf(o.at)} inside the section: a section holds whole elements; close <${o.name}> before ${m.shown}`);
        }
        section = null;
      }
      continue;
    }
    const t = 'tag' in e ? e.tag : undefined;
    if (!t || !section) continue;
    if (!t.closing) {
      if (!VOID.has(t.name) && !t.selfClosing) section.opened.push({ name: t.name, at: t.at });
      continue;
    }
    let k = section.opened.length - 1;
    while (k >= 0 && section.opened[k].name !== t.name) k--;
    if (k >= 0) section.opened.length = k;
    else if (!VOID.has(t.name)) refuse(t.at, `</${t.name}> inside the section opened on line ${lineOf(section.mark.at)} closes an element opened before it: a section holds whole elements; move ${section.mark.shown} inside <${t.name}> or its end after </${t.name}>`);
  }
}
