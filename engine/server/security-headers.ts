// Headers that keep the browser on the portal's side. Every answer is read only as the type we
// declare and leaks no address to other sites; a page of the client runs only the client's own
// scripts and cannot be framed. A route that needs another policy (GET /file's sandbox) sets
// its own Content-Security-Policy and keeps it.
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The client's page policy. Each source is one the built client needs (docs/protocol.md):
 * - `script-src 'self'`: the bundle only, never inline script, never eval. The client compiles
 *   no code: screen metadata is checked by Ajv validators generated ahead of time
 *   (scripts/generate-screen-validators.ts), the forms by an interpreting validator
 *   (client/src/form/form-validator.ts).
 * - `style-src 'self'`: the bundle's CSS files; React, Chart.js and the grid set styles through
 *   the CSSOM, which CSP does not govern.
 * - `img-src 'self' data:`: the MFA enrolment QR code arrives as a data: URL.
 * - no `frame-ancestors` other than none: the client never frames itself or a file.
 */
export const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Stricter than the default strict-origin-when-cross-origin: addresses carry record ids and filters. */
export const REFERRER_POLICY = 'same-origin';

/** What every answer carries, whatever produced it (a route, the error or not-found handler). */
export function setAnswerHeaders(reply: FastifyReply): void {
  reply.header('x-content-type-options', 'nosniff').header('referrer-policy', REFERRER_POLICY);
}

function isHtml(reply: FastifyReply): boolean {
  return /^text\/html\b/i.test(String(reply.getHeader('content-type') ?? ''));
}

/**
 * Registered before any route, so every route, the static files and the error and not-found
 * answers pass through it. Malformed URLs never reach hooks: their handler calls
 * setAnswerHeaders itself.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    setAnswerHeaders(reply);
    // Any HTML the engine answers is a page of the client (index.html for every client route).
    if (isHtml(reply) && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', PAGE_POLICY).header('x-frame-options', 'DENY');
    }
    return payload;
  });
}
