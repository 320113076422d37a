// Step 3 of the chart wizard: the draft drawn as the dashboard will draw it, from Chart.preview
// (the server computes the series exactly as Chart.getGroup does for a stored chart).
import { useEffect, useState } from 'react';
import type { ChartDataRow } from '../../../engine/metadata/screen-schemas.js';
import { fieldErrorsOf } from '../rpc/error-presenter';
import { rpc, RpcError } from '../rpc/rpc';
import { defaultChartMonth, type ChartView } from '../dashboards/chart-answer';
import { ChartCanvas } from '../dashboards/chart-canvas';
import { MonthPicker } from '../dashboards/month-picker';
import { Loading } from '../ui/loading';

type Preview = { status: 'loading' } | { status: 'error'; message: string; paths: string[] } | { status: 'ready'; view: ChartView };

export function ChartPreview(props: { name: string; type: number; rows: ChartDataRow[] }) {
  const [month, setMonth] = useState(defaultChartMonth);
  const [preview, setPreview] = useState<Preview>({ status: 'loading' });
  const key = JSON.stringify([props.name, props.type, props.rows, month]);

  useEffect(() => {
    let live = true;
    setPreview({ status: 'loading' });
    rpc.json<{ chart: ChartView }>('Chart.preview', { chart: { type: props.type, name: props.name, data: { rows: props.rows } }, data: { from_month: month } }).then(
      (answer) => live && setPreview({ status: 'ready', view: answer.chart }),
      (e: unknown) => {
        if (!live) return;
        const fields = e instanceof RpcError && e.code === 'E_VALIDATION' ? fieldErrorsOf(e) : null;
        setPreview({ status: 'error', message: e instanceof RpcError ? e.message : String(e), paths: fields ? Object.values(fields) : [] });
      },
    );
    return () => {
      live = false;
    };
    // The draft is named by `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return (
    <div className="screen-preview" data-testid="chart-preview" data-state={preview.status}>
      <h2>Preview</h2>
      <div className="toolbar">
        <MonthPicker value={month} onChange={setMonth} />
      </div>
      {preview.status === 'loading' && <Loading />}
      {preview.status === 'error' && (
        <div className="editor-problem" role="alert" data-testid="preview-problem">
          <p>The preview cannot be drawn: {preview.message}</p>
          {preview.paths.map((p) => (
            <code key={p} data-testid="preview-problem-path">
              {p}
            </code>
          ))}
        </div>
      )}
      {preview.status === 'ready' && (
        <figure className="chart-card" data-testid="chart" data-type={props.type}>
          <figcaption data-testid="chart-title">{props.name}</figcaption>
          <ChartCanvas view={preview.view} />
        </figure>
      )}
    </div>
  );
}
