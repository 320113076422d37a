// The resubmission request as its screens show it (seed 003 §2.2, §4.1; docs/resubmission-extension.md):
// state ids and names, the ribbon's tone, the form categories, and the calls the screens share.
import { rpc } from '../rpc/rpc';
import { uploadRecordFile } from '../rpc/upload-record-file';

import { RESUBMISSION_STATE } from '../../../portal/requests/resubmission-states.js';

/** The request's states, as the server's state map names them. */
export const RS = RESUBMISSION_STATE;

export const RESUBMISSION_STATE_NAMES: Record<number, string> = {
  54: 'New',
  61: 'Pending',
  78: 'Pending Verification',
  25: 'Pending Payment',
  31: 'Paid',
  74: 'Amendment Required',
  66: 'Approved',
  23: 'Rejected',
  32: 'Cancelled',
  79: 'Pending Recommendation',
  65: 'Recommended',
  70: 'Recommend To Reject',
};

/** Seed 000 §4.2's colours as the ribbon's tones. */
export function resubmissionTone(state: number): 'warning' | 'success' | 'danger' | 'info' | 'default' {
  if ([54, 70].includes(state)) return 'warning';
  if ([66, 65, 31].includes(state)) return 'success';
  if ([23, 32].includes(state)) return 'danger';
  if ([61, 25, 78, 79, 74].includes(state)) return 'info';
  return 'default';
}

export const CATEGORY_NAMES: Record<number, string> = { 100211: 'Main Forms', 100212: 'SMD Forms', 100213: 'App I / App II Forms' };

/** The states in which an entity edits its request (seed 003 §4.1). */
export const EDITABLE_STATES: number[] = [RS.new, RS.amendment];

export const RESUBMISSION_REASON_GROUP = 99;
/** Seed 003 §8. */
export const CANCEL_TITLE = 'Cancel this Resubmission';
export const CANCEL_QUESTION = 'Are you really sure?';
export const EFFECTIVE_NOTE = 'The effective resubmission date is three days after approval, or as approved by the regulator.';

export interface Tab {
  id: string;
  title: string;
}

export interface NamedForm {
  form: number;
  code: string;
  name: string;
  endon: string;
  calendar: string;
  tabs: Tab[];
  /** Data item per tab id, for the tabs asked for. */
  items: Record<string, string>;
}

/** The tabs of a form's `properties` (`{items: [{id, title, display_name}]}`) or of the search's list. */
export function tabsOf(properties: unknown): Tab[] {
  let p: unknown = properties;
  if (typeof p === 'string') {
    try {
      p = JSON.parse(p);
    } catch {
      return [];
    }
  }
  const items = Array.isArray(p) ? p : Array.isArray((p as { items?: unknown })?.items) ? (p as { items: unknown[] }).items : [];
  return items.map((i) => {
    const t = i as { id?: unknown; title?: unknown; display_name?: unknown };
    return { id: String(t.id ?? ''), title: String(t.display_name ?? t.title ?? t.id ?? '') };
  });
}

/** The `forms` field of a request (seed 003 §7 `_forms`). */
export function formsValue(forms: NamedForm[]): string {
  return JSON.stringify(forms.map((f) => ({ form: f.form, properties: Object.entries(f.items).map(([id, dataitem]) => ({ id, dataitem })) })));
}

/** Uploads a payment proof (described `payment`, which the server holds to PDF). */
export async function uploadProof(requestId: number, file: File): Promise<void> {
  await uploadRecordFile({ module: 'Resubmission_Reference', fk_resubmission: requestId, description: 'payment' }, file);
}

export { rpc };
