// The regulator's admin actions on a reporting entity from its list (seed 001 §2.6, §5.2, §7, §8):
// its country of origin with the date it holds from, and its financial year end month. Both
// columns are read-only to Record.update, so these actions are the only way to them: each goes
// through the record engine (RE.update, the entity scope, updatectr, the `re` write hooks, the
// audit row). docs/re-admin-actions.md.
import { Type } from '@sinclair/typebox';
import { recordId } from '../../../engine/runtime/record-arg.js';
import { defineAction } from '../../../engine/runtime/registry.js';
import type { ActionContext } from '../../../engine/runtime/context.js';
import type { EnvelopeValue } from '../../../engine/protocol/envelope.js';
import { AppError, errors } from '../../../engine/errors/catalogue.js';
import { updateRecord } from '../../../engine/records/update.js';
import { loadForWrite } from '../../../engine/records/record-read.js';
import { accessModule } from '../../../engine/records/module-access.js';
import { reGetLockedFields } from './re-locked-fields.js';
import { COUNTRY_LIST_GROUP, FYE_FIRST, FYE_LAST, RE_ADMIN_MESSAGES as M, countryOriginProblems } from '../../re/re-admin-rules.js';
import { beyondRules } from '../../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Checks a country chosen for an entity against the country list (reference data); the entity itself is reached through the record engine',
);

const READ = ['id', 'updatectr', 'fye', 'fye_name_ind_field', 'countryorigin', 'countryorigin_name_ind_field', 'comporigin', 'comporigindate'];

const Id = recordId('RE', 'The entity');
const Ctr = Type.Integer({ minimum: 0, description: 'The counter read with the entity' });

async function storedEntity(ctx: ActionContext, id: number): Promise<Record<string, unknown>> {
  const { module, scopeRe } = accessModule(ctx, 'RE', 'update');
  return loadForWrite(ctx, module, scopeRe, id);
}

export const reSetCountryOrigin = defineAction({
  name: 'RE.setCountryOrigin',
  summary: "Sets an entity's country of origin (an entry of country list group 90) and the date it holds from; comporigin takes the country's name",
  args: [
    Type.Object(
      {
        id: Id,
        updatectr: Ctr,
        date: Type.Optional(Type.Union([Type.String({ maxLength: 10, description: 'YYYY-MM-DD' }), Type.Null()])),
        country: Type.Optional(Type.Union([Type.Integer({ minimum: 1, description: 'A list entry of group 90' }), Type.Null()])),
      },
      { additionalProperties: false },
    ),
  ],
  access: 'session',
  permission: 'RE.update',
  writes: true,
  answer: 'value 0: recordset (id, updatectr, fye, fye_name_ind_field, countryorigin, countryorigin_name_ind_field, comporigin, comporigindate) of the entity',
  errors: ['E_VALIDATION', 'E_NOPERMISSION', 'E_NOTFOUND', 'E_CONCURRENT'],
  async handler([a], ctx): Promise<EnvelopeValue[]> {
    const problems = countryOriginProblems(a.date, a.country);
    if (Object.keys(problems).length) throw new AppError('E_VALIDATION', Object.values(problems).join(' '), problems);
    const date = String(a.date).trim();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) {
      throw errors.validation({ date: 'is not a date (YYYY-MM-DD)' });
    }
    await storedEntity(ctx, a.id);
    const country = (await ctx.db('list').where({ id: a.country!, listgroup: COUNTRY_LIST_GROUP, state: 33 }).first('id', 'name')) as { id: number; name: string } | undefined;
    if (!country) throw errors.validation({ country: `is not a country of list ${COUNTRY_LIST_GROUP}` });
    return updateRecord(
      ctx,
      { module: 'RE', fields: ['id', 'updatectr'], values: [a.id, a.updatectr], read: READ, reason: 'country of origin' },
      { countryorigin: Number(country.id), comporigindate: date, comporigin: String(country.name).slice(0, 100) },
    );
  },
});

export const reSetFye = defineAction({
  name: 'RE.setFYE',
  summary: "Sets an entity's financial year end month: list entries 284 (January) to 295 (December); the month it already has is refused as not changed",
  args: [
    Type.Object(
      {
        id: Id,
        updatectr: Ctr,
        fye: Type.Optional(Type.Union([Type.Integer({ minimum: FYE_FIRST, maximum: FYE_LAST, description: 'List entry 284 (January) to 295 (December)' }), Type.Null()])),
      },
      { additionalProperties: false },
    ),
  ],
  access: 'session',
  permission: 'RE.update',
  writes: true,
  answer: 'value 0: recordset (id, updatectr, fye, fye_name_ind_field, countryorigin, countryorigin_name_ind_field, comporigin, comporigindate) of the entity',
  errors: ['E_VALIDATION', 'E_NOPERMISSION', 'E_NOTFOUND', 'E_CONCURRENT'],
  async handler([a], ctx): Promise<EnvelopeValue[]> {
    if (a.fye === null || a.fye === undefined) throw new AppError('E_VALIDATION', M.selectFye, { fye: M.selectFye });
    const stored = await storedEntity(ctx, a.id);
    if (stored.fye !== null && stored.fye !== undefined && Number(stored.fye) === a.fye) throw new AppError('E_VALIDATION', M.fyeUnchanged, { fye: M.fyeUnchanged });
    return updateRecord(ctx, { module: 'RE', fields: ['id', 'updatectr'], values: [a.id, a.updatectr], read: READ, reason: 'financial year end month' }, { fye: a.fye });
  },
});

export const reAdminActions = [reSetCountryOrigin, reSetFye, reGetLockedFields];
