import { describe, expect, it } from 'vitest';
import { escapeHtml, renderTemplate } from './render.js';

describe('rendering an e-mail template', () => {
  const template = { subject: 'Request {id} requires amendment', body: 'Dear {name},\nRemark: {remark}\nBy {rejected_by}.' };

  it('puts each value in place of its placeholder, as it is, in the subject and the text part', () => {
    const r = renderTemplate(template, { id: 42, name: 'Ana <Ltd>', remark: 'Fix "row" 3 & 4', rejected_by: 'HoU' });
    expect(r.subject).toBe('Request 42 requires amendment');
    expect(r.text).toBe('Dear Ana <Ltd>,\nRemark: Fix "row" 3 & 4\nBy HoU.');
  });

  it('HTML-escapes every value in the HTML part, so typed text cannot become markup', () => {
    const r = renderTemplate(template, { id: 42, name: '<script>alert(1)</script>', remark: `a & b "c" 'd'`, rejected_by: 'x' });
    expect(r.html).toContain('Dear &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(r.html).toContain('Remark: a &amp; b &quot;c&quot; &#39;d&#39;');
    expect(r.html).not.toContain('<script>');
  });

  it('escapes the template text itself in the HTML part and keeps its line breaks', () => {
    const r = renderTemplate({ subject: 's', body: 'a < b\nnext line' }, {});
    expect(r.html).toContain('a &lt; b<br>\nnext line');
  });

  it('makes a web address value a link in the HTML part only', () => {
    const r = renderTemplate({ subject: 's', body: 'Open {link}' }, { link: 'https://portal.example/verify-email?token=a&b=1' });
    expect(r.text).toBe('Open https://portal.example/verify-email?token=a&b=1');
    expect(r.html).toContain('<a href="https://portal.example/verify-email?token=a&amp;b=1">https://portal.example/verify-email?token=a&amp;b=1</a>');
    const script = renderTemplate({ subject: 's', body: 'Open {link}' }, { link: 'javascript:alert(1)' });
    expect(script.html).not.toContain('<a ');
  });

  it('leaves a placeholder without a value as written, so the gap is visible', () => {
    const r = renderTemplate({ subject: 'Hello {name}', body: 'Hi {name}, {missing}' }, { name: 'Bo' });
    expect(r.subject).toBe('Hello Bo');
    expect(r.text).toBe('Hi Bo, {missing}');
  });

  it('keeps a subject on one line whatever the values hold', () => {
    expect(renderTemplate({ subject: 'About {x}', body: '' }, { x: 'a\r\nBcc: evil@example.test' }).subject).toBe('About a Bcc: evil@example.test');
  });

  it('escapes the five HTML special characters', () => {
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });
});
