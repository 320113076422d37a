import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { templateProblems } from './template-check.js';

const names = { fields: new Set(['name', 'email']), printValues: new Set(['$title', '$printedAt', '$printedBy']) };

describe('the report template check', () => {
  it('passes the shipped templates', () => {
    for (const file of ['RE.html', 'SHOWCAUSE.html']) expect(templateProblems(readFileSync(new URL(`../../portal/metadata/reports/${file}`, import.meta.url), 'utf8')), file).toEqual([]);
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

  it('lists every problem in line order', () => {
    expect(templateProblems('<script></script>\n<p onclick="x">\n{{ 1+1 }}', names)).toEqual([
      'Line 1: <script> is not allowed in a report template: a report runs no code',
      'Line 2: the event handler onclick on <p> is not allowed: a report runs no code',
      'Line 3: {{ 1+1 }} is not a placeholder: a template only names fields, as {{ field }} (no expressions, code or SQL)',
    ]);
  });
});
