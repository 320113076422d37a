// A dropdown value request (/{re|iru}/requestvalue/{id}, seed 003 §2.5, §4.4): its details under a
// ribbon (warning New, success Approved, danger Rejected), Back, and for a user holding
// SMSDropdown.action.approve while it is New an Approval panel: approved value (blank keeps the
// requested one), remark (needed to reject), Approve / Reject. The server enforces the same
// (docs/requests.md); this page only mirrors it.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { rpc } from '../rpc/rpc';
import { usePageTitle } from '../app/page-title';
import { recordIdOf, useRecordLoad } from '../ui/use-record-load';
import { RecordLoadView } from '../ui/record-load-view';
import { presentError } from '../rpc/error-presenter';
import { dialogs } from '../ui/dialogs';
import { hasPermission, useSession } from '../session/session-store';
import '../threads/threads.css';
import './dropdown-request.css';
import { ribbonTone, STATE_NAMES } from '../threads/thread-format';
import { formatDateTime } from '../ui/date-format';

const S = { new: 54, approved: 66, rejected: 23 } as const;
const FIELDS = ['id', 'updatectr', 'state', 'value', 'description', 'approvevalue', 'remark', 'approveddate', 'createon', 'formid_name_ind_field', 'dropdown_name_ind_field', 'requester_name_ind_field', 're_name_ind_field', 'approver_name_ind_field'];
type Request = Record<string, unknown>;

export default function DropdownRequestPage({ shell }: { shell: 're' | 'iru' }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const module = shell === 're' ? 'RE-SMSDropdown' : 'SMSDropdown';
  const [approvevalue, setApprovevalue] = useState('');
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);

  const requestId = recordIdOf(id);
  const loaded = useRecordLoad(async () => {
    if (requestId === null) return null;
    const { rows } = await rpc.select({ module, fields: FIELDS, where: [['id', '=', requestId]] });
    return (rows[0] as Request | undefined) ?? null;
  }, [module, requestId]);
  const request = loaded.status === 'ready' ? loaded.value : null;
  const load = loaded.reload;
  usePageTitle(request ? `Dropdown Request ${String(request.value ?? '')}`.trim() : null);

  async function decide(state: number) {
    if (!request) return;
    if (state === S.rejected && !remark.trim()) {
      await dialogs.alert('Error', 'Remark is required for Reject', 'error');
      return;
    }
    setBusy(true);
    try {
      const fields = ['id', 'updatectr', 'state', 'remark'];
      const values: (string | number | null)[] = [Number(request.id), Number(request.updatectr), state, remark.trim() || null];
      if (state === S.approved && approvevalue.trim()) {
        fields.push('approvevalue');
        values.push(approvevalue.trim());
      }
      await rpc.update({ module: 'SMSDropdown', fields, values });
      await dialogs.alert('', state === S.approved ? 'Approved!' : 'Rejected!', 'success');
      await load();
    } catch (e) {
      await presentError(e);
    } finally {
      setBusy(false);
    }
  }

  if (!request) return <RecordLoadView state={loaded} what="Dropdown Request" back={{ to: `/${shell}/requestvalue`, label: 'Back to the requests' }}>{() => null}</RecordLoadView>;
  const state = Number(request.state);
  const canDecide = shell === 'iru' && state === S.new && hasPermission(user, 'SMSDropdown.action.approve');
  const row = (label: string, v: unknown) => (
    <tr>
      <th>{label}</th>
      <td>{v === null || v === undefined || v === '' ? '-' : String(v)}</td>
    </tr>
  );
  return (
    <section className="page dropdown-request">
      <div className="request-head">
        <h1>Dropdown Request</h1>
        <div className={`thread-ribbon ribbon-${ribbonTone(state)}`} data-state={state}>
          {STATE_NAMES[state] ?? state}
        </div>
        <button type="button" className="btn request-back" onClick={() => navigate(`/${shell}/requestvalue`)}>
          Back
        </button>
      </div>
      <div className="request-body">
      <table className="detail-table request-card">
        <tbody>
          {shell === 'iru' && row('Reporting Entity', request.re_name_ind_field)}
          {row('Form', request.formid_name_ind_field)}
          {row('Dropdown', request.dropdown_name_ind_field)}
          {row('Item', request.value)}
          {row('Description', request.description)}
          {row('Request By', request.requester_name_ind_field)}
          {row('Request Date', formatDateTime(request.createon))}
          {state === S.approved && row('Approved Item', request.approvevalue)}
          {state !== S.new && row('Remark', request.remark)}
          {state === S.approved && row('Approved By', request.approver_name_ind_field)}
          {state === S.approved && row('Approve Date', formatDateTime(request.approveddate))}
        </tbody>
      </table>
      {canDecide && (
        <fieldset className="approval-panel request-card">
          <legend>Approval</legend>
          <label className="field">
            <span>Approved Value</span>
            <input name="approvevalue" value={approvevalue} placeholder={String(request.value ?? '')} maxLength={255} aria-describedby="approvevalue-hint" onChange={(e) => setApprovevalue(e.target.value)} />
            <small id="approvevalue-hint" className="hint">Leave blank to approve the item as requested.</small>
          </label>
          <label className="field">
            <span>Remark</span>
            <textarea name="remark" rows={3} value={remark} aria-describedby="remark-hint" onChange={(e) => setRemark(e.target.value)} />
            <small id="remark-hint" className="hint">Needed to reject.</small>
          </label>
          <div className="toolbar approval-buttons">
            <button type="button" className="btn btn-primary" name="approve" disabled={busy} onClick={() => void decide(S.approved)}>
              Approve
            </button>
            <button type="button" className="btn btn-danger" name="reject" disabled={busy} onClick={() => void decide(S.rejected)}>
              Reject
            </button>
          </div>
        </fieldset>
      )}
      </div>
    </section>
  );
}
