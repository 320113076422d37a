// A resubmission request (/{re|iru}/resubmission/{id}; seed 003 §2.2, §4.1, §5, §8): the status
// ribbon, the summary, the forms with their tabs and data items, the reason, attachments, the
// amendment remark, the comparison of requester, processing and director approval (IRU), the action
// history (IRU, once past Pending), the payment section (the entity pays while Pending Payment),
// Edit (New or Amendment Required), the IRU action panels of the current stage and the
// refund-completed checkbox. Each button mirrors a move of the server's state map, which decides
// (docs/resubmission-extension.md); a move the user may not make is not offered.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { rpc, type Row } from '../rpc/rpc';
import { usePageTitle } from '../app/page-title';
import { recordIdOf, useRecordLoad } from '../ui/use-record-load';
import { RecordLoadView } from '../ui/record-load-view';
import { presentError } from '../rpc/error-presenter';
import { dialogs } from '../ui/dialogs';
import { LEAVE_PAGE_MESSAGE, useLeaveGuard } from '../ui/leave-guard';
import { hasPermission, useSession } from '../session/session-store';
import { formatDate, formatDateTime } from '../ui/date-format';
import { attachmentsOf, type Attachment } from '../threads/attachments';
import { PaymentFields, usePaymentTypes } from './extension-payment-fields';
import { readyToPay, type Payment, PAYMENT_BY_REFERENCE } from './extension-payment';
import { CANCEL_QUESTION, CANCEL_TITLE, CATEGORY_NAMES, EDITABLE_STATES, EFFECTIVE_NOTE, RESUBMISSION_REASON_GROUP, RESUBMISSION_STATE_NAMES, resubmissionTone, RS, tabsOf, uploadProof } from './resubmission-format';
import '../threads/threads.css';
import './resubmission.css';

const FIELDS = [
  'id', 'updatectr', 'state', 're', 're_name_ind_field', 'requestextdate', 'recommextdate', 'apprextdate', 'reason', 'reasonclass', 'reasonclass_name_ind_field',
  'formcategory', 'paymenttype', 'paymenttype_name_ind_field', 'receiptno', 'paymentdate', 'paywaived', 'refund', 'refundamount', 'refundapprv', 'refundamtapprv', 'refundcomplete',
  'remark', 'amendremark', 'recommend', 'recommendby_name_ind_field', 'actionby_name_ind_field', 'initiateby_name_ind_field', 'createby_name_ind_field', 'createon',
  'proceedactiondate', 'processdate', 'approvaldate', 'cancelactiondate', 'amendmentreqdate', 'reopenedon', 'resubmittedon',
];

interface Loaded {
  request: Row;
  forms: Row[];
  files: Attachment[];
  history: Row[];
}

const show = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : String(v));
const yesNo = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : Number(v) === 1 ? 'Yes' : 'No');
const money = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : `RM ${Number(v).toFixed(2)}`);

export default function ResubmissionPage({ shell }: { shell: 're' | 'iru' }) {
  const { id } = useParams();
  const requestId = recordIdOf(id);
  const module = shell === 're' ? 'RE-Resubmission' : 'Resubmission';
  const loaded = useRecordLoad<Loaded>(async () => {
    if (requestId === null) return null;
    const { rows } = await rpc.select({ module, fields: FIELDS, where: [['id', '=', requestId]] });
    if (!rows[0]) return null;
    const forms = await rpc.select({ module: shell === 're' ? 'RE-ResubmissionForm' : 'ResubmissionForm', fields: ['form', 'properties', 'form_code', 'form_name_ind_field', 'form_endon', 'form_state', 'form_properties'], where: [['resubmission', '=', requestId]], max: 200 });
    const files = await attachmentsOf('Resubmission_Reference', 'fk_resubmission', [requestId]);
    let history: Row[] = [];
    if (shell === 'iru') {
      const values = await rpc.call('StateManagement.getHistory', { module, id: requestId } as never);
      history = values[0]?.type === 'recordset' ? (values[0].rows as Row[]) : [];
    }
    return { request: rows[0], forms: forms.rows, files, history };
  }, [module, requestId, shell]);
  const value = loaded.status === 'ready' ? loaded.value : null;
  usePageTitle(value ? `Resubmission #${String(value.request.id)}` : null);
  return (
    <RecordLoadView state={loaded} what="Resubmission" notFound="Resubmission not found." back={{ to: `/${shell}/resubmission`, label: 'Back to the resubmissions' }}>
      {(v) => <ResubmissionDetail shell={shell} module={module} value={v} reload={loaded.reload} />}
    </RecordLoadView>
  );
}

