// GET /file/{module}/{id}: streams an attachment's body to a caller who may select that row.
// The body goes out as a download, with our content type and no sniffing, so an uploaded file
// can never run as a page of the portal. Refusals answer an XML envelope with an HTTP status.
import { VersionSnapshot } from '../db/change-versions.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, isAppError, type ErrorCode } from '../errors/catalogue.js';
import { exception, type EnvelopeValue } from '../protocol/envelope.js';
import type { Caller, EngineServices } from '../runtime/context.js';
import type { Dispatcher } from '../actions/dispatch.js';
import { fileStoreOf, findAttachment } from './attachments.js';
import { SERVABLE_MIME_TYPES } from './file-types.js';

export interface FileRouteDeps {
  services: EngineServices;
  dispatcher: Dispatcher;
  callerOf(req: FastifyRequest, versions?: VersionSnapshot): Promise<Caller | null>;
  sendEnvelope(req: FastifyRequest, reply: FastifyReply, values: EnvelopeValue[], status: number): FastifyReply;
}

const STATUS: Partial<Record<ErrorCode, number>> = { E_ILLEGALACCESS: 401, E_NOPERMISSION: 403, E_NOTFOUND: 404, E_BADREQUEST: 400 };

/** `attachment; filename="ascii fallback"; filename*=UTF-8''percent-encoded` (RFC 6266 / 5987). */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_') || 'file';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export function registerFileRoutes(app: FastifyInstance, deps: FileRouteDeps): void {
  const { services, dispatcher } = deps;
  const store = fileStoreOf(services);

  app.get<{ Params: { module: string; id: string } }>('/file/:module/:id', async (req, reply) => {
    try {
      const versions = new VersionSnapshot(services.db);
      const caller = await deps.callerOf(req, versions);
      if (!caller) throw errors.illegalAccess();
      if (!/^[1-9][0-9]{0,14}$/.test(req.params.id)) throw errors.badRequest('The record id must be a positive whole number');
      const ctx = dispatcher.routeContext(caller, req.id, versions);
      const found = await findAttachment(ctx, req.params.module, Number(req.params.id));
      const body = await store.open(found.hash);
      if (!body) {
        ctx.log.error({ module: found.module.name, id: found.id, hash: found.hash }, 'attachment body missing from the file store');
        throw errors.notFound(`The file of ${found.module.name} #${found.id}`);
      }
      return reply
        .code(200)
        .type(SERVABLE_MIME_TYPES.has(found.contentType) ? found.contentType : 'application/octet-stream')
        .header('content-length', body.size)
        .header('content-disposition', contentDisposition(found.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin')
        .header('cache-control', 'private, no-store')
        .send(body.stream);
    } catch (e) {
      const values = dispatcher.failure(e, 'GET /file', req.id);
      const code = isAppError(e) ? e.code : 'E_FAIL';
      return deps.sendEnvelope(req, reply, values.length ? values : [exception('E_FAIL', 'Unknown error')], STATUS[code] ?? 500);
    }
  });
}
