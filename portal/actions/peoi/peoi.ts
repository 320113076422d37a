// Non-compliance (PEOI) cases (seed 003 §2.7, §4.6, §5, §6, §7): opening a case for a late
// submission (one, or every late one of a period at once), the stages' decisions, the entity's
// office addresses and the show-cause letter. Compositions of the record engine: a case's state
// and stage columns are read-only fields, so only these actions write them, and every move goes
// through PEOI's state map with the stage's permission, the audit and the state history.
import { Type } from '@sinclair/typebox';
import { defineAction } from '../../../engine/runtime/registry.js';
import type { ActionContext } from '../../../engine/runtime/context.js';
import { text, type EnvelopeValue } from '../../../engine/protocol/envelope.js';
import { AppError, errors } from '../../../engine/errors/catalogue.js';
import { createRecord } from '../../../engine/records/create.js';
import { updateRecord } from '../../../engine/records/update.js';
import { loadForWrite, readRecordset } from '../../../engine/records/record-read.js';
import { accessModule } from '../../../engine/records/module-access.js';
import { rowsOf } from '../../../engine/records/scoped-rows.js';
import { recordId } from '../../../engine/runtime/record-arg.js';
import { planSelect } from '../../../engine/records/select-query.js';
import { toRecordset } from '../../../engine/records/recordset.js';
import { lateBatchesWithoutCase, notLateReason, withLastSubmission } from '../../peoi/late-batches.js';
import {
  appendDescription, ISSUE_REASON, NEEDS_REASON, PEOI_MESSAGES as M, PEOI_MOVES, PEOI_OFFICER_ROLE, PEOI_REASON_GROUP, PEOI_STATE as S,
  RETRACT_REASON, STAGE_COLUMNS, type PeoiAction,
} from '../../peoi/peoi-rules.js';
import { checkLetterChoice, letterParameters, letterUrl } from '../../peoi/show-cause-letter.js';
import { PEOI_PERMISSIONS } from './permissions.js';
import { beyondRules } from '../../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules('Checks that a submission the caller reached has no non-compliance case yet, whoever can see it (one case per submission), and reads the stage\'s reason lists; the case itself is written and read through the record engine');

type Row = Record<string, unknown>;

const CASE_READ = ['id', 'updatectr', 'state', 're', 'formbatch', 'generateLetter'];

async function caseAnswer(ctx: ActionContext, id: number): Promise<EnvelopeValue> {
  const { module, scopeRe } = accessModule(ctx, 'PEOI', 'select');
  return readRecordset(ctx, module, scopeRe, id, CASE_READ);
}

async function lockCase(ctx: ActionContext, id: number): Promise<Row> {
  const { module, scopeRe } = accessModule(ctx, 'PEOI', 'select');
  return loadForWrite(ctx, module, scopeRe, id, { lock: true });
}

const idOf = (answer: EnvelopeValue[]): number => {
  const [v] = answer;
  return Number(v.type === 'recordset' ? v.rows[0][0] : NaN);
};

/** A case for `batch` (its entity taken from the batch), through the record engine. */
async function openCase(ctx: ActionContext, batch: { id: number; re: number }, latereason: string | null): Promise<number> {
  return idOf(await createRecord(ctx, { module: 'PEOI', fields: ['formbatch', 'latereason'], values: [batch.id, latereason], read: ['id'] }, { re: batch.re }));
}

export const peoiOpen = defineAction({
  name: 'PEOI.open',
  summary: 'Opens a non-compliance case for one submission completed after its due date (or not yet completed when it is past); one case per submission',
  args: [Type.Object({ formbatch: recordId('FormBatch', 'The late submission'), latereason: Type.Optional(Type.Union([Type.String({ maxLength: 65535 }), Type.Null()])) }, { additionalProperties: false })],
  access: 'session',
  writes: true,
  answer: 'value 0: recordset (id, updatectr, state, re, formbatch, generateLetter) of the case',
  errors: ['E_VALIDATION', 'E_NOPERMISSION', 'E_NOTFOUND'],
  async handler([a], ctx): Promise<EnvelopeValue[]> {
    accessModule(ctx, 'PEOI', 'create');
    // A batch the caller cannot list is answered as a missing one, before anything tells its state.
    const batch = await rowsOf(ctx, 'FormBatch').get(a.formbatch);
    const notLate = notLateReason(await withLastSubmission(ctx.db, batch));
    if (notLate) throw errors.validation({ formbatch: notLate });
    if (await ctx.db('peoi').where({ formbatch: a.formbatch }).first('id')) throw errors.validation({ formbatch: 'already has a non-compliance case' });
    const reason = a.latereason?.trim() ? a.latereason.trim() : null;
    return [await caseAnswer(ctx, await openCase(ctx, { id: Number(batch.id), re: Number(batch.re) }, reason))];
  },
});

