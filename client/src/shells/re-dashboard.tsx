// The RE dashboard (seed 000 §2.13): a month (mm/yyyy) with a Search button; the table Current
// Submission Status as at today, of the forms of periods ending by the chosen month's end, one
// column for every state a form can stand in and their total; the Bulletin list;
// bar charts under Performance Management and Support Management, each linking to its list. All
// figures come from RE.getDashboard, for the session's current entity only. A month without data
// says so and offers the latest month that has some.
import { useEffect, useState } from 'react';
import { DateTime } from 'luxon';
import { rpc } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { useSession } from '../session/session-store';
import { BulletinCards } from '../bulletins/bulletin-cards';
import { MonthFilterForm } from '../dashboards/month-filter-form';
import { currentMonth } from '../dashboards/chart-answer';
import { DashboardSections, type DashboardSection } from '../dashboards/dashboard-cards';
import { EmptyMonthNotice } from '../dashboards/empty-month-notice';
import type { DashboardAnswer } from '../dashboards/entity-dashboard';
import '../dashboards/dashboards.css';
import { WaitingLink } from './waiting-page';

/** The table's columns in the order of the sign-off, by the status labels RE.getDashboard answers. */
const STATUSES = ['Open', 'Pending Verification', 'Ready', 'Submitted', 'Accepted', 'Amendment Required'];

const BLUE = '#2563eb';
const GREEN = '#16a34a';
const AMBER = '#f59e0b';
const raised = (series: string, title: string, to: string, label: string) => ({ title, series, to, values: [{ key: 'value' as const, label, color: BLUE }] });

const SECTIONS: DashboardSection[] = [
  {
    title: 'Performance Management',
    cards: [
      {
        title: 'Submission',
        series: 'performance_submission',
        to: '/re/batches',
        values: [
          { key: 'value', label: 'Due', color: BLUE },
          { key: 'value1', label: 'Submitted', color: GREEN },
          { key: 'value2', label: 'Outstanding', color: AMBER },
        ],
      },
      { title: 'Total Query', series: 'performance_query', to: '/re/query', values: [{ key: 'value', label: 'Queries', color: BLUE }, { key: 'value1', label: 'Open', color: AMBER }] },
      { title: 'Total Extension', series: 'performance_extension', to: '/re/extension', values: [{ key: 'value', label: 'Extensions', color: BLUE }, { key: 'value1', label: 'Open', color: AMBER }] },
      { title: 'Total Resubmission', series: 'performance_resubmission', to: '/re/resubmission', values: [{ key: 'value', label: 'Resubmissions', color: BLUE }, { key: 'value1', label: 'Open', color: AMBER }] },
    ],
  },
  {
    title: 'Support Management',
    cards: [
      raised('helpdesk', 'Helpdesk', '/re/helpdesk', 'Questions'),
      raised('resubmission', 'Resubmission', '/re/resubmission', 'Resubmissions'),
      raised('extension', 'Extension', '/re/extension', 'Extensions'),
      raised('query', 'Query', '/re/query', 'Queries'),
    ],
  },
];

export default function ReDashboard() {
  const { user, re } = useSession();
  const [month, setMonth] = useState(currentMonth());
  const [asAt, setAsAt] = useState(month);
  const [answer, setAnswer] = useState<DashboardAnswer | null>(null);

  useEffect(() => {
    let live = true;
    setAnswer(null);
    rpc
      .json<DashboardAnswer>('RE.getDashboard', { dt: asAt })
      .then((a) => live && setAnswer(a))
      .catch((e) => live && void presentError(e));
    return () => {
      live = false;
    };
  }, [asAt, re]);

  const entity = user?.RE.find((x) => x.id === re);
  const count = (label: string) => answer?.submission_status?.find((s) => s.label === label)?.value;
  const total = STATUSES.reduce((n, label) => n + (count(label) ?? 0), 0);
  // The counts are the forms' states now: the table is dated today, never the month's end ahead.
  const today = DateTime.local();
  const monthEnd = DateTime.fromFormat(asAt, 'MM/yyyy').endOf('month');
  return (
    <section className="page" data-testid="re-dashboard" data-state={answer ? 'ready' : 'loading'}>
      <h1>Dashboard</h1>
      {entity && <p className="muted">{entity.name}</p>}
      <WaitingLink />
      <MonthFilterForm month={month} onMonth={setMonth} button="Search" testId="search" onApply={() => setAsAt(month)} />
      <table className="table status-table">
        <caption>
          Current Submission Status as at {today.toFormat('dd/MM/yyyy')}
          <span className="muted"> · forms of periods ending by {monthEnd.toFormat('dd/MM/yyyy')}</span>
        </caption>
        <thead>
          <tr>
            {STATUSES.map((label) => (
              <th key={label}>{label}</th>
            ))}
            <th>Total</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            {STATUSES.map((label) => (
              <td key={label} data-status={label}>
                {answer ? (count(label) ?? 0) : '…'}
              </td>
            ))}
            <td data-status="Total">{answer ? total : '…'}</td>
          </tr>
        </tbody>
      </table>
      {/* Seed 000 §2.13: active, started, not ended (RE-Bulletin's scope), 3 a page, 200-character excerpts. */}
      <BulletinCards perPage={3} title="Bulletin" />
      {answer && (
        <EmptyMonthNotice
          answer={answer}
          onShow={(m) => {
            setMonth(m);
            setAsAt(m);
          }}
        />
      )}
      {answer && <DashboardSections answer={answer} sections={SECTIONS} />}
    </section>
  );
}
