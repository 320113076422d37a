// What an app gives the engine, in one typed object read once at start: its modules and their
// behaviour, its actions, jobs, print values, seeds, schema changes and the work it runs on the
// clock. The engine imports nothing of an app; it calls what it was given (docs/engine.md).
import type { Knex } from 'knex';
import type { AnyAction } from '../runtime/registry.js';
import type { EngineServices } from '../runtime/context.js';
import type { ModuleHooks, SelectGuard } from '../metadata/module-hooks.js';
import type { ModuleRegistry } from '../metadata/module-registry.js';
import type { JobHandler } from '../jobs/job-run.js';
import type { Migration } from '../db/migration.js';
import type { PrintValueProvider } from '../reports/print-value-providers.js';

/** The kinds of file a finished job may be downloaded as (GET /out/{id}.{ext}). */
export type JobFileKind = 'xlsx' | 'zip' | 'pdf' | 'csv' | 'parquet';

export interface JobType {
  run: JobHandler;
  /** The kinds of file its result may be; none when it writes no file. */
  files: readonly JobFileKind[];
}

/** A piece of work the app keeps running while the server is up (timers); stopped on close. */
export type StartupTask = (services: EngineServices) => { stop(): void };

export interface EngineApp {
  /** Short and stable: it names the app in logs. */
  name: string;
  /** The folder of the app's module metadata, one JSON file per module (engine/metadata/module-schema.ts). */
  modulesDir: string;
  /** The app's actions, beside the engine's own; `modules` is the app's module registry. */
  actions?(modules: ModuleRegistry): readonly AnyAction[];
  /**
   * Each module's behaviour on writes, by module name. A variant of a module (RE-Extension of
   * Extension) writes the same table and gets the same behaviour. An unknown name fails at start.
   */
  moduleHooks?: Readonly<Record<string, ModuleHooks>>;
  /** Read rules beyond the module metadata's, checked before every Record.select. */
  beforeSelect?: SelectGuard;
  /** Background job types by the `type` stored in their row, beside the engine's own. */
  jobs?: Readonly<Record<string, JobType>>;
  /** Print values computed by code, by the name a report definition gives in `values`. */
  printValues?: Readonly<Record<string, PrintValueProvider>>;
  /** Schema changes of the app's own tables, run after the engine's, in order. */
  migrations?: readonly Migration[];
  /** Fills a freshly migrated database: reference data (its lists, roles, permission tasks, screens and
   * mail templates, as rows of the engine's modules), and demo data when `demo`. */
  seed?(db: Knex, options: { demo: boolean }): Promise<unknown>;
  /** Work on the clock, started when the server is ready and stopped when it closes. */
  startup?: readonly StartupTask[];
}

/** Checks an app's declaration once (names, no clash with the engine's own job types). */
export function defineApp(app: EngineApp): EngineApp {
  if (!/^[a-z][a-z0-9-]*$/.test(app.name)) throw new Error(`An app's name is lower-case letters, digits and -: ${JSON.stringify(app.name)}`);
  return app;
}
