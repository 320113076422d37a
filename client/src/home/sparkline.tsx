// A monitor's recent points as a small inline SVG line: no chart library for twelve numbers.
import { MONITOR_POINTS } from './monitor-levels';

const WIDTH = 160;
const HEIGHT = 40;

/** Points on a 0-100 scale, drawn left to right over MONITOR_POINTS slots. */
export function Sparkline({ points, label }: { points: readonly number[]; label: string }) {
  const step = WIDTH / (MONITOR_POINTS - 1);
  const y = (v: number) => HEIGHT - (Math.min(100, Math.max(0, v)) / 100) * HEIGHT;
  const coords = points.map((v, i) => `${(i * step).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  return (
    <svg className="sparkline" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} role="img" aria-label={label} data-points={points.length}>
      <line x1={0} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} className="sparkline-base" />
      {points.length > 1 && <polyline points={coords} className="sparkline-line" fill="none" />}
      {points.length > 0 && <circle cx={(points.length - 1) * step} cy={y(points[points.length - 1])} r={2.5} className="sparkline-dot" />}
    </svg>
  );
}
