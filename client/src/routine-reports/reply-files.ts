// A routine report reply's two files (seed 003 §3: RoutineRptMsg_Reference, description report or
// validation), one multipart Record2.uploadFile each; the answer is a JSON envelope.
import { RpcError, recordAction } from '../rpc/rpc';

export async function uploadReplyFile(message: number, description: 'report' | 'validation', file: File): Promise<void> {
  const form = new FormData();
  form.set('action', recordAction('Record.uploadFile'));
  form.set('a0', JSON.stringify(['module', 'fk_routinerptmsg', 'description']));
  form.set('a1', JSON.stringify(['RoutineRptMsg_Reference', message, description]));
  form.set('file', file, file.name);
  const res = await fetch('/process', { method: 'POST', body: form, headers: { accept: 'application/json' }, credentials: 'same-origin' });
  let doc: { values?: { type: string; code?: string; message?: string }[] };
  try {
    doc = (await res.json()) as typeof doc;
  } catch {
    throw new RpcError('E_HTTP', `HTTP ${res.status}: the answer is not an envelope`, undefined, res.status);
  }
  const first = doc.values?.[0];
  if (first?.type === 'exception') throw new RpcError(first.code ?? 'E_FAIL', first.message ?? 'Unknown error', undefined, res.status);
}
