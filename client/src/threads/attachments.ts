// Attachments of threads: multipart uploads to Record2.uploadFile (the engine's attachment
// modules, `{Parent}_Reference`) and the rows to list them. The SDK speaks JSON bodies only, so
// uploads are posted here as multipart; the answer comes back as JSON envelope values.
import { rpc, type Row } from '../rpc/rpc';
import { uploadRecordFile } from '../rpc/upload-record-file';

export interface Attachment {
  id: number;
  name: string;
  url: string;
  parent: number;
}

/** Uploads one file as an attachment of `parentId` (module e.g. Helpdesk_Reference, key fk_helpdesk). */
export async function uploadAttachment(module: string, key: string, parentId: number, file: File): Promise<void> {
  await uploadRecordFile({ module, [key]: parentId }, file);
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
