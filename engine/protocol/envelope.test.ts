import { describe, expect, it } from 'vitest';
import { decodeXml, encodeJson, encodeXml, exception, recordset, text, hasXmlIllegalChars, recordsetObjects, parseExceptionText } from './envelope.js';

const tricky = ['Tom & Jerry <Ltd>', 'quotes " and \' here', 'line1\nline2\r\nline3\r', '\ttabbed\t', '  spaced  ', 'emoji 😀 and 中文', ']]> cdata end', '&amp; already escaped', 'literal &nbsp; &#13; &lt;', ''];

describe('the XML envelope', () => {
  it('round-trips every string a user can type, exactly', () => {
    const rs = recordset([{ name: 'id', type: 'integer' }, { name: 'name', type: 'string' }], tricky.map((s, i) => [String(i), s]));
    const decoded = decodeXml(encodeXml([rs, text(tricky.join('|'))]));
    expect(decoded).toEqual([rs, text(tricky.join('|'))]);
  });

  it('keeps NULL apart from the empty string', () => {
    const rs = recordset([{ name: 'a', type: 'string' }, { name: 'b', type: 'string' }], [[null, ''], ['', null]]);
    const xml = encodeXml([rs]);
    expect(xml).toContain('<row><v null="true"/><v/></row>');
    expect(decodeXml(xml)).toEqual([rs]);
  });

  it('writes the exception as text:CODE:message first', () => {
    const xml = encodeXml([exception('E_ILLEGALACCESS', 'Session Expired / Not Logged In, Please Login')]);
    expect(xml).toContain('<value type="exception">text:E_ILLEGALACCESS:Session Expired / Not Logged In, Please Login</value>');
    expect(decodeXml(xml)).toEqual([exception('E_ILLEGALACCESS', 'Session Expired / Not Logged In, Please Login')]);
  });

  it('splits an exception message that itself holds colons only at the first two', () => {
    expect(parseExceptionText('text:E_FAIL:Unknown error: ref 12:34')).toEqual({ code: 'E_FAIL', message: 'Unknown error: ref 12:34' });
  });

  it('decodes a recordset with one row and one column as arrays', () => {
    const rs = recordset([{ name: 'id', type: 'integer' }], [['7']]);
    expect(decodeXml(encodeXml([rs]))).toEqual([rs]);
    expect(decodeXml(encodeXml([recordset([{ name: 'id', type: 'integer' }], [])]))).toEqual([recordset([{ name: 'id', type: 'integer' }], [])]);
  });

  it('never produces a malformed document from characters XML 1.0 cannot carry', () => {
    const bad = 'a\u0001b\u0000c\uD800';
    expect(hasXmlIllegalChars(bad)).toBe(true);
    expect(hasXmlIllegalChars('ok 😀\n\t')).toBe(false);
    const decoded = decodeXml(encodeXml([text(bad)]));
    expect(decoded).toEqual([text('a\uFFFDb\uFFFDc\uFFFD')]);
  });

  it('gives JSON values with integers and booleans as numbers', () => {
    const rs = recordset([{ name: 'id', type: 'integer' }, { name: 'ok', type: 'boolean' }, { name: 'amount', type: 'decimal' }], [['3', '1', '10.50'], [null, '0', null]]);
    expect(JSON.parse(encodeJson([rs, text('x'), exception('E_FAIL', 'Unknown error')]))).toEqual({
      values: [
        { type: 'recordset', columns: rs.columns, rows: [[3, 1, '10.50'], [null, 0, null]] },
        { type: 'text', text: 'x' },
        { type: 'exception', text: 'text:E_FAIL:Unknown error', code: 'E_FAIL', message: 'Unknown error' },
      ],
    });
  });

  it('turns recordset rows into typed objects', () => {
    const rs = recordset([{ name: 'id', type: 'integer' }, { name: 'ok', type: 'boolean' }, { name: 'p', type: 'json' }], [['3', '1', '{"a":1}']]);
    expect(recordsetObjects(rs)).toEqual([{ id: 3, ok: true, p: { a: 1 } }]);
  });
});
