// The XML Schema of the /process answer (PROTOCOL.md §2), written to match encodeXml in
// engine/protocol/envelope.ts exactly. Column types come from COLUMN_TYPES so the schema and
// the encoder cannot drift apart.
//
// XML Schema 1.0 (what libxml2's xmllint validates) cannot choose a value's content model by
// its `type` attribute (that needs 1.1 assertions), so `value` is mixed content: text for
// `text` and `exception`, `columns` then `rows` for `recordset`. Everything else is strict:
// no unknown elements or attributes, the value kinds and column types are enumerations, and a
// recordset cannot have rows without columns.
import { COLUMN_TYPES } from '../protocol/envelope.js';

const enumeration = (values: readonly string[], indent: string) => values.map((v) => `${indent}<xs:enumeration value="${v}"/>`).join('\n');

export function envelopeXsd(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- The /process answer envelope (PROTOCOL.md section 2). Generated from engine/contract/envelope-xsd.ts by npm run docs. -->
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:element name="response">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="value" type="Value" minOccurs="0" maxOccurs="unbounded"/>
      </xs:sequence>
    </xs:complexType>
  </xs:element>

  <!-- text: the text itself; exception: text:CODE:message; recordset: columns then rows. -->
  <xs:complexType name="Value" mixed="true">
    <xs:sequence minOccurs="0">
      <xs:element name="columns" type="Columns"/>
      <xs:element name="rows" type="Rows"/>
    </xs:sequence>
    <xs:attribute name="type" type="ValueType" use="required"/>
  </xs:complexType>

  <xs:simpleType name="ValueType">
    <xs:restriction base="xs:string">
${enumeration(['recordset', 'text', 'exception'], '      ')}
    </xs:restriction>
  </xs:simpleType>

  <xs:complexType name="Columns">
    <xs:sequence>
      <xs:element name="column" minOccurs="0" maxOccurs="unbounded">
        <xs:complexType>
          <xs:attribute name="name" type="xs:string" use="required"/>
          <xs:attribute name="type" type="ColumnType" use="required"/>
        </xs:complexType>
      </xs:element>
    </xs:sequence>
  </xs:complexType>

  <xs:simpleType name="ColumnType">
    <xs:restriction base="xs:string">
${enumeration(COLUMN_TYPES, '      ')}
    </xs:restriction>
  </xs:simpleType>

  <xs:complexType name="Rows">
    <xs:sequence>
      <xs:element name="row" minOccurs="0" maxOccurs="unbounded">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="v" type="Cell" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
    </xs:sequence>
  </xs:complexType>

  <!-- A cell: its text; <v null="true"/> is SQL NULL, <v/> the empty string. -->
  <xs:complexType name="Cell">
    <xs:simpleContent>
      <xs:extension base="xs:string">
        <xs:attribute name="null" type="NullFlag"/>
      </xs:extension>
    </xs:simpleContent>
  </xs:complexType>

  <xs:simpleType name="NullFlag">
    <xs:restriction base="xs:string">
      <xs:enumeration value="true"/>
    </xs:restriction>
  </xs:simpleType>
</xs:schema>
`;
}
