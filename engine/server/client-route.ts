// Serves the built React client: hashed assets from client/dist with long caching, and
// index.html (never cached) for every other page address, so a deep link or a reload of
// /re/reportingentity?where=… opens the same screen. API paths never fall back to the page.
// The page's security headers come from security-headers.ts, which covers every HTML answer.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { apiPrefixOf } from './api-paths.js';

export interface ClientPages {
  /** Answers index.html for a page address; false when the request is not one. */
  fallback(req: FastifyRequest, reply: FastifyReply): boolean;
}

export async function registerClientRoutes(app: FastifyInstance, dir: string): Promise<ClientPages> {
  const indexFile = join(dir, 'index.html');
  if (!existsSync(indexFile)) {
    return {
      fallback(req, reply) {
        if (!isPageRequest(req)) return false;
        void reply.code(503).type('text/plain; charset=utf-8').send('The client is not built: run `npm run build` (npm start does it for you).');
        return true;
      },
    };
  }
  await app.register(fastifyStatic, {
    root: dir,
    index: false,
    // One route per built file rather than a catch-all: an address under /file or /out that
    // no route takes (an over-long part included) reaches the not-found or malformed-URL
    // answer, never the static handler. The build is read once at start, as index.html is.
    wildcard: false,
    // The build writes .br and .gz twins of its text assets (scripts/precompress-assets.ts):
    // sent to a browser that accepts them, with Vary: Accept-Encoding.
    preCompressed: true,
    // Built assets carry a content hash in their names: cache them for good.
    setHeaders(res, path) {
      res.header('cache-control', path.startsWith(join(dir, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const html = readFileSync(indexFile, 'utf8');
  const sendPage = (reply: FastifyReply) => reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  // The root is a folder to the static handler (index: false): answer the page itself.
  app.get('/', (_req, reply) => sendPage(reply));
  return {
    fallback(req, reply) {
      if (!isPageRequest(req)) return false;
      void sendPage(reply);
      return true;
    },
  };
}

function isPageRequest(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = req.url.split('?')[0];
  if (apiPrefixOf(path) !== undefined) return false;
  // A missing asset (a file name with an extension) is a 404, not the page.
  return !/\.[a-z0-9]+$/i.test(path);
}
