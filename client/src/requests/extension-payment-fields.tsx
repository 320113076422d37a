// The payment fields of an extension request: Payment Type (list group 114, active entries),
// then the Payment Proof files (PDF, several) or, for type 1100483, the Payment Reference Number.
import { useEffect, useState } from 'react';
import { rpc } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { RequiredInput, RequiredSelect, type Choice } from '../ui/labelled-fields';
import { PAYMENT_BY_REFERENCE, PAYMENT_TYPE_GROUP, type Payment } from './extension-payment';

export function usePaymentTypes(): Choice[] {
  const [types, setTypes] = useState<Choice[]>([]);
  useEffect(() => {
    rpc
      .select({ module: 'List', fields: ['id', 'name'], where: [['listgroup', '=', PAYMENT_TYPE_GROUP], ['state', '!=', 4]], order: 'displayorder asc', max: 100 })
      .then(({ rows }) => setTypes(rows.map((r) => ({ value: String(r.id), label: String(r.name ?? r.id) }))))
      .catch((e) => void presentError(e));
  }, []);
  return types;
}

export function PaymentFields({ types, value, invalid, onChange }: { types: Choice[]; value: Payment; invalid: ReadonlySet<string>; onChange(p: Payment): void }) {
  const byReference = Number(value.paymenttype) === PAYMENT_BY_REFERENCE;
  return (
    <>
      <RequiredSelect label="Payment Type" name="paymenttype" value={value.paymenttype} invalid={invalid} choices={types} onChange={(paymenttype) => onChange({ ...value, paymenttype })} />
      {value.paymenttype && byReference && (
        <RequiredInput label="Payment Reference Number" name="receiptno" value={value.receiptno} invalid={invalid} maxLength={100} onChange={(receiptno) => onChange({ ...value, receiptno })} />
      )}
      {value.paymenttype && !byReference && (
        <label>
          <span>Payment Proof (PDF) *</span>
          <input
            type="file"
            name="file"
            accept=".pdf,application/pdf"
            multiple
            className={invalid.has('file') ? 'invalid' : undefined}
            onChange={(e) => onChange({ ...value, files: [...(e.target.files ?? [])] })}
          />
          {value.files.length > 0 && <small className="hint" data-proofs>{value.files.map((f) => f.name).join(', ')}</small>}
        </label>
      )}
    </>
  );
}
