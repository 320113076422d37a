// Every kind of job the worker can run, by the `type` stored in its row: the engine's own (list
// exports) and the app's (EngineApp.jobs). A row of an unknown type (written by a newer engine,
// say) fails with a message rather than running as anything.
import type { EngineApp, JobType } from '../app/engine-app.js';
import { EXPORT_LIST_EXCEL, runListExport } from './list-export/run-export.js';

const ENGINE_JOBS: Readonly<Record<string, JobType>> = {
  [EXPORT_LIST_EXCEL]: { run: runListExport, files: ['xlsx'] },
};

/** The engine's job types and the app's; an app's type may not take an engine's name. */
export function jobTypesOf(app: EngineApp): Readonly<Record<string, JobType>> {
  for (const name of Object.keys(app.jobs ?? {})) if (Object.hasOwn(ENGINE_JOBS, name)) throw new Error(`The app ${app.name} declares job type ${name}, which is the engine's own`);
  return { ...ENGINE_JOBS, ...app.jobs };
}
