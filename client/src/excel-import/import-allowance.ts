// What the regulator's Import Allow rules refuse today to an entity's imports (docs/excel.md "Who
// may import"): asked of the server (Job.ImportFromExcel.allowance), which decides; the create
// page only tells the user beforehand, and the server refuses the same on submit and in the job.
import { useEffect, useState } from 'react';
import { rpc } from '../rpc/rpc';

export interface Allowance {
  /** The sentence when the entity may import none of its forms' templates, else null. */
  none: string | null;
  /** The templates refused today, each with its sentence. */
  refused: { template: number; label: string; until: string | null; message: string }[];
}

/** The allowance of the caller's current entity, or (staff) of `re`; null while unknown or without an entity. */
export function useImportAllowance(staff: boolean, re: string, key: unknown): Allowance | null {
  const [allowance, setAllowance] = useState<Allowance | null>(null);
  useEffect(() => {
    setAllowance(null);
    if (staff && !re) return;
    let live = true;
    rpc
      .text('Job.ImportFromExcel.allowance', staff ? { re: Number(re) } : {})
      .then((text) => live && setAllowance(JSON.parse(text) as Allowance))
      // Not told is not refused: the server still refuses on submit.
      .catch(() => live && setAllowance(null));
    return () => {
      live = false;
    };
  }, [staff, re, key]);
  return allowance;
}
