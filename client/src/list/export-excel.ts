// Excel export of a list (seed 001 §2.6, §7, §9): Job.ExportListExcel.submit with the list's
// columns, module, where and order; its status polled (pollDelay); the finished file
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

/**
 * The wait before the n-th status poll (0-based): a job that ends in a fraction of a second
 * (most form exports) is downloaded at once, then every 3 seconds as seed 001 §9 polls.
 */
export function pollDelay(attempt: number): number {
  return attempt < 4 ? [150, 300, 600, 1200][attempt] : POLL_MS;
}

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

/** How a job's end is told: the file a finished job made, and what to do when it made none. */
export interface JobFollow {
  signal?: AbortSignal;
  onStatus?: (s: JobStatus) => void;
  /** The file of a finished job (default: its result when it is an /out/ address). */
  fileOf?: (s: JobStatus) => string | null;
  /** Tells the user why the job made no file. */
  failed: (s: JobStatus) => Promise<void>;
}

/**
 * Polls a job to its end (pollDelay): downloads and answers the file it made, or null when it
 * failed (after `failed`) or was stopped. Errors of the calls themselves are thrown for the
 * page's error presenter.
 */
export async function followJob(statusAction: string, id: number, f: JobFollow): Promise<string | null> {
  for (let attempt = 0; ; attempt++) {
    await sleep(pollDelay(attempt));
    if (f.signal?.aborted) return null;
    const s = await rpc.json<JobStatus>(statusAction, { id });
    f.onStatus?.(s);
    if (s.state !== JOB_DONE && s.state !== JOB_FAILED) continue;
    const file = s.state === JOB_DONE ? (f.fileOf ? f.fileOf(s) : s.result?.startsWith('/out/') ? s.result : null) : null;
    if (file) {
      download(file);
      return file;
    }
    await f.failed(s);
    return null;
  }
}

/** Runs an export of a list to the end: the download URL, or null when the job failed (after the error dialog). */
export async function exportList(req: ExportRequest, onProgress: (p: ExportProgress) => void, signal?: AbortSignal): Promise<string | null> {
  onProgress({ jobId: null, percent: null, status: 'Submitting' });
  const id = Number(await rpc.text('Job.ExportListExcel.submit', { title: req.title, columnNames: req.columnNames, module: req.module, fields: req.fields, where: req.where, ...(req.order ? { order: req.order } : {}) }));
  return followJob('Job.ExportListExcel.status', id, {
    signal,
    onStatus: (s) => onProgress({ jobId: id, percent: s.progress ?? (s.total ? Math.round(((s.processed ?? 0) * 100) / s.total) : null), status: s.status }),
    fileOf: (s) => (s.result && s.result.startsWith('/out/') ? s.result : `/out/${id}.xlsx`),
    failed: (s) => dialogs.alert('Error Generating Excel', s.result ?? '', 'error'),
  });
}
