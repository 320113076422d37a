// The record engine's write hooks for resubmission requests (portal/module-hooks.ts),
// run on every write of their tables whichever module or action it comes through: the forms a
// request names (its `forms` field, seed 003 §7's `_forms`), the moves of its state map (checks,
// who/when stamps, mail), payment proofs that must be PDF files, and a reopened form's return.
import { AppError, errors } from '../../engine/errors/catalogue.js';
import type { ResolvedModule } from '../../engine/metadata/module-registry.js';
import { isReUser, type ActionContext } from '../../engine/runtime/context.js';
import { categoryChoice, checkRequestedForms, parseRequestedForms, writeRequestedForms } from './resubmission-forms.js';
import { mailOfMove, stampsOfMove } from './resubmission-moves.js';
import { PAYMENT_PROOF, RESUBMISSION_MESSAGES as M, RESUBMISSION_STATE as S } from './resubmission-states.js';
import { followResubmissions } from './resubmission-reopen.js';
import { rowsOf } from '../../engine/records/scoped-rows.js';

import type { ModuleHooks, Row } from '../../engine/metadata/module-hooks.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Checks the state of the request a resubmission\'s form or proof belongs to while the record engine writes it for a caller it already checked',
);

const stateOf = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export const resubmissionHooks: ModuleHooks = {
  async beforeWrite(ctx: ActionContext, _module: ResolvedModule, stored: Row | null, row: Row): Promise<string[]> {
    const set: string[] = [];
    const record = { ...(stored ?? {}), ...row };
    if (stored === null && isReUser(ctx.caller)) {
      // An entity's request names its forms; the regulator's (closing a query) adds its one form itself.
      if (row.forms === undefined || row.forms === null) throw errors.validation({ forms: M.required });
      const choice = await categoryChoice(ctx.db, ctx.caller!);
      if (row.formcategory !== undefined && row.formcategory !== null && !choice.categories.includes(Number(row.formcategory))) {
        throw errors.validation({ formcategory: 'is not a form category you may ask a resubmission for' });
      }
    }
    if ('forms' in row && row.forms !== null) {
      const forms = parseRequestedForms(row.forms);
      const category = record.formcategory === undefined || record.formcategory === null ? null : Number(record.formcategory);
      row.formcategory = await checkRequestedForms(ctx.db, Number(record.re), forms, category, rowsOf(ctx, 'Form').ids());
      set.push('formcategory');
    } else if ('forms' in row && stored !== null) {
      throw errors.validation({ forms: M.required });
    }
    const from = stored === null ? null : stateOf(stored.state);
    const to = stateOf(record.state);
    if (stored !== null && to !== null && from !== to) {
      const stamps = await stampsOfMove(ctx, Number(stored.id), from, to, record);
      Object.assign(row, stamps);
      set.push(...Object.keys(stamps));
    }
    return set;
  },
  async afterWrite(ctx: ActionContext, _module: ResolvedModule, id: number, stored: Row | null, row: Row): Promise<void> {
    const record = { ...(stored ?? {}), ...row };
    if ('forms' in row && row.forms !== null) await writeRequestedForms(ctx.db, id, Number(record.re), parseRequestedForms(row.forms), ctx.caller?.userId ?? null);
    const from = stored === null ? null : stateOf(stored.state);
    const to = stateOf(record.state);
    if (stored !== null && to !== null && from !== to) await mailOfMove(ctx, id, to, record);
  },
};

/**
 * Payment proofs (seed 003 §5): an attachment described as a payment proof, and every file an
 * entity user attaches (the entity attaches nothing else), must be a PDF ('Only PDF file is
 * allowed'; the content type is the server's, judged from the bytes); an entity attaches them
 * only while its request waits for payment.
 */
export const resubmissionProofHooks: ModuleHooks = {
  async beforeWrite(ctx: ActionContext, _module: ResolvedModule, stored: Row | null, row: Row): Promise<string[]> {
    if (stored !== null) return [];
    const entity = isReUser(ctx.caller);
    if (!entity && String(row.description ?? '').trim().toLowerCase() !== PAYMENT_PROOF) return [];
    if (row.contenttype !== 'application/pdf') throw new AppError('E_FILETYPE', M.pdfOnly);
    const request = await ctx.db('resubmission').where({ id: Number(row.fk_resubmission) }).first('state');
    if (entity && Number(request?.state) !== S.pendingPayment) throw new AppError('E_STATETRANSITION', 'Payment proofs are added while the request is Pending Payment.');
    row.description = PAYMENT_PROOF;
    return ['description'];
  },
};

/** A form's state move may complete an approved request's resubmission (the overdue view). */
export const formResubmissionHooks: ModuleHooks = {
  async afterWrite(ctx: ActionContext, _module: ResolvedModule, id: number, stored: Row | null, row: Row): Promise<void> {
    if (stored !== null && 'state' in row && stateOf(row.state) !== stateOf(stored.state)) await followResubmissions(ctx, id);
  },
};