export const peoiCreateForPeriod = defineAction({
  name: 'PEOI.createForPeriod',
  summary: 'Opens a non-compliance case for every submission of the period ending on endon that was completed after its due date, or not at all while past it, and has none yet (a second call opens only new ones)',
  args: [Type.Object({ endon: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'The period end, YYYY-MM-DD' }) }, { additionalProperties: false })],
  access: 'session',
  permission: 'PEOI.create',
  writes: true,
  answer: 'value 0: text JSON {created: number, cases: [case ids]}',
  errors: ['E_NOPERMISSION', 'E_BADREQUEST'],
  async handler([a], ctx): Promise<EnvelopeValue[]> {
    // Only the batches the caller can list: another team's late batches are theirs to open.
    const batches = await lateBatchesWithoutCase(ctx.db, a.endon, undefined, rowsOf(ctx, 'FormBatch').ids());
    const cases: number[] = [];
    for (const b of batches) cases.push(await openCase(ctx, b, null));
    ctx.log.info({ endon: a.endon, created: cases.length }, 'PEOI cases opened for a period');
    return [text(JSON.stringify({ created: cases.length, cases }))];
  },
});

const ActArgs = Type.Object(
  {
    id: recordId('PEOI', 'The case'),
    updatectr: Type.Integer({ minimum: 0, description: 'The counter read' }),
    action: Type.Union(['recommend', 'exclude', 'include', 'amend', 'issue', 'retract'].map((x) => Type.Literal(x)), { description: 'What the stage decides (seed 003 §4.6)' }),
    reason: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], { description: 'A reason of list 587 (list 617 for role 36)' })),
    description: Type.Optional(Type.String({ maxLength: 65535, description: 'Appended to the stage\'s earlier text after a dashed line' })),
  },
  { additionalProperties: false },
);

/** The caller's reason list: 617 for the PEOI officer (role 36), else 587 (seed 003 §6). */
const reasonGroup = (ctx: ActionContext) => (ctx.caller?.roles.has(PEOI_OFFICER_ROLE) ? PEOI_REASON_GROUP.officer : PEOI_REASON_GROUP.staff);

export const peoiAct = defineAction({
  name: 'PEOI.act',
  summary: "A stage's decision on a case: IRU (roles 22, 37, 43) recommends, excludes or includes; the head of unit (21, 35, 44) recommends, excludes, includes or requires amendment; the PEOI officer (36) issues (reason 10086 only), excludes or retracts an issued case (Excluded, reason 10093)",
  args: [ActArgs],
  access: 'session',
  writes: true,
  answer: 'value 0: recordset (id, updatectr, state, re, formbatch, generateLetter) of the case',
  errors: ['E_VALIDATION', 'E_NOPERMISSION', 'E_NOTFOUND', 'E_CONCURRENT', 'E_STATETRANSITION'],
  async handler([a], ctx): Promise<EnvelopeValue[]> {
    const action = a.action as PeoiAction;
    const description = (a.description ?? '').trim();
    const stored = await lockCase(ctx, a.id);
    if (Number(stored.updatectr) !== a.updatectr) await updateRecord(ctx, { module: 'PEOI', fields: ['id', 'updatectr'], values: [a.id, a.updatectr] });
    const move = PEOI_MOVES[Number(stored.state)]?.[action];
    if (!move) throw new AppError('E_STATETRANSITION', `A case in state ${String(stored.state)} cannot be given the decision ${action}.`);
    const [to, stage] = move;
    // The stage's permission first, so a caller of another stage is told that, not about the form.
    if (!ctx.caller?.permissions.has(PEOI_PERMISSIONS[stage])) throw errors.noPermission(PEOI_PERMISSIONS[stage]);
    // Seed 003 §5: every decision needs its description (a retract its confirmation instead).
    if (action !== 'retract' && !description) throw new AppError('E_VALIDATION', M.fillAll, { description: M.fillAll });
    let reason = a.reason ?? null;
    if (action === 'retract') reason = RETRACT_REASON;
    else if (NEEDS_REASON.includes(action) && reason === null) throw new AppError('E_VALIDATION', M.fillAll, { reason: M.fillAll });
    if (reason !== null && action !== 'retract') {
      const group = reasonGroup(ctx);
      const entry = await ctx.db('list').where({ id: reason, listgroup: group, state: 33 }).first('id');
      if (!entry) throw errors.validation({ reason: `is not a reason of list ${group}` });
    }
    if (action === 'issue' && reason !== ISSUE_REASON) throw errors.validation({ reason: `only reason ${ISSUE_REASON} permits issuing the show-cause letter` });
    if (stage === 'peoi' && action === 'exclude' && reason === ISSUE_REASON) throw errors.validation({ reason: `reason ${ISSUE_REASON} issues the letter: choose Issue, or another reason to exclude` });
    const cols = STAGE_COLUMNS[stage];
    const values: Row = { state: to, [cols.officer]: ctx.caller?.userId ?? null };
    if (reason !== null) values[cols.reason] = reason;
    if (description) values[cols.description] = appendDescription(stored[cols.description], description);
    // 0: show cause (recommend, include, issue); 1: exclude (exclude, retract); an amendment leaves it open.
    values[cols.decision] = action === 'exclude' || action === 'retract' ? 1 : action === 'amend' ? null : 0;
    await updateRecord(ctx, { module: 'PEOI', fields: ['id', 'updatectr'], values: [a.id, a.updatectr], reason: `${action}${reason === null ? '' : ` (${reason})`}` }, values);
    return [await caseAnswer(ctx, a.id)];
  },
});

