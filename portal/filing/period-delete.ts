// Deleting submissions and forms (docs/filing-periods.md): Record.delete of a batch (FormBatch)
// or a form (Form) calls this first, in its transaction, so a batch goes with its forms and a
// form with its cells, revisions and extract rows; all or nothing. A form that queries,
// resubmission requests or dropdown requests refer to is refused: that correspondence is the
// regulator's record and must not lose its subject. A form or batch of a frozen submission is
// refused before anything goes, with the frozen form's one sentence (batch-freeze.ts). Only the
// regulator holds FormBatch.delete and Form.delete (seeds/access.ts); the entity's variants have
// no delete grant.
import { AppError } from '../../engine/errors/catalogue.js';
import type { ResolvedModule } from '../../engine/metadata/module-registry.js';
import type { ActionContext } from '../../engine/runtime/context.js';
import { recordAudit } from '../../engine/records/record-history.js';
import { bumpVersions } from '../../engine/db/change-versions.js';
import { extractDatabases, removeFormExtract } from './extract-tables.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';
import { assertNotFrozen } from './batch-freeze.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Deleting a batch or form takes its forms and their cells with it, inside a Record.delete the record engine already checked against the caller\'s rules',
);

/** What refers to forms and keeps them from being deleted: table → its form column. */
const REFERRERS: [table: string, column: string, one: string, many: string][] = [
  ['query', 'form', 'query', 'queries'],
  ['resubmissionform', 'form', 'resubmission request', 'resubmission requests'],
  ['smsdropdown', 'formid', 'dropdown value request', 'dropdown value requests'],
];

async function refuseReferenced(ctx: ActionContext, ids: number[], subject: string): Promise<void> {
  const found: string[] = [];
  let total = 0;
  for (const [table, column, one, many] of REFERRERS) {
    const n = Number((await ctx.db(table).whereIn(column, ids).count({ n: '*' }).first())?.n ?? 0);
    total += n;
    if (n > 0) found.push(`${n} ${n === 1 ? one : many}`);
  }
  if (found.length) {
    const message = `This cannot be deleted: ${found.join(', ')} ${total === 1 ? 'refers' : 'refer'} to ${subject}.`;
    throw new AppError('E_VALIDATION', message, { id: message });
  }
}

/** Removes what belongs to these forms (cells, revisions, extract rows); `andRows` the form rows too. */
async function removeForms(ctx: ActionContext, ids: number[], andRows: boolean): Promise<void> {
  if (!ids.length) return;
  await refuseReferenced(ctx, ids, andRows ? 'its forms' : 'the form');
  const forms = await ctx.db('form').whereIn('id', ids).select('id', 'code', 'name', 'formbatch', 're', 'endon', 'state', 'formtemplate', 'templateversion', 'updatectr');
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  for (const f of forms) await removeFormExtract(extractDatabases(ctx), { id: Number(f.id), formtemplate: n(f.formtemplate), templateversion: n(f.templateversion) });
  await ctx.db('formcell').whereIn('form', ids).delete();
  await ctx.db('formrevision').whereIn('form', ids).delete();
  await bumpVersions(ctx.db, ['formcell', 'formrevision']);
  if (!andRows) return;
  await ctx.db('form').whereIn('id', ids).delete();
  const module = ctx.services.modules.get('Form')!;
  for (const f of forms) await recordAudit(ctx.db, module, Number(f.id), Number(f.updatectr) + 1, 'delete', [], ctx.caller?.userId ?? null, { before: f });
}

/** Called by Record.delete before it deletes `stored` of `module` (any variant of the two tables). */
export async function beforeFilingDelete(ctx: ActionContext, module: ResolvedModule, stored: Record<string, unknown>): Promise<void> {
  if (module.table === 'form') {
    // A frozen submission keeps its forms as they are: deleting one is a change like any other.
    await assertNotFrozen(ctx.db, stored.formbatch === null || stored.formbatch === undefined ? null : Number(stored.formbatch));
    await removeForms(ctx, [Number(stored.id)], false);
  } else if (module.table === 'formbatch') {
    // A frozen submission goes with none of its forms, before any is touched.
    await assertNotFrozen(ctx.db, Number(stored.id));
    const ids = (await ctx.db('form').where('formbatch', Number(stored.id)).pluck('id')).map(Number);
    await removeForms(ctx, ids, true);
  }
}
