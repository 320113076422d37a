// MIDA staff counts (StaffClass, seed 001 §2.4, §3; docs/re-profile.md): the engine computes
// every total on each write, whatever the caller sent for them: a class's total is its Malaysian
// plus its foreign staff, my_total and fo_total the sums over the five classes (Production &
// Operation Workers being skilled plus unskilled). Empty counts are stored as 0.
import { errors } from '../../engine/errors/catalogue.js';
import type { ModuleHooks } from '../../engine/metadata/module-hooks.js';
import type { Row } from '../../engine/records/write-values.js';

export const STAFF_CLASSES = ['management', 'techsv', 'skilled', 'unskilled', 'general'] as const;

const count = (v: unknown): number => (v === null || v === undefined || v === '' ? 0 : Number(v) || 0);

/** The counts (empty ones as 0) and totals of a row (pure). */
export function staffTotals(values: Row): Row {
  const out: Row = {};
  let my = 0;
  let fo = 0;
  for (const c of STAFF_CLASSES) {
    const m = count(values[`my_${c}`]);
    const f = count(values[`fo_${c}`]);
    // An empty count is stored as 0, as the table shows it.
    out[`my_${c}`] = m;
    out[`fo_${c}`] = f;
    out[`${c}_total`] = m + f;
    my += m;
    fo += f;
  }
  out.my_total = my;
  out.fo_total = fo;
  return out;
}

/** Malaysian plus foreign staff of a stored row. */
export function staffGrandTotal(row: Row): number {
  return count(row.my_total) + count(row.fo_total);
}

export const staffClassHooks: ModuleHooks = {
  async beforeWrite(_ctx, _module, stored, row) {
    const negative = STAFF_CLASSES.flatMap((c) => [`my_${c}`, `fo_${c}`]).filter((f) => row[f] !== undefined && row[f] !== null && count(row[f]) < 0);
    if (negative.length) throw errors.validation(Object.fromEntries(negative.map((f) => [f, 'must be 0 or more'])));
    const totals = staffTotals({ ...(stored ?? {}), ...row });
    Object.assign(row, totals);
    return Object.keys(totals);
  },
};
