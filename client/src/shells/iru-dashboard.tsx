// The regulator's dashboard (seed 003 §2.9): a month (mm/yyyy, required), a sector and a
// submission category, a Show button, and three sections of charts from IRU.getDashboard, each
// card linking to its list (with the sector as a where filter when one is chosen, on every list
// whose module has the entity's sector; the series are narrowed the same way). A month without
// data says so and offers the latest month that has some. Role 24 (the system parameters
// administrator) is sent to /iru/sparameters.
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { rpc } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { useSession } from '../session/session-store';
import { MonthFilterForm } from '../dashboards/month-filter-form';
import { currentMonth } from '../dashboards/chart-answer';
import { Loading } from '../ui/loading';
import { ChoiceSelect, type Choice } from '../ui/labelled-fields';
import { DashboardSections, type DashboardSection } from '../dashboards/dashboard-cards';
import { EmptyMonthNotice } from '../dashboards/empty-month-notice';
import type { DashboardAnswer } from '../dashboards/entity-dashboard';
import '../dashboards/dashboards.css';
import { WaitingLink } from './waiting-page';

const BLUE = '#2563eb';
const GREEN = '#16a34a';
const AMBER = '#f59e0b';

const SECTIONS: DashboardSection[] = [
  {
    title: 'Reporting Entity Profile',
    cards: [
      { title: 'New User Registration', series: 'new_user_registration', to: '/iru/webusers', values: [{ key: 'value', label: 'Registered', color: BLUE }] },
      {
        title: 'Active RE Companies',
        series: 'active_re_companies',
        to: '/iru/reportingentity',
        sectorField: 'sector',
        values: [
          { key: 'value', label: 'Active', color: GREEN },
          { key: 'value1', label: 'Registered', color: BLUE },
        ],
      },
    ],
  },
  {
    title: 'Support Management',
    cards: [
      { title: 'Outstanding Helpdesk', series: 'outstanding_helpdesk', to: '/iru/helpdesk', sectorField: 're_sector', values: [{ key: 'value', label: 'Outstanding', color: AMBER }] },
      { title: 'Outstanding Query', series: 'outstanding_query', to: '/iru/query', sectorField: 're_sector', values: [{ key: 'value', label: 'Outstanding', color: AMBER }] },
      { title: 'Outstanding Resubmission', series: 'outstanding_resubmission', to: '/iru/resubmission', sectorField: 're_sector', values: [{ key: 'value', label: 'Outstanding', color: AMBER }] },
      { title: 'Outstanding Extension', series: 'outstanding_extension', to: '/iru/extension', sectorField: 're_sector', values: [{ key: 'value', label: 'Outstanding', color: AMBER }] },
    ],
  },
  {
    title: 'Performance Management',
    cards: [
      {
        title: 'Submission',
        series: 'submission',
        // The submissions list of the sidebar (RE Submissions, list 49).
        to: '/iru/batches',
        sectorField: 're_sector',
        values: [
          { key: 'value', label: 'Due', color: BLUE },
          { key: 'value1', label: 'Submitted', color: GREEN },
          { key: 'value2', label: 'Outstanding', color: AMBER },
        ],
      },
      { title: 'Total Query', series: 'total_query', to: '/iru/query', sectorField: 're_sector', values: [{ key: 'value', label: 'Queries', color: BLUE }] },
      { title: 'Total Extension', series: 'total_extension', to: '/iru/extension', sectorField: 're_sector', values: [{ key: 'value', label: 'Extensions', color: BLUE }] },
      { title: 'Total Resubmission', series: 'total_resubmission', to: '/iru/resubmission', sectorField: 're_sector', values: [{ key: 'value', label: 'Resubmissions', color: BLUE }] },
    ],
  },
];

interface Named {
  id: number;
  name: string;
}

interface Shown {
  month: string;
  sector: number | null;
  category: number | null;
}

const toId = (v: string) => (v === '' ? null : Number(v));
const toChoices = (rows: Named[]): Choice[] => rows.map((r) => ({ value: String(r.id), label: r.name }));

export default function IruDashboard() {
  const { user } = useSession();
  const [month, setMonth] = useState(currentMonth());
  const [sector, setSector] = useState('');
  const [category, setCategory] = useState('');
  const [shown, setShown] = useState<Shown>({ month: currentMonth(), sector: null, category: null });
  const [answer, setAnswer] = useState<DashboardAnswer | null>(null);
  const [sectors, setSectors] = useState<Choice[]>([]);
  const [categories, setCategories] = useState<Choice[]>([]);

  useEffect(() => {
    rpc.select<Named & Record<string, unknown>>({ module: 'Sector', fields: ['id', 'name'], order: 'name asc', max: 100 }).then((r) => setSectors(toChoices(r.rows)), () => undefined);
    rpc.select<Named & Record<string, unknown>>({ module: 'RECategory', fields: ['id', 'name'], order: 'name asc', max: 200 }).then((r) => setCategories(toChoices(r.rows)), () => undefined);
  }, []);

  useEffect(() => {
    let live = true;
    setAnswer(null);
    rpc
      .json<DashboardAnswer>('IRU.getDashboard', { dt: shown.month, sector: shown.sector, category: shown.category })
      .then((a) => live && setAnswer(a))
      .catch((e) => live && void presentError(e));
    return () => {
      live = false;
    };
  }, [shown]);

  if (user?.roles['24']) return <Navigate to="/iru/sparameters" replace />;

  return (
    <section className="page" data-testid="iru-dashboard" data-state={answer ? 'ready' : 'loading'}>
      <h1>Dashboard</h1>
      <WaitingLink />
      <MonthFilterForm month={month} onMonth={setMonth} button="Show" testId="show" onApply={() => setShown({ month, sector: toId(sector), category: toId(category) })}>
        <ChoiceSelect label="Sector" name="sector" value={sector} none="All" choices={sectors} onChange={setSector} />
        <ChoiceSelect label="Category for Submission Only" name="category" value={category} none="All" choices={categories} onChange={setCategory} />
      </MonthFilterForm>
      {answer ? (
        <>
          <EmptyMonthNotice
            answer={answer}
            onShow={(m) => {
              setMonth(m);
              setShown((s) => ({ ...s, month: m }));
            }}
          />
          <DashboardSections answer={answer} sections={SECTIONS} sector={shown.sector} />
        </>
      ) : (
        <Loading />
      )}
    </section>
  );
}
