// JSON Schema of the JSON envelope (PROTOCOL.md §2, Accept: application/json), as toJsonValues
// in engine/protocol/envelope.ts writes it: integer and boolean cells as numbers, others as text.
export function jsonEnvelopeSchema(columnTypes: readonly string[]): Record<string, unknown> {
  const recordset = {
    type: 'object',
    required: ['type', 'columns', 'rows'],
    properties: {
      type: { const: 'recordset' },
      columns: { type: 'array', items: { type: 'object', required: ['name', 'type'], properties: { name: { type: 'string' }, type: { enum: [...columnTypes] } } } },
      rows: { type: 'array', items: { type: 'array', items: { type: ['string', 'number', 'null'] } } },
    },
  };
  const text = { type: 'object', required: ['type', 'text'], properties: { type: { const: 'text' }, text: { type: 'string' } } };
  const exception = {
    type: 'object',
    required: ['type', 'text', 'code', 'message'],
    properties: { type: { const: 'exception' }, text: { type: 'string', description: 'text:CODE:message' }, code: { type: 'string' }, message: { type: 'string' } },
  };
  return { type: 'object', required: ['values'], properties: { values: { type: 'array', items: { oneOf: [recordset, text, exception] } } } };
}
