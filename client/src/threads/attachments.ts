// Attachments of threads: multipart uploads to Record2.uploadFile (the engine's attachment
// modules, `{Parent}_Reference`) and the rows to list them. The SDK speaks JSON bodies only, so
// uploads are posted here as multipart; the answer comes back as JSON envelope values.
import { RpcError, rpc, recordAction, type Row } from '../rpc/rpc';
import { sessionStore } from '../session/session-store';

export interface Attachment {
  id: number;
  name: string;
  url: string;
  parent: number;
}

/** Uploads one file as an attachment of `parentId` (module e.g. Helpdesk_Reference, key fk_helpdesk). */
export async function uploadAttachment(module: string, key: string, parentId: number, file: File): Promise<void> {
  const form = new FormData();
  form.set('action', recordAction('Record.uploadFile'));
  form.set('a0', JSON.stringify(['module', key]));
  form.set('a1', JSON.stringify([module, parentId]));
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

/** Uploads files one after another; the thread row exists already, so each file stands alone. */
export async function uploadAll(module: string, key: string, parentId: number, files: readonly File[]): Promise<void> {
  for (const f of files) await uploadAttachment(module, key, parentId, f);
}

/** The attachments of some parents, oldest first. */
export async function attachmentsOf(module: string, key: string, parents: number[]): Promise<Attachment[]> {
  if (!parents.length) return [];
  const { rows } = await rpc.select<Row>({ module, fields: ['id', 'name', 'url', key], where: [[key, 'in', parents]], order: 'id asc', max: 1000 });
  return rows.map((r) => ({ id: Number(r.id), name: String(r.name ?? 'file'), url: String(r.url ?? ''), parent: Number(r[key]) }));
}
