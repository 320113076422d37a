// The filing actions of PROTOCOL.md §7 (docs/filing.md).
import { formGetData, formSaveData } from './form-data.js';
import { formSubmit, formValidate } from './form-signoff.js';
import { formDiff, formHistory } from './form-history.js';
import { formCopyFromPrevious } from './form-copy.js';
import { formChanges } from './form-changes.js';

export const filingActions = [formGetData, formSaveData, formValidate, formSubmit, formHistory, formDiff, formCopyFromPrevious, formChanges];
