// The actions around reporting periods (docs/filing-periods.md), registered together.
import { formBatchOpenPeriod } from './open-period.js';

export const periodActions = [formBatchOpenPeriod];
