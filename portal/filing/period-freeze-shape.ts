// What FormBatch.freezePeriod answers (docs/filing-periods.md "Freezing a period"): its rows and
// its summary, one shape for the server that builds them and the Freeze Period screen that reads them.

export type FreezeAction = 'freeze' | 'unfreeze';

/** One submission of the period: `changes` when the move freezes (or unfreezes) it, `already` when it is so already. */
export interface FreezeRow {
  re: number;
  re_name: string;
  formbatch: number;
  batch: string;
  calendar: string;
  state: string;
  forms: number;
  /** The caller's forms of the batch by state, in words: "2 Open, 1 Submitted". */
  formstates: string;
  frozen: boolean;
  status: 'changes' | 'already';
}

/** The answer's second value, as JSON. */
export interface FreezeSummary {
  action: FreezeAction;
  endon: string;
  dryRun: boolean;
  batches: { changes: number; already: number };
  forms: { changes: number; already: number };
  entities: number;
  /** The record of the move (FreezePeriod id); null for a preview or when nothing changed. */
  record: number | null;
  recipients: number;
  sentence: string;
}
