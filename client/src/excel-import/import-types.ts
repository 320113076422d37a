// The Form Type choices of an Excel import by user kind (seed 001: import type filter; seed 003
// §6): regulator roles 43 and 44 import App I/II forms (1100856), other staff main forms
// (1100855); an entity approver (role 27) may import either. The finer rule of the seed (sector
// and position ranges of the entity user) needs the user's position, which the session does not
// carry yet: see docs/excel.md.
import type { Choice } from '../ui/labelled-fields';

export const IMPORT_TYPES = { main: 1100855, appendix: 1100856 } as const;
const LABELS: Record<number, string> = { [IMPORT_TYPES.main]: 'Main forms', [IMPORT_TYPES.appendix]: 'App I/II forms' };

export function importTypeChoices(kind: 'RE' | 'IRU' | 'ADMIN' | null, roles: Record<string, boolean>): Choice[] {
  let ids: number[];
  if (kind === 'RE') ids = roles['27'] ? [IMPORT_TYPES.main, IMPORT_TYPES.appendix] : [IMPORT_TYPES.main];
  else ids = roles['43'] || roles['44'] ? [IMPORT_TYPES.appendix] : [IMPORT_TYPES.main];
  return ids.map((id) => ({ value: String(id), label: LABELS[id] }));
}

export function importTypeLabel(id: unknown): string {
  return LABELS[Number(id)] ?? String(id ?? '-');
}
