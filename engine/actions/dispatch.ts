// Dispatch of one call: look-up → access → parse arguments → permission → handler (in a
// transaction when it writes). Everything unexpected becomes E_FAIL with the request id,
// logged with its cause and never sent.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { AppError, errors, isAppError } from '../errors/catalogue.js';
import { exception, text, type EnvelopeValue } from '../protocol/envelope.js';
import type { ActionDef, ActionRegistry } from '../runtime/registry.js';
import type { ActionContext, Caller, EngineServices } from '../runtime/context.js';
import { VersionSnapshot } from '../db/change-versions.js';
import { dbFailureOf, RETRY } from '../db/db-failures.js';
import type { UploadedFile } from '../files/file-store.js';
import { assertAllowed } from '../identity/restriction.js';
import { LazyCallLogger } from '../runtime/call-log.js';

const ajv = new Ajv({ allErrors: false, strict: false, coerceTypes: false, useDefaults: true });
(addFormats as unknown as (a: Ajv) => void)(ajv);
const validators = new WeakMap<object, ValidateFunction>();

function validatorFor(schema: object): ValidateFunction {
  let v = validators.get(schema);
  if (!v) {
    v = ajv.compile(schema);
    validators.set(schema, v);
  }
  return v;
}

export interface Call {
  action: string;
  args: unknown[];
  /** The client's idea of its current entity (`re`), checked against the session. */
  re?: number | null;
  /** File parts of a multipart call, already received and checked (Record.uploadFile). */
  files?: readonly UploadedFile[];
  /** The client's address, for per-client limits (User.login attempts). */
  clientIp?: string;
}

export function checkArgs(def: ActionDef, args: unknown[]): unknown[] {
  const min = def.minArgs ?? def.args.length;
  if (args.length < min) throw errors.badRequest(`${def.name} needs ${min} argument${min === 1 ? '' : 's'} (a0${min > 1 ? `…a${min - 1}` : ''}); got ${args.length}`);
  if (args.length > def.args.length) throw errors.badRequest(`${def.name} takes at most ${def.args.length} argument(s); got ${args.length}`);
  args.forEach((arg, i) => {
    const validate = validatorFor(def.args[i]);
    if (!validate(arg)) {
      const e = validate.errors![0];
      const path = `a${i}${e.instancePath}`;
      const extra = e.keyword === 'additionalProperties' ? ` "${(e.params as { additionalProperty: string }).additionalProperty}"` : '';
      throw errors.badRequest(`${path} ${e.message}${extra}`);
    }
  });
  return args;
}

/** The answer to a call the database could not serve; the cause is kept for the log. */
function unavailable(cause: unknown): AppError {
  const e = new AppError('E_UNAVAILABLE');
  (e as { cause?: unknown }).cause = cause;
  return e;
}

export class Dispatcher {
  constructor(
    readonly services: EngineServices,
    readonly registry: ActionRegistry,
  ) {}

  /** Runs a call and always answers values: the handler's, or one exception (+ details). */
  async run(call: Call, caller: Caller | null, requestId: string, effects: ActionContext['effects'] = {}, versions?: VersionSnapshot): Promise<EnvelopeValue[]> {
    try {
      return await this.invoke(call, caller, requestId, effects, versions);
    } catch (e) {
      return this.failure(e, call.action, requestId);
    }
  }

  /** Runs a call and throws AppError on failure (for compositions and tests). */
  async invoke(
    call: Call,
    caller: Caller | null,
    requestId: string,
    effects: ActionContext['effects'] = {},
    firstVersions = new VersionSnapshot(this.services.db),
    nested = false,
  ): Promise<EnvelopeValue[]> {
    // A call run again reads the versions anew: the race it lost moved them.
    let versions = firstVersions;
    const def = this.registry.get(call.action);
    if (!def) throw errors.unknownAction(call.action);
    if (def.access === 'session' && !caller) throw errors.illegalAccess();
    // A restricted session (expired password, first sign-in) reaches only its allow-list.
    assertAllowed(def.name, caller?.restriction);
    if (caller && call.re != null && caller.currentRe != null && call.re !== caller.currentRe) throw new AppError('E_RECHANGED');
    const args = checkArgs(def, call.args);
    if (typeof def.permission === 'string' && !caller?.permissions.has(def.permission)) throw errors.noPermission(def.permission);
    const services = this.services;
    const log = new LazyCallLogger(services.log, { reqId: requestId, action: call.action });
    const ctx = (db: ActionContext['db']): ActionContext => ({
      services,
      db,
      caller,
      requestId,
      clientIp: call.clientIp,
      log,
      effects,
      files: call.files ?? [],
      versions,
      call: (action, inner) => this.invoke({ action, args: inner, re: call.re, clientIp: call.clientIp }, caller, requestId, effects, versions, true),
    });
    const run = def.writes ? () => this.services.db.transaction((trx) => def.handler(args as never, ctx(trx))) : () => def.handler(args as never, ctx(this.services.db));
    // Outermost calls only: a call made inside another's transaction fails with it, and the
    // outer one runs again whole.
    return nested
      ? run()
      : this.withRetries(run, def.writes === true, () => {
          versions = new VersionSnapshot(services.db);
        });
  }

  /**
   * A lost race (deadlock, certification failure) or a database host that cannot be reached is
   * run again, a bounded number of times; a write whose connection broke while it ran is not
   * (it may have committed): E_UNAVAILABLE says to check and send again.
   */
  private async withRetries(run: () => Promise<EnvelopeValue[]>, writes: boolean, beforeRetry: () => void): Promise<EnvelopeValue[]> {
    for (let n = 1; ; n++) {
      try {
        return await run();
      } catch (e) {
        const failure = dbFailureOf(e);
        const retry = failure === 'conflict' || failure === 'unreachable' || (failure === 'lost' && !writes);
        if (!retry || n >= RETRY.attempts) throw failure ? unavailable(e) : e;
        // Counted by operators (and the cluster test): how often writers collide or a host is lost.
        this.services.log.warn({ failure, attempt: n, reason: String((e as Error).message).slice(0, 300) }, 'database call run again');
        await new Promise((r) => setTimeout(r, RETRY.delayMs(n + 1)));
        beforeRetry();
      }
    }
  }

  /** The context of a route that serves a caller outside an action (downloads, /out). */
  routeContext(caller: Caller, requestId: string, versions: VersionSnapshot): ActionContext {
    const services = this.services;
    return {
      services,
      db: services.db,
      caller,
      requestId,
      log: new LazyCallLogger(services.log, { reqId: requestId }),
      effects: {},
      versions,
      call: (action, args) => this.invoke({ action, args }, caller, requestId, {}, versions),
    };
  }

  failure(e: unknown, action: string, requestId: string): EnvelopeValue[] {
    if (!isAppError(e) && dbFailureOf(e)) e = unavailable(e);
    if (isAppError(e) && e.code === 'E_UNAVAILABLE') this.services.log.warn({ reqId: requestId, action, err: (e as { cause?: unknown }).cause }, 'database unavailable');
    if (isAppError(e)) {
      const values: EnvelopeValue[] = [exception(e.code, e.message)];
      if (e.details !== undefined) values.push(text(JSON.stringify(e.details)));
      return values;
    }
    this.services.log.error({ reqId: requestId, action, err: e }, 'action failed');
    return [exception('E_FAIL', `Unknown error (request ${requestId})`)];
  }
}
