// The attributes of every cookie the engine sets, as @fastify/cookie's defaults, so no cookie
// can be set without them. Behind a TLS proxy the engine itself is reached over plain HTTP:
// an https PUBLIC_URL makes cookies Secure whatever the request's protocol; otherwise they are
// Secure when the request came over HTTPS (directly, or per X-Forwarded-Proto from TRUST_PROXY).
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { EngineConfig } from '../../fastify.config.js';

export function cookieDefaults(config: Pick<EngineConfig, 'publicUrl'>): CookieSerializeOptions {
  const publicHttps = config.publicUrl !== undefined && new URL(config.publicUrl).protocol === 'https:';
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: publicHttps ? true : 'auto' };
}
