// The RE dashboard's submission status (seed 000 §2.13): counts of the entity's submissions
// (REFormBatch) in Open, Ready, Submitted and Accepted for the periods up to the chosen month.
import { useEffect, useState, type FormEvent } from 'react';
import { DateTime } from 'luxon';
import { rpc } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { useSession } from '../session/session-store';

const STATUSES: [string, number][] = [
  ['Open', 13],
  ['Ready', 55],
  ['Submitted', 56],
  ['Accepted', 45],
];

export default function ReDashboard() {
  const { user, re } = useSession();
  const [month, setMonth] = useState(DateTime.now().toFormat('yyyy-MM'));
  const [asAt, setAsAt] = useState(month);
  const [counts, setCounts] = useState<number[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const end = DateTime.fromFormat(asAt, 'yyyy-MM').endOf('month').toFormat('yyyy-MM-dd');
    setCounts(null);
    Promise.all(STATUSES.map(([, state]) => rpc.select({ module: 'REFormBatch', fields: ['id'], where: [['state', '=', state], ['endon', '<=', end]], max: 1 })))
      .then((r) => {
        if (live) setCounts(r.map((x) => x.total));
      })
      .catch((e) => {
        if (live) void presentError(e);
      });
    return () => {
      live = false;
    };
  }, [asAt, re]);

  function search(e: FormEvent) {
    e.preventDefault();
    if (!month) {
      setProblem('Please select a month');
      return;
    }
    setProblem(null);
    setAsAt(month);
  }

  const entity = user?.RE.find((x) => x.id === re);
  return (
    <section className="page">
      <h1>Dashboard</h1>
      {entity && <p className="muted">{entity.name}</p>}
      <form className="toolbar" onSubmit={search}>
        <label className="field inline">
          <span>Month</span>
          <input type="month" name="month" value={month} onChange={(e) => setMonth(e.target.value)} />
        </label>
        <button className="btn btn-primary" type="submit">
          Search
        </button>
        {problem && <span className="field-error">{problem}</span>}
      </form>
      <table className="table status-table">
        <caption>Current Submission Status as at {DateTime.fromFormat(asAt, 'yyyy-MM').endOf('month').toFormat('dd/MM/yyyy')}</caption>
        <thead>
          <tr>
            {STATUSES.map(([label]) => (
              <th key={label}>{label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {STATUSES.map(([label], i) => (
              <td key={label} data-status={label}>
                {counts ? counts[i] : '…'}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </section>
  );
}
