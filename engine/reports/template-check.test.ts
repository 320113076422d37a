import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { templateProblems } from './template-check.js';

const names = { fields: new Set(['name', 'email']), printValues: new Set(['$title', '$printedAt', '$printedBy']) };

describe('the report template check', () => {
  it('passes the shipped templates', () => {
    const dir = new URL('../../portal/metadata/reports/', import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith('.html'));
    expect(files).toContain('RE.html');
    for (const file of files) expect(templateProblems(readFileSync(new URL(file, dir), 'utf8')), file).toEqual([]);
  });

  it('passes a page of allowed markup with placeholders of the field list', () => {
    const html = '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{{ $title }}</title>\n<style>td { color: #333 }</style></head>\n<body><table><tr><td class="x {{ name }}" colspan="2">{{ name }} {{email}}</td></tr></table>\n<img src="data:image/png;base64,iVBORw0KGgo=" alt="logo"><a href="https://example.org/">site</a></body></html>';
    expect(templateProblems(html, names)).toEqual([]);
  });

  it.each([
    ['a script', '<p>a</p>\n<script>alert(1)</script>', 'Line 2: <script> is not allowed in a report template: a report runs no code'],
    ['an event handler', '<p>\n<img onerror="x()" src="data:image/png;base64,AA==">', 'Line 2: the event handler onerror on <img> is not allowed: a report runs no code'],
    ['SQL inside braces', '<p>ok</p>\n\n<p>{{ select password from user }}</p>', 'Line 3: {{ select password from user }} is not a placeholder: a template only names fields, as {{ field }} (no expressions, code or SQL)'],
    ['an expression', '<p>{{ name + 1 }}</p>', 'Line 1: {{ name + 1 }} is not a placeholder'],
    ['template code', '<p>\n{% for r in rows %}</p>', 'Line 2: template code {% for r in rows %}</p> is not allowed'],
    ['server code', '<p>\n<?php echo 1 ?></p>', 'Line 2: server code <?php echo 1 ?></p> is not allowed in a report template'],
    ['a remote image', '<p>\n\n<img src="https://evil.example/x.png">', 'Line 3: <img src="https://evil.example/x.png"> would fetch an image'],
    ['a protocol-relative image', '<img src="//evil.example/x.png">', 'Line 1: <img src="//evil.example/x.png"> would fetch an image'],
    ['a style sheet link', '<head>\n<link rel="stylesheet" href="https://cdn.example/a.css">', 'Line 2: <link> is not allowed in a report template: a report fetches nothing'],
    ['a CSS import', '<style>\nbody { color: red }\n@import url("https://x.example/a.css");\n</style>', 'Line 3: CSS @import would fetch another style sheet'],
    ['a CSS background url', '<style>\nbody { background: url(http://x.example/a.png) }</style>', 'Line 2: CSS url(http://x.example/a.png) would fetch a resource'],
    ['a style attribute url', '<p style="background:url(https://x.example/t)">x</p>', 'Line 1: CSS url(https://x.example/t) would fetch a resource'],
    ['a javascript link', '<a href="javascript:alert(1)">x</a>', 'Line 1: the link javascript:alert(1) is not allowed'],
    ['an iframe', '<iframe src="https://x.example"></iframe>', 'Line 1: <iframe> is not allowed in a report template: a report runs no code'],
    ['a form', '<form>\n<input name="a"></form>', 'Line 1: <form> is not allowed in a report template: a report is not a form'],
    ['a refresh', '<meta http-equiv="refresh" content="0;url=https://x.example">', 'Line 1: the attribute http-equiv is not allowed on <meta>'],
    ['a placeholder in a link', '<a href="https://x.example/{{ name }}">x</a>', 'Line 1: a placeholder may not fill the href of <a>'],
    ['a placeholder in a style', '<style>\np { color: {{ name }} }</style>', 'Line 2: a placeholder may not be used inside <style>'],
    ['an unknown field', '<p>\n{{ password }}</p>', "Line 2: {{ password }} is not in the report's field list"],
    ['an unknown print value', '<p>{{ $secret }}</p>', 'Line 1: {{ $secret }} is not a print value of this report ($title, $printedAt, $printedBy)'],
    ['an unknown element', '<blink>x</blink>', 'Line 1: <blink> is not an element a report template may use'],
  ])('refuses %s, naming the line', (_what, html, message) => {
    expect(templateProblems(html, names).join('\n')).toContain(message);
  });

  it('passes a repeating section of table rows, paragraphs, the empty text and the list values', () => {
    const html = [
      '<h1>{{ $title }}: {{ $count }} records</h1>',
      '<table><tbody>',
      '{{#rows}}',
      '<tr><td>{{ $rowNumber }}</td><td>{{ name }}<td>{{ email }}</tr>',
      '{{/rows}}',
      '</tbody></table>',
      '{{ #rows }}<p>{{name}}<br>{{email}}</p>{{ /rows }}',
      '{{^rows}}<p>No records</p>{{/rows}}',
    ].join('\n');
    expect(templateProblems(html, names)).toEqual([]);
  });

  it.each([
    ['an unclosed section', '<table>\n{{#rows}}<tr><td>{{ name }}</td></tr>\n</table>', ['Line 2: {{#rows}} is not closed: end the section with {{/rows}}']],
    ['a close without an open', '<p>{{ name }}</p>\n{{/rows}}', ['Line 2: {{/rows}} closes no section: open one first with {{#rows}} (or {{^rows}})']],
    ['a nested section', '{{#rows}}<p>\n{{#rows}}{{ name }}{{/rows}}</p>{{/rows}}', ['Line 2: {{#rows}} is inside the section opened on line 1: sections do not nest; close that one first with {{/rows}}']],
    ['another section name', '{{#entities}}<p>{{ name }}</p>{{/entities}}', ['Line 1: {{#entities}} is not a section: the one repeating section is {{#rows}} … {{/rows}}', 'Line 1: {{/entities}} is not a section']],
    ['a section ending inside an element', '{{#rows}}\n<div><p>{{ name }}</p>\n{{/rows}}</div>', ['Line 3: {{/rows}} comes before </div> of the <div> opened on line 2 inside the section: a section holds whole elements; close <div> before {{/rows}}']],
    ['a section closing an element opened before it', '<table><tr>\n{{#rows}}<td>{{ name }}</td></tr>\n<tr>{{/rows}}</table>', ['Line 2: </tr> inside the section opened on line 2 closes an element opened before it: a section holds whole elements; move {{#rows}} inside <tr> or its end after </tr>']],
    ['a section inside a tag', '<p class="{{#rows}}x{{/rows}}">{{ name }}</p>', ['Line 1: {{#rows}} is inside the tag <p> of line 1: a section starts and ends between elements', 'Line 1: {{/rows}} is inside the tag <p> of line 1']],
    ['an unknown field inside the section', '<table>{{#rows}}\n<tr><td>{{ name }}</td><td>{{ password }}</td></tr>{{/rows}}</table>', ["Line 2: {{ password }} in the section opened on line 1 is not in the report's field list: add password to the fields or remove it"]],
    ['the row number outside the section', '<p>{{ $rowNumber }}</p>\n{{#rows}}<p>{{ name }}</p>{{/rows}}', ['Line 1: {{ $rowNumber }} is the number of a record within the list: use it inside {{#rows}} … {{/rows}}']],
    ['the count without a section', '<p>{{ $count }} {{ name }}</p>', ['Line 1: {{ $count }} is the number of records a list report prints: use it in a report with a {{#rows}} … {{/rows}} section']],
  ])('refuses %s with a sentence naming it and its line', (_what, html, messages) => {
    const found = templateProblems(html, names);
    expect(found).toHaveLength(messages.length);
    messages.forEach((m, i) => expect(found[i]).toContain(m));
  });

  it('passes CSS that loads nothing: embedded data: URLs, gradients, local words that look like functions', () => {
    const html = [
      '<style>',
      '@font-face { font-family: Logo; font-weight: bold }',
      'body { background: url("data:image/png;base64,iVBORw0KGgo=") no-repeat, linear-gradient(#fff, #eee); image-rendering: auto }',
      '.a::before { content: "\u2014"; font-family: "Image Sans" } .b { background-image: url( data:image/gif;base64,R0lGOD== ) }',
      '</style>',
      '<p style="background: URL(\'data:image/png;base64,AA==\'); color: #333">x</p>',
    ].join('\n');
    expect(templateProblems(html, names)).toEqual([]);
  });

  // Every way CSS can load a resource, in a <style> block and in a style attribute, however it is
  // spelt: the message names what was refused.
  const fetching: [string, string, string][] = [
    ['image-set()', 'background-image: image-set("http://x.example/a.png" 1x)', 'CSS image-set() is not allowed in a report: it may fetch a resource'],
    ['image-set() with url()', 'background-image: image-set(url(data:image/png;base64,AA==) 1x)', 'CSS image-set() is not allowed'],
    ['-webkit-image-set()', 'background-image: -webkit-image-set("http://x.example/a.png" 1x)', 'CSS -webkit-image-set() is not allowed in a report'],
    ['image()', "background-image: image('http://x.example/a.png')", 'CSS image() is not allowed in a report'],
    ['cross-fade()', 'background-image: cross-fade(url(data:image/png;base64,AA==), "http://x.example/b.png", 50%)', 'CSS cross-fade() is not allowed in a report'],
    ['-webkit-cross-fade()', 'background: -webkit-cross-fade("a.png", "b.png", 50%)', 'CSS -webkit-cross-fade() is not allowed in a report'],
    ['element()', 'background: element(#logo)', 'CSS element() is not allowed in a report'],
    ['url() in capitals', 'background: URL(http://x.example/a.png)', 'CSS url(http://x.example/a.png) would fetch a resource'],
    ['a quoted url()', 'background: url( "https://x.example/a.png" )', 'CSS url(https://x.example/a.png) would fetch a resource'],
    ['a relative url()', 'list-style-image: url(a.png)', 'CSS url(a.png) would fetch a resource'],
    ['src()', 'background: src("https://x.example/a.png")', 'CSS src(https://x.example/a.png) would fetch a resource'],
    ['url() split by a comment', 'background: u/**/rl(http://x.example/a.png)', 'CSS url(http://x.example/a.png) would fetch a resource'],
    ['image-set() split by a comment', 'background: image/* x */-set("http://x.example/a.png" 1x)', 'CSS image-set() is not allowed in a report'],
    ['url() written with a hex escape', 'background: \\75 rl(http://x.example/a.png)', 'CSS url(http://x.example/a.png) would fetch a resource; embed it as a data: URL (written with CSS escapes)'],
    ['url() written with a 6-digit escape', 'background: \\000075rl(http://x.example/a.png)', 'CSS url(http://x.example/a.png) would fetch a resource; embed it as a data: URL (written with CSS escapes)'],
    ['image-set() written with an escaped letter', 'background: \\image-set("http://x.example/a.png" 1x)', 'CSS image-set() is not allowed in a report: it may fetch a resource; embed images as url(data:…) (written with CSS escapes)'],
  ];

  it.each(fetching)('refuses %s in a <style> block, naming it and its line', (_what, declaration, message) => {
    const problems = templateProblems(`<head>\n<style>\np { color: red }\n.logo { ${declaration} }\n</style></head>`, names);
    expect(problems.join('\n')).toContain(`Line 4: ${message}`);
  });

  it.each(fetching)('refuses %s in a style attribute, naming it and its line', (_what, declaration, message) => {
    const attribute = declaration.replace(/"/g, '&quot;');
    expect(templateProblems(`<p>\n<span style="${attribute}">x</span></p>`, names).join('\n')).toContain(`Line 2: ${message}`);
  });

  it.each([
    ['@import of a string', '@import "https://x.example/a.css";', 'CSS @import would fetch another style sheet'],
    ['@import in capitals', '@IMPORT url(https://x.example/a.css);', 'CSS @import would fetch another style sheet'],
    ['@import written with an escape', '@\\69mport "a.css";', 'CSS @import would fetch another style sheet (written with CSS escapes)'],
    ['@import split by a comment', '@im/**/port "a.css";', 'CSS @import would fetch another style sheet'],
    ['src: in @font-face', '@font-face {\n  font-family: X;\n  src: url(https://x.example/x.woff2) }', 'CSS src: in @font-face would fetch a font'],
    ['src: local() in @font-face', '@font-face { font-family: X; src: local(Arial) }', 'CSS src: in @font-face would fetch a font'],
    ['src: of data: in @font-face', '@font-face { font-family: X; SRC : url(data:font/woff2;base64,AA==) }', 'CSS src: in @font-face would fetch a font'],
    ['a url() over two lines', 'p {\n  background:\n    url(\n  http://x.example/a.png) }', 'CSS url(http://x.example/a.png) would fetch a resource'],
  ])('refuses %s in a <style> block', (_what, css, message) => {
    const problems = templateProblems(`<style>\n${css}\n</style>`, names);
    expect(problems.join('\n')).toContain(message);
  });

  it('names the line a refused construct starts on in a <style> block', () => {
    expect(templateProblems('<style>\np { color: red }\n@font-face {\n  font-family: X;\n  src: url(https://x.example/x.woff2) }\n</style>', names)).toEqual([
      'Line 5: CSS src: in @font-face would fetch a font; a report prints with the fonts installed for the printer',
      'Line 5: CSS url(https://x.example/x.woff2) would fetch a resource; embed it as a data: URL',
    ]);
  });

  it('reads a style attribute as the browser does, character references decoded', () => {
    for (const style of ['background: &#117;rl(http://x.example/a.png)', 'background: url&lpar;http://x.example/a.png&rpar;', 'background: &#x75;&#x72;&#x6C;(http://x.example/a.png)']) {
      expect(templateProblems(`<p style="${style}">x</p>`, names).join('\n'), style).toContain('Line 1: CSS url(http://x.example/a.png) would fetch a resource');
    }
    expect(templateProblems('<p style="background: image-set(&quot;http://x.example/a.png&quot; 1x)">x</p>', names).join('\n')).toContain('CSS image-set() is not allowed');
    expect(templateProblems('<p style="background: \\75 rl(http://x.example/a.png)">x</p>', names).join('\n')).toContain('(written with CSS escapes)');
  });

  it('still refuses an escape that spells nothing it looks for', () => {
    expect(templateProblems('<style>\np { content: "\\2014" }\n</style>', names)).toEqual(['Line 2: CSS escapes (\\) are not allowed in a report']);
  });

  it('lists every problem in line order', () => {
    expect(templateProblems('<script></script>\n<p onclick="x">\n{{ 1+1 }}', names)).toEqual([
      'Line 1: <script> is not allowed in a report template: a report runs no code',
      'Line 2: the event handler onclick on <p> is not allowed: a report runs no code',
      'Line 3: {{ 1+1 }} is not a placeholder: a template only names fields, as {{ field }} (no expressions, code or SQL)',
    ]);
  });
});
