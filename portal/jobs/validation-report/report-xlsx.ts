// The validation report as a workbook: a "Summary" sheet (one row per form: its outcome counts)
// and a "Rules" sheet (one row per rule of every form: where, the rule, its outcome, its message
// and the values it cites), each with a bold, frozen header and a filter.
import type ExcelJS from 'exceljs';
import { OUTCOME_WORDS, type FormReport } from '../../filing/validation-report.js';

const HEAD: Partial<ExcelJS.Font> = { bold: true };
const FAILED: Partial<ExcelJS.Font> = { color: { argb: 'FFC00000' }, bold: true };
const WARNING: Partial<ExcelJS.Font> = { color: { argb: 'FF9C5700' } };

function sheet(wb: ExcelJS.Workbook, name: string, columns: { header: string; width: number }[]): ExcelJS.Worksheet {
  const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({ header: c.header, width: c.width }));
  ws.getRow(1).font = HEAD;
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return ws;
}

export async function validationWorkbook(excel: typeof ExcelJS, reports: readonly FormReport[], meta: { title: string; printedAt: string; printedBy: string }): Promise<Buffer> {
  const wb = new excel.Workbook();
  wb.creator = meta.printedBy;
  wb.title = meta.title;
  const summary = sheet(wb, 'Summary', [
    { header: 'Form', width: 14 },
    { header: 'Name', width: 40 },
    { header: 'Entity', width: 32 },
    { header: 'Period end', width: 12 },
    { header: 'State', width: 20 },
    { header: 'Template version', width: 10 },
    { header: 'Passed', width: 9 },
    { header: 'Failed', width: 9 },
    { header: 'Warnings', width: 9 },
  ]);
  for (const r of reports) summary.addRow([r.code, r.name, r.entity, r.period, r.state, `${r.template} v${r.version}`, r.counts.passed, r.counts.failed, r.counts.warning]);
  summary.addRow([]);
  summary.addRow([`${meta.title}: checked ${meta.printedAt} (UTC) for ${meta.printedBy}`]);

  const rules = sheet(wb, 'Rules', [
    { header: 'Form', width: 14 },
    { header: 'Period end', width: 12 },
    { header: 'Tab', width: 24 },
    { header: 'Cell', width: 9 },
    { header: 'Label', width: 40 },
    { header: 'Rule', width: 22 },
    { header: 'Outcome', width: 10 },
    { header: 'Message', width: 60 },
    { header: 'Values', width: 50 },
  ]);
  for (const r of reports) {
    for (const l of r.lines) {
      const row = rules.addRow([r.code, r.period, l.tab === null ? '' : `${l.tab} ${l.tabTitle ?? ''}`.trim(), l.cell ?? '', l.label, l.rule, OUTCOME_WORDS[l.outcome], l.message, l.values]);
      if (l.outcome !== 'passed') row.getCell(7).font = l.outcome === 'failed' ? FAILED : WARNING;
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
