// The response envelope of PROTOCOL.md §2, both ways, in XML and JSON. Isomorphic: no Node
// APIs, so the React client and the SDK decode with this same module.
//
// Encoding is written by hand: it is the hot path of every answer, and a fixed, tiny grammar
// (escape five characters, keep \r and \t as character references) is easier to prove exact
// than a general builder. Decoding uses fast-xml-parser.
import { XMLParser } from 'fast-xml-parser';

export const COLUMN_TYPES = ['string', 'integer', 'decimal', 'date', 'datetime', 'boolean', 'json'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

export interface Column {
  name: string;
  type: ColumnType;
}

/** A cell as it travels: the text form of the value, or null for SQL NULL. */
export type Cell = string | null;

export interface RecordsetValue {
  type: 'recordset';
  columns: Column[];
  rows: Cell[][];
}
export interface TextValue {
  type: 'text';
  text: string;
}
export interface ExceptionValue {
  type: 'exception';
  code: string;
  message: string;
}
export type EnvelopeValue = RecordsetValue | TextValue | ExceptionValue;

export const recordset = (columns: Column[], rows: Cell[][]): RecordsetValue => ({ type: 'recordset', columns, rows });
export const text = (t: string): TextValue => ({ type: 'text', text: t });
export const exception = (code: string, message: string): ExceptionValue => ({ type: 'exception', code, message });

// Characters XML 1.0 cannot carry at all. Writes refuse them (see hasXmlIllegalChars); the
// encoder replaces any that slipped into old data so that a document is never malformed.
// eslint-disable-next-line no-control-regex
const XML_ILLEGAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// eslint-disable-next-line no-control-regex
const XML_ILLEGAL_TEST = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasXmlIllegalChars(s: string): boolean {
  return XML_ILLEGAL_TEST.test(s);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;', '\r': '&#13;', '\t': '&#9;' };
const NEEDS_ESCAPE = /[&<>"'\r\t]/;
const ESCAPE_ALL = /[&<>"'\r\t]/g;

// One test for the common case (nothing to escape or replace): any character either path acts on,
// surrogates included (a valid pair then takes the full path, which keeps it).
// eslint-disable-next-line no-control-regex
const ANY_SPECIAL = /[&<>"'\r\t\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/;

export function escapeXml(s: string): string {
  if (!ANY_SPECIAL.test(s)) return s;
  if (XML_ILLEGAL_TEST.test(s)) s = s.replace(XML_ILLEGAL, '\uFFFD');
  return NEEDS_ESCAPE.test(s) ? s.replace(ESCAPE_ALL, (c) => ESCAPES[c]) : s;
}

/** `text:CODE:message`, the exception form of PROTOCOL.md §2. */
export function exceptionText(code: string, message: string): string {
  return `text:${code}:${message}`;
}

export function encodeXml(values: EnvelopeValue[]): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n<response>'];
  for (const v of values) {
    if (v.type === 'text') {
      out.push(`<value type="text">${escapeXml(v.text)}</value>`);
    } else if (v.type === 'exception') {
      out.push(`<value type="exception">${escapeXml(exceptionText(v.code, v.message))}</value>`);
    } else {
      out.push('<value type="recordset"><columns>');
      for (const c of v.columns) out.push(`<column name="${escapeXml(c.name)}" type="${c.type}"/>`);
      out.push('</columns><rows>');
      for (const row of v.rows) {
        let r = '<row>';
        for (const cell of row) {
          r += cell === null ? '<v null="true"/>' : cell === '' ? '<v/>' : `<v>${escapeXml(cell)}</v>`;
        }
        out.push(r + '</row>');
      }
      out.push('</rows></value>');
    }
  }
  out.push('</response>\n');
  return out.join('');
}

/** JSON cells: integer and boolean columns as numbers, everything else as the XML text. */
export type JsonCell = string | number | null;
export type JsonValue =
  | { type: 'recordset'; columns: Column[]; rows: JsonCell[][] }
  | { type: 'text'; text: string }
  | { type: 'exception'; text: string; code: string; message: string };

export function toJsonValues(values: EnvelopeValue[]): { values: JsonValue[] } {
  return {
    values: values.map((v): JsonValue => {
      if (v.type === 'text') return v;
      if (v.type === 'exception') return { type: 'exception', text: exceptionText(v.code, v.message), code: v.code, message: v.message };
      const numeric = v.columns.map((c) => c.type === 'integer' || c.type === 'boolean');
      return {
        type: 'recordset',
        columns: v.columns,
        rows: v.rows.map((row) => row.map((cell, i) => (cell !== null && numeric[i] ? Number(cell) : cell))),
      };
    }),
  };
}

export function encodeJson(values: EnvelopeValue[]): string {
  return JSON.stringify(toJsonValues(values));
}

export class EnvelopeDecodeError extends Error {}

/** Splits `text:CODE:message` (the message may itself contain colons). */
export function parseExceptionText(s: string): { code: string; message: string } {
  const m = /^text:([^:]*):([\s\S]*)$/.exec(s);
  return m ? { code: m[1], message: m[2] } : { code: 'E_FAIL', message: s };
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => ['value', 'column', 'row', 'v'].includes(name),
});

type XmlNode = Record<string, unknown>;

function nodeText(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string') return node;
  const t = (node as XmlNode)['#text'];
  return typeof t === 'string' ? t : t === undefined ? '' : String(t);
}

export function decodeXml(xml: string): EnvelopeValue[] {
  let doc: XmlNode;
  try {
    doc = parser.parse(xml) as XmlNode;
  } catch (e) {
    throw new EnvelopeDecodeError(`Not an XML envelope: ${(e as Error).message}`);
  }
  const response = doc.response as XmlNode | string | undefined;
  if (response === undefined) throw new EnvelopeDecodeError('Not an XML envelope: no <response> element');
  if (typeof response === 'string') return [];
  const values = (response.value as XmlNode[] | undefined) ?? [];
  return values.map((v): EnvelopeValue => {
    const type = typeof v === 'string' ? 'text' : (v['@_type'] as string);
    if (type === 'text') return text(nodeText(v));
    if (type === 'exception') {
      const { code, message } = parseExceptionText(nodeText(v));
      return exception(code, message);
    }
    if (type !== 'recordset') throw new EnvelopeDecodeError(`Unknown value type: ${type}`);
    const columns = (((v.columns as XmlNode | undefined)?.column as XmlNode[] | undefined) ?? []).map((c) => ({
      name: String(c['@_name']),
      type: String(c['@_type']) as ColumnType,
    }));
    const rows = (((v.rows as XmlNode | undefined)?.row as (XmlNode | string)[] | undefined) ?? []).map((r) => {
      const cells = typeof r === 'string' ? [] : ((r.v as unknown[] | undefined) ?? []);
      return cells.map((cell): Cell => (typeof cell === 'object' && cell !== null && (cell as XmlNode)['@_null'] === 'true' ? null : nodeText(cell)));
    });
    return recordset(columns, rows);
  });
}

/** Rows of a recordset as objects keyed by column name, typed by column type. */
export function recordsetObjects(v: RecordsetValue): Record<string, string | number | boolean | null | unknown>[] {
  return v.rows.map((row) => {
    const o: Record<string, unknown> = {};
    v.columns.forEach((c, i) => {
      const cell = row[i];
      o[c.name] =
        cell === null ? null : c.type === 'integer' ? Number(cell) : c.type === 'boolean' ? cell === '1' : c.type === 'json' ? safeJson(cell) : cell;
    });
    return o;
  });
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
}
