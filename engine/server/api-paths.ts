// The engine's own addresses. A request under one of them is for the engine, never a page of
// the client; under those that answer envelopes, every refusal is an envelope (PROTOCOL.md §1),
// the not-found and malformed-URL answers included.

export const API_PREFIXES = ['/process', '/file', '/out', '/contract', '/health'] as const;

/** What to use instead, for each prefix whose answers are envelopes. */
const ENVELOPE_USAGE: Record<string, string> = {
  '/process': 'Use POST /process or POST /process/string',
  '/file': 'Use GET /file/{module}/{id}',
  '/out': 'Use GET /out/{id}.xlsx or GET /out/{report}.pdf',
};

/**
 * The API prefix a raw request URL falls under, if any. The prefix must end the first segment
 * (`/process`, `/process/…`, `/process%…`), so a page such as `/processes` stays a page.
 */
export function apiPrefixOf(url: string): string | undefined {
  const path = url.split('?')[0] ?? '';
  return API_PREFIXES.find((p) => path.startsWith(p) && !/^[A-Za-z0-9_-]/.test(path.slice(p.length)));
}

/** How to call the endpoint under this URL, when its answers are envelopes; else undefined. */
export function envelopeUsageOf(url: string): string | undefined {
  const prefix = apiPrefixOf(url);
  return prefix === undefined ? undefined : ENVELOPE_USAGE[prefix];
}
