// The Export to Excel button of a form, a batch or a template (seed 001 §7–§9):
// Job.ExportToExcel.submit, its status polled (followJob) with the progress shown (the
// blocking spinner steps aside after 15 seconds), then the file downloaded from /out/{id}.xlsx
// (.zip for a batch). A failed job shows "Error Generating Excel" with the job's reason.
import { useEffect, useRef, useState } from 'react';
import { rpc } from '../rpc/rpc';
import { dialogs } from '../ui/dialogs';
import { followJob, type ExportProgress } from '../list/export-excel';
import { ExportProgressView } from '../list/export-progress';

export interface ExcelExportTarget {
  form_id?: number;
  formbatch_id?: number;
  ft_id?: number;
  withData?: boolean;
}

/** Runs one export to its end: the download URL, or null when it failed (after the dialog). */
export async function exportToExcel(target: ExcelExportTarget, onProgress: (p: ExportProgress) => void, signal?: AbortSignal): Promise<string | null> {
  onProgress({ jobId: null, percent: null, status: 'Submitting' });
  const id = Number(await rpc.text('Job.ExportToExcel.submit', { withData: true, ...target }));
  return followJob('Job.ExportToExcel.status', id, {
    signal,
    onStatus: (s) => onProgress({ jobId: id, percent: s.progress, status: s.status }),
    failed: (s) => dialogs.alert('Error Generating Excel', s.result ?? '', 'error'),
  });
}

export function ExcelExportButton({ target, label = 'Export to Excel' }: { target: ExcelExportTarget; label?: string }) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const stop = useRef<AbortController | null>(null);
  useEffect(() => () => stop.current?.abort(), []);
  const run = async () => {
    stop.current = new AbortController();
    try {
      await exportToExcel(target, setProgress, stop.current.signal);
    } catch (e) {
      await dialogs.alert('Error Generating Excel', e instanceof Error ? e.message : String(e), 'error');
    } finally {
      setProgress(null);
    }
  };
  return (
    <>
      <button type="button" className="btn" data-action="export-excel" disabled={progress !== null} onClick={() => void run()}>
        {label}
      </button>
      <ExportProgressView progress={progress} />
    </>
  );
}
