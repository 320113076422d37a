// Excel export of a list (seed 001 §2.6, §7, §9): Job.ExportListExcel.submit with the list's
// columns, module, where and order; its status polled every 3 seconds; the finished file
// downloaded from /out/{id}.xlsx. A failed job shows "Error Generating Excel" with its reason.
import { rpc } from '../rpc/rpc';
import { dialogs } from '../ui/dialogs';

export interface ExportRequest {
  title: string;
  columnNames: string[];
  module: string;
  fields: string[];
  where: unknown[];
  order?: string;
}

/** Job.ExportListExcel.status's JSON (engine/jobs/actions.ts). */
export interface JobStatus {
  id: number;
  /** 61 queued, 38 running, 71 done, 2 failed. */
  state: number;
  status: string;
  progress: number | null;
  processed: number | null;
  total: number | null;
  result: string | null;
}

export const JOB_DONE = 71;
export const JOB_FAILED = 2;
export const POLL_MS = 3000;

export interface ExportProgress {
  jobId: number | null;
  /** 0–100 when the job reports it. */
  percent: number | null;
  status: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Asks the browser to download a same-origin URL (the session cookie goes along). */
export function download(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * Runs an export to the end: answers the download URL, or null when the job failed (after the
 * error dialog). Errors of the calls themselves are thrown for the page's error presenter.
 */
export async function exportList(req: ExportRequest, onProgress: (p: ExportProgress) => void, signal?: AbortSignal): Promise<string | null> {
  onProgress({ jobId: null, percent: null, status: 'Submitting' });
  const id = Number(await rpc.text('Job.ExportListExcel.submit', { title: req.title, columnNames: req.columnNames, module: req.module, fields: req.fields, where: req.where, ...(req.order ? { order: req.order } : {}) }));
  for (;;) {
    if (signal?.aborted) return null;
    const s = await rpc.json<JobStatus>('Job.ExportListExcel.status', { id });
    onProgress({ jobId: id, percent: s.progress ?? (s.total ? Math.round(((s.processed ?? 0) * 100) / s.total) : null), status: s.status });
    if (s.state === JOB_DONE) {
      const url = s.result && s.result.startsWith('/out/') ? s.result : `/out/${id}.xlsx`;
      download(url);
      return url;
    }
    if (s.state === JOB_FAILED) {
      await dialogs.alert('Error Generating Excel', s.result ?? '', 'error');
      return null;
    }
    await sleep(POLL_MS);
  }
}
