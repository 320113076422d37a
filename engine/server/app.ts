// The Fastify application: thin routes over the dispatcher. Every answer of /process is an
// envelope (XML, or JSON on request); no answer is ever an HTML error page or a stack trace.
import { randomBytes } from 'node:crypto';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { Knex } from 'knex';
import { pino, type Logger } from 'pino';
import type { EngineConfig } from '../../fastify.config.js';
import { connect, dialectOf } from '../db/connect.js';
import type { ModuleRegistry } from '../metadata/module-registry.js';
import { loadTableIndexes } from '../records/index-hint.js';
import { Dispatcher, type Call } from '../actions/dispatch.js';
import type { ActionContext, Caller, EngineServices } from '../runtime/context.js';
import { buildRegistry } from '../actions/index.js';
import { AppError, errors, isAppError, type ErrorCode } from '../errors/catalogue.js';
import { encodeJson, encodeXml, exception, exceptionText, type EnvelopeValue } from '../protocol/envelope.js';
import { decodeFormBody, decodeJsonBody } from '../protocol/request-decoder.js';
import { destroySession, loadCaller, SESSION_COOKIE } from '../identity/session-store.js';
import { bearerToken, loadTokenCaller } from '../identity/api-tokens.js';
import { restrictionError } from '../identity/restriction.js';
import { VersionSnapshot } from '../db/change-versions.js';
import { drainRequest, readMultipartCall } from '../files/multipart-call.js';
import { UploadTypes } from '../files/file-types.js';
import { fileStoreOf } from '../files/attachments.js';
import { registerFileRoutes } from '../files/file-route.js';
import { registerContractRoutes } from '../contract/routes.js';
import { registerClientRoutes } from './client-route.js';
import { mailWorkerFor, type MailWorker } from '../mail/mail-worker.js';
import { registerOutput } from './out-route.js';
import { registerSecurityHeaders, setAnswerHeaders } from './security-headers.js';
import { envelopeUsageOf } from './api-paths.js';
import { foreignOriginRefusal, fromPortalOrigin } from './same-origin.js';
import { cookieDefaults } from './cookie-options.js';
import type { JobWorker } from '../jobs/job-worker.js';
import type { UploadedFile } from '../files/file-store.js';
import type { EngineApp } from '../app/engine-app.js';
import { appModules } from '../app/app-modules.js';

export interface BuildOptions {
  config: EngineConfig;
  /** The app the engine serves: its modules, their behaviour, its actions and jobs (docs/engine.md). */
  app: EngineApp;
  /** An existing knex instance (tests); otherwise one is made from the config. */
  db?: Knex;
  modules?: ModuleRegistry;
  logger?: Logger;
}

export interface Engine {
  app: FastifyInstance;
  services: EngineServices;
  dispatcher: Dispatcher;
  /** Delivers the mail outbox; null when SMTP_URL is not set. */
  mailWorker: MailWorker | null;
  /** Runs this process's share of the background jobs (JOB_CONCURRENCY). */
  jobWorker: JobWorker;
  close(): Promise<void>;
}

const XML = 'application/xml; charset=utf-8';

function wantsJson(req: FastifyRequest): boolean {
  return /\bapplication\/json\b/.test(String(req.headers.accept ?? ''));
}

function statusOf(values: EnvelopeValue[]): number {
  const first = values[0];
  if (first?.type === 'exception') {
    if (first.code === 'E_TOOLARGE') return 413;
    if (first.code === 'E_FILETYPE') return 415;
    if (first.code === 'E_RATELIMIT') return 429;
    if (first.code === 'E_UNAVAILABLE') return 503;
  }
  return 200;
}

function sendEnvelope(req: FastifyRequest, reply: FastifyReply, values: EnvelopeValue[], status = statusOf(values)): FastifyReply {
  reply.code(status).header('cache-control', 'no-store');
  if (wantsJson(req)) return reply.type('application/json; charset=utf-8').send(encodeJson(values));
  return reply.type(XML).send(encodeXml(values));
}

