// The Validation report downloads of a form or a batch (docs/filing.md "Validation report"):
// Job.ValidationReport.submit with the chosen format, its status polled as the Excel exports' is,
// then the file downloaded from /out/{id}.xlsx or /out/{id}.pdf. A failed job shows its reason.
import { useEffect, useRef, useState } from 'react';
import { rpc } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { dialogs } from '../ui/dialogs';
import { followJob } from '../list/export-excel';

export interface ReportTarget {
  form_id?: number;
  formbatch_id?: number;
}

export type ReportFormat = 'xlsx' | 'pdf';

/** Runs one report to its end: the download URL, or null when it failed (after the dialog). */
export async function validationReport(target: ReportTarget, format: ReportFormat, signal?: AbortSignal): Promise<string | null> {
  const id = Number(await rpc.text('Job.ValidationReport.submit', { ...target, format }));
  return followJob('Job.ValidationReport.status', id, {
    signal,
    failed: (s) => dialogs.alert('Validation report', `The report could not be made: ${s.result ?? 'no reason was given'}`, 'error'),
  });
}

export function ValidationReportButtons({ target }: { target: ReportTarget }) {
  const [running, setRunning] = useState<ReportFormat | null>(null);
  const stop = useRef<AbortController | null>(null);
  useEffect(() => () => stop.current?.abort(), []);
  const run = async (format: ReportFormat) => {
    stop.current = new AbortController();
    setRunning(format);
    try {
      await validationReport(target, format, stop.current.signal);
    } catch (e) {
      await presentError(e);
    } finally {
      setRunning(null);
    }
  };
  return (
    <span className="btn-group" role="group" aria-label="Validation report">
      {(['xlsx', 'pdf'] as const).map((format) => (
        <button key={format} type="button" className="btn" data-action={`validation-report-${format}`} disabled={running !== null} onClick={() => void run(format)}>
          {running === format ? 'Preparing…' : `Validation report (${format === 'xlsx' ? 'Excel' : 'PDF'})`}
        </button>
      ))}
    </span>
  );
}
