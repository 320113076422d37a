// A non-compliance case (/iru/peoi/edit/{id}, seed 003 §2.7, §4.6): a summary table, then one
// panel per stage (IRU, head of unit, PEOI officer) with the reason list of the user's role (587,
// or 617 for role 36), a description appended to the stage's earlier text, and the buttons of the
// moves the case's state allows to a holder of that stage's task; Retract after 'Confirm
// Retract?'; Generate Letter (the 640 px dialog) for an Issued case. The server enforces all of
// it (PEOI.act, PEOI.generateLetter; docs/routine-reports-peoi.md).
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { rpc, type Row } from '../rpc/rpc';
import { usePageTitle } from '../app/page-title';
import { recordIdOf, useRecordLoad } from '../ui/use-record-load';
import { RecordLoadView } from '../ui/record-load-view';
import { presentError } from '../rpc/error-presenter';
import { dialogs } from '../ui/dialogs';
import { useLeaveGuard, LEAVE_PAGE_MESSAGE } from '../ui/leave-guard';
import { hasPermission, useSession } from '../session/session-store';
import { formatDate, formatDateTime } from '../ui/date-format';
import { LetterDialog } from './letter-dialog';
import { MOVES, PEOI_MESSAGES, PEOI_STATE as S, STAGES, reasonGroupFor, type PeoiAction, type Stage } from './peoi-format';
import './peoi.css';

const FIELDS = [
  'id', 'updatectr', 'state', 'state_name_ind_field', 're', 're_name_ind_field', 'formbatch', 'formbatch_name_ind_field', 'formbatch_endon', 'formbatch_duedate', 'formbatch_submitteddate',
  'latereason', 'iru_reasonclass_name_ind_field', 'iru_reasondesc', 'iruofifcer_name_ind_field', 'hou_reasonclass_name_ind_field', 'houreasondesc', 'houofficer_name_ind_field',
  'reasonclass_name_ind_field', 'peoiremarks', 'peoiofficer_name_ind_field', 'generateLetter', 'createon',
];

const text = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : String(v));

