// The one way the engine makes and stores bearer secrets (sessions, API tokens, mailed links):
// 256 random bits, kept in the database only as their SHA-256.
import { hash, randomBytes } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Every request with a session hashes its cookie: the one-shot `hash` makes no Hash object (about half the time). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
