// The variance check (docs/filing-periods.md "Variance check"): running it needs the task the
// Administration > Variance Check menu item names; its thresholds are the VarianceRule module's,
// which regulator staff maintain. seeds/access.ts derives and grants these.
export const VARIANCE_CHECK_PERMISSION = 'VarianceCheck.select';

export const VARIANCE_IRU_GRANTS = ['VarianceRule.create', 'VarianceRule.update', 'VarianceRule.delete'];