export const reGetDetailsOfOffice = defineAction({
  name: 'RE.getDetailsOfOffice',
  summary: "An entity's office addresses (its profile's Details of Office), the show-cause letter's addressees; empty when it has none ('Details of Office not found')",
  args: [Type.Object({ re: recordId('RE', 'The entity (an RE user reads its current one only)') }, { additionalProperties: false })],
  access: 'session',
  writes: false,
  answer: 'value 0: recordset (id, typeoffice, address, city, postcode, statename, country), oldest first',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND'],
  async handler([a], ctx): Promise<EnvelopeValue[]> {
    // REOffice's permission and scope: an RE user reads only its own entity's offices (none of
    // another's, as of a missing one). Regulator staff name an entity their team covers (RE's
    // rules); another team's entity is answered as a missing one.
    const { module, scopeRe } = accessModule(ctx, 'REOffice', 'select');
    if (scopeRe === undefined) await rowsOf(ctx, 'RE').get(a.re);
    const plan = planSelect(ctx.db, module, scopeRe, { fields: ['id', 'typeoffice', 'address', 'city', 'postcode', 'statename', 'country'], where: [['re', '=', a.re]], order: 'id asc', limit: 500, offset: 0 });
    return [toRecordset(plan.fields, await plan.rows())];
  },
});

const LetterArgs = Type.Object(
  {
    id: recordId('PEOI', 'An Issued case'),
    addresses: Type.Array(Type.Object({ office: recordId('REOffice', "An office of the case's entity"), sendvia: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])) }, { additionalProperties: false }), { maxItems: 50, description: 'Offices of the entity, each with post, courier, email or hand' }),
    section: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()], { description: 'A section of parameter 19' })),
    officer: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()], { description: 'The e-mail of a PEOI officer of parameter 16' })),
    cc: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }), { maxItems: 50, description: 'Numbers of the cc list of parameter 17' })),
  },
  { additionalProperties: false },
);

export const peoiGenerateLetter = defineAction({
  name: 'PEOI.generateLetter',
  summary: "Checks the show-cause letter dialog's choices, marks the Issued case's letter as generated and answers the address of its PDF (GET /out/SHOWCAUSE.pdf…)",
  args: [LetterArgs],
  access: 'session',
  permission: PEOI_PERMISSIONS.peoi,
  writes: true,
  answer: 'value 0: recordset (id, updatectr, state, re, formbatch, generateLetter) of the case; value 1: text, the letter PDF address',
  errors: ['E_VALIDATION', 'E_NOPERMISSION', 'E_NOTFOUND', 'E_STATETRANSITION'],
  async handler([a], ctx): Promise<EnvelopeValue[]> {
    const stored = await lockCase(ctx, a.id);
    if (Number(stored.state) !== S.issued) throw new AppError('E_STATETRANSITION', 'A show-cause letter is generated for an Issued case only.');
    const choice = { addresses: a.addresses, section: a.section, officer: a.officer, cc: a.cc ?? [] };
    await checkLetterChoice(ctx.db, Number(stored.re), choice, await letterParameters(ctx.db));
    if (Number(stored.generateLetter) !== 1) await updateRecord(ctx, { module: 'PEOI', fields: ['id', 'updatectr'], values: [a.id, Number(stored.updatectr)] }, { generateLetter: 1 });
    return [await caseAnswer(ctx, a.id), text(letterUrl(a.id, choice))];
  },
});

export const peoiActions = [peoiOpen, peoiCreateForPeriod, peoiAct, reGetDetailsOfOffice, peoiGenerateLetter];
