// Request Extension (/re/extension/create, seed 003 §2.3, §5): the submission (only batches
// that may still be extended: Open, New or Incomplete and due in at least three days), the
// extension date (at least the day after its due date), the reason, the payment type and the
// PDF proofs or, for type 1100483, the reference number. Saving creates the request Paid (seed 003
// §4.2) and uploads the proofs: "Payment Successful. Extension requested." An upload that fails
// after the request exists leaves it Paid, its proofs to be added from its detail page.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { rpc } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { presentSaveFailure, REQUIRED_FIELDS } from '../rpc/save-failure';
import { dialogs } from '../ui/dialogs';
import { LEAVE_PAGE_MESSAGE, useChanged, useLeaveGuard } from '../ui/leave-guard';
import { RequiredSelect, RequiredTextArea, type Choice } from '../ui/labelled-fields';
import { formatDate } from '../ui/date-format';
import { PaymentFields, usePaymentTypes } from './extension-payment-fields';
import { createPaid, readyToPay, type Payment } from './extension-payment';
import '../threads/threads.css';
import './extension.css';

const ELIGIBLE_STATES = [75, 13, 54];
const DAY = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

interface Batch {
  id: string;
  name: string;
  duedate: string;
}

export default function ExtensionCreatePage() {
  const navigate = useNavigate();
  const [batches, setBatches] = useState<Batch[] | null>(null);
  const [batch, setBatch] = useState('');
  const [extenddate, setExtenddate] = useState('');
  const [description, setDescription] = useState('');
  const [payment, setPayment] = useState<Payment>({ paymenttype: '', receiptno: '', files: [] });
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const types = usePaymentTypes();
  const { allowNext } = useLeaveGuard(useChanged([batch, extenddate, description, payment.paymenttype, payment.receiptno, payment.files.map((f) => f.name)]), LEAVE_PAGE_MESSAGE);

  useEffect(() => {
    rpc
      .select({ module: 'REFormBatch', fields: ['id', 'name', 'duedate'], where: [['state', 'in', ELIGIBLE_STATES], ['duedate', '>=', isoDay(Date.now() + 3 * DAY)]], order: 'duedate asc', max: 500 })
      .then(({ rows }) => setBatches(rows.map((r) => ({ id: String(r.id), name: String(r.name ?? r.id), duedate: String(r.duedate ?? '').slice(0, 10) }))))
      .catch((e) => void presentError(e));
  }, []);

  const chosen = batches?.find((b) => b.id === batch);
  const earliest = chosen ? isoDay(Date.parse(`${chosen.duedate}T00:00:00Z`) + DAY) : undefined;
  const choices: Choice[] = useMemo(() => (batches ?? []).map((b) => ({ value: b.id, label: `${b.name} (due ${formatDate(b.duedate)})` })), [batches]);

  async function save(e: FormEvent) {
    e.preventDefault();
    const missing = new Set<string>();
    if (!batch) missing.add('formbatch');
    if (!extenddate) missing.add('extenddate');
    if (!description.trim()) missing.add('description');
    if (!payment.paymenttype) missing.add('paymenttype');
    setInvalid(missing);
    if (missing.size) return dialogs.alert('Error', REQUIRED_FIELDS, 'error');
    if (earliest && extenddate < earliest) {
      setInvalid(new Set(['extenddate']));
      return dialogs.alert('Error', `The extension date must be at least the day after the submission's due date (${formatDate(chosen!.duedate)}).`, 'error');
    }
    if (!(await readyToPay(payment, (f) => setInvalid(new Set([f]))))) return;
    setBusy(true);
    let id: number | null = null;
    try {
      id = await createPaid({ formbatch: Number(batch), description, extenddate }, payment, (made) => {
        id = made;
      });
      await dialogs.alert('', 'Payment Successful. Extension requested.', 'success');
      allowNext();
      navigate(`/re/extension/${id}`);
    } catch (err) {
      if (id === null) {
        await presentSaveFailure(err, (fields) => setInvalid(new Set(fields)));
      } else {
        // The request exists (Paid); its proofs can be added from its page.
        await presentError(err);
        allowNext();
        navigate(`/re/extension/${id}`);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page extension-create">
      <h1>Request Extension</h1>
      <form className="thread-create" onSubmit={(e) => void save(e)} noValidate>
        <RequiredSelect label="Submission" name="formbatch" value={batch} invalid={invalid} choices={choices} onChange={setBatch} />
        {batches !== null && !batches.length && <p className="empty" data-no-batches>None of your submissions can be extended: a submission must be Open, New or Incomplete and due in at least 3 days.</p>}
        <label>
          <span>Extension Date *</span>
          <input type="date" name="extenddate" value={extenddate} min={earliest} className={invalid.has('extenddate') ? 'invalid' : undefined} onChange={(e) => setExtenddate(e.target.value)} />
          {chosen && <small className="hint">Current due date {formatDate(chosen.duedate)}; the extension date must be {formatDate(earliest)} or later.</small>}
        </label>
        <RequiredTextArea label="Reason" name="description" value={description} invalid={invalid} rows={4} onChange={setDescription} />
        <PaymentFields types={types} value={payment} invalid={invalid} onChange={setPayment} />
        <div className="toolbar">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Save
          </button>
          <button type="button" className="btn" onClick={() => navigate('/re/extension')}>
            Back
          </button>
        </div>
      </form>
    </section>
  );
}
