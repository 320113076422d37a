// CSRF defence for calls a browser could make on its own. A browser names the page that sent a
// cross-origin POST in `Origin`; a program sends none, and a bearer token is never sent by a
// browser unasked. So any call without a bearer token whose Origin is not the portal's is
// refused, with or without the session cookie: with it a foreign page would act as the user,
// without it a foreign page could sign the browser in to an account of its choosing (login CSRF).
import type { FastifyRequest } from 'fastify';
import { errors, type AppError } from '../errors/catalogue.js';

/** True when the request carries no Origin or the portal's own (PUBLIC_URL's, else its Host's). */
export function fromPortalOrigin(req: FastifyRequest, publicUrl: string | undefined): boolean {
  const origin = req.headers.origin;
  if (origin === undefined || origin === '') return true;
  if (publicUrl) return origin === new URL(publicUrl).origin;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    // `null` (a sandboxed frame, a file: page) or anything else that is not an origin.
    return false;
  }
}

export function foreignOriginRefusal(publicUrl: string | undefined): AppError {
  const portal = publicUrl ? new URL(publicUrl).origin : 'its own address';
  return errors.badRequest(`This call came from another web site and was refused: open the portal at ${portal} and try again`);
}
