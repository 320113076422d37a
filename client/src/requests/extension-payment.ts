// The payment of an extension request (seed 003 §5, §8, §9), shared by the create page and the
// detail page's Payment panel: the seed's checks before anything is sent (a method; PDF proofs,
// or a reference number for type 1100483), "Confirm Payment?", then the request is created Paid
// (or an earlier one awaiting payment moves to Paid) and the proofs are uploaded. The server checks the same (docs/resubmission-extension.md).
import { rpc } from '../rpc/rpc';
import { dialogs } from '../ui/dialogs';
import { uploadAll } from '../threads/attachments';

export const PAYMENT_BY_REFERENCE = 1100483;
export const PAYMENT_TYPE_GROUP = 114;
export const EXTENSION_REASON_GROUP = 101;
export const EXTENSION_STATE = { pendingPayment: 25, paid: 31, recommended: 65, recommendReject: 70, approved: 66, rejected: 23, inProgress: -1 } as const;

export const PAYMENT_MESSAGES = {
  proof: 'Please upload at least one payment proof',
  method: 'Please select your payment method',
  reference: 'Please enter your Payment Reference Number',
  pdf: 'Only PDF file is allowed',
} as const;

export interface Payment {
  paymenttype: string;
  receiptno: string;
  files: File[];
}

const isPdf = (f: File) => f.name.toLowerCase().endsWith('.pdf') && (f.type === '' || f.type === 'application/pdf');

/** The first problem with a payment, as the seed words it, and the field it concerns; null when fine. */
export function paymentProblem(p: Payment): { field: string; message: string } | null {
  if (!p.paymenttype) return { field: 'paymenttype', message: PAYMENT_MESSAGES.method };
  if (Number(p.paymenttype) === PAYMENT_BY_REFERENCE) return p.receiptno.trim() ? null : { field: 'receiptno', message: PAYMENT_MESSAGES.reference };
  if (!p.files.length) return { field: 'file', message: PAYMENT_MESSAGES.proof };
  if (!p.files.every(isPdf)) return { field: 'file', message: PAYMENT_MESSAGES.pdf };
  return null;
}

/** Says what is wrong (answering false), else asks "Confirm Payment?". */
export async function readyToPay(p: Payment, mark: (field: string) => void): Promise<boolean> {
  const problem = paymentProblem(p);
  if (problem) {
    mark(problem.field);
    await dialogs.alert('Error', problem.message, 'error');
    return false;
  }
  return dialogs.confirm('Confirm Payment?', 'The payment will be submitted with this request.', { yes: 'Yes', no: 'Cancel' });
}

/**
 * Asks for the extension, Paid on creation (seed 003 §4.2) with its method or reference number,
 * then uploads its proofs (they need the request's id; while Paid the entity may still add or
 * withdraw them). Answers the new request's id; a failed upload leaves the request Paid, its
 * proofs to be added from its page.
 */
export async function createPaid(request: { formbatch: number; description: string; extenddate: string }, p: Payment, onCreated: (id: number) => void): Promise<number> {
  const byReference = Number(p.paymenttype) === PAYMENT_BY_REFERENCE;
  const made = await rpc.create({
    module: 'RE-Extension',
    fields: ['formbatch', 'description', 'extenddate', 'paymenttype', 'receiptno', 'state'],
    values: [request.formbatch, request.description, request.extenddate, Number(p.paymenttype), byReference ? p.receiptno.trim() : null, EXTENSION_STATE.paid],
    read: ['id'],
  });
  const id = Number(made.id);
  onCreated(id);
  if (!byReference) await uploadAll('Extension_Reference', 'fk_extension', id, p.files);
  return id;
}

/** Uploads the proofs of a request awaiting payment (an earlier request), then submits the payment (the move to Paid). */
export async function submitPayment(request: { id: number; updatectr: number }, p: Payment): Promise<void> {
  const byReference = Number(p.paymenttype) === PAYMENT_BY_REFERENCE;
  if (!byReference) await uploadAll('Extension_Reference', 'fk_extension', request.id, p.files);
  await rpc.update({
    module: 'RE-Extension',
    fields: ['id', 'updatectr', 'paymenttype', 'receiptno', 'state'],
    values: [request.id, request.updatectr, Number(p.paymenttype), byReference ? p.receiptno.trim() : null, EXTENSION_STATE.paid],
  });
}
