// A query names a reporting entity, and may name one of its submissions and one form of that
// submission (seed 002 §3). The row rules decide which entities, submissions and forms a caller
// may reach, each on its own; this hook keeps the three together on every write, whoever calls:
// a relationship manager who may read two banks cannot raise a query on one bank about the
// other's form.
import type { ActionContext } from '../../engine/runtime/context.js';
import { AppError } from '../../engine/errors/catalogue.js';
import type { ResolvedModule } from '../../engine/metadata/module-registry.js';
import type { ModuleHooks } from '../../engine/metadata/module-hooks.js';
import type { Row } from '../../engine/records/write-values.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Checks that a query\'s submission and form belong to its entity; whether the caller may name them is then checked through their own rules (assertWithinRules)',
);

export const QUERY_LINK_MESSAGES = {
  batch: 'The submission is not one of this reporting entity\'s: choose a submission of the entity the query is about.',
  form: 'The form is not one of this reporting entity\'s: choose a form of the entity the query is about.',
  formOfBatch: 'The form is not part of the chosen submission: choose a form of that submission.',
} as const;

function refuse(field: string, message: string): AppError {
  return new AppError('E_VALIDATION', message, { [field]: message });
}

function idOf(v: unknown): number | null {
  return v === null || v === undefined || v === '' ? null : Number(v);
}

export const queryLinkHooks: ModuleHooks = {
  async beforeWrite(ctx: ActionContext, _module: ResolvedModule, stored: Row | null, row: Row): Promise<string[]> {
    if (!('re' in row) && !('formbatch' in row) && !('form' in row)) return [];
    const after = (c: string) => idOf(c in row ? row[c] : stored?.[c]);
    const [re, batch, form] = [after('re'), after('formbatch'), after('form')];
    if (batch !== null) {
      const b = await ctx.db('formbatch').where({ id: batch }).first('re');
      if (b && re !== null && Number(b.re) !== re) throw refuse('formbatch', QUERY_LINK_MESSAGES.batch);
    }
    if (form !== null) {
      const f = await ctx.db('form').where({ id: form }).first('re', 'formbatch');
      if (f && re !== null && Number(f.re) !== re) throw refuse('form', QUERY_LINK_MESSAGES.form);
      if (f && batch !== null && Number(f.formbatch) !== batch) throw refuse('form', QUERY_LINK_MESSAGES.formOfBatch);
    }
    return [];
  },
};