/** The text endpoint's answer (PROTOCOL.md §3): `OK`, the text result, or `exception:text:CODE:message`. */
function sendText(reply: FastifyReply, values: EnvelopeValue[], status = statusOf(values)): FastifyReply {
  const first = values[0];
  const body = first?.type === 'exception' ? `exception:${exceptionText(first.code, first.message)}` : first?.type === 'text' ? first.text : 'OK';
  return reply.code(status).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(body);
}

/** Errors raised before a handler runs answer in the form of the endpoint that was called. */
function sendFailure(req: FastifyRequest, reply: FastifyReply, values: EnvelopeValue[], status = statusOf(values)): FastifyReply {
  if (req.routeOptions?.url === '/process/string') return sendText(reply, values, status);
  return sendEnvelope(req, reply, values, status);
}

const UNSUPPORTED_TYPE = 'Send the call as application/x-www-form-urlencoded, application/json or multipart/form-data';

/** Fastify's default; a longer part of a path matches no route and is answered below. */
const MAX_PARAM_LENGTH = 100;

/**
 * A URL the router cannot read (bad percent-encoding) or whose part is over MAX_PARAM_LENGTH.
 * No hook runs for these: the answer is made here, an envelope under the envelope endpoints.
 */
function answerMalformedUrl(err: FastifyError, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  setAnswerHeaders(reply);
  const why: Record<string, string> = {
    FST_ERR_BAD_URL: ': it holds a % that does not start a valid percent-encoded UTF-8 character',
    FST_ERR_MAX_PARAM_LENGTH: `: a part of it is longer than ${MAX_PARAM_LENGTH} characters`,
  };
  const message = `The address is malformed${why[err.code] ?? ''}`;
  const usage = envelopeUsageOf(req.url);
  if (usage !== undefined) return sendEnvelope(req, reply, [exception('E_BADREQUEST', `${message}. ${usage}`)], 400);
  return reply.code(400).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(message);
}

function decodeCall(req: FastifyRequest): Call {
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  const body = req.body;
  if (type.startsWith('application/json')) return decodeJsonBody(body);
  if (typeof body !== 'object' || body === null) throw errors.badRequest('The request has no body: send action and a0… as form fields or JSON');
  return decodeFormBody(body as Record<string, unknown>);
}

