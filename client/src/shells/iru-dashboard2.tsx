// /iru/dashboard2 (seed 003 §2.9, §9): dashboard group 1 drawn from Chart.getGroup, with a
// from-month (mm/yyyy, required, by default six months back), a sector filter and a Show button;
// month-grouped charts show the six months after the from-month (six-months.ts). Months without
// any data say so, as the other dashboards do; a chart row the viewer may not read shows its
// message in place of its data.
import { useEffect, useState } from 'react';
import { rpc, RpcError } from '../rpc/rpc';
import type { GroupAnswer } from '../dashboards/chart-answer';
import { ChartCanvas } from '../dashboards/chart-canvas';
import { MonthFilterForm } from '../dashboards/month-filter-form';
import { monthLabel } from '../dashboards/entity-dashboard';
import { DASHBOARD2_GROUP, groupHasData, sixMonthAnswer, sixMonthsAfter, sixMonthsBack } from '../dashboards/six-months';
import { ChoiceSelect, type Choice } from '../ui/labelled-fields';
import { Loading } from '../ui/loading';
import '../dashboards/dashboards.css';

type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; answer: GroupAnswer };

interface Shown {
  month: string;
  sector: number | null;
}

export default function IruDashboard2() {
  const [month, setMonth] = useState(sixMonthsBack);
  const [sector, setSector] = useState('');
  const [shown, setShown] = useState<Shown>(() => ({ month: sixMonthsBack(), sector: null }));
  const [sectors, setSectors] = useState<Choice[]>([]);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    rpc.select({ module: 'Sector', fields: ['id', 'name'], order: 'name asc', max: 100 }).then(
      (r) => setSectors(r.rows.map((s) => ({ value: String(s.id), label: String(s.name ?? '') }))),
      () => undefined,
    );
  }, []);

  useEffect(() => {
    let live = true;
    setLoaded({ status: 'loading' });
    rpc.json<GroupAnswer>('Chart.getGroup', { group_id: DASHBOARD2_GROUP, data: { from_month: shown.month, sector: shown.sector } }).then(
      (answer) => live && setLoaded({ status: 'ready', answer: sixMonthAnswer(answer) }),
      (e: unknown) => live && setLoaded({ status: 'error', message: e instanceof RpcError ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [shown]);

  const answer = loaded.status === 'ready' ? loaded.answer : null;
  const months = answer ? sixMonthsAfter(answer.from_month) : [];

  return (
    <section className="page" data-testid="iru-dashboard2" data-state={loaded.status}>
      <h1>Dashboard</h1>
      {answer && <p className="muted" data-testid="group-name">{answer.group.name}</p>}
      <MonthFilterForm month={month} onMonth={setMonth} button="Show" testId="show" onApply={() => setShown({ month, sector: sector === '' ? null : Number(sector) })}>
        <ChoiceSelect label="Sector" name="sector" value={sector} none="All" choices={sectors} onChange={setSector} />
      </MonthFilterForm>
      {loaded.status === 'loading' && <Loading />}
      {loaded.status === 'error' && (
        <p className="form-error" role="alert" data-testid="dash-error">
          {loaded.message}
        </p>
      )}
      {answer && !groupHasData(answer.charts) && (
        <div className="notice dashboard-empty" role="status" data-testid="empty-month">
          <p>
            There is no data for {monthLabel(months[0])} to {monthLabel(months[months.length - 1])}.
          </p>
        </div>
      )}
      {answer &&
        (answer.charts.length === 0 ? (
          <p className="empty">This dashboard has no active charts.</p>
        ) : (
          <div className="chart-grid">
            {answer.charts.map((c) => (
              <figure key={c.id} className="chart-card" data-testid="chart" data-chart-id={c.id} data-labels={c.labels.length}>
                <figcaption data-testid="chart-title">{c.name}</figcaption>
                <ChartCanvas view={c} />
              </figure>
            ))}
          </div>
        ))}
    </section>
  );
}
