// Configuration from the environment, with safe defaults for the embedded (SQLite) mode.
// Every script that touches the database reads it through loadConfig, so they all agree.
import { join, resolve } from 'node:path';
import { KNOWN_EXTENSIONS } from './engine/files/file-types.js';

export interface EngineConfig {
  port: number;
  host: string;
  /** `mysql://user:pass@host:port/db` for MySQL/MariaDB; absent → SQLite under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  defaultPageSize: number;
  maxPageSize: number;
  /** Largest request body accepted, in bytes. */
  bodyLimit: number;
  logLevel: string;
  /** Idle and absolute session lifetimes, in minutes. */
  sessionIdleMinutes: number;
  sessionAbsoluteMinutes: number;
  /** Public origin of the portal (for CSRF checks and links in mail); absent → same host. */
  publicUrl: string | undefined;
  /** Where uploaded file bodies are stored, by content hash. */
  filesDir: string;
  /** Largest uploaded file accepted, in bytes. */
  uploadLimit: number;
  /** File extensions accepted for upload (each also checked by its content's first bytes). */
  uploadTypes: string[];
}

export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): EngineConfig {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl !== undefined) {
    let url: URL;
    try {
      url = new URL(databaseUrl);
    } catch {
      throw new ConfigError(`DATABASE_URL is not a URL (expected mysql://user:password@host:3306/database)`);
    }
    if (url.protocol !== 'mysql:' && url.protocol !== 'mariadb:') {
      throw new ConfigError(`DATABASE_URL must start with mysql:// (got ${url.protocol}//); leave it unset for the embedded SQLite database`);
    }
    if (url.pathname.length < 2) throw new ConfigError('DATABASE_URL must name a database, e.g. mysql://root@127.0.0.1:3306/portal');
  }
  const defaultPageSize = integer(env, 'DEFAULT_PAGE_SIZE', 20, 1, 100000);
  const maxPageSize = integer(env, 'MAX_PAGE_SIZE', 1000, 1, 100000);
  if (defaultPageSize > maxPageSize) throw new ConfigError('DEFAULT_PAGE_SIZE must not be larger than MAX_PAGE_SIZE');
  const host = env.HOST || '127.0.0.1';
  const logLevel = env.LOG_LEVEL || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "${logLevel}")`);
  }
  const publicUrl = env.PUBLIC_URL || undefined;
  const dataDir = resolve(env.DATA_DIR || './data');
  if (publicUrl !== undefined && !/^https?:\/\/[^/]+/.test(publicUrl)) throw new ConfigError('PUBLIC_URL must look like https://portal.example.org');
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host,
    databaseUrl,
    dataDir,
    defaultPageSize,
    maxPageSize,
    bodyLimit: integer(env, 'BODY_LIMIT', 2 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    logLevel,
    sessionIdleMinutes: integer(env, 'SESSION_IDLE_MINUTES', 30, 1, 7 * 24 * 60),
    sessionAbsoluteMinutes: integer(env, 'SESSION_ABSOLUTE_MINUTES', 12 * 60, 1, 30 * 24 * 60),
    publicUrl,
    filesDir: resolve(env.FILES_DIR || join(dataDir, 'files')),
    uploadLimit: integer(env, 'UPLOAD_LIMIT', 20 * 1024 * 1024, 1024, 2 * 1024 * 1024 * 1024),
    uploadTypes: uploadTypes(env.UPLOAD_TYPES),
  };
}

function uploadTypes(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [...KNOWN_EXTENSIONS];
  const list = [...new Set(raw.split(',').map((s) => s.trim().replace(/^\./, '').toLowerCase()).filter(Boolean))];
  const unknown = list.filter((e) => !KNOWN_EXTENSIONS.includes(e));
  if (unknown.length || !list.length) {
    throw new ConfigError(`UPLOAD_TYPES must be a comma-separated list of ${KNOWN_EXTENSIONS.join(', ')} (got "${raw}")`);
  }
  return list;
}
