// One chart drawn with chart.js on a canvas, and the message of each data row that answered an
// error in place of its data. chart.js is imported only here, so it lands in the lazy chunks of
// the dashboard pages and never in the sign-in bundle.
import { useEffect, useRef } from 'react';
import { Chart, registerables } from 'chart.js';
import { chartConfig, drawnData, drawnDatasets, type ChartView } from './chart-answer';
import './dashboards.css';

Chart.register(...registerables);

export function ChartCanvas({ view }: { view: ChartView }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const errors = view.datasets.filter((d) => d.error !== undefined);
  const drawable = drawnDatasets(view).length > 0;
  const key = JSON.stringify(view);

  useEffect(() => {
    if (!canvas.current || !drawable) return;
    const chart = new Chart(canvas.current, chartConfig(view));
    return () => chart.destroy();
    // Redrawn when the answer changes (key is the whole view).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, drawable]);

  return (
    <div className="chart-body">
      {errors.map((d) => (
        <p key={d.label} className="chart-error" role="alert" data-testid="chart-row-error">
          <strong>{d.label}:</strong> {d.error}
        </p>
      ))}
      {drawable ? (
        <div className="chart-canvas">
          <canvas ref={canvas} data-testid="chart-canvas" data-drawn={JSON.stringify(drawnData(view))} aria-label={view.name} role="img" />
        </div>
      ) : (
        errors.length === 0 && <p className="muted">No data rows.</p>
      )}
    </div>
  );
}
