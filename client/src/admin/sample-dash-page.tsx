// /sample_dash/{group_id} (seed 000 §2.11): a dashboard group drawn with chart.js from
// Chart.getGroup — its active charts in order, pie, bar or line by type, for the 12 months after
// the month picked (mm/yyyy, kept in the address as `month`). A data row the viewer may not read
// shows its error message in place of its data; the other rows and charts still show.
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { rpc, RpcError } from '../rpc/rpc';
import { defaultChartMonth, isMonth, type GroupAnswer } from '../dashboards/chart-answer';
import { ChartCanvas } from '../dashboards/chart-canvas';
import { MonthPicker } from '../dashboards/month-picker';
import { Loading } from '../ui/loading';

type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; answer: GroupAnswer };

export default function SampleDashPage() {
  const { group_id: rawGroup } = useParams();
  const groupId = Number(rawGroup);
  const [search, setSearch] = useSearchParams();
  const asked = search.get('month') ?? '';
  const month = isMonth(asked) ? asked : defaultChartMonth();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    if (!Number.isInteger(groupId) || groupId < 1) {
      setLoaded({ status: 'error', message: `There is no dashboard group ${rawGroup ?? ''}.` });
      return;
    }
    let live = true;
    setLoaded({ status: 'loading' });
    rpc.json<GroupAnswer>('Chart.getGroup', { group_id: groupId, data: { from_month: month } }).then(
      (answer) => live && setLoaded({ status: 'ready', answer }),
      (e: unknown) => live && setLoaded({ status: 'error', message: e instanceof RpcError ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [groupId, rawGroup, month]);

  const pickMonth = (m: string) =>
    setSearch(
      (s) => {
        s.set('month', m);
        return s;
      },
      { replace: true },
    );

  return (
    <section className="page sample-dash" data-testid="sample-dash" data-state={loaded.status} data-month={month}>
      <div className="chart-group-head">
        <h1>{loaded.status === 'ready' ? loaded.answer.group.name : 'Dashboard'}</h1>
        <Link className="btn" to="/mdash">
          Charts
        </Link>
      </div>
      <div className="toolbar">
        <MonthPicker value={month} onChange={pickMonth} />
      </div>
      {loaded.status === 'loading' && <Loading />}
      {loaded.status === 'error' && (
        <p className="form-error" role="alert" data-testid="dash-error">
          {loaded.message}
        </p>
      )}
      {loaded.status === 'ready' &&
        (loaded.answer.charts.length === 0 ? (
          <p className="empty">This group has no active charts.</p>
        ) : (
          <div className="chart-grid">
            {loaded.answer.charts.map((c) => (
              <figure key={c.id} className="chart-card" data-testid="chart" data-chart-id={c.id} data-type={c.type}>
                <figcaption data-testid="chart-title">{c.name}</figcaption>
                <ChartCanvas view={c} />
              </figure>
            ))}
          </div>
        ))}
    </section>
  );
}
