// The extract as CSV (RFC 4180): a header line, CRLF line ends, a field quoted when it holds a
// comma, a quote, CR or LF, quotes doubled; UTF-8 without a byte-order mark. Values are written
// as filed: nothing is prefixed to stop a spreadsheet reading `=…` as a formula, since the file
// is for analysis tools (docs/integrators.md says so).
import type { WriteStream } from 'node:fs';
import { once } from 'node:events';
import { EXTRACT_COLUMNS, type ExtractRow } from '../../filing/accepted-extract.js';

const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(v: string | number | null): string {
  if (v === null) return '';
  const s = String(v);
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export class CsvFile {
  constructor(private readonly out: WriteStream) {}

  async header(): Promise<void> {
    await this.write(`${EXTRACT_COLUMNS.join(',')}\r\n`);
  }

  async rows(rows: readonly ExtractRow[]): Promise<void> {
    let chunk = '';
    for (const r of rows) {
      chunk += `${r.form_id},${csvField(r.entity_code)},${csvField(r.entity_name)},${r.period_end},${csvField(r.template_code)},${r.template_version},${csvField(r.cell_code)},${r.row_number ?? ''},${csvField(r.value)},${r.accepted_on}\r\n`;
    }
    await this.write(chunk);
  }

  /** Waits for the stream to drain when its buffer is full, so memory holds about one page. */
  private async write(s: string): Promise<void> {
    if (!this.out.write(s, 'utf8')) await once(this.out, 'drain');
  }
}
