// /mdash without an id: every dashboard chart as a card, grouped by dashboard group (charts
// without a group last), each linking to the chart wizard; a New chart button.
import { Link } from 'react-router-dom';
import { rpc } from '../rpc/rpc';
import { CHART_STATES, CHART_TYPES } from '../dashboards/chart-answer';
import { useLoad } from './editor-sources';
import '../dashboards/dashboards.css';
import { Loading } from '../ui/loading';

interface Card {
  id: number;
  name: string;
  type: number;
  state: number;
  ordernumber: number | null;
  group: number | null;
}

interface Cards {
  groups: { id: number | null; name: string; charts: Card[] }[];
}

async function loadCards(): Promise<Cards> {
  const [groups, charts] = await Promise.all([
    rpc.select({ module: 'DashboardGroup', fields: ['id', 'name'], order: 'name asc', max: 1000 }),
    rpc.select({ module: 'DashboardChart', fields: ['id', 'name', 'type', 'state', 'ordernumber', 'dashboardgroup'], order: 'ordernumber asc', max: 1000 }),
  ]);
  const cards: Card[] = charts.rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name ?? ''),
    type: Number(r.type),
    state: Number(r.state),
    ordernumber: r.ordernumber === null || r.ordernumber === undefined ? null : Number(r.ordernumber),
    group: r.dashboardgroup === null || r.dashboardgroup === undefined ? null : Number(r.dashboardgroup),
  }));
  const known = new Set(groups.rows.map((g) => Number(g.id)));
  const out: Cards['groups'] = groups.rows.map((g) => ({ id: Number(g.id), name: String(g.name ?? ''), charts: cards.filter((c) => c.group === Number(g.id)) }));
  const loose = cards.filter((c) => c.group === null || !known.has(c.group));
  if (loose.length) out.push({ id: null, name: 'Without a group', charts: loose });
  return { groups: out };
}

export function ChartCards() {
  const cards = useLoad(loadCards, 'cards');
  return (
    <section className="page chart-cards" data-testid="chart-cards" data-state={cards.status}>
      <div className="chart-group-head">
        <h1>Dashboard charts</h1>
        <Link className="btn btn-primary" to="/mdash/new" data-testid="new-chart">
          New chart
        </Link>
        <Link className="btn" to="/dashgroup">
          Dashboard groups
        </Link>
      </div>
      {cards.status === 'loading' && <Loading />}
      {cards.status === 'error' && (
        <p className="form-error" role="alert">
          {cards.message}
        </p>
      )}
      {cards.status === 'ready' &&
        (cards.value.groups.length === 0 ? (
          <p className="empty">No dashboard groups or charts yet.</p>
        ) : (
          cards.value.groups.map((g) => (
            <div key={g.id ?? 'none'} className="chart-group" data-testid="chart-group" data-group-id={g.id ?? ''}>
              <div className="chart-group-head">
                <h2>{g.name}</h2>
                {g.id !== null && (
                  <Link className="btn btn-small" to={`/sample_dash/${g.id}`} data-testid="view-group">
                    View dashboard
                  </Link>
                )}
              </div>
              {g.charts.length === 0 ? (
                <p className="muted">No charts in this group.</p>
              ) : (
                <div className="chart-grid">
                  {g.charts.map((c) => (
                    <article key={c.id} className="chart-card" data-testid="chart-card" data-chart-id={c.id}>
                      <h2>
                        <Link to={`/mdash/${c.id}`}>{c.name}</Link>
                      </h2>
                      <p className="muted">
                        {CHART_TYPES.find((t) => t.id === c.type)?.name ?? `Type ${c.type}`} · {CHART_STATES.find((s) => s.id === c.state)?.name ?? `State ${c.state}`}
                        {c.ordernumber !== null && ` · order ${c.ordernumber}`}
                      </p>
                      <Link className="btn btn-small" to={`/mdash/${c.id}`} data-testid="edit-chart">
                        Edit
                      </Link>
                    </article>
                  ))}
                </div>
              )}
            </div>
          ))
        ))}
    </section>
  );
}
