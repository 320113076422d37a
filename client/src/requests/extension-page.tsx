// An extension request (/{re|iru}/extension/{id}, seed 003 §2.3, §4.2, §5): a status ribbon (an
// entity sees its in-progress request as Processing), the request, its payment and proofs, the
// recommendation and the approval; and the panel of the stage it is in for a user who may act:
// Payment (the entity, while Pending Payment), Recommendation (Extension.action.recommend, Paid),
// the entity's Withdraw and Upload Proof while the request is with it (Pending Payment, Paid);
// the recommendation is the regulator's staff's only (the server never gives it to the entity),
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
import { attachmentsOf, uploadAll, type Attachment } from '../threads/attachments';
import { PaymentFields, usePaymentTypes } from './extension-payment-fields';
import { EXTENSION_REASON_GROUP, EXTENSION_STATE as S, PAYMENT_BY_REFERENCE, PAYMENT_MESSAGES, readyToPay, submitPayment, type Payment } from './extension-payment';
import { DecisionPanels, type Draft } from './extension-decision-panels';
import '../threads/threads.css';
import './extension.css';

/** What the entity reads: the request, its payment and, once published, the decision. */
const ENTITY_FIELDS = [
  'id', 'updatectr', 'state', 'state_name_ind_field', 're_name_ind_field', 'formbatch', 'formbatch_name_ind_field', 'formbatch_endon', 'formbatch_duedate', 'formbatch_originalduedate',
  'duedate', 'description', 'extenddate', 'extenddateapprv', 'paymenttype', 'paymenttype_name_ind_field', 'receiptno', 'paymentdate',
  'description2', 'refundapprv', 'refundamtapprv', 'refundcomplete', 'actionby_name_ind_field', 'approvaldate', 'createon', 'createby_name_ind_field',
];
/** The regulator's staff also read the recommendation, which the entity never does (staff-only fields). */
const STAFF_FIELDS = [
  ...ENTITY_FIELDS,
  'extenddaterecommend', 'reason', 'reason_name_ind_field', 'refund', 'refundamount', 'recommend', 'recommendby_name_ind_field', 'recommenddate',
];
/** Seed 003 §5: proofs are PDF files. */
const isPdf = (f: File) => f.name.toLowerCase().endsWith('.pdf') && (f.type === '' || f.type === 'application/pdf');

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
    const { rows } = await rpc.select({ module, fields: shell === 're' ? ENTITY_FIELDS : STAFF_FIELDS, where: [['id', '=', id]], max: 1 });
    if (!rows[0]) return null;
    return { request: rows[0], proofs: await attachmentsOf('Extension_Reference', 'fk_extension', [id]) };
  }, [module, shell, id]);
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
  // While the request is with the entity (Pending Payment, or Paid before the recommendation) its proofs are its to change.
  const withEntity = shell === 're' && (state === S.pendingPayment || state === S.paid);
  const canWithdraw = withEntity && canAct('Extension_Reference.delete');
  const byProof = Number(request.paymenttype) !== PAYMENT_BY_REFERENCE;
  const canAddProof = withEntity && state === S.paid && byProof && canAct('Extension_Reference.create');
  const [added, setAdded] = useState<File[]>([]);
  // The file box is emptied after an upload, so it never shows a file already sent.
  const [fileBox, setFileBox] = useState(0);
  // A Paid request paid by a proof keeps one (the server refuses withdrawing the last): its last
  // proof offers no Withdraw, and says how to replace it.
  const keepsLast = state === S.paid && byProof && proofs.length <= 1;

  async function withdraw(proof: Attachment) {
    if (!(await dialogs.confirm('Withdraw this payment proof?', proof.name, { yes: 'Withdraw', no: 'Cancel' }))) return;
    setBusy(true);
    try {
      const { rows } = await rpc.select({ module: 'Extension_Reference', fields: ['id', 'updatectr'], where: [['id', '=', proof.id]], max: 1 });
      if (rows[0]) await rpc.remove({ module: 'Extension_Reference', fields: ['id', 'updatectr'], values: [proof.id, Number(rows[0].updatectr)] });
      await dialogs.alert('', 'Payment proof withdrawn.', 'success');
    } catch (e) {
      await presentError(e);
    } finally {
      setBusy(false);
      await reload();
    }
  }

  async function addProofs() {
    if (!added.length) return dialogs.alert('Error', PAYMENT_MESSAGES.proof, 'error');
    if (!added.every(isPdf)) return dialogs.alert('Error', PAYMENT_MESSAGES.pdf, 'error');
    setBusy(true);
    try {
      await uploadAll('Extension_Reference', 'fk_extension', Number(request.id), added);
      setAdded([]);
      setFileBox((n) => n + 1);
      await dialogs.alert('', 'Payment proof uploaded.', 'success');
    } catch (e) {
      await presentError(e);
    } finally {
      setBusy(false);
      await reload();
    }
  }
  const dirty = (paying && (payment.files.length > 0 || payment.receiptno !== String(request.receiptno ?? ''))) || draft !== null || added.length > 0;
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
                      {canWithdraw && !keepsLast && (
                        <button type="button" className="btn btn-small" name="withdraw-proof" data-proof={p.id} disabled={busy} onClick={() => void withdraw(p)}>
                          Withdraw
                        </button>
                      )}
                    </li>
                  ))}
                </ul>
              ) : '-'}
              {canWithdraw && keepsLast && proofs.length === 1 && (
                <small className="hint" data-last-proof>
                  At least one payment proof is kept: to replace this one, upload the right proof, then withdraw this one.
                </small>
              )}
              {canAddProof && (
                <div className="add-proof">
                  <input key={fileBox} type="file" name="add-proof" accept="application/pdf,.pdf" multiple aria-label="Add payment proof" onChange={(e) => setAdded(Array.from(e.target.files ?? []))} />
                  <button type="button" className="btn" name="upload-proof" disabled={busy} onClick={() => void addProofs()}>
                    Upload Proof
                  </button>
                </div>
              )}
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
