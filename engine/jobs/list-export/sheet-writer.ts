// One worksheet written row by row with exceljs' streaming WorkbookWriter, in constant memory:
// rows are committed as they come (never kept), strings are inline (no shared-strings table
// that grows with the sheet), and the writer waits while the zip stream has a backlog.
// exceljs is loaded on the first export: a process that never exports does not carry it.
import { createWriteStream } from 'node:fs';
import type ExcelJS from 'exceljs';
import type { FieldType } from '../../metadata/module-schema.js';
import type { Cell } from '../../protocol/envelope.js';
import { excelValue, numFmtOf, widthOf } from './excel-cells.js';

export interface SheetColumn {
  title: string;
  type: FieldType;
  scale?: number;
}

type Style = Partial<ExcelJS.Style>;

export interface SheetOptions {
  sheet: string;
  columns: SheetColumn[];
  creator?: string;
}

/** Zip backlog (bytes) above which writing waits, and below which it goes on. */
const BACKLOG_HIGH = 8 * 1024 * 1024;
const BACKLOG_LOW = 1024 * 1024;

/** Excel's rules for sheet names: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetName(title: string | undefined): string {
  const clean = [...(title ?? '').replace(/[:\\/?*[\]]/g, ' ').trim()].slice(0, 31).join('').trim();
  return clean.replace(/^'+|'+$/g, '') || 'Export';
}

/**
 * Bytes the worksheet's stream has handed to the zip but the zip has not yet taken. exceljs'
 * stream writes on without waiting (its StreamBuf ignores backpressure), so a producer faster
 * than the compressor would pile the whole sheet up in memory; this is the only measure of that
 * backlog, read from the PassThrough the zip reads from (exceljs 4.4.0). Unknown shapes count 0.
 */
function zipBacklog(worksheet: ExcelJS.Worksheet): number {
  const pipes = (worksheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes ?? [];
  let bytes = 0;
  for (const p of pipes) {
    const s = p as { _writableState?: { length?: number }; _readableState?: { length?: number } };
    bytes += (s._writableState?.length ?? 0) + (s._readableState?.length ?? 0);
  }
  return bytes;
}

export class SheetWriter {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;
  private readonly columns: SheetColumn[];
  /**
   * One style object per column, shared by all its cells: exceljs looks a style up by object
   * identity before serialising it, so sharing makes a cell's style cost a map hit instead of
   * rendering its XML (it halves the time per row).
   */
  private readonly styles: Style[];
  private readonly file: ReturnType<typeof createWriteStream>;
  private fileError: Error | undefined;
  private finishing: Promise<void> | undefined;

  static async open(path: string, opts: SheetOptions): Promise<SheetWriter> {
    const { default: excel } = await import('exceljs');
    return new SheetWriter(excel, path, opts);
  }

  private constructor(excel: typeof ExcelJS, path: string, opts: SheetOptions) {
    this.columns = opts.columns;
    this.file = createWriteStream(path);
    this.file.on('error', (err) => (this.fileError = err));
    // Level 1: about as small as the default level for this repetitive XML, at a fraction of the CPU.
    this.workbook = new excel.stream.xlsx.WorkbookWriter({ stream: this.file, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } } });
    this.workbook.creator = opts.creator ?? 'Reporting Portal';
    this.sheet = this.workbook.addWorksheet(opts.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
    this.sheet.columns = opts.columns.map((c) => ({ header: c.title, width: widthOf(c.type, c.title) }));
    this.styles = opts.columns.map((c) => {
      const numFmt = numFmtOf(c.type, c.scale);
      return numFmt ? { numFmt } : {};
    });
    const header = this.sheet.getRow(1);
    const bold: Style = { font: { bold: true } };
    header.eachCell((cell) => (cell.style = bold));
    header.commit();
  }

  /** A row of wire values (Record.select's cells), in column order. */
  addRow(cells: Cell[]): void {
    const row = this.sheet.addRow(cells.map((c, i) => excelValue(c, this.columns[i].type)));
    for (let i = 0; i < this.styles.length; i++) row.getCell(i + 1).style = this.styles[i];
    row.commit();
  }

  /** Waits while the zip has a backlog, so memory stays flat however fast rows come. */
  async settle(signal?: AbortSignal): Promise<void> {
    if (zipBacklog(this.sheet) < BACKLOG_HIGH) return;
    while (zipBacklog(this.sheet) > BACKLOG_LOW && !signal?.aborted) await new Promise((r) => setTimeout(r, 2));
    if (this.fileError) throw this.fileError;
  }

  /** Writes the rest of the workbook and closes the file; once, however often it is called. */
  finish(): Promise<void> {
    this.finishing ??= this.writeRest();
    return this.finishing;
  }

  private async writeRest(): Promise<void> {
    this.sheet.commit();
    await this.workbook.commit();
    if (!this.file.closed) await new Promise<void>((resolve, reject) => this.file.once('close', resolve).once('error', reject));
    if (this.fileError) throw this.fileError;
  }
}
