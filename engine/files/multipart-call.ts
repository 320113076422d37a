// A multipart /process call: its fields become the same Call as a form body would, its file
// part is streamed (never buffered) into the file store's temporary area, checked by name and
// by content on the way. Too large → E_TOOLARGE (413), a type not accepted → E_FILETYPE (415).
import type { FastifyRequest } from 'fastify';
import { AppError, errors, isAppError } from '../errors/catalogue.js';
import type { Call } from '../actions/dispatch.js';
import { decodeFormBody } from '../protocol/request-decoder.js';
import { formatBytes, type FileStore, type UploadedFile } from './file-store.js';
import { extensionOf, matchesSignature, sanitizeFileName, type UploadTypes } from './file-types.js';

export interface MultipartOptions {
  store: FileStore;
  types: UploadTypes;
  /** Most bytes of all text fields together (the form body limit). */
  fieldBytes: number;
  /** File parts are only received from a signed-in caller, so nobody else can fill the disk. */
  acceptFiles: boolean;
}

const MAX_FIELDS = 50;

function multipartError(e: unknown): unknown {
  if (isAppError(e)) return e;
  const code = (e as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return errors.badRequest('Send at most one file per call');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return new AppError('E_TOOLARGE', `Send at most ${MAX_FIELDS} fields per call`);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('E_TOOLARGE');
  // Disk trouble while storing (ENOSPC, EACCES…) is ours: E_FAIL, logged. The rest is the body's.
  if ((e as { syscall?: string }).syscall) return e;
  return errors.badRequest('The multipart body is malformed or was cut short');
}

/**
 * Reads the whole multipart body. On any refusal the staged files are dropped, and the rest
 * of the body is read and thrown away (so the client receives our answer, not a reset).
 */
export async function readMultipartCall(req: FastifyRequest, opts: MultipartOptions): Promise<Call & { files: UploadedFile[] }> {
  const fields: Record<string, string | string[]> = {};
  const files: UploadedFile[] = [];
  let fieldBytes = 0;
  try {
    const parts = req.parts({
      limits: { fieldSize: opts.fieldBytes, fields: MAX_FIELDS, files: 1, parts: MAX_FIELDS + 1, fileSize: opts.store.limit + 1 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldnameTruncated) throw errors.badRequest('A field name is too long');
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        fieldBytes += Buffer.byteLength(value);
        if (part.valueTruncated || fieldBytes > opts.fieldBytes) throw new AppError('E_TOOLARGE', `The fields of the call are larger than the limit of ${formatBytes(opts.fieldBytes)}`);
        const prev = fields[part.fieldname];
        fields[part.fieldname] = prev === undefined ? value : [prev, value].flat();
        continue;
      }
      if (!opts.acceptFiles) throw errors.illegalAccess();
      const name = sanitizeFileName(browserFileName(part.filename ?? ''));
      const type = opts.types.forName(name);
      if (!type) {
        const ext = extensionOf(name);
        throw new AppError('E_FILETYPE', `${ext ? `Files of type .${ext}` : 'Files without an extension'} are not accepted; accepted types: ${opts.types.list().join(', ')}`);
      }
      const staged = await opts.store.receive(part.file, (head) => {
        if (!matchesSignature(type, head)) throw new AppError('E_FILETYPE', `The content of ${name} is not a ${type.label} file`);
      });
      files.push({ ...staged, field: part.fieldname, name, contentType: type.mime });
    }
    return { ...decodeFormBody(fields), files };
  } catch (e) {
    await Promise.all(files.map((f) => opts.store.discard(f)));
    drainRequest(req);
    throw multipartError(e);
  }
}

/** Browsers escape `"`, CR and LF in a multipart file name as %22, %0D, %0A (HTML standard). */
function browserFileName(raw: string): string {
  return raw.replace(/%22/g, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n');
}

/** Reads and discards what is left of the request body. */
export function drainRequest(req: FastifyRequest): void {
  const raw = req.raw;
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  raw.resume();
}
