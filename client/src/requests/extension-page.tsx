// An extension request (/{re|iru}/extension/{id}, seed 003 §2.3, §4.2, §5): a status ribbon (an
// entity sees its in-progress request as Processing), the request, its payment and proofs, the
// recommendation and the approval; and the panel of the stage it is in for a user who may act:
// Payment (the entity, while Pending Payment), Recommendation (Extension.action.recommend, Paid),
// Approval (Extension.action.approve, Recommended or Recommend to Reject), Refund completed. The
// server enforces every rule (docs/resubmission-extension.md); this page mirrors them.
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { rpc, type Row } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { hasPermission, useSession } from '../session/session-store';
import { usePageTitle } from '../app/page-title';
import { recordIdOf, useRecordLoad } from '../ui/use-record-load';
import { RecordLoadView } from '../ui/record-load-view';
import { dialogs } from '../ui/dialogs';
import { LEAVE_PAGE_MESSAGE, useLeaveGuard } from '../ui/leave-guard';
import { formatDate, formatDateTime } from '../ui/date-format';
import { attachmentsOf, type Attachment } from '../threads/attachments';
import { PaymentFields, usePaymentTypes } from './extension-payment-fields';
import { EXTENSION_REASON_GROUP, EXTENSION_STATE as S, readyToPay, submitPayment, type Payment } from './extension-payment';
import { DecisionPanels, type Draft } from './extension-decision-panels';
import '../threads/threads.css';
import './extension.css';

const FIELDS = [
  'id', 'updatectr', 'state', 'state_name_ind_field', 're_name_ind_field', 'formbatch', 'formbatch_name_ind_field', 'formbatch_endon', 'formbatch_duedate', 'formbatch_originalduedate',
  'duedate', 'description', 'extenddate', 'extenddaterecommend', 'extenddateapprv', 'paymenttype', 'paymenttype_name_ind_field', 'receiptno', 'paymentdate',
  'reason', 'reason_name_ind_field', 'description2', 'refund', 'refundamount', 'refundapprv', 'refundamtapprv', 'refundcomplete', 'recommend',
  'recommendby_name_ind_field', 'recommenddate', 'actionby_name_ind_field', 'approvaldate', 'createon', 'createby_name_ind_field',
];

interface Loaded {
  request: Row;
  proofs: Attachment[];
}

function ribbon(state: number, shell: 're' | 'iru', name: string): { tone: string; label: string } {
  if (shell === 're' && state === S.inProgress) return { tone: 'warning', label: 'Processing' };
  if (state === S.approved || state === S.paid) return { tone: 'success', label: name };
  if (state === S.rejected) return { tone: 'danger', label: name };
  return { tone: 'warning', label: name };
}

const money = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : `RM ${Number(v).toFixed(2)}`);
const yesNo = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : Number(v) === 1 ? 'Yes' : 'No');

export default function ExtensionPage({ shell }: { shell: 're' | 'iru' }) {
  const { id: param } = useParams();
  const id = recordIdOf(param);
  const { user } = useSession();
  const module = shell === 're' ? 'RE-Extension' : 'Extension';
  const load = useRecordLoad<Loaded>(async () => {
    if (id === null) return null;
    const { rows } = await rpc.select({ module, fields: FIELDS, where: [['id', '=', id]], max: 1 });
    if (!rows[0]) return null;
    return { request: rows[0], proofs: await attachmentsOf('Extension_Reference', 'fk_extension', [id]) };
  }, [module, id]);
  usePageTitle(load.status === 'ready' ? `Extension #${id}` : load.status === 'missing' ? 'Extension not found' : null);
  const back = { to: `/${shell}/extension`, label: 'Back to Extension' };

  return (
    <RecordLoadView state={load} what="Extension" notFound="Extension request not found." back={back}>
      {(v) => <ExtensionDetail shell={shell} loaded={v} reload={load.reload} canAct={(p) => hasPermission(user, p)} />}
    </RecordLoadView>
  );
}

