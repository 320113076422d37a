// One file through `Record.uploadFile` (PROTOCOL.md §7): a multipart post of the action, the
// attachment row's fields (names in a0, values in a1), the current entity and the file; the answer
// is a JSON envelope whose exception becomes an RpcError like any other call's.
import { RpcError, recordAction } from './rpc';
import { sessionStore } from '../session/session-store';

/** `fields`: the attachment module's fields, `module` first, e.g. { module: 'Query_Reference', fk_query: 7 }. */
export async function uploadRecordFile(fields: { module: string } & Record<string, string | number>, file: File): Promise<void> {
  const form = new FormData();
  form.set('action', recordAction('Record.uploadFile'));
  form.set('a0', JSON.stringify(Object.keys(fields)));
  form.set('a1', JSON.stringify(Object.values(fields)));
  const re = sessionStore.currentRe();
  if (re !== null) form.set('re', String(re));
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
