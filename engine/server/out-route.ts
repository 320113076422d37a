// GET /out/{id}.xlsx, .zip, .csv or .parquet (a finished export, for the user who submitted it) and GET /out/{report}.pdf
// (report.print), PROTOCOL.md §6. Also owns what serves them: the process's job worker (started
// when the app is ready, stopped when it closes) and the Chromium that prints reports. Refusals
// answer an XML envelope with an HTTP status, as GET /file does.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ActionContext, Caller, EngineServices } from '../runtime/context.js';
import type { Dispatcher } from '../actions/dispatch.js';
import { VersionSnapshot } from '../db/change-versions.js';
import { errors, isAppError, type ErrorCode } from '../errors/catalogue.js';
import { contentDisposition } from '../files/file-route.js';
import { jobFileKey, jobFileStore } from '../jobs/job-files.js';
import { jobWorkerFor, type JobWorker } from '../jobs/job-worker.js';
import { jobTypesOf } from '../jobs/job-types.js';
import type { JobFileKind } from '../app/engine-app.js';
import { finishedFile, findOwnJob } from '../jobs/own-jobs.js';
import { exception, type EnvelopeValue } from '../protocol/envelope.js';
import { BrowserPool } from '../reports/browser-pool.js';
import { printReport } from '../reports/print-report.js';
import { ReportStore, setReportPrinting } from '../reports/report-store.js';

export interface OutputDeps {
  services: EngineServices;
  dispatcher: Dispatcher;
  callerOf(req: FastifyRequest, versions?: VersionSnapshot): Promise<Caller | null>;
  sendEnvelope(req: FastifyRequest, reply: FastifyReply, values: EnvelopeValue[], status: number): FastifyReply;
}

export interface Output {
  jobWorker: JobWorker;
  reports: ReportStore;
  browsers: BrowserPool;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const STATUS: Partial<Record<ErrorCode, number>> = {
  E_ILLEGALACCESS: 401,
  E_NOPERMISSION: 403,
  E_NOTFOUND: 404,
  E_BADREQUEST: 400,
  E_INVALIDFIELD: 400,
  E_INVALIDOPERATOR: 400,
  E_RATELIMIT: 429,
  // Said on purpose (no Chromium, a print that timed out): the service is unavailable for now.
  E_FAIL: 503,
};

type JobExt = JobFileKind;

/** The job types whose finished file may have each extension, as each type declares (JobType.files). */
function typesByExt(types: ReturnType<typeof jobTypesOf>): Record<JobExt, string[]> {
  const by: Record<JobExt, string[]> = { xlsx: [], zip: [], pdf: [], csv: [], parquet: [] };
  for (const [name, t] of Object.entries(types)) for (const ext of t.files) by[ext].push(name);
  return by;
}
const TYPE_OF_EXT: Record<JobExt, string> = { xlsx: XLSX, zip: 'application/zip', pdf: 'application/pdf', csv: 'text/csv; charset=utf-8; header=present', parquet: 'application/vnd.apache.parquet' };

function downloadName(args: unknown, id: number, ext: JobExt): string {
  const title = typeof args === 'object' && args !== null ? (args as { title?: unknown }).title : undefined;
  const clean = typeof title === 'string' ? title.replace(/[\\/:*?"<>|\x00-\x1f]/g, ' ').trim().slice(0, 150) : '';
  return `${clean || `export-${id}`}.${ext}`;
}

export function registerOutput(app: FastifyInstance, deps: OutputDeps): Output {
  const { services, dispatcher } = deps;
  // Reports are WebReport records (the report designer, docs/reports.md), read at each print.
  const reports = new ReportStore(services.modules);
  const browsers = new BrowserPool({ executablePath: services.config.chromiumPath, maxPages: services.config.reportPages, timeoutMs: services.config.reportTimeoutMs, log: services.log.child({ component: 'reports' }) });
  // The designer's preview (Report.preview) prints through the same Chromium.
  setReportPrinting(services, reports, (html, options) => browsers.printed(html, options));
  const jobWorker = jobWorkerFor(services);
  const TYPES_BY_EXT = typesByExt(jobTypesOf(services.modules.app));

  const contextOf = (req: FastifyRequest, caller: Caller, versions: VersionSnapshot): ActionContext => dispatcher.routeContext(caller, req.id, versions);

  async function sendExport(ctx: ActionContext, reply: FastifyReply, id: number, ext: JobExt) {
    // The extension must match the file.
    const job = await findOwnJob(ctx, id, TYPES_BY_EXT[ext]);
    const stored = finishedFile(job);
    if (!stored.endsWith(`.${ext}`)) throw errors.notFound(`/out/${id}.${ext}`);
    const key = jobFileKey(stored);
    const body = key ? await jobFileStore(services).get(key) : null;
    if (!body) {
      ctx.log.error({ jobId: id, file: job.file, store: services.config.fileStore }, 'export file missing from the file store');
      throw errors.notFound(`The file of export ${id}`);
    }
    return reply
      .code(200)
      .type(TYPE_OF_EXT[ext])
      .header('content-length', body.size)
      .header('content-disposition', contentDisposition(downloadName(job.args, id, ext)))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(body.stream);
  }

  async function sendReport(ctx: ActionContext, req: FastifyRequest, reply: FastifyReply, name: string) {
    const printed = await printReport(ctx, reports, browsers, name, (req.query ?? {}) as Record<string, unknown>);
    return reply
      .code(200)
      .type('application/pdf')
      .header('content-length', printed.pdf.byteLength)
      // Inline: the form's PDF button opens it in a tab; saving keeps the name.
      .header('content-disposition', contentDisposition(printed.filename).replace(/^attachment/, 'inline'))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(printed.pdf.buffer, printed.pdf.byteOffset, printed.pdf.byteLength));
  }

  app.get<{ Params: { file: string } }>('/out/:file', async (req, reply) => {
    try {
      const versions = new VersionSnapshot(services.db);
      const caller = await deps.callerOf(req, versions);
      if (!caller) throw errors.illegalAccess();
      const ctx = contextOf(req, caller, versions);
      const { file } = req.params;
      const exported = /^([1-9][0-9]{0,11})\.(xlsx|zip|pdf|csv|parquet)$/.exec(file);
      if (exported) return await sendExport(ctx, reply, Number(exported[1]), exported[2] as JobExt);
      const pdf = /^([A-Za-z][A-Za-z0-9_-]{0,99})\.pdf$/.exec(file);
      if (pdf) return await sendReport(ctx, req, reply, pdf[1]);
      throw errors.notFound(`/out/${file.slice(0, 100)}`);
    } catch (e) {
      const values = dispatcher.failure(e, 'GET /out', req.id);
      const status = isAppError(e) ? (STATUS[e.code] ?? 500) : 500;
      return deps.sendEnvelope(req, reply, values.length ? values : [exception('E_FAIL', 'Unknown error')], status);
    }
  });

  // Jobs run once the app is ready (ready() or listen) and until it closes; Chromium closes with it.
  app.addHook('onReady', async () => jobWorker.start());
  app.addHook('onClose', async () => {
    await jobWorker.stop();
    await browsers.close();
  });

  return { jobWorker, reports, browsers };
}
