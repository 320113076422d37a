// /iru/peoi/create (seed 003 §2.7): open a non-compliance case for one late submission of an
// entity (with a preliminary reason), or every late submission of a period at once
// (PEOI.createForPeriod: completed after the due date or not at all, once). The server decides
// what is late (docs/routine-reports-peoi.md); this page only offers the choices.
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { rpc, type Row } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { dialogs } from '../ui/dialogs';
import { useLeaveGuard, LEAVE_PAGE_MESSAGE } from '../ui/leave-guard';
import { formatDate } from '../ui/date-format';
import { hasPermission, useSession } from '../session/session-store';
import { NotAllowedPage } from '../ui/dead-ends';
import { ModuleSearchSelect } from '../ui/module-search-select';
import './peoi.css';

const ENTITIES = { module: 'RE', value: 'id', label: 'name' } as const;

/** dd/mm/yyyy → YYYY-MM-DD, or null. */
function isoOf(s: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(s.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

export default function PeoiCreatePage() {
  const navigate = useNavigate();
  const { user } = useSession();
  const [re, setRe] = useState('');
  const [batches, setBatches] = useState<Row[]>([]);
  const [batch, setBatch] = useState('');
  const [latereason, setLatereason] = useState('');
  const [period, setPeriod] = useState('');
  const [busy, setBusy] = useState(false);
  const guard = useLeaveGuard(Boolean(batch || latereason.trim()), LEAVE_PAGE_MESSAGE);

  useEffect(() => {
    setBatch('');
    if (!re) return setBatches([]);
    rpc.select({ module: 'FormBatch', fields: ['id', 'name', 'endon', 'duedate'], where: [['re', '=', Number(re)]], order: 'endon desc', max: 200 }).then(({ rows }) => setBatches(rows), presentError);
  }, [re]);

  if (!hasPermission(user, 'PEOI.create')) return <NotAllowedPage title="Create Non-Compliance Case" back={{ to: '/iru/peoi', label: 'Back to the cases' }} />;

  async function openOne() {
    if (!batch) return dialogs.alert('Error', 'Please fill in all the required fields', 'error');
    setBusy(true);
    try {
      const values = await rpc.call('PEOI.open' as string, { formbatch: Number(batch), latereason: latereason.trim() || null } as never);
      const id = values[0]?.type === 'recordset' ? Number((values[0].rows[0] as Row).id) : null;
      guard.allowNext();
      await dialogs.alert('', 'Created!', 'success');
      navigate(id ? `/iru/peoi/edit/${id}` : '/iru/peoi');
    } catch (e) {
      await presentError(e);
    } finally {
      setBusy(false);
    }
  }

  async function openPeriod() {
    const endon = isoOf(period);
    if (!endon) return dialogs.alert('Error', 'Please enter the period end as dd/mm/yyyy', 'error');
    setBusy(true);
    try {
      const { created } = await rpc.json<{ created: number }>('PEOI.createForPeriod', { endon });
      await dialogs.alert('', `${created} case${created === 1 ? '' : 's'} created for the period ending ${period}.`, 'success');
      guard.allowNext();
      navigate('/iru/peoi');
    } catch (e) {
      await presentError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page peoi-create">
      <h1>Create Non-Compliance Case</h1>
      <fieldset>
        <legend>One late submission</legend>
        <label>
          Reporting Entity
          {/* Searched 30 at a time: the regulator's entities run to thousands. */}
          <ModuleSearchSelect name="re" source={ENTITIES} value={re} placeholder="Type to search a reporting entity" onChange={(v) => setRe(v)} />
        </label>
        <label>
          Submission
          <select name="formbatch" value={batch} onChange={(e) => setBatch(e.target.value)} disabled={!re}>
            <option value="">Select a submission</option>
            {batches.map((b) => <option key={String(b.id)} value={String(b.id)}>{String(b.name)} (due {formatDate(String(b.duedate ?? ''))})</option>)}
          </select>
        </label>
        <label>
          Preliminary Reason
          <textarea name="latereason" rows={3} value={latereason} onChange={(e) => setLatereason(e.target.value)} />
        </label>
        <div className="toolbar"><button type="button" className="btn btn-primary" name="create" disabled={busy} onClick={() => void openOne()}>Create</button></div>
      </fieldset>
      <fieldset>
        <legend>Every late submission of a period</legend>
        <label>
          Period End (dd/mm/yyyy)
          <input name="endon" placeholder="dd/mm/yyyy" value={period} onChange={(e) => setPeriod(e.target.value)} />
        </label>
        <div className="toolbar"><button type="button" className="btn" name="create-period" disabled={busy} onClick={() => void openPeriod()}>Create Cases of the Period</button></div>
      </fieldset>
      <Link to="/iru/peoi" className="btn" data-action="back">Back</Link>
    </section>
  );
}
