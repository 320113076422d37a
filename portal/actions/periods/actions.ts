// The actions around reporting periods (docs/filing-periods.md), registered together.
import { formBatchOpenPeriod } from './open-period.js';
import { reCreateAdhocForm, reGetAdhocList } from './adhoc.js';
import { formBatchCompleteness, formBatchCompletenessEntities } from './completeness.js';
import { formBatchLateNotify } from './late-notify.js';
import { formBatchFreezePeriod } from './freeze-period.js';

export const periodActions = [formBatchOpenPeriod, reGetAdhocList, reCreateAdhocForm, formBatchCompleteness, formBatchCompletenessEntities, formBatchLateNotify, formBatchFreezePeriod];
