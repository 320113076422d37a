import { describe, expect, it } from 'vitest';
import { Parser } from 'htmlparser2';
import { sanitizeRichText } from './sanitize-rich-text.js';
import { isAllowedLink, RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from './rich-text-policy.js';
import { XSS_ALL, XSS_PAYLOADS } from './xss-payloads.js';

/** Every element and attribute of `html` as a browser-like parser reads it. */
function elementsOf(html: string): { tag: string; attribs: Record<string, string> }[] {
  const found: { tag: string; attribs: Record<string, string> }[] = [];
  const parser = new Parser({ onopentag: (tag, attribs) => found.push({ tag, attribs }) }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  return found;
}

function expectInert(html: string) {
  for (const { tag, attribs } of elementsOf(html)) {
    expect(RICH_TEXT_TAGS as readonly string[]).toContain(tag);
    for (const name of Object.keys(attribs)) expect(RICH_TEXT_ATTRIBUTES[tag] ?? []).toContain(name);
    if (tag === 'a') expect(isAllowedLink(attribs.href)).toBe(true);
  }
  expect(html).not.toMatch(/javascript:|data:|vbscript:|\bon[a-z]+\s*=/i);
}

describe('sanitizeRichText', () => {
  it.each(XSS_PAYLOADS)('leaves nothing that can run of the $name payload', ({ html }) => {
    expectInert(sanitizeRichText(html));
  });

  it('leaves nothing that can run of all the payloads pasted together, nor of its own output sanitised again', () => {
    const once = sanitizeRichText(XSS_ALL);
    expectInert(once);
    expect(sanitizeRichText(once)).toBe(once);
  });

  it('keeps the markup of the allow-list and the text of dropped elements', () => {
    const html = '<p><b>Scheduled</b> <em>maintenance</em> <font color="red">on Saturday</font></p><ul><li>one</li></ul>';
    expect(sanitizeRichText(html)).toBe('<p><b>Scheduled</b> <em>maintenance</em> on Saturday</p><ul><li>one</li></ul>');
  });

  it('drops script and style together with their content', () => {
    expect(sanitizeRichText('a<script>alert(1)</script>b<style>*{}</style>c')).toBe('abc');
  });

  it('keeps http(s), mailto and portal links, opening apart from the portal', () => {
    expect(sanitizeRichText('<a href="https://example.org/x" onclick="x()">x</a>')).toBe('<a href="https://example.org/x" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeRichText('<a href="mailto:help@example.org">m</a>')).toBe('<a href="mailto:help@example.org" target="_blank" rel="noopener noreferrer">m</a>');
    expect(sanitizeRichText('<a href="/re/bulletin">b</a>')).toBe('<a href="/re/bulletin" target="_blank" rel="noopener noreferrer">b</a>');
  });

  it('turns a link to any other target into its text', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java&#x09;script:alert(1)', 'data:text/html,x', '//evil.example/x', 'vbscript:x', 'ftp://x']) {
      expect(sanitizeRichText(`<a href="${href}">t</a>`)).toBe('t');
    }
  });

  it('escapes text so that it stays text', () => {
    expect(sanitizeRichText('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
  });
});

describe('isAllowedLink', () => {
  it('refuses empty and scheme-less targets that are not portal paths', () => {
    expect(isAllowedLink('')).toBe(false);
    expect(isAllowedLink(null)).toBe(false);
    expect(isAllowedLink('example.org')).toBe(false);
    expect(isAllowedLink('/\\evil.example')).toBe(false);
    expect(isAllowedLink('java\nscript:alert(1)')).toBe(false);
  });
});
