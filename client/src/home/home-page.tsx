// The home demo page (seed 000 §2.7): tabs by the `server` query parameter, CPU, disk and memory
// monitors, user counters and the static tables. The figures are the engine's own
// (System.monitor) rather than the original's random numbers; see docs/client.md.
import { useSearchParams } from 'react-router-dom';
import { formatDateTime } from '../ui/date-format';
import { Sparkline } from './sparkline';
import { monitorLevel } from './monitor-levels';
import { METRICS, useSystemMonitor, type Figures, type Metric, type Server } from './use-system-monitor';
import { SAMPLE_ALERTS, SAMPLE_JOBS, SAMPLE_ROLES, SAMPLE_SERVICES } from './demo-tables';
import './home-page.css';
import { Loading } from '../ui/loading';

const TABS: [Server, string][] = [
  ['database', 'Database server'],
  ['app', 'Application server'],
];

const METRIC_TITLES: Record<Metric, string> = { cpu: 'CPU', disk: 'Disk', memory: 'Memory' };

const COUNTERS: [keyof Figures['users'], string][] = [
  ['total', 'Total users'],
  ['active', 'Active users'],
  ['inactive', 'Inactive users'],
  ['online', 'Online users'],
];

function bytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${n.toFixed(i ? 1 : 0)} ${units[i]}`;
}

/** What a monitor measures, in words under its figure. */
function detailOf(metric: Metric, f: Figures): string {
  const where = f.server === 'app' ? 'engine process' : 'machine';
  if (metric === 'cpu') return `${where}, all cores`;
  if (metric === 'memory') return `${bytes(f.memoryBytes)} of ${bytes(f.memoryTotalBytes)} (${where})`;
  const db = f.databaseBytes === undefined ? '' : `; ${f.dialect} database ${bytes(f.databaseBytes)}`;
  return `${bytes(f.diskUsedBytes)} of ${bytes(f.diskTotalBytes)}${db}`;
}

function Monitor({ metric, points, figures }: { metric: Metric; points: number[]; figures: Figures }) {
  const value = figures[metric];
  const level = monitorLevel(value);
  return (
    <figure className={`monitor level-${level}`} data-monitor={metric} data-level={level}>
      <figcaption>{METRIC_TITLES[metric]}</figcaption>
      <Sparkline points={points} label={`${METRIC_TITLES[metric]} over the last ${points.length} samples`} />
      <strong className="monitor-value" data-value={value}>
        {value.toFixed(1)}%
      </strong>
      <span className="monitor-detail">{detailOf(metric, figures)}</span>
    </figure>
  );
}

export default function HomePage() {
  const [params, setParams] = useSearchParams();
  const server: Server = params.get('server') === 'app' ? 'app' : 'database';
  const state = useSystemMonitor(server);

  function choose(tab: Server) {
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('server', tab);
        return next;
      },
      { replace: false },
    );
  }

  const figures = state.status === 'ready' ? state.latest : null;
  const jobs = figures?.jobs.length ? figures.jobs : null;
  return (
    <section className="page home-page" data-home-page data-server={server} data-state={state.status}>
      <h1>Home</h1>
      <div className="home-tabs" role="tablist" aria-label="Server">
        {TABS.map(([tab, title]) => (
          <button key={tab} type="button" role="tab" data-tab={tab} aria-selected={tab === server} onClick={() => choose(tab)}>
            {title}
          </button>
        ))}
      </div>

      {state.status === 'pending' && <Loading />}
      {state.status === 'error' && <p className="form-error">The monitors could not be read.</p>}
      {state.status === 'ready' && (
        <>
          <div className="home-monitors">
            {METRICS.map((m) => (
              <Monitor key={m} metric={m} points={state.history[m]} figures={state.latest} />
            ))}
          </div>
          <dl className="home-counters">
            {COUNTERS.map(([key, title]) => (
              <div key={key} data-counter={key}>
                <dt>{title}</dt>
                <dd>{state.latest.users[key]}</dd>
              </div>
            ))}
          </dl>
        </>
      )}

      <div className="home-tables">
        <table className="table" data-table="jobs">
          <caption>Jobs{jobs ? '' : ' (sample)'}</caption>
          <thead>
            <tr>
              <th>Job</th>
              <th>Owner</th>
              <th>State</th>
              <th>Progress</th>
              <th>Queued</th>
            </tr>
          </thead>
          <tbody>
            {(jobs ?? SAMPLE_JOBS).map((j, i) => (
              <tr key={`${i}-${j.type}`}>
                <td>{j.type}</td>
                <td>{j.owner}</td>
                <td>{j.state}</td>
                <td>{j.progress}%</td>
                <td className="when">{formatDateTime(j.createon)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="table" data-table="services">
          <caption>Services</caption>
          <thead>
            <tr>
              <th>Service</th>
              <th>Status</th>
              <th>Uptime</th>
            </tr>
          </thead>
          <tbody>
            {SAMPLE_SERVICES.map((s) => (
              <tr key={s.name}>
                <td>{s.name}</td>
                <td>{s.status}</td>
                <td>{s.uptime}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="table" data-table="alerts">
          <caption>Alerts</caption>
          <thead>
            <tr>
              <th>Time</th>
              <th>Level</th>
              <th>Message</th>
            </tr>
          </thead>
          <tbody>
            {SAMPLE_ALERTS.map((a) => (
              <tr key={`${a.time}-${a.message}`}>
                <td>{a.time}</td>
                <td>{a.level}</td>
                <td>{a.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="table" data-table="roles">
          <caption>Security roles</caption>
          <thead>
            <tr>
              <th>Role</th>
              <th>Description</th>
              <th>Users</th>
            </tr>
          </thead>
          <tbody>
            {SAMPLE_ROLES.map((r) => (
              <tr key={r.name}>
                <td>{r.name}</td>
                <td>{r.description}</td>
                <td>{r.users}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
