// The regulator's panels on an extension request (seed 003 §2.3, §5, §7): Recommendation while
// Paid (reason of list group 101, a date after today defaulting to the requested one, refund in
// RM; Recommend or Recommend to Reject), Approval while recommended either way (a date after today
// defaulting to the recommended one, remark, refund; Approve or Reject), and the Refund completed
// checkbox once a refund is approved. The server checks the same and stamps who and when.
import { useEffect, useState } from 'react';
import { rpc, type Row } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { presentSaveFailure } from '../rpc/save-failure';
import { dialogs } from '../ui/dialogs';
import { ChoiceSelect, type Choice } from '../ui/labelled-fields';
import { EXTENSION_STATE as S } from './extension-payment';

export type Draft = Record<string, string | boolean>;

const REASON_MESSAGE = 'Please select your reason';
const AFTER_TODAY = 'The date must be after today.';
const REFUND_AMOUNT = 'Enter the refund amount in RM (more than 0).';
const today = () => new Date().toISOString().slice(0, 10);
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const day = (v: unknown) => String(v ?? '').slice(0, 10);

interface Props {
  request: Row;
  canRecommend: boolean;
  canApprove: boolean;
  canUpdate: boolean;
  reasonGroup: number;
  onDraft(d: Draft | null): void;
  onDone(): Promise<void>;
}

