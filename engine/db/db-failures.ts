// What a database failure means for the call that met it (docs/deploy.md):
// - `conflict`: the transaction lost a race and was rolled back by the server (a deadlock, a
//   Galera certification failure — both MySQL error 1213 —, a lock wait timeout): run again, it
//   meets the winner's rows (a stale `updatectr` then answers E_CONCURRENT);
// - `unreachable`: no connection could be made (the host is down, or is a node not synced):
//   nothing ran, so the call may run again on another host;
// - `lost`: the connection broke while the call ran: a read may run again, a write may or may not
//   have committed, so the caller is told to check and retry (E_UNAVAILABLE);
// - null: anything else.
export type DbFailure = 'conflict' | 'unreachable' | 'lost';

const CONFLICT_ERRNO = new Set([1213, 1205]);
/** 1047: WSREP has not yet prepared the node for application use; 1053, 1927, 2006, 2013, 4031: shut down, killed, gone, lost, timed out. */
const LOST_ERRNO = new Set([1047, 1053, 1927, 2006, 2013, 4031]);
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const LOST_CODES = new Set(['PROTOCOL_CONNECTION_LOST', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ER_SERVER_SHUTDOWN']);

export function dbFailureOf(e: unknown): DbFailure | null {
  if (!e || typeof e !== 'object') return null;
  const { errno, code, name, message } = e as { errno?: unknown; code?: unknown; name?: unknown; message?: unknown };
  if (typeof errno === 'number' && CONFLICT_ERRNO.has(errno)) return 'conflict';
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return 'unreachable';
  // The pool's own refusals: no connection within the acquire timeout, or a node not synced (connect.ts).
  if (name === 'KnexTimeoutError') return 'unreachable';
  if (typeof message === 'string' && /is not synced \(wsrep_local_state/.test(message)) return 'unreachable';
  if (typeof errno === 'number' && LOST_ERRNO.has(errno)) return 'lost';
  if (typeof code === 'string' && LOST_CODES.has(code)) return 'lost';
  // mysql2 marks an error that closed the connection fatal; the rollback after a lost connection
  // meets one ("Can't add new command when connection is in closed state") and hides the first.
  if ((e as { fatal?: unknown }).fatal === true) return 'lost';
  return null;
}

/** Runs a call that lost a race or found no database host again, a bounded number of times. */
export const RETRY = {
  attempts: 4,
  /** The wait before attempt n (2, 3, …): grows, with jitter so that the losers of one race do not meet again. */
  delayMs(n: number): number {
    return Math.round((5 * 2 ** (n - 2)) * (1 + Math.random()));
  },
};
