// The extract as Parquet, written by hyparquet-writer one row group per page of rows, so memory
// holds one page whatever the period's size. Types: ids and versions INT32, texts UTF8, the
// period end a DATE, the acceptance a UTC TIMESTAMP_MILLIS, row_number optional (null outside
// add-new-rows tabs); the file's rows are the CSV's.
import { ParquetWriter, fileWriter } from 'hyparquet-writer';
import type { ExtractRow } from '../../filing/accepted-extract.js';

const DAY_MS = 86_400_000;

const SCHEMA = [
  { name: 'root', num_children: 10 },
  { name: 'form_id', type: 'INT32', repetition_type: 'REQUIRED' },
  { name: 'entity_code', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
  { name: 'entity_name', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
  { name: 'period_end', type: 'INT32', converted_type: 'DATE', repetition_type: 'REQUIRED' },
  { name: 'template_code', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
  { name: 'template_version', type: 'INT32', repetition_type: 'REQUIRED' },
  { name: 'cell_code', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
  { name: 'row_number', type: 'INT32', repetition_type: 'OPTIONAL' },
  { name: 'value', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
  { name: 'accepted_on', type: 'INT64', converted_type: 'TIMESTAMP_MILLIS', repetition_type: 'REQUIRED' },
] as const;

const dayNumber = (isoDate: string) => Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);

export class ParquetFile {
  private readonly writer: ParquetWriter;

  constructor(path: string) {
    this.writer = new ParquetWriter({ writer: fileWriter(path), schema: SCHEMA as never, createdBy: 'regportal accepted-data extract' });
  }

  /** One row group per call. */
  async rows(rows: readonly ExtractRow[]): Promise<void> {
    if (!rows.length) return;
    const n = rows.length;
    const col = <T>(f: (r: ExtractRow) => T): T[] => {
      const out = new Array<T>(n);
      for (let i = 0; i < n; i++) out[i] = f(rows[i]);
      return out;
    };
    const days = new Map<string, number>();
    const millis = new Map<string, bigint>();
    await this.writer.write({
      rowGroupSize: n,
      columnData: [
        { name: 'form_id', data: col((r) => r.form_id) },
        { name: 'entity_code', data: col((r) => r.entity_code) },
        { name: 'entity_name', data: col((r) => r.entity_name) },
        { name: 'period_end', data: col((r) => days.get(r.period_end) ?? days.set(r.period_end, dayNumber(r.period_end)).get(r.period_end)!) },
        { name: 'template_code', data: col((r) => r.template_code) },
        { name: 'template_version', data: col((r) => r.template_version) },
        { name: 'cell_code', data: col((r) => r.cell_code) },
        { name: 'row_number', data: col((r) => r.row_number) },
        { name: 'value', data: col((r) => r.value) },
        { name: 'accepted_on', data: col((r) => millis.get(r.accepted_on) ?? millis.set(r.accepted_on, BigInt(Date.parse(r.accepted_on))).get(r.accepted_on)!) },
      ],
    });
  }

  finish(): void {
    this.writer.finish();
  }
}