function ResubmissionDetail({ shell, module, value, reload }: { shell: 're' | 'iru'; module: string; value: Loaded; reload(): Promise<void> }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const { request, forms, files, history } = value;
  const state = Number(request.state);
  const canRecommend = shell === 'iru' && hasPermission(user, 'Resubmission.action.recommend');
  const canApprove = shell === 'iru' && hasPermission(user, 'Resubmission.action.approve');
  const canUpdate = hasPermission(user, `${module}.update`);
  const [busy, setBusy] = useState(false);
  const [remark, setRemark] = useState('');
  const [reasonclass, setReasonclass] = useState('');
  const [date, setDate] = useState('');
  const [refund, setRefund] = useState(false);
  const [amount, setAmount] = useState('');
  const [payment, setPayment] = useState<Payment>({ paymenttype: '', receiptno: '', files: [] });
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const types = usePaymentTypes();
  const [reasons, setReasons] = useState<{ value: string; label: string }[] | null>(null);
  const dirty = Boolean(remark.trim() || reasonclass || date || amount || payment.paymenttype || payment.receiptno || payment.files.length);
  const { allowNext } = useLeaveGuard(dirty, LEAVE_PAGE_MESSAGE);
  const atRecommendation = canRecommend && state === RS.pendingRecommendation;
  const atApproval = canApprove && (state === RS.recommended || state === RS.recommendToReject);

  const needsReasons = atRecommendation || atApproval;
  useEffect(() => {
    if (!needsReasons) return;
    rpc
      .select({ module: 'List', fields: ['id', 'name'], where: [['listgroup', '=', RESUBMISSION_REASON_GROUP], ['state', '=', 33]], order: 'displayorder asc', max: 100 })
      .then(({ rows }) => setReasons(rows.map((r) => ({ value: String(r.id), label: String(r.name) }))))
      .catch((e) => void presentError(e));
  }, [needsReasons]);

  async function move(to: number, fields: string[] = [], values: (string | number | null)[] = [], done = 'Status Changed') {
    setBusy(true);
    try {
      await rpc.update({ module, fields: ['id', 'updatectr', 'state', ...fields], values: [Number(request.id), Number(request.updatectr), to, ...values] });
      await dialogs.alert('', done, 'success');
      allowNext();
      setRemark('');
      setReasonclass('');
      setDate('');
      setAmount('');
      setInvalid(new Set());
      await reload();
    } catch (e) {
      await presentError(e);
    } finally {
      setBusy(false);
    }
  }

  async function cancel() {
    if (!(await dialogs.confirm(CANCEL_TITLE, CANCEL_QUESTION, { yes: 'Yes', no: 'No' }))) return;
    await move(RS.cancelled);
  }

  async function returnForAmendment() {
    await move(RS.amendment, ['remark'], [remark.trim() || null]);
  }

  async function recommend(to: number) {
    if (!reasonclass) {
      setInvalid(new Set(['reasonclass']));
      await dialogs.alert('Error', 'Please select your reason', 'error');
      return;
    }
    const fields = ['reasonclass', 'remark', 'refund', 'refundamount'];
    const values: (string | number | null)[] = [Number(reasonclass), remark.trim() || null, refund ? 1 : 0, refund && amount ? Number(amount) : null];
    if (date) {
      fields.push('recommextdate');
      values.push(date);
    }
    await move(to, fields, values);
  }

  async function approve(to: number) {
    const fields = ['remark', 'refundapprv', 'refundamtapprv'];
    const values: (string | number | null)[] = [remark.trim() || null, refund ? 1 : 0, refund && amount ? Number(amount) : null];
    if (to === RS.approved && date) {
      fields.push('apprextdate');
      values.push(date);
    }
    await move(to, fields, values);
  }

  async function pay() {
    if (!(await readyToPay(payment, (f) => setInvalid(new Set([f]))))) return;
    setBusy(true);
    try {
      const byReference = Number(payment.paymenttype) === PAYMENT_BY_REFERENCE;
      if (!byReference) for (const f of payment.files) await uploadProof(Number(request.id), f);
      await rpc.update({
        module: 'RE-Resubmission',
        fields: ['id', 'updatectr', 'paymenttype', 'receiptno', 'state'],
        values: [Number(request.id), Number(request.updatectr), Number(payment.paymenttype), byReference ? payment.receiptno.trim() : null, RS.pendingRecommendation],
      });
      await dialogs.alert('', 'Payment Successful.', 'success');
      allowNext();
      setPayment({ paymenttype: '', receiptno: '', files: [] });
      await reload();
    } catch (e) {
      await presentError(e);
      await reload();
    } finally {
      setBusy(false);
    }
  }

  async function toggleRefund(done: boolean) {
    try {
      await rpc.update({ module, fields: ['id', 'updatectr', 'refundcomplete'], values: [Number(request.id), Number(request.updatectr), done ? 1 : 0] });
      await dialogs.alert('', 'Updated!', 'success');
      await reload();
    } catch (e) {
      await presentError(e);
    }
  }

  const row = (label: string, v: unknown) => (
    <tr>
      <th>{label}</th>
      <td>{show(v)}</td>
    </tr>
  );
  const approvedDate = state === RS.approved ? formatDate(request.apprextdate) : '-';
  const panelFields = (withReason: boolean, dateLabel: string, dateDefault: unknown) => (
    <>
      {withReason && (
        <label>
          <span>Reason *</span>
          <select name="reasonclass" value={reasonclass} className={invalid.has('reasonclass') ? 'invalid' : undefined} onChange={(e) => setReasonclass(e.target.value)}>
            <option value="">Please select</option>
            {(reasons ?? []).map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        <span>{dateLabel}</span>
        <input type="date" name="date" value={date} min={tomorrow()} onChange={(e) => setDate(e.target.value)} />
        <small className="hint">Leave empty for {dateDefault ? formatDate(dateDefault) : 'three days after approval'}; a date must be after today.</small>
      </label>
      <label className="radio">
        <input type="checkbox" name="refund" checked={refund} onChange={(e) => setRefund(e.target.checked)} />
        <span>Refund</span>
      </label>
      {refund && (
        <label>
          <span>Refund Amount (RM)</span>
          <input name="amount" type="number" min="0" step="0.01" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </label>
      )}
      <label>
        <span>Remark</span>
        <textarea name="remark" rows={3} value={remark} onChange={(e) => setRemark(e.target.value)} />
      </label>
    </>
  );

  return (
    <section className="page resubmission-page">
      <div className="thread-head">
        <h1>Resubmission #{String(request.id)}</h1>
        <span className={`thread-ribbon ribbon-${resubmissionTone(state)}`} data-state={state}>
          {RESUBMISSION_STATE_NAMES[state] ?? state}
        </span>
      </div>
      <table className="detail-table" data-summary>
        <tbody>
          {shell === 'iru' && row('Reporting Entity', request.re_name_ind_field)}
          {row('Form Category', CATEGORY_NAMES[Number(request.formcategory)] ?? request.formcategory)}
          {row('Request Date', formatDateTime(request.createon))}
          {row('Requested Resubmission Date', formatDate(request.requestextdate))}
          {row('Approved Resubmission Date', approvedDate)}
          {row('Initiated By', request.initiateby_name_ind_field)}
          {row('Request By', request.createby_name_ind_field)}
          {row('Fee Waived', yesNo(request.paywaived))}
          {state === RS.approved && row('Forms Reopened On', request.reopenedon ? formatDateTime(request.reopenedon) : `on ${formatDate(request.apprextdate)}`)}
        </tbody>
      </table>
      <p className="hint">{EFFECTIVE_NOTE}</p>

      <h2>Forms and Data Items</h2>
      <table className="grid-table" data-forms>
        <thead>
          <tr>
            <th>Code</th>
            <th>Name</th>
            <th>Period Ending</th>
            <th>Tab</th>
            <th>Data Item</th>
          </tr>
        </thead>
        <tbody>
          {forms.flatMap((f) => {
            const tabs = tabsOf(f.form_properties);
            const asked = Array.isArray(f.properties) ? (f.properties as { id: string; dataitem: string }[]) : [];
            return asked.map((t) => (
              <tr key={`${String(f.form)}-${t.id}`}>
                <td>
                  <Link to={`/${shell}/form/${String(f.form)}`}>{String(f.form_code ?? '')}</Link>
                </td>
                <td>{String(f.form_name_ind_field ?? '')}</td>
                <td>{formatDate(f.form_endon)}</td>
                <td>{tabs.find((x) => x.id === String(t.id))?.title ?? t.id}</td>
                <td>{t.dataitem}</td>
              </tr>
            ));
          })}
        </tbody>
      </table>

      <h2>Reason</h2>
      <p className="thread-description">{show(request.reason)}</p>

      <h2>Attachments</h2>
      {files.length ? (
        <ul className="thread-files" data-files>
          {files.map((f) => (
            <li key={f.id}>
              <a href={f.url} target="_blank" rel="noreferrer">
                {f.name}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty">-</p>
      )}

      <h2>Amendment Remark</h2>
      <p className="thread-description" data-amendremark>{show(request.amendremark)}</p>

      {shell === 'iru' && (
        <>
          <h2>Comparison</h2>
          <table className="grid-table" data-comparison>
            <thead>
              <tr>
                <th />
                <th>Requester</th>
                <th>Processing</th>
                <th>Director Approval</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th>Resubmission Date</th>
                <td>{formatDate(request.requestextdate) || '-'}</td>
                <td>{formatDate(request.recommextdate) || '-'}</td>
                <td>{approvedDate}</td>
              </tr>
              <tr>
                <th>Reason</th>
                <td>{show(request.reason)}</td>
                <td>{show(request.reasonclass_name_ind_field)}</td>
                <td>{state === RS.approved ? 'Approved' : state === RS.rejected ? 'Rejected' : '-'}</td>
              </tr>
              <tr>
                <th>Refund</th>
                <td>-</td>
                <td>{Number(request.refund) === 1 ? money(request.refundamount) : yesNo(request.refund)}</td>
                <td>{Number(request.refundapprv) === 1 ? money(request.refundamtapprv) : yesNo(request.refundapprv)}</td>
              </tr>
              <tr>
                <th>By / On</th>
                <td>
                  {show(request.createby_name_ind_field)} {formatDateTime(request.createon)}
                </td>
                <td>
                  {show(request.recommendby_name_ind_field)} {formatDateTime(request.processdate)}
                </td>
                <td>
                  {show(request.actionby_name_ind_field)} {formatDateTime(request.approvaldate)}
                </td>
              </tr>
            </tbody>
          </table>
          {state !== RS.pending && state !== RS.new && (
            <>
              <h2>Action History</h2>
              <table className="grid-table" data-history>
                <thead>
                  <tr>
                    <th>Date</th>
                    <th>From</th>
                    <th>To</th>
                    <th>By</th>
                    <th>Remark</th>
                  </tr>
                </thead>
                <tbody>
                  {history.map((h) => (
                    <tr key={String(h.id)}>
                      <td>{formatDateTime(h.createon)}</td>
                      <td>{RESUBMISSION_STATE_NAMES[Number(h.from_state)] ?? show(h.from_state)}</td>
                      <td>{RESUBMISSION_STATE_NAMES[Number(h.to_state)] ?? show(h.to_state)}</td>
                      <td>{show(h.createby_name_ind_field)}</td>
                      <td>{show(h.reason)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </>
      )}

      <h2>Payment</h2>
      <table className="detail-table" data-payment>
        <tbody>
          {row('Payment Type', request.paymenttype_name_ind_field)}
          {row('Payment Reference Number', request.receiptno)}
          {row('Payment Date', request.paymentdate ? formatDateTime(request.paymentdate) : null)}
        </tbody>
      </table>
      {shell === 're' && state === RS.pendingPayment && canUpdate && (
        <fieldset className="resubmission-panel" data-panel="payment">
          <legend>Make Payment</legend>
          <PaymentFields types={types} value={payment} invalid={invalid} onChange={setPayment} />
          <div className="toolbar">
            <button type="button" className="btn btn-primary" name="pay" disabled={busy} onClick={() => void pay()}>
              Pay
            </button>
          </div>
        </fieldset>
      )}

      {canRecommend && (state === RS.pending || state === RS.new) && (
        <fieldset className="resubmission-panel" data-panel="process">
          <legend>Processing</legend>
          <label>
            <span>Remark</span>
            <textarea name="remark" rows={3} value={remark} onChange={(e) => setRemark(e.target.value)} />
          </label>
          <div className="toolbar">
            {state === RS.pending && (
              <button type="button" className="btn btn-primary" name="proceed" disabled={busy} onClick={() => void move(RS.pendingPayment, ['remark'], [remark.trim() || null])}>
                Proceed to Payment
              </button>
            )}
            {state === RS.pending && (
              <button type="button" className="btn" name="amend" disabled={busy} onClick={() => void returnForAmendment()}>
                Amendment Required
              </button>
            )}
            <button type="button" className="btn btn-danger" name="cancel" disabled={busy} onClick={() => void cancel()}>
              Cancel
            </button>
          </div>
        </fieldset>
      )}
      {canRecommend && state === RS.pendingPayment && (
        <fieldset className="resubmission-panel" data-panel="waiver">
          <legend>Fee Waiver</legend>
          <p className="hint">Ask an approver to waive the fee; the request then waits for verification instead of payment.</p>
          <button type="button" className="btn" name="waive" disabled={busy} onClick={() => void move(RS.pendingVerification)}>
            Request Payment Waiver
          </button>
        </fieldset>
      )}
      {canApprove && state === RS.pendingVerification && (
        <fieldset className="resubmission-panel" data-panel="verification">
          <legend>Payment Waiver</legend>
          <div className="toolbar">
            <button type="button" className="btn btn-primary" name="waiver-approve" disabled={busy} onClick={() => void move(RS.pendingRecommendation)}>
              Approve Payment Waived
            </button>
            <button type="button" className="btn btn-danger" name="waiver-reject" disabled={busy} onClick={() => void move(RS.pendingPayment)}>
              Reject Payment Waived
            </button>
          </div>
        </fieldset>
      )}
      {atRecommendation && (
        <fieldset className="resubmission-panel" data-panel="recommendation">
          <legend>Recommendation</legend>
          {panelFields(true, 'Recommended Resubmission Date', request.requestextdate)}
          <div className="toolbar">
            <button type="button" className="btn btn-primary" name="recommend" disabled={busy} onClick={() => void recommend(RS.recommended)}>
              Recommend
            </button>
            <button type="button" className="btn btn-danger" name="recommend-reject" disabled={busy} onClick={() => void recommend(RS.recommendToReject)}>
              Recommend to Reject
            </button>
            <button type="button" className="btn" name="amend" disabled={busy} onClick={() => void returnForAmendment()}>
              Amendment Required
            </button>
          </div>
        </fieldset>
      )}
      {atApproval && (
        <fieldset className="resubmission-panel" data-panel="approval">
          <legend>Approval</legend>
          {panelFields(false, 'Approved Resubmission Date', request.recommextdate)}
          <div className="toolbar">
            <button type="button" className="btn btn-primary" name="approve" disabled={busy} onClick={() => void approve(RS.approved)}>
              Approve
            </button>
            <button type="button" className="btn btn-danger" name="reject" disabled={busy} onClick={() => void approve(RS.rejected)}>
              Reject
            </button>
            <button type="button" className="btn" name="amend" disabled={busy} onClick={() => void returnForAmendment()}>
              Amendment Required
            </button>
          </div>
        </fieldset>
      )}
      {shell === 'iru' && canUpdate && (state === RS.approved || state === RS.rejected) && (
        <label className="radio" data-refund-complete>
          <input type="checkbox" name="refundcomplete" checked={Number(request.refundcomplete) === 1} onChange={(e) => void toggleRefund(e.target.checked)} />
          <span>Refund Completed</span>
        </label>
      )}

      <div className="toolbar">
        {canUpdate && EDITABLE_STATES.includes(state) && (
          <button type="button" className="btn btn-primary" name="edit" onClick={() => navigate(`/${shell}/resubmission/${String(request.id)}/edit`)}>
            Edit
          </button>
        )}
        <button type="button" className="btn" onClick={() => navigate(`/${shell}/resubmission`)}>
          Back
        </button>
      </div>
    </section>
  );
}

function tomorrow(): string {
  const d = new Date(Date.now() + 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
