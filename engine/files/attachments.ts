// Attachment records ({Parent}_Reference modules) and their files: upload through the record
// engine's create pipeline (permission, entity scope, validation, audit), look-up for download
// scoped exactly like Record.select, removal through the record engine's delete.
import type { EngineServices } from '../runtime/context.js';
import { errors } from '../errors/catalogue.js';
import type { ResolvedModule } from '../metadata/module-registry.js';
import type { EnvelopeValue } from '../protocol/envelope.js';
import type { ActionContext } from '../runtime/context.js';
import { accessModule, applyScope } from '../records/module-access.js';
import { createRecord } from '../records/create.js';
import { deleteRecord } from '../records/update.js';
import { readRecordset } from '../records/record-read.js';
import { FileStore, isContentHash } from './file-store.js';
import { blobStoreOf } from './blob-store.js';

/** `referencetype` of an attachment that is an uploaded file (seed 002 §3: always 11). */
export const REFERENCE_TYPE_FILE = 11;
/** Fields the upload fills from the file itself; a caller may not give them. */
const FROM_FILE = ['name', 'contenttype', 'size', 'file', 'url', 'referencetype'];
/** What Record.uploadFile answers. */
const UPLOAD_READ = ['id', 'updatectr', 'name', 'contenttype', 'size', 'url'];

/** Uploads of this engine: received under FILES_DIR/tmp, kept in the FILE_STORE store. */
export function fileStoreOf(services: Pick<EngineServices, 'config' | 'db'>): FileStore {
  const { config, db } = services;
  return new FileStore(config.filesDir, config.uploadLimit, blobStoreOf(config, db));
}

export function downloadUrl(module: string, id: number): string {
  return `/file/${encodeURIComponent(module)}/${id}`;
}

function attachmentModule(ctx: ActionContext, name: string): ResolvedModule {
  const module = ctx.services.modules.get(name);
  if (!module) throw errors.unknownModule(name);
  if (module.kind !== 'attachment') throw errors.badRequest(`${name} is not an attachment module ({Parent}_Reference)`);
  return module;
}

/** The parent's key field of an attachment module: `fk_{parent table}`. */
function parentKeyOf(ctx: ActionContext, module: ResolvedModule): string | undefined {
  const parent = module.def.attachmentOf ? ctx.services.modules.get(module.def.attachmentOf) : undefined;
  return parent ? `fk_${parent.table}` : undefined;
}

/**
 * Which attachment module an upload is for: named by a `module` entry among the fields, or
 * else the one attachment module whose parent key (`fk_re`, `fk_query`…) is among them.
 */
function uploadModule(ctx: ActionContext, names: string[], values: unknown[]): { module: ResolvedModule; names: string[]; values: unknown[] } {
  const at = names.indexOf('module');
  if (at >= 0) {
    const name = values[at];
    if (typeof name !== 'string') throw errors.badRequest('module must be the name of an attachment module');
    return { module: attachmentModule(ctx, name), names: names.filter((_, i) => i !== at), values: values.filter((_, i) => i !== at) };
  }
  const candidates = ctx.services.modules.all().filter((m) => m.kind === 'attachment' && !m.alwaysScoped && names.includes(parentKeyOf(ctx, m) ?? ''));
  if (candidates.length !== 1) throw errors.badRequest('Name the attachment module: add "module" to a0 and its name to a1, or give the parent key (e.g. fk_re)');
  return { module: candidates[0], names, values };
}

export async function uploadAttachment(ctx: ActionContext, names: string[], values: unknown[]): Promise<EnvelopeValue[]> {
  if (names.length !== values.length) throw errors.badRequest(`a0 has ${names.length} names but a1 has ${values.length} values`);
  const target = uploadModule(ctx, names, values);
  const { module } = target;
  const files = ctx.files ?? [];
  if (files.length !== 1 || files[0].field !== 'file') throw errors.badRequest('Record.uploadFile needs one file part named "file" (multipart/form-data)');
  const given = target.names.filter((n) => FROM_FILE.includes(n));
  if (given.length) throw errors.badRequest(`${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} taken from the uploaded file`);
  const file = files[0];
  const fromFile = { name: file.name, contenttype: file.contentType, size: file.size, file: file.hash, referencetype: REFERENCE_TYPE_FILE };
  const [created] = await createRecord(ctx, { module: module.name, fields: target.names, values: target.values, read: [module.idField] }, fromFile);
  const id = Number(created.type === 'recordset' ? created.rows[0][0] : NaN);
  // The URL names the row, so it is known only now; same transaction, same version.
  await ctx.db(module.table).where(module.idField, id).update({ url: downloadUrl(module.name, id) });
  // Only now does the body leave the temporary area: a refused row leaves no file behind (in the
  // database store the body is written in the record's own transaction).
  await fileStoreOf(ctx.services).commit(file, { db: ctx.db });
  const { scopeRe } = accessModule(ctx, module.name, 'create');
  return [await readRecordset(ctx, module, scopeRe, id, UPLOAD_READ.filter((f) => module.fields.has(f)))];
}

export interface StoredAttachment {
  module: ResolvedModule;
  id: number;
  hash: string;
  name: string;
  contentType: string;
}

/**
 * The attachment row as the caller may see it: `{Module}.select` and the caller's entity scope,
 * as Record.select applies them. A row out of scope is answered exactly like a missing one
 * (E_NOTFOUND), so ids cannot be probed.
 */
export async function findAttachment(ctx: ActionContext, moduleName: string, id: number): Promise<StoredAttachment> {
  attachmentModule(ctx, moduleName);
  const { module, scopeRe } = accessModule(ctx, moduleName, 'select');
  const qb = ctx.db({ t: module.table }).where(`t.${module.idField}`, id).first('t.file', 't.name', 't.contenttype');
  applyScope(ctx.db, qb, module, scopeRe);
  const row = (await qb) as { file: unknown; name: unknown; contenttype: unknown } | undefined;
  if (!row) throw errors.notFound(`${module.name} #${id}`);
  if (!isContentHash(row.file)) throw errors.notFound(`The file of ${module.name} #${id}`);
  return { module, id, hash: row.file, name: String(row.name ?? 'file'), contentType: String(row.contenttype ?? '') };
}

/** `{Module}_Reference.removeReference`: a0 names, a1 values (`id`, `updatectr`). */
export async function removeAttachment(ctx: ActionContext, moduleName: string, names: string[], values: unknown[]): Promise<EnvelopeValue[]> {
  attachmentModule(ctx, moduleName);
  // The original clients sent link_id / link_updatectr; attachment rows call them id / updatectr.
  const fields = names.map((n) => (n === 'link_id' ? 'id' : n === 'link_updatectr' ? 'updatectr' : n));
  return deleteRecord(ctx, { module: moduleName, fields, values });
}