function ExtensionDetail({ shell, loaded, reload, canAct }: { shell: 're' | 'iru'; loaded: Loaded; reload: () => Promise<void>; canAct: (p: string) => boolean }) {
  const { request, proofs } = loaded;
  const state = Number(request.state);
  const r = ribbon(state, shell, String(request.state_name_ind_field ?? state));
  const [payment, setPayment] = useState<Payment>({ paymenttype: request.paymenttype ? String(request.paymenttype) : '', receiptno: String(request.receiptno ?? ''), files: [] });
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [draft, setDraft] = useState<Draft | null>(null);
  const types = usePaymentTypes();
  const paying = shell === 're' && state === S.pendingPayment && canAct('RE-Extension.update');
  const dirty = (paying && (payment.files.length > 0 || payment.receiptno !== String(request.receiptno ?? ''))) || draft !== null;
  const { allowNext } = useLeaveGuard(dirty, LEAVE_PAGE_MESSAGE);

  async function pay() {
    if (!(await readyToPay(payment, (f) => setInvalid(new Set([f]))))) return;
    setBusy(true);
    try {
      await submitPayment({ id: Number(request.id), updatectr: Number(request.updatectr) }, payment);
      await dialogs.alert('', 'Payment Successful.', 'success');
      setPayment({ ...payment, files: [] });
      allowNext();
      await reload();
    } catch (e) {
      await presentError(e);
      await reload();
    } finally {
      setBusy(false);
    }
  }

  const row = (label: string, value: unknown, key?: string) => (
    <tr data-row={key}>
      <th>{label}</th>
      <td>{value === null || value === undefined || value === '' ? '-' : String(value)}</td>
    </tr>
  );
  const originalDue = request.formbatch_originalduedate ? ` (originally ${formatDate(request.formbatch_originalduedate)})` : '';
  const recommended = request.recommend !== null && request.recommend !== undefined;
  const decided = state === S.approved || state === S.rejected;

  return (
    <section className="page extension-page" data-extension={String(request.id)}>
      <h1>Extension Request</h1>
      <div className={`thread-ribbon ribbon-${r.tone}`} data-state={state}>
        {r.label}
      </div>
      <table className="detail-table">
        <tbody>
          {shell === 'iru' && row('Reporting Entity', request.re_name_ind_field)}
          {row('Submission', request.formbatch_name_ind_field, 'formbatch')}
          {row('End Date', formatDate(request.formbatch_endon))}
          {row('Current Due Date', `${formatDate(request.formbatch_duedate)}${originalDue}`, 'duedate')}
          {row('Requested Extension Date', formatDate(request.extenddate), 'extenddate')}
          {row('Reason', request.description)}
          {row('Requested By', request.createby_name_ind_field)}
          {row('Requested On', formatDateTime(request.createon))}
          {row('Payment Type', request.paymenttype_name_ind_field)}
          {request.receiptno ? row('Payment Reference Number', request.receiptno) : null}
          {row('Paid On', request.paymentdate ? formatDateTime(request.paymentdate) : '')}
          <tr>
            <th>Payment Proof</th>
            <td>
              {proofs.length ? (
                <ul className="proofs">
                  {proofs.map((p) => (
                    <li key={p.id}>
                      <a href={p.url} target="_blank" rel="noreferrer">{p.name}</a>
                    </li>
                  ))}
                </ul>
              ) : '-'}
            </td>
          </tr>
        </tbody>
      </table>
      {shell === 'iru' && recommended && (
        <table className="detail-table" data-section="recommendation">
          <caption>Recommendation</caption>
          <tbody>
            {row('Recommendation', Number(request.recommend) === 1 ? 'Recommended' : 'Recommend to Reject')}
            {row('Reason', request.reason_name_ind_field)}
            {row('Recommended Extension Date', formatDate(request.extenddaterecommend))}
            {row('Refund', yesNo(request.refund))}
            {Number(request.refund) === 1 && row('Refund Amount', money(request.refundamount))}
            {row('Recommended By', request.recommendby_name_ind_field)}
            {row('Recommended On', formatDateTime(request.recommenddate))}
          </tbody>
        </table>
      )}
      {decided && (
        <table className="detail-table" data-section="approval">
          <caption>Approval</caption>
          <tbody>
            {state === S.approved && row('Approved Extension Date', formatDate(request.extenddateapprv), 'extenddateapprv')}
            {row('Remark', request.description2)}
            {row('Refund Approved', yesNo(request.refundapprv))}
            {Number(request.refundapprv) === 1 && row('Approved Refund Amount', money(request.refundamtapprv))}
            {Number(request.refundapprv) === 1 && row('Refund Completed', yesNo(request.refundcomplete))}
            {shell === 'iru' && row('Approved By', request.actionby_name_ind_field)}
            {row(state === S.approved ? 'Approved On' : 'Rejected On', formatDateTime(request.approvaldate))}
          </tbody>
        </table>
      )}
      {paying && (
        <fieldset className="payment-panel">
          <legend>Payment</legend>
          <PaymentFields types={types} value={payment} invalid={invalid} onChange={setPayment} />
          <div className="toolbar">
            <button type="button" className="btn btn-primary" name="pay" disabled={busy} onClick={() => void pay()}>
              Submit Payment
            </button>
          </div>
        </fieldset>
      )}
      {shell === 'iru' && (
        <DecisionPanels
          request={request}
          canRecommend={canAct('Extension.action.recommend')}
          canApprove={canAct('Extension.action.approve')}
          canUpdate={canAct('Extension.update')}
          reasonGroup={EXTENSION_REASON_GROUP}
          onDraft={setDraft}
          onDone={async () => {
            allowNext();
            setDraft(null);
            await reload();
          }}
        />
      )}
      <div className="toolbar">
        <Link to={`/${shell}/extension`} className="btn">
          Back
        </Link>
      </div>
    </section>
  );
}