export default function PeoiCasePage() {
  const { id } = useParams();
  const { user } = useSession();
  const caseId = recordIdOf(id);
  const loaded = useRecordLoad(async () => {
    if (caseId === null) return null;
    const { rows } = await rpc.select({ module: 'PEOI', fields: FIELDS, where: [['id', '=', caseId]] });
    return (rows[0] as Row | undefined) ?? null;
  }, [caseId]);
  const reasons = useRecordLoad(async () => {
    const group = reasonGroupFor(user);
    const { rows } = await rpc.select({ module: 'List', fields: ['id', 'name'], where: [['listgroup', '=', group], ['state', '=', 33]], order: 'displayorder asc', max: 200 });
    return rows;
  }, [user]);
  const c = loaded.status === 'ready' ? loaded.value : null;
  usePageTitle(c ? `Non-Compliance: ${String(c.re_name_ind_field ?? '')}` : null);
  const [reason, setReason] = useState<Record<Stage, string>>({ iru: '', hou: '', peoi: '' });
  const [description, setDescription] = useState<Record<Stage, string>>({ iru: '', hou: '', peoi: '' });
  const [busy, setBusy] = useState(false);
  const [letterOpen, setLetterOpen] = useState(false);
  const dirty = Object.values(description).some((d) => d.trim() !== '');
  const guard = useLeaveGuard(dirty, LEAVE_PAGE_MESSAGE);

  async function act(stage: Stage, action: PeoiAction) {
    if (!c) return;
    if (action === 'retract') {
      if (!(await dialogs.confirm('Retract', PEOI_MESSAGES.confirmRetract))) return;
    } else if (!description[stage].trim() || (action !== 'include' && action !== 'amend' && !reason[stage])) {
      await dialogs.alert('Error', PEOI_MESSAGES.fillAll, 'error');
      return;
    }
    setBusy(true);
    try {
      await rpc.call('PEOI.act' as string, {
        id: Number(c.id), updatectr: Number(c.updatectr), action,
        ...(reason[stage] && action !== 'retract' ? { reason: Number(reason[stage]) } : {}),
        ...(description[stage].trim() ? { description: description[stage].trim() } : {}),
      } as never);
      setDescription((d) => ({ ...d, [stage]: '' }));
      setReason((r) => ({ ...r, [stage]: '' }));
      guard.allowNext();
      await dialogs.alert('', 'Updated!', 'success');
      await loaded.reload();
    } catch (e) {
      await presentError(e);
    } finally {
      setBusy(false);
    }
  }

  if (!c) return <RecordLoadView state={loaded} what="Non-Compliance Case" back={{ to: '/iru/peoi', label: 'Back to the cases' }}>{() => null}</RecordLoadView>;
  const state = Number(c.state);
  const reasonRows = reasons.status === 'ready' ? reasons.value : [];
  return (
    <section className="page peoi-page" data-state={state}>
      <div className="peoi-head">
        <h1>Non-Compliance Case</h1>
        <span className="peoi-state" data-state={state}>{text(c.state_name_ind_field)}</span>
      </div>
      <table className="detail-table peoi-summary">
        <tbody>
          <tr><th>Reporting Entity</th><td data-fact="entity">{text(c.re_name_ind_field)}</td></tr>
          <tr><th>Submission</th><td><Link to={`/iru/peoi_form/${String(c.formbatch)}`}>{text(c.formbatch_name_ind_field)}</Link></td></tr>
          <tr><th>Period End</th><td>{formatDate(String(c.formbatch_endon ?? ''))}</td></tr>
          <tr><th>Due Date</th><td>{formatDate(String(c.formbatch_duedate ?? ''))}</td></tr>
          <tr><th>Completed On</th><td>{c.formbatch_submitteddate ? formatDateTime(String(c.formbatch_submitteddate)) : 'Not completed'}</td></tr>
          <tr><th>Preliminary Reason</th><td>{text(c.latereason)}</td></tr>
          <tr><th>IRU</th><td className="pre">{text(c.iru_reasonclass_name_ind_field)}{c.iruofifcer_name_ind_field ? ` (${String(c.iruofifcer_name_ind_field)})` : ''}{'\n'}{text(c.iru_reasondesc)}</td></tr>
          <tr><th>Head of Unit</th><td className="pre">{text(c.hou_reasonclass_name_ind_field)}{c.houofficer_name_ind_field ? ` (${String(c.houofficer_name_ind_field)})` : ''}{'\n'}{text(c.houreasondesc)}</td></tr>
          <tr><th>PEOI Officer</th><td className="pre">{text(c.reasonclass_name_ind_field)}{c.peoiofficer_name_ind_field ? ` (${String(c.peoiofficer_name_ind_field)})` : ''}{'\n'}{text(c.peoiremarks)}</td></tr>
          <tr><th>Letter</th><td>{Number(c.generateLetter) === 1 ? 'Generated' : 'Not generated'}</td></tr>
        </tbody>
      </table>

      {STAGES.map(({ stage, title, permission }) => {
        const actions = (Object.entries(MOVES[state] ?? {}) as [PeoiAction, [number, Stage]][]).filter(([, [, s]]) => s === stage).map(([a]) => a);
        if (!actions.length || !hasPermission(user, permission)) return null;
        const onlyRetract = actions.length === 1 && actions[0] === 'retract';
        return (
          <fieldset key={stage} className="peoi-panel" data-stage={stage}>
            <legend>{title}</legend>
            {!onlyRetract && (
              <>
                <label>
                  Reason
                  <select name={`reason-${stage}`} value={reason[stage]} onChange={(e) => setReason((r) => ({ ...r, [stage]: e.target.value }))}>
                    <option value="">Select a reason</option>
                    {reasonRows.map((r) => <option key={String(r.id)} value={String(r.id)}>{String(r.name)}</option>)}
                  </select>
                </label>
                <label>
                  Description
                  <textarea name={`description-${stage}`} rows={3} value={description[stage]} onChange={(e) => setDescription((d) => ({ ...d, [stage]: e.target.value }))} />
                </label>
              </>
            )}
            <div className="toolbar">
              {actions.map((a) => (
                <button key={a} type="button" name={a} className={`btn ${a === 'exclude' || a === 'retract' ? 'btn-danger' : 'btn-primary'}`} disabled={busy} onClick={() => void act(stage, a)}>
                  {a === 'amend' ? 'Amendment Required' : a[0].toUpperCase() + a.slice(1)}
                </button>
              ))}
            </div>
          </fieldset>
        );
      })}

      <div className="toolbar">
        {state === S.issued && hasPermission(user, 'PEOI.action.peoi') && (
          <button type="button" className="btn btn-primary" name="generate-letter" onClick={() => setLetterOpen(true)}>Generate Letter</button>
        )}
        <Link to="/iru/peoi" className="btn" data-action="back">Back</Link>
      </div>
      {letterOpen && <LetterDialog caseId={Number(c.id)} re={Number(c.re)} onClose={() => { setLetterOpen(false); void loaded.reload(); }} />}
    </section>
  );
}
