// The filing modules' behaviour on writes (registered in portal/module-hooks.ts): a form's
// sign-off, submission and review moves carry their own rules and stamps (docs/filing.md; a
// move may also complete a resubmission: portal/module-hooks.ts adds that rule); a form's entity,
// submission, template, version, period and tab list never change after it is created
// (form-fixed-columns.ts); a form of a frozen submission does not change at all (batch-freeze.ts); a submission goes with its forms, a form with its cells,
// revisions and extract rows (docs/filing-periods.md); templates and their overrides are checked
// and normalised on every write, and a change of a template's shape publishes a version
// (docs/form-templates.md).
import type { ModuleHooks } from '../../engine/metadata/module-hooks.js';
import { assertFixedUnchanged } from './form-fixed-columns.js';
import { assertNotFrozen } from './batch-freeze.js';
import { afterFormStateChange } from './form-state-effects.js';
import { beforeFilingDelete } from './period-delete.js';
import { prepareTemplateWrite } from './template-save.js';
import { publishTemplateVersion } from './template-versions.js';

export const formHooks: ModuleHooks = {
  // Last before the row is written, so values a domain action sets are held to it as well.
  // A form of a frozen submission refuses every update and state move, whatever the channel.
  beforeWrite: async (ctx, module, stored, row) => {
    if (stored) await assertNotFrozen(ctx.db, stored.formbatch === null || stored.formbatch === undefined ? null : Number(stored.formbatch));
    assertFixedUnchanged(module, stored, row);
    return [];
  },
  afterStateChange: (ctx, _module, id, from, to, reason) => afterFormStateChange(ctx, id, from, to, reason),
  beforeDelete: beforeFilingDelete,
};

export const formBatchHooks: ModuleHooks = { beforeDelete: beforeFilingDelete };

export const templateHooks: ModuleHooks = {
  prepare: prepareTemplateWrite,
  afterAudit: async (db, _module, id, _action, changed, who) => publishTemplateVersion(db, id, changed, who),
};

export const templateOverrideHooks: ModuleHooks = { prepare: prepareTemplateWrite };
