// The report designer's live preview: the draft printed for one record by the server
// (Report.preview: the report path as the caller, the same Chromium as /out/{name}.pdf): a picture
// of the printed page inline (the page policy frames nothing, so a PDF cannot be embedded) and the
// PDF itself to open or save. Printed again 800 ms after the last edit while the draft is valid.
import { useEffect, useRef, useState } from 'react';
import { rpc, RpcError } from '../rpc/rpc';
import { fieldErrorsOf } from '../rpc/error-presenter';
import { isListTemplate, propertiesOf, type ReportDraft } from './use-report-editor';

type Shown = { status: 'idle' } | { status: 'printing' } | { status: 'ready'; url: string; bytes: number; png: string | null; filename: string } | { status: 'error'; message: string };

function pdfUrl(base64: string): { url: string; bytes: number } {
  const bin = atob(base64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return { url: URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' })), bytes: bytes.length };
}

export function ReportPreview({ draft, valid }: { draft: ReportDraft; valid: boolean }) {
  const [recordId, setRecordId] = useState('1');
  // A list report prints the records a WHERE matches (as /out/{name}.pdf?WHERE=…); empty: the record id alone.
  const [where, setWhere] = useState('');
  const list = isListTemplate(draft.template);
  const params = list && where.trim() ? { WHERE: where.trim() } : undefined;
  const [shown, setShown] = useState<Shown>({ status: 'idle' });
  const [runs, setRuns] = useState(0);
  const lastUrl = useRef<string | null>(null);
  const id = Number(recordId);
  const ready = valid && draft.module !== '' && Number.isInteger(id) && id > 0;
  const key = JSON.stringify({ draft, id, params });

  useEffect(() => {
    if (!ready) return;
    let live = true;
    const timer = setTimeout(() => {
      setShown({ status: 'printing' });
      rpc
        .call('Report.preview', { report: { name: draft.name || undefined, module: draft.module, title: draft.title || null, template: draft.template, properties: propertiesOf(draft) }, id, ...(params ? { params } : {}) })
        .then((values) => {
          if (!live) return;
          const v = values[0];
          const about = values[1]?.type === 'text' ? (JSON.parse(values[1].text) as { filename?: string; png?: string | null }) : {};
          const made = pdfUrl(v?.type === 'text' ? v.text : '');
          if (lastUrl.current) URL.revokeObjectURL(lastUrl.current);
          lastUrl.current = made.url;
          setShown({ status: 'ready', ...made, png: about.png ? `data:image/png;base64,${about.png}` : null, filename: about.filename ?? 'preview.pdf' });
        })
        .catch((e: unknown) => {
          if (!live) return;
          const fields = fieldErrorsOf(e);
          const message = fields ? Object.entries(fields).map(([k, m]) => `${k}: ${m}`).join('\n') : e instanceof RpcError ? e.message : String(e);
          setShown({ status: 'error', message });
        });
    }, 800);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `key` names the draft and the record.
  }, [key, ready, runs]);

  useEffect(() => () => void (lastUrl.current && URL.revokeObjectURL(lastUrl.current)), []);

  return (
    <section className="screen-preview report-preview" aria-labelledby="report-preview-heading" data-testid="report-preview" data-state={shown.status}>
      <h2 id="report-preview-heading">Live preview</h2>
      <div className="toolbar">
        <label className="field">
          <span className="form-label">Record id to print</span>
          <input type="number" min={1} data-testid="preview-record" value={recordId} onChange={(e) => setRecordId(e.target.value)} />
        </label>
        {list && (
          <label className="field">
            <span className="form-label">Records to list (WHERE)</span>
            <input data-testid="preview-where" placeholder="e.g. sector=1 (empty: the record id alone)" maxLength={500} value={where} onChange={(e) => setWhere(e.target.value)} />
          </label>
        )}
        <button type="button" className="btn" data-testid="preview-refresh" disabled={!ready} onClick={() => setRuns((n) => n + 1)}>
          Print preview again
        </button>
      </div>
      {!ready && <p className="muted">The preview is printed once the report is valid, has a module and a record id.</p>}
      {shown.status === 'printing' && <p className="muted" role="status">Printing the preview…</p>}
      {shown.status === 'error' && (
        <p className="editor-problem" role="alert" data-testid="preview-error">
          {shown.message}
        </p>
      )}
      {shown.status === 'ready' && (
        <>
          <p className="muted">
            <a href={shown.url} download={shown.filename} data-testid="preview-open">
              Save the preview PDF
            </a>{' '}
            ({Math.round(shown.bytes / 1024)} KB)
          </p>
          {shown.png && <img className="report-page" src={shown.png} alt={`The report printed for record ${id}`} data-testid="preview-image" />}
        </>
      )}
    </section>
  );
}
