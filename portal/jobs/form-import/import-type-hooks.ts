// Every write of an Excel import (Record.create/update through ExcelImport or RE-ExcelImport)
// names a Form Type the caller may import (import-types.ts), refused as E_VALIDATION naming the
// Form Type before anything is written. Creating one first passes the profile gate (seed 000
// §2.2, portal/profile/profile-gate.ts), as Job.ImportFromExcel.submit does. The row rules' own
// check (assertWithinRules) stays behind it.
import type { ModuleHooks } from '../../../engine/metadata/module-hooks.js';
import { requireVerifiedProfile } from '../../profile/profile-gate.js';
import { assertImportType } from './import-types.js';

export const excelImportHooks: ModuleHooks = {
  async beforeWrite(ctx, module, stored, row) {
    if (!stored) await requireVerifiedProfile(ctx);
    const column = module.fields.get('importtype')?.column ?? 'importtype';
    const type = row[column];
    if (type === undefined || type === null) return [];
    if (stored && Number(stored[column]) === Number(type)) return [];
    await assertImportType(ctx, Number(type), 'E_VALIDATION');
    return [];
  },
};
