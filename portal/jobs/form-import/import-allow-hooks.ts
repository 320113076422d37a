// Every write of an Import Allow rule (docs/excel.md "Who may import"): a rule names a reporting
// entity, a sector or neither (every entity), never both; its validity ends no earlier than it
// starts. Refused as E_VALIDATION naming the field, before anything is written.
import type { ModuleHooks, Row } from '../../../engine/metadata/module-hooks.js';
import { errors } from '../../../engine/errors/catalogue.js';
import { isoDay } from '../../filing/late-notice-rule.js';

const value = (row: Row, stored: Row | null, column: string) => (column in row ? row[column] : stored?.[column]) ?? null;

export const importAllowHooks: ModuleHooks = {
  async beforeWrite(_ctx, _module, stored, row) {
    const problems: Record<string, string> = {};
    if (value(row, stored, 're') !== null && value(row, stored, 'sector') !== null) {
      problems.sector = 'choose a reporting entity or a sector, not both (neither: every entity)';
    }
    const [from, to] = [isoDay(value(row, stored, 'validfrom')), isoDay(value(row, stored, 'validto'))];
    if (from && to && to < from) problems.validto = 'cannot be before Valid from';
    if (Object.keys(problems).length) throw errors.validation(problems);
    return [];
  },
};
