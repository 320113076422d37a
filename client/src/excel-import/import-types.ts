// An Excel import's Form Type: the choices the server allows the caller (Job.ImportFromExcel.types,
// decided by ExcelImport's row rules from the caller's roles, position and entity sector; seed 001
// §6, docs/excel.md), and the labels the import's page shows. No rule is decided here.
import { rpc } from '../rpc/rpc';
import type { Choice } from '../ui/labelled-fields';

const LABELS: Record<number, string> = { 1100855: 'Main forms', 1100856: 'App I/II forms' };

/** The Form Types the server lets the caller import, for the create page's select. */
export async function allowedImportTypes(): Promise<Choice[]> {
  const types = await rpc.json<{ value: number; label: string }[]>('Job.ImportFromExcel.types');
  return types.map((t) => ({ value: String(t.value), label: t.label }));
}

export function importTypeLabel(id: unknown): string {
  return LABELS[Number(id)] ?? String(id ?? '-');
}