export function DecisionPanels({ request, canRecommend, canApprove, canUpdate, reasonGroup, onDraft, onDone }: Props) {
  const state = Number(request.state);
  const [reasons, setReasons] = useState<Choice[]>([]);
  const recommending = canRecommend && state === S.paid;
  const approving = canApprove && (state === S.recommended || state === S.recommendReject);
  const [reason, setReason] = useState('');
  const [date, setDate] = useState(day(approving ? request.extenddaterecommend || request.extenddate : request.extenddate));
  const [refund, setRefund] = useState(approving ? Number(request.refund) === 1 : false);
  const [amount, setAmount] = useState(approving && request.refundamount != null ? String(request.refundamount) : '');
  const [remark, setRemark] = useState('');
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!recommending) return;
    rpc
      .select({ module: 'List', fields: ['id', 'name'], where: [['listgroup', '=', reasonGroup], ['state', '!=', 4]], order: 'displayorder asc', max: 100 })
      .then(({ rows }) => setReasons(rows.map((r) => ({ value: String(r.id), label: String(r.name ?? r.id) }))))
      .catch((e) => void presentError(e));
  }, [recommending, reasonGroup]);

  const touch = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    onDraft({ touched: true });
  };

  async function send(to: number, values: Record<string, unknown>, done: string) {
    setBusy(true);
    try {
      await rpc.update({ module: 'Extension', fields: ['id', 'updatectr', 'state', ...Object.keys(values)], values: [Number(request.id), Number(request.updatectr), to, ...(Object.values(values) as (string | number | null)[])] });
      await dialogs.alert('', done, 'success');
      await onDone();
    } catch (e) {
      await presentSaveFailure(e, (fields) => setInvalid(new Set(fields)));
    } finally {
      setBusy(false);
    }
  }

  async function checkCommon(dateField: string, amountField: string): Promise<boolean> {
    if (date && date <= today()) {
      setInvalid(new Set([dateField]));
      await dialogs.alert('Error', AFTER_TODAY, 'error');
      return false;
    }
    if (refund && !(Number(amount) > 0)) {
      setInvalid(new Set([amountField]));
      await dialogs.alert('Error', REFUND_AMOUNT, 'error');
      return false;
    }
    return true;
  }

  async function recommend(to: number) {
    if (!reason) {
      setInvalid(new Set(['reason']));
      return dialogs.alert('Error', REASON_MESSAGE, 'error');
    }
    if (!(await checkCommon('extenddaterecommend', 'refundamount'))) return;
    await send(to, { reason: Number(reason), extenddaterecommend: date || null, refund: refund ? 1 : 0, refundamount: refund ? Number(amount) : null }, 'Status Changed');
  }

  async function decide(to: number) {
    if (to === S.approved && !(await checkCommon('extenddateapprv', 'refundamtapprv'))) return;
    if (to === S.rejected && refund && !(Number(amount) > 0)) {
      setInvalid(new Set(['refundamtapprv']));
      return dialogs.alert('Error', REFUND_AMOUNT, 'error');
    }
    const values: Record<string, unknown> = { description2: remark.trim() || null, refundapprv: refund ? 1 : 0, refundamtapprv: refund ? Number(amount) : null };
    if (to === S.approved) values.extenddateapprv = date || null;
    await send(to, values, 'Status Changed');
  }

  async function toggleRefundComplete(done: boolean) {
    setBusy(true);
    try {
      await rpc.update({ module: 'Extension', fields: ['id', 'updatectr', 'refundcomplete'], values: [Number(request.id), Number(request.updatectr), done ? 1 : 0] });
      await dialogs.alert('', 'Updated!', 'success');
      await onDone();
    } catch (e) {
      await presentError(e);
    } finally {
      setBusy(false);
    }
  }

  const mark = (f: string) => (invalid.has(f) ? 'invalid' : undefined);
  const refundFields = (flag: string, amountField: string, label: string) => (
    <>
      <label className="check">
        <input type="checkbox" name={flag} checked={refund} onChange={(e) => touch(setRefund)(e.target.checked)} /> {label}
      </label>
      {refund && (
        <label>
          <span>Refund Amount (RM) *</span>
          <input type="number" name={amountField} min="0.01" step="0.01" value={amount} className={mark(amountField)} onChange={(e) => touch(setAmount)(e.target.value)} />
        </label>
      )}
    </>
  );

  return (
    <>
      {recommending && (
        <fieldset className="recommendation-panel">
          <legend>Recommendation</legend>
          <ChoiceSelect label="Reason" name="reason" value={reason} choices={reasons} none="Please select" required onChange={touch(setReason)}>
            {invalid.has('reason') && <small className="invalid-text">{REASON_MESSAGE}</small>}
          </ChoiceSelect>
          <label>
            <span>Recommended Extension Date *</span>
            <input type="date" name="extenddaterecommend" min={tomorrow()} value={date} className={mark('extenddaterecommend')} onChange={(e) => touch(setDate)(e.target.value)} />
          </label>
          {refundFields('refund', 'refundamount', 'Refund')}
          <div className="toolbar">
            <button type="button" className="btn btn-primary" name="recommend" disabled={busy} onClick={() => void recommend(S.recommended)}>
              Recommend
            </button>
            <button type="button" className="btn btn-danger" name="recommend-reject" disabled={busy} onClick={() => void recommend(S.recommendReject)}>
              Recommend to Reject
            </button>
          </div>
        </fieldset>
      )}
      {approving && (
        <fieldset className="approval-panel">
          <legend>Approval</legend>
          <label>
            <span>Approved Extension Date *</span>
            <input type="date" name="extenddateapprv" min={tomorrow()} value={date} className={mark('extenddateapprv')} onChange={(e) => touch(setDate)(e.target.value)} />
          </label>
          <label>
            <span>Remark</span>
            <textarea name="description2" rows={3} value={remark} onChange={(e) => touch(setRemark)(e.target.value)} />
          </label>
          {refundFields('refundapprv', 'refundamtapprv', 'Approve Refund')}
          <div className="toolbar">
            <button type="button" className="btn btn-primary" name="approve" disabled={busy} onClick={() => void decide(S.approved)}>
              Approve
            </button>
            <button type="button" className="btn btn-danger" name="reject" disabled={busy} onClick={() => void decide(S.rejected)}>
              Reject
            </button>
          </div>
        </fieldset>
      )}
      {canUpdate && Number(request.refundapprv) === 1 && (state === S.approved || state === S.rejected) && (
        <label className="check refund-complete">
          <input type="checkbox" name="refundcomplete" disabled={busy} checked={Number(request.refundcomplete) === 1} onChange={(e) => void toggleRefundComplete(e.target.checked)} /> Refund Completed
        </label>
      )}
    </>
  );
}