function fastifyErrorCode(err: { code?: string; statusCode?: number }): ErrorCode {
  if (err.statusCode === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_PARTS_LIMIT' || err.code === 'FST_FILES_LIMIT' || err.code === 'FST_FIELDS_LIMIT') return 'E_TOOLARGE';
  if (err.statusCode === 429) return 'E_RATELIMIT';
  return 'E_BADREQUEST';
}

function requestIds(): () => string {
  const prefix = randomBytes(3).toString('hex');
  let n = 0;
  return () => `${prefix}${(++n).toString(36).padStart(6, '0')}`;
}

export async function buildEngine(opts: BuildOptions): Promise<Engine> {
  const { config } = opts;
  const log = opts.logger ?? pino({ level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] });
  const db = opts.db ?? connect(config);
  const services: EngineServices = {
    config,
    db,
    dialect: dialectOf(db),
    modules: opts.modules ?? appModules(opts.app),
    log,
  };
  // The indexes list reads are told to use on MariaDB (index-hint.ts), read before the first request.
  await loadTableIndexes(db);
  const dispatcher = new Dispatcher(services, buildRegistry(services.modules));
  const mailWorker = mailWorkerFor(services);
  const fileStore = fileStoreOf(services);
  const uploadTypes = new UploadTypes(config.uploadTypes);
  void fileStore.sweepTemp().catch((err) => log.warn({ err }, 'could not sweep the temporary upload files'));
  void fileStore.blobs.sweep().catch((err) => log.warn({ err }, 'could not sweep half-written stored files'));
  const app = Fastify({
    loggerInstance: log,
    bodyLimit: config.bodyLimit,
    // Unique per process start and cheap per request: a random prefix and a counter.
    genReqId: requestIds(),
    // Behind a load balancer the client address comes from X-Forwarded-For (per-client login limit).
    trustProxy: config.trustProxy,
    // Our own log lines carry the request id; per-request access lines would double the logging cost.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Bad percent-encoding and over-long parts, found by the router before any route or hook.
    frameworkErrors: answerMalformedUrl,
  }) as unknown as FastifyInstance;
  // First, so that every route, file and error answer after it carries the headers.
  registerSecurityHeaders(app);
  // Defaults of every cookie set: HttpOnly, SameSite=Lax, Path=/, Secure behind an https PUBLIC_URL.
  await app.register(cookie, { parseOptions: cookieDefaults(config) });
  await app.register(formbody, { bodyLimit: config.bodyLimit });
  // A call is form-encoded, JSON or multipart (PROTOCOL.md §1); a text/plain body answers 415 like any other type.
  app.removeContentTypeParser('text/plain');
  // Multipart calls are read by readMultipartCall (engine/files): fields as a form body, the
  // file part streamed to the file store with its own limit, never buffered in memory.
  await app.register(multipart);
  // Multipart bodies are streamed, out of reach of Fastify's bodyLimit: a declared size over
  // fields plus one file is refused before reading; the stream is still counted as it comes.
  app.addHook('onRequest', async (req) => {
    const type = String(req.headers['content-type'] ?? '').toLowerCase();
    if (type.startsWith('multipart/') && Number(req.headers['content-length']) > config.bodyLimit + config.uploadLimit) throw new AppError('E_TOOLARGE');
  });

  // Parsing errors (bad JSON, too large, unsupported type) still answer an envelope.
  app.setErrorHandler((err, req, reply) => {
    if (isAppError(err)) return sendFailure(req, reply, dispatcher.failure(err, '', req.id));
    const e = err as { code?: string; statusCode?: number; message?: string };
    // A request body of another media type is a malformed call, not a refused upload (E_FILETYPE).
    if (e.statusCode === 415 || e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return sendFailure(req, reply, [exception('E_BADREQUEST', UNSUPPORTED_TYPE)], 415);
    if (e.statusCode && e.statusCode < 500) {
      const code = fastifyErrorCode(e);
      const message = code === 'E_BADREQUEST' ? `The request is malformed: ${e.message ?? ''}`.trim() : undefined;
      const values = [exception(code, message ?? new AppError(code).message)];
      return sendFailure(req, reply, values, code === 'E_BADREQUEST' ? 200 : statusOf(values));
    }
    log.error({ reqId: req.id, err }, 'request failed');
    return sendFailure(req, reply, [exception('E_FAIL', `Unknown error (request ${req.id})`)]);
  });
  const clientPages = await registerClientRoutes(app, config.clientDir);
  app.setNotFoundHandler((req, reply) => {
    if (clientPages.fallback(req, reply)) return reply;
    const usage = envelopeUsageOf(req.url);
    if (usage !== undefined) return sendEnvelope(req, reply, [exception('E_BADREQUEST', usage)], 404);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });

  async function callerOf(req: FastifyRequest, versions?: VersionSnapshot): Promise<Caller | null> {
    // An API token is sent on purpose by a program, never by a browser on its own: no CSRF check.
    const bearer = bearerToken(req.headers.authorization);
    if (bearer !== undefined) return loadTokenCaller(db, bearer, versions);
    // Checked with or without the cookie: a public call such as User.login sets one.
    if (!fromPortalOrigin(req, config.publicUrl)) throw foreignOriginRefusal(config.publicUrl);
    const token = req.cookies[SESSION_COOKIE];
    if (!token) return null;
    return loadCaller(db, token, config, versions);
  }

  // Path, HttpOnly, SameSite and Secure come from cookieDefaults.
  function applyEffects(reply: FastifyReply, effects: ActionContext['effects']) {
    if (effects.clearSession) reply.clearCookie(SESSION_COOKIE);
    if (effects.sessionToken) reply.setCookie(SESSION_COOKIE, effects.sessionToken, { maxAge: config.sessionAbsoluteMinutes * 60 });
  }

  async function runCall(req: FastifyRequest, reply: FastifyReply): Promise<EnvelopeValue[]> {
    const effects: ActionContext['effects'] = {};
    // One read of the change versions serves the session's access and the action's caches.
    const versions = new VersionSnapshot(db);
    let values: EnvelopeValue[];
    let files: readonly UploadedFile[] = [];
    try {
      let call: Call;
      let caller: Caller | null;
      if (req.isMultipart()) {
        // The session is known before the body is read: only a signed-in caller's files are stored.
        caller = await callerOf(req, versions).catch((e) => {
          drainRequest(req);
          throw e;
        });
        call = await readMultipartCall(req, { store: fileStore, types: uploadTypes, fieldBytes: config.bodyLimit, acceptFiles: caller !== null });
        files = call.files ?? [];
      } else {
        call = decodeCall(req);
        caller = await callerOf(req, versions);
      }
      values = await dispatcher.run({ ...call, clientIp: req.ip }, caller, req.id, effects, versions);
    } catch (e) {
      values = dispatcher.failure(e, '', req.id);
    } finally {
      // Files the call stored have left the temporary area; the rest are dropped.
      await Promise.all(files.map((f) => fileStore.discard(f)));
    }
    // A body refused part-way is being thrown away: end the connection after the answer
    // rather than keep it waiting for the rest.
    if (req.isMultipart() && !req.raw.readableEnded) reply.header('connection', 'close');
    // Rotation: the session of a cookie that is replaced (new sign-in) or cleared ends with it.
    const presented = req.cookies[SESSION_COOKIE];
    if (presented && (effects.clearSession || (effects.sessionToken && effects.sessionToken !== presented))) {
      await destroySession(db, presented).catch((err) => log.warn({ reqId: req.id, err }, 'could not end the replaced session'));
    }
    applyEffects(reply, effects);
    // The call has committed: a job it queued is claimed now, not up to JOB_POLL_MS later.
    if (effects.jobQueued) output.jobWorker.wake();
    return values;
  }

  // A call may carry a whole form template, so calls have their own, larger body limit
  // (PROCESS_BODY_LIMIT); every other route keeps BODY_LIMIT. The route's limit overrides the
  // JSON and form parsers' own; multipart fields are read by readMultipartCall with BODY_LIMIT.
  const callRoute = { bodyLimit: config.processBodyLimit };
  app.post('/process', callRoute, async (req, reply) => sendEnvelope(req, reply, await runCall(req, reply)));

  app.post('/process/string', callRoute, async (req, reply) => sendText(reply, await runCall(req, reply)));

  // Downloads do not pass the dispatcher: a restricted session is held back here (403).
  async function fileCallerOf(req: FastifyRequest, versions?: VersionSnapshot): Promise<Caller | null> {
    const caller = await callerOf(req, versions);
    if (caller?.restriction) throw new AppError('E_NOPERMISSION', restrictionError(caller.restriction).message);
    return caller;
  }

  registerFileRoutes(app, { services, dispatcher, callerOf: fileCallerOf, sendEnvelope });
  // GET /out/{id}.xlsx and /out/{report}.pdf, with the job worker and Chromium behind them.
  const output = registerOutput(app, { services, dispatcher, callerOf: fileCallerOf, sendEnvelope });
  registerContractRoutes(app, dispatcher.registry);

  app.get('/health', async (_req, reply) => {
    try {
      await db.raw('select 1');
      return reply.send({ status: 'ok', database: 'ok' });
    } catch {
      return reply.code(503).send({ status: 'error', database: 'unreachable' });
    }
  });

  // The outbox is delivered once the app is ready (ready() or listen) and until it closes.
  app.addHook('onReady', async () => mailWorker?.start());
  app.addHook('onClose', async () => mailWorker?.stop());
  // The app's work on the clock (EngineApp.startup), from ready to close, unless CLOCK_WORK=off.
  const timers: { stop(): void }[] = [];
  app.addHook('onReady', async () => {
    if (!opts.config.clockWork) return;
    for (const start of services.modules.app.startup ?? []) timers.push(start(services));
  });
  app.addHook('onClose', async () => {
    for (const t of timers.splice(0)) t.stop();
  });

  return {
    app,
    services,
    dispatcher,
    mailWorker,
    jobWorker: output.jobWorker,
    async close() {
      await app.close();
      if (!opts.db) await db.destroy();
    },
  };
}
