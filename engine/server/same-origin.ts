// CSRF defence for calls a browser could make on its own. A browser names the page that sent a
// cross-origin POST in `Origin`; a program sends none, and a bearer token is never sent by a
// browser unasked. So any call without a bearer token whose Origin is not the portal's is
// refused, with or without the session cookie: with it a foreign page would act as the user,
// without it a foreign page could sign the browser in to an account of its choosing (login CSRF).
// The portal's origin is PUBLIC_URL's, compared exactly: scheme, host (without case) and port
// (a default port counts as given). Without PUBLIC_URL (development only: production refuses to
// start without it, fastify.config.ts) it is the request's own Host.
import type { FastifyRequest } from 'fastify';
import { errors, type AppError } from '../errors/catalogue.js';

interface Origin {
  scheme: string;
  host: string;
  port: number;
}

const DEFAULT_PORTS: Readonly<Record<string, number>> = { http: 80, https: 443 };

// An Origin header as browsers send it: scheme://host[:port], nothing more. The host is taken as
// given (an IDN arrives in its ASCII form), only its case is ignored.
const ORIGIN_HEADER = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/(\[[0-9A-Fa-f:.]+\]|[^\s/?#@:[\]\\]+)(?::([0-9]{1,5}))?$/;

function parts(scheme: string, host: string, port: string): Origin | null {
  const s = scheme.toLowerCase();
  if (DEFAULT_PORTS[s] === undefined) return null;
  const p = port === '' ? DEFAULT_PORTS[s] : Number(port);
  if (!(p > 0 && p <= 65535)) return null;
  return { scheme: s, host: host.toLowerCase(), port: p };
}

function originHeader(value: string): Origin | null {
  const m = ORIGIN_HEADER.exec(value);
  return m ? parts(m[1], m[2], m[3] ?? '') : null;
}

/** The origin of a whole address (PUBLIC_URL, a Referer); null when it is not an http(s) URL. */
function originOfUrl(value: string): Origin | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  return parts(url.protocol.slice(0, -1), url.hostname, url.port);
}

function sameOrigin(a: Origin | null, b: Origin | null): boolean {
  return a !== null && b !== null && a.scheme === b.scheme && a.host === b.host && a.port === b.port;
}

// Only the host is compared without PUBLIC_URL: the engine cannot tell the scheme a proxy received.
function sameHost(found: Origin | null, host: string | undefined): boolean {
  if (found === null || !host) return false;
  return `${found.host}${found.port === DEFAULT_PORTS[found.scheme] ? '' : `:${found.port}`}` === host.toLowerCase();
}

// A browser sends Origin with every cross-origin call but a plain link or image (GET, HEAD), and
// some older ones omit it on a POST too; for those the Referer stands in.
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** True when the request comes from the portal's own pages, or names no page at all (a program). */
export function fromPortalOrigin(req: FastifyRequest, publicUrl: string | undefined): boolean {
  const origin = req.headers.origin;
  let found: Origin | null;
  if (origin !== undefined && origin !== '') found = originHeader(origin);
  else if (SAFE_METHODS.has(req.method)) return true;
  else {
    const referer = req.headers.referer;
    if (referer === undefined || referer === '') return true;
    found = originOfUrl(referer);
  }
  // `null` (a sandboxed frame, a file: page) and anything else that is no origin never match.
  if (publicUrl) return sameOrigin(found, originOfUrl(publicUrl));
  return sameHost(found, req.headers.host);
}

export function foreignOriginRefusal(publicUrl: string | undefined): AppError {
  const portal = publicUrl ? new URL(publicUrl).origin : 'its own address';
  return errors.badRequest(`This call came from another web site and was refused: open the portal at ${portal} and try again`);
}
