import { describe, expect, it } from 'vitest';
import { escapeHtml, parseTemplate, renderTemplate } from './template.js';
import { displayText } from './display.js';

describe('report templates', () => {
  it('replace {{ name }} placeholders by their values, HTML-escaped', () => {
    const t = parseTemplate('<h1>{{ name }}</h1><p title="{{owner}}">{{ $printedBy }} {{name}}</p>');
    expect(t.names).toEqual(['name', 'owner', '$printedBy']);
    expect(renderTemplate(t, { name: 'Tom & Jerry <b>Ltd</b>', owner: '"Q"', $printedBy: "O'Hara" })).toBe(
      '<h1>Tom &amp; Jerry &lt;b&gt;Ltd&lt;/b&gt;</h1><p title="&quot;Q&quot;">O&#39;Hara Tom &amp; Jerry &lt;b&gt;Ltd&lt;/b&gt;</p>',
    );
  });

  it('leave anything that is not a plain placeholder as it is, and a missing value empty', () => {
    const t = parseTemplate('{{ a.b }} {{a + 1}} {{ constructor }} {{x}} {single}');
    expect(t.names).toEqual(['constructor', 'x']);
    expect(renderTemplate(t, {})).toBe('{{ a.b }} {{a + 1}}   {single}');
  });

  it('repeat a {{#rows}} section once per row, in order, each row escaped, with its number', () => {
    const t = parseTemplate('<h1>{{ $title }} ({{ $count }})</h1><table>{{#rows}}<tr><td>{{ $rowNumber }}</td><td>{{ name }}</td></tr>{{/rows}}</table>{{^rows}}<p>No records</p>{{/rows}}');
    expect(t.repeats).toBe(true);
    expect(t.names).toEqual(['$title', '$count', '$rowNumber', 'name']);
    const rows = [{ name: 'Alpha & Co' }, { name: '<b>Beta</b>' }, { name: "O'Gamma" }];
    expect(renderTemplate(t, { $title: 'List', $count: '3', name: 'outside' }, rows)).toBe(
      '<h1>List (3)</h1><table><tr><td>1</td><td>Alpha &amp; Co</td></tr><tr><td>2</td><td>&lt;b&gt;Beta&lt;/b&gt;</td></tr><tr><td>3</td><td>O&#39;Gamma</td></tr></table>',
    );
    expect(renderTemplate(t, { $title: 'List', $count: '0' }, [])).toBe('<h1>List (0)</h1><table></table><p>No records</p>');
  });

  it('print a value that looks like a section or a placeholder as text, never as template', () => {
    const t = parseTemplate('{{#rows}}<p>{{ name }}</p>{{/rows}}');
    expect(renderTemplate(t, {}, [{ name: '{{#rows}}{{ $printedBy }}{{/rows}}' }])).toBe('<p>{{#rows}}{{ $printedBy }}{{/rows}}</p>');
    expect(parseTemplate('<p>{{ name }}</p>').repeats).toBe(false);
  });

  it('escape the five HTML metacharacters', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('show dates as DD/MM/YYYY, amounts with thousands separators and booleans as Yes/No', () => {
    expect(displayText('2024-03-05', 'date')).toBe('05/03/2024');
    expect(displayText('2024-03-05 15:04:00', 'datetime')).toBe('05/03/2024 15:04:00');
    expect(displayText('1234567.50', 'decimal')).toBe('1,234,567.50');
    expect(displayText('-1000', 'decimal')).toBe('-1,000');
    expect(displayText('1', 'boolean')).toBe('Yes');
    expect(displayText(null, 'string')).toBe('');
  });
});
