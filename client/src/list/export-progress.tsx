// The progress of an Excel export: a blocking dialog with a progress bar that, after 15 seconds
// (seed 001 §9), steps aside to a small bar so the user can go on while the job runs.
import { useEffect, useState } from 'react';
import type { ExportProgress } from './export-excel';

export const BLOCKING_MS = 15_000;

function Bar({ p }: { p: ExportProgress }) {
  return (
    <progress max={100} value={p.percent ?? undefined} aria-label="Export progress" />
  );
}

export function ExportProgressView({ progress }: { progress: ExportProgress | null }) {
  const [blocking, setBlocking] = useState(true);
  const running = progress !== null;
  useEffect(() => {
    if (!running) return;
    setBlocking(true);
    const t = setTimeout(() => setBlocking(false), BLOCKING_MS);
    return () => clearTimeout(t);
  }, [running]);
  if (!progress) return null;
  const text = `Generating Excel… ${progress.percent !== null ? `${progress.percent}%` : progress.status}`;
  if (!blocking) {
    return (
      <div className="export-progress-inline" role="status" data-export-progress>
        <Bar p={progress} /> {text}
      </div>
    );
  }
  return (
    <div className="dialog-backdrop" role="presentation">
      <div className="dialog" role="status" data-export-progress>
        <div className="dialog-message">
          <span className="spinner" aria-hidden="true" />
          {text}
        </div>
        <Bar p={progress} />
      </div>
    </div>
  );
}
