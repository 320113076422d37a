// Readers of the extract's files for the tests: a strict RFC 4180 parser, and Parquet read by
// parquet-wasm (the Rust arrow-rs reader, independent of the writer) through apache-arrow.
import { readParquet } from 'parquet-wasm';
import { tableFromIPC } from 'apache-arrow';

/** Rows of an RFC 4180 text (CRLF records, quoted fields with doubled quotes); fails on anything else. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  for (;;) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        const q = text.indexOf('"', i);
        if (q < 0) throw new Error('unterminated quoted field');
        field += text.slice(i, q);
        if (text[q + 1] === '"') {
          field += '"';
          i = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
    } else {
      const m = /[,\r\n]/.exec(text.slice(i));
      const end = m ? i + m.index : text.length;
      field = text.slice(i, end);
      if (field.includes('"')) throw new Error(`a quote in an unquoted field: ${field}`);
      i = end;
    }
    row.push(field);
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (text.startsWith('\r\n', i)) {
      rows.push(row);
      row = [];
      i += 2;
      if (i === text.length) return rows;
      continue;
    }
    throw new Error(`a record must end with CRLF (at ${i})`);
  }
}

/** The Parquet file's column types and rows, each value as JavaScript has it. */
export function readParquetRows(body: Uint8Array): { types: Record<string, string>; rows: Record<string, unknown>[] } {
  const table = tableFromIPC(readParquet(body).intoIPCStream());
  const types = Object.fromEntries(table.schema.fields.map((f) => [f.name, String(f.type)]));
  return { types, rows: table.toArray().map((r) => r.toJSON() as Record<string, unknown>) };
}
