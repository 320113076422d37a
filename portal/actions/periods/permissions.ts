// The regulator's own tasks around reporting periods (docs/filing-periods.md); seeds/access.ts
// derives the permission tasks from this list and grants them to the IRU role. RE users never
// hold them: they file what the regulator opened, and create only ad hoc forms (RE.createAdhocForm).
// Deleting batches and forms is Record.delete with the modules' own delete tasks. The Freeze Period
// screen's history is module FreezePeriod (its FreezePeriod.select task, as every module's).
export const PERIOD_PERMISSIONS = {
  open: 'FormBatch.action.openPeriod',
  completeness: 'FormBatch.action.completeness',
  lateNotify: 'FormBatch.action.lateNotify',
  freeze: 'FormBatch.action.freezePeriod',
} as const;

export const PERIOD_IRU_PERMISSIONS: string[] = Object.values(PERIOD_PERMISSIONS);
