// The one way the engine makes and stores bearer secrets (sessions, API tokens, mailed links):
// 256 random bits, kept in the database only as their SHA-256.
import { createHash, randomBytes } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
