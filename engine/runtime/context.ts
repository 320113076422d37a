// The one carrier of "who is calling and with what": passed to every handler, never global.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { EngineConfig } from '../../fastify.config.js';
import type { ModuleRegistry } from '../metadata/module-registry.js';
import type { Dialect } from '../db/connect.js';
import type { VersionSnapshot } from '../db/change-versions.js';
import type { CallLogger } from './call-log.js';

export const LOGIN_TYPE = { IRU: 1, RE: 2, ADMIN: 3 } as const;

export interface Caller {
  sessionId: string;
  userId: number;
  userid: string;
  name: string;
  loginType: number;
  /** The session's current reporting entity (RE users), else null. */
  currentRe: number | null;
  /** Entities the user is linked to. */
  entities: number[];
  roles: Set<number>;
  permissions: Set<string>;
  /** What the row rules read of the caller: position value, current entity's sector, primary/sub link, parameters (engine/records/row-rules.ts). */
  facts?: import('../records/row-rules.js').RuleFacts;
  /** How the caller proved who it is: the session cookie, or an API token (Bearer). */
  auth?: 'session' | 'token';
  /** A restricted session (expired password, first sign-in) may call only a few actions. */
  restriction?: 'expired' | 'firsttime' | null;
}

export interface EngineServices {
  config: EngineConfig;
  db: Knex;
  dialect: Dialect;
  modules: ModuleRegistry;
  log: Logger;
}

export interface ActionContext {
  services: EngineServices;
  /** The database handle for this call: the transaction when the action writes. */
  db: Knex | Knex.Transaction;
  caller: Caller | null;
  requestId: string;
  /** The client's address (behind TRUST_PROXY proxies, the forwarded one), for per-client limits. */
  clientIp?: string;
  log: CallLogger;
  /** Calls another action as the same caller (System.execute, compositions). */
  call(action: string, args: unknown[]): Promise<import('../protocol/envelope.js').EnvelopeValue[]>;
  /** File parts of the call (multipart uploads), in a temporary area until a record takes them. */
  files?: readonly import('../files/file-store.js').UploadedFile[];
  /** The change versions as this request read them (for caches keyed by them). */
  versions: VersionSnapshot;
  /**
   * What the HTTP layer must do after the call: set or clear the session cookie; wake this
   * process's job worker for a job the call queued (claimed at once instead of at the next poll).
   */
  effects: { sessionToken?: string; clearSession?: boolean; jobQueued?: boolean };
}

export function isReUser(caller: Caller | null): boolean {
  return caller?.loginType === LOGIN_TYPE.RE;
}
