// Configuration from the environment, with safe defaults for the embedded (SQLite) mode.
// Every script that touches the database reads it through loadConfig, so they all agree.
import { join, resolve } from 'node:path';
import { KNOWN_EXTENSIONS } from './engine/files/file-types.js';
import { PROJECT_ROOT as PROJECT_DIR } from './engine/paths.js';
import { parseMysqlUrl } from './engine/db/mysql-hosts.js';
import { FILE_STORE_KINDS, type FileStoreKind } from './engine/files/blob-store.js';

export interface EngineConfig {
  port: number;
  host: string;
  /** `mysql://user:pass@host:port/db` for MySQL/MariaDB; absent → SQLite under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  defaultPageSize: number;
  maxPageSize: number;
  /** Megabytes of Record.select pages kept in memory per database (page-cache.ts); 0: none. */
  pageCacheMb: number;
  /** Every kept page served is read again and compared (the test kit's check that every write bumps its table's version). */
  pageCacheVerify: boolean;
  /** Largest request body accepted, in bytes (and the text fields of a multipart call). */
  bodyLimit: number;
  /**
   * Largest JSON or form-encoded body of a call to /process and /process/string, in bytes: a
   * call may carry a whole form template (10 tabs × 2,000 cells is about 2.9 MB as JSON).
   */
  processBodyLimit: number;
  logLevel: string;
  /** Idle and absolute session lifetimes, in minutes. */
  sessionIdleMinutes: number;
  sessionAbsoluteMinutes: number;
  /**
   * Public origin of the portal (for CSRF checks and links in mail); absent → the request's host,
   * allowed only outside production (NODE_ENV=production requires it).
   */
  publicUrl: string | undefined;
  /**
   * Where uploaded files and job files are kept (engine/files/blob-store.ts): `local`, FILES_DIR and
   * JOBS_DIR (shared by every engine process, e.g. a shared volume); `database`, the database itself.
   */
  fileStore: FileStoreKind;
  /** Where uploaded file bodies are stored, by content hash (and, with either store, uploads being received). */
  filesDir: string;
  /** The built React client served at `/` (client/dist, made by `npm run build`). */
  clientDir: string;
  /** Largest uploaded file accepted, in bytes. */
  uploadLimit: number;
  /** File extensions accepted for upload (each also checked by its content's first bytes). */
  uploadTypes: string[];
  /** Lifetime of a password-reset link, in minutes. */
  resetTokenMinutes: number;
  /** Lifetime of an e-mail verification link, in hours. */
  verifyTokenHours: number;
  /** SMTP server the mail worker delivers the outbox to; absent → mail stays in the outbox. */
  smtpUrl: string | undefined;
  /** Sender of every mail (`Name <address>`). */
  mailFrom: string;
  /** How often the mail worker looks for due mail, and how many attempts a mail gets. */
  mailPollMs: number;
  mailMaxAttempts: number;
  /**
   * Failed User.login attempts (unknown user id, wrong password or one-time code, locked account)
   * per client address and minute; beyond them the address's sign-ins answer HTTP 429 E_RATELIMIT
   * until the minute is over. Successful sign-ins do not count. In memory, per process.
   */
  loginRateLimit: number;
  /** Fastify's trustProxy: which proxies' X-Forwarded-For gives the client address (the peer's address otherwise). */
  trustProxy: boolean | string[];
  /** Issuer shown by authenticator apps for the portal's one-time codes. */
  mfaIssuer: string;
  /** HyperFormula's licence key for the server's formula checks (default `gpl-v3`; a commercial key replaces it). */
  formulaLicenseKey: string;
  /** Where finished job files (Excel exports) are kept; shared by every engine process. */
  jobsDir: string;
  /** Jobs this process runs at a time (0: it runs none, only web requests). */
  jobConcurrency: number;
  /** Whether this process runs the app's work on the clock (EngineApp.startup). */
  clockWork: boolean;
  /** How often the job worker looks for queued jobs, in ms. */
  jobPollMs: number;
  /** A running job's lease, in seconds: a job whose process died is taken up again after it. */
  jobLeaseSeconds: number;
  /** Claims of one job (each start counts) before it is marked failed. */
  jobMaxAttempts: number;
  /** Hours a finished job's file is kept for download. */
  jobKeepHours: number;
  /** Rows an Excel export reads from the database at a time. */
  exportPageRows: number;
  /** The Chromium executable that prints PDF reports. */
  chromiumPath: string;
  /** PDF reports printed at a time (browser pages), and the time one may take, in ms. */
  reportPages: number;
  reportTimeoutMs: number;
  /** Excel imports: sheets a workbook, rows and cells a sheet, MB unpacked, all refused before a workbook is read. */
  importMaxSheets: number;
  importMaxRows: number;
  importMaxCells: number;
  importMaxUnpackedMb: number;
  /** The heap (MB) of the thread that reads and marks an imported workbook; beyond it the import fails, the engine goes on. */
  importMemoryMb: number;
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
    const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(databaseUrl)?.[1].toLowerCase();
    if (!scheme) throw new ConfigError(`DATABASE_URL is not a URL (expected mysql://user:password@host:3306/database)`);
    if (scheme !== 'mysql' && scheme !== 'mariadb') {
      throw new ConfigError(`DATABASE_URL must start with mysql:// (got ${scheme}://); leave it unset for the embedded SQLite database`);
    }
    // One host, or the hosts of a cluster: mysql://user:password@db1:3306,db2:3306/portal.
    try {
      parseMysqlUrl(databaseUrl);
    } catch (e) {
      throw new ConfigError(`${(e as Error).message}, e.g. mysql://root@127.0.0.1:3306/portal`);
    }
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
  if (publicUrl !== undefined && !isWebAddress(publicUrl)) throw new ConfigError('PUBLIC_URL must look like https://portal.example.org');
  // Without it the same-origin check of browser calls could only trust the request's Host header.
  if (publicUrl === undefined && env.NODE_ENV === 'production') {
    throw new ConfigError('PUBLIC_URL must be set in production (NODE_ENV=production): the address users open, e.g. https://portal.example.org');
  }
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host,
    databaseUrl,
    dataDir,
    defaultPageSize,
    maxPageSize,
    pageCacheMb: integer(env, 'PAGE_CACHE_MB', 32, 0, 4096),
    pageCacheVerify: onOff(env, 'PAGE_CACHE_VERIFY', false),
    bodyLimit: integer(env, 'BODY_LIMIT', 2 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    processBodyLimit: integer(env, 'PROCESS_BODY_LIMIT', 8 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    logLevel,
    sessionIdleMinutes: integer(env, 'SESSION_IDLE_MINUTES', 30, 1, 7 * 24 * 60),
    sessionAbsoluteMinutes: integer(env, 'SESSION_ABSOLUTE_MINUTES', 12 * 60, 1, 30 * 24 * 60),
    publicUrl,
    fileStore: fileStore(env.FILE_STORE),
    filesDir: resolve(env.FILES_DIR || join(dataDir, 'files')),
    clientDir: resolve(env.CLIENT_DIR || join(PROJECT_DIR, 'client', 'dist')),
    uploadLimit: integer(env, 'UPLOAD_LIMIT', 20 * 1024 * 1024, 1024, 2 * 1024 * 1024 * 1024),
    uploadTypes: uploadTypes(env.UPLOAD_TYPES),
    resetTokenMinutes: integer(env, 'RESET_TOKEN_MINUTES', 60, 5, 7 * 24 * 60),
    verifyTokenHours: integer(env, 'VERIFY_TOKEN_HOURS', 72, 1, 30 * 24),
    ...mailSettings(env),
    ...identitySettings(env),
    formulaLicenseKey: env.HYPERFORMULA_LICENSE_KEY?.trim() || 'gpl-v3',
    ...outputSettings(env, dataDir),
  };
}

function isWebAddress(value: string): boolean {
  if (!/^https?:\/\/[^/]+/i.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

/** Background jobs (Excel exports) and PDF reports. */
function outputSettings(env: NodeJS.ProcessEnv, dataDir: string) {
  return {
    jobsDir: resolve(env.JOBS_DIR || join(dataDir, 'jobs')),
    jobConcurrency: integer(env, 'JOB_CONCURRENCY', 1, 0, 8),
    clockWork: onOff(env, 'CLOCK_WORK', true),
    jobPollMs: integer(env, 'JOB_POLL_MS', 1000, 50, 60 * 60 * 1000),
    jobLeaseSeconds: integer(env, 'JOB_LEASE_SECONDS', 60, 2, 3600),
    jobMaxAttempts: integer(env, 'JOB_MAX_ATTEMPTS', 3, 1, 100),
    jobKeepHours: integer(env, 'JOB_KEEP_HOURS', 24, 1, 24 * 365),
    exportPageRows: integer(env, 'EXPORT_PAGE_ROWS', 1000, 10, 50_000),
    chromiumPath: resolve(env.CHROMIUM_PATH || '/usr/bin/chromium'),
    reportPages: integer(env, 'REPORT_PAGES', 2, 1, 16),
    reportTimeoutMs: integer(env, 'REPORT_TIMEOUT_MS', 30_000, 1000, 10 * 60 * 1000),
    importMaxSheets: integer(env, 'IMPORT_MAX_SHEETS', 120, 1, 10_000),
    importMaxRows: integer(env, 'IMPORT_MAX_ROWS', 110_000, 10, 1_048_576),
    importMaxCells: integer(env, 'IMPORT_MAX_CELLS', 1_000_000, 100, 100_000_000),
    importMaxUnpackedMb: integer(env, 'IMPORT_MAX_UNPACKED_MB', 200, 1, 4096),
    importMemoryMb: integer(env, 'IMPORT_MEMORY_MB', 512, 0, 16_384),
  };
}

function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase() ?? '';
  if (raw === '') return fallback;
  if (raw === 'on' || raw === 'true') return true;
  if (raw === 'off' || raw === 'false') return false;
  throw new ConfigError(`${name} must be on or off (got "${env[name]}")`);
}

function identitySettings(env: NodeJS.ProcessEnv) {
  const mfaIssuer = env.MFA_ISSUER || 'Reporting Portal';
  // The issuer becomes part of an otpauth:// URI label, where a colon separates issuer and account.
  if (mfaIssuer.includes(':') || mfaIssuer.length > 64) throw new ConfigError(`MFA_ISSUER must be at most 64 characters without ":" (got "${mfaIssuer}")`);
  return {
    loginRateLimit: integer(env, 'LOGIN_RATE_LIMIT', 20, 1, 1_000_000),
    trustProxy: trustProxy(env.TRUST_PROXY),
    mfaIssuer,
  };
}

/** unset/false → no proxy; true → any; else a list of proxy addresses/CIDRs. */
function trustProxy(raw: string | undefined): boolean | string[] {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  const list = value.split(',').map((s) => s.trim()).filter(Boolean);
  if (!list.every((a) => /^(?=[^/]*[.:])[0-9a-fA-F.:]+(\/[0-9]{1,3})?$/.test(a))) {
    throw new ConfigError(`TRUST_PROXY must be true, false or a comma-separated list of addresses/CIDRs (got "${raw}")`);
  }
  return list;
}

function fileStore(raw: string | undefined): FileStoreKind {
  const value = raw?.trim().toLowerCase() || 'local';
  if (!(FILE_STORE_KINDS as readonly string[]).includes(value)) throw new ConfigError(`FILE_STORE must be ${FILE_STORE_KINDS.join(' or ')} (got "${raw}")`);
  return value as FileStoreKind;
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

function mailSettings(env: NodeJS.ProcessEnv) {
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl !== undefined) {
    // The value is not echoed: it may hold the SMTP password.
    let url: URL | undefined;
    try {
      url = new URL(smtpUrl);
    } catch {
      url = undefined;
    }
    if (!url || !['smtp:', 'smtps:'].includes(url.protocol) || !url.hostname) {
      throw new ConfigError('SMTP_URL must look like smtp://host:587 or smtps://user:password@host:465');
    }
  }
  const mailFrom = env.MAIL_FROM || 'Regulator Portal <no-reply@portal.local>';
  if (!/^([^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(mailFrom)) {
    throw new ConfigError(`MAIL_FROM must be an address or Name <address> (got "${mailFrom}")`);
  }
  return {
    smtpUrl,
    mailFrom,
    mailPollMs: integer(env, 'MAIL_POLL_MS', 2000, 100, 60 * 60 * 1000),
    mailMaxAttempts: integer(env, 'MAIL_MAX_ATTEMPTS', 10, 1, 100),
  };
}
