// The WebReport module's behaviour on writes (engine/metadata/modules/WebReport.json): a report
// is checked whole, whatever channel writes it (its template names the fields of its field list,
// of its module, and the print values its app computes).
import type { ModuleHooks } from '../metadata/module-hooks.js';
import { errors } from '../errors/catalogue.js';
import { reportProblems } from './report-definition.js';

export const webReportHooks: ModuleHooks = {
  async beforeWrite(ctx, _module, stored, row) {
    const merged = { ...(stored ?? {}), ...row };
    let properties: unknown = merged.properties;
    if (typeof properties === 'string') {
      try {
        properties = JSON.parse(properties);
      } catch {
        throw errors.validation({ properties: 'is not JSON' });
      }
    }
    const problems = reportProblems(ctx.services.modules, { ...merged, properties });
    if (Object.keys(problems).length) throw errors.validation(problems);
    return [];
  },
};
