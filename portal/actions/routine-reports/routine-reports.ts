// Routine reports (seed 003 §2.6, §4.5, §5, §7): saving a report with its sectors, the thread's
// reply and its two files, the head of unit's recommendation, the head of department's approval
// and publishing as a bulletin. Each is a composition of the record engine (permissions, the
// state map and the permission its move names, writableWhen, audit and state history) in one
// transaction; the report's state and stamps are read-only fields, so only these actions move it.
import { Type, type Static } from '@sinclair/typebox';
import { recordId } from '../../../engine/runtime/record-arg.js';
import { defineAction } from '../../../engine/runtime/registry.js';
import type { ActionContext } from '../../../engine/runtime/context.js';
import type { EnvelopeValue } from '../../../engine/protocol/envelope.js';
import { AppError, errors } from '../../../engine/errors/catalogue.js';
import { sqlDateTime } from '../../../engine/db/clock.js';
import { createRecord } from '../../../engine/records/create.js';
import { deleteRecord, updateRecord } from '../../../engine/records/update.js';
import { loadForWrite, readRecordset } from '../../../engine/records/record-read.js';
import { accessModule } from '../../../engine/records/module-access.js';
import { NO_REPLY_STATES, REPLY_FILES, REQUIRED_ON_CREATE, REQUIRED_ON_UPDATE, ROUTINE_MESSAGES as M, ROUTINE_STATE as S } from '../../routine-reports/routine-report-rules.js';
import { mailOfRoutineMove } from '../../routine-reports/routine-report-mail.js';
import { createBulletinFromReport } from '../../routine-reports/bulletin-from-report.js';
import { ROUTINE_PERMISSIONS } from './permissions.js';

type Row = Record<string, unknown>;

const Choice = (values: string[]) => Type.Optional(Type.Union([...values.map((v) => Type.Literal(v)), Type.Literal(''), Type.Null()]));
const Text = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));

const ReportFields = {
  name: Text(255),
  subjectarea: Text(255),
  stakeholders: Choice(['internal', 'external']),
  publication: Choice(['yes', 'no']),
  periodicity: Choice(['monthly', 'quarterly', 'semiannual', 'annual']),
  noofre: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.String({ maxLength: 20 }), Type.Null()])),
  submissiondue: Type.Optional(Type.Union([Type.String({ maxLength: 30, description: 'YYYY-MM-DD 23:59:59.0 (the day counts)' }), Type.Null()])),
  preceedingamt: Text(255),
  submissionlevel: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.String({ maxLength: 20, description: 'A percentage: 85, 85% or 85.5 %' }), Type.Null()])),
  majorcontribute: Text(65535),
  trend: Text(65535),
  accuracylevel: Text(255),
  insight: Text(65535),
  bulletintmpl: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  disseminationdeadline: Type.Optional(Type.Union([Type.String({ maxLength: 30, description: 'YYYY-MM-DD (the day counts)' }), Type.Null()])),
  typeofre: Text(255),
};

const SaveArgs = Type.Object(
  {
    id: Type.Optional(recordId('RoutineRpt', 'Absent: a new report')),
    updatectr: Type.Optional(Type.Integer({ minimum: 0, description: 'With id: the counter read' })),
    ...ReportFields,
    sectors: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000, description: 'Sector ids; at least one' }),
  },
  { additionalProperties: false },
);
type SaveArgs = Static<typeof SaveArgs>;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const idOf = (answer: EnvelopeValue[]): number => {
  const [v] = answer;
  return Number(v.type === 'recordset' ? v.rows[0][0] : NaN);
};

/** `YYYY-MM-DD 23:59:59.0` as the seed's client sends it: the fraction is dropped, the day kept. */
function dayValue(v: unknown): unknown {
  return typeof v === 'string' ? v.trim().replace(/(\d{2}:\d{2}:\d{2})\.\d+$/, '$1') : v;
}

/** `85`, `85%`, `85.5 %` → the number as text; anything else is refused by name. */
function percentValue(v: unknown): unknown {
  if (typeof v === 'number') return v;
  const s = String(v).trim().replace(/\s*%$/, '');
  if (!/^\d+(\.\d+)?$/.test(s) || Number(s) > 100) throw errors.validation({ submissionlevel: 'must be a percentage from 0 to 100' });
  return s;
}

function integerValue(v: unknown): unknown {
  if (typeof v === 'number') return v;
  const s = String(v).trim();
  if (!/^\d+$/.test(s)) throw errors.validation({ noofre: 'must be a whole number' });
  return Number(s);
}

/** The record fields and values of a save, after seed 003 §5's required check and formats. */
function reportValues(a: SaveArgs, creating: boolean): { fields: string[]; values: unknown[] } {
  const required = creating ? REQUIRED_ON_CREATE : REQUIRED_ON_UPDATE;
  const problems: Record<string, string> = {};
  for (const f of required) if (blank(a[f])) problems[f] = M.required;
  if (!a.sectors.length) problems.sectors = M.required;
  if (Object.keys(problems).length) throw new AppError('E_VALIDATION', M.required, problems);
  const fields: string[] = [];
  const values: unknown[] = [];
  for (const name of Object.keys(ReportFields) as (keyof typeof ReportFields)[]) {
    if (!creating && name === 'bulletintmpl' && blank(a.bulletintmpl)) continue;
    let v: unknown = a[name];
    if (v === undefined) continue;
    if (blank(v)) v = null;
    else if (name === 'submissiondue' || name === 'disseminationdeadline') v = dayValue(v);
    else if (name === 'submissionlevel') v = percentValue(v);
    else if (name === 'noofre') v = integerValue(v);
    fields.push(name);
    values.push(v);
  }
  return { fields, values };
}

/** Adds and removes RoutineRpt_Sector rows so the report is linked to exactly `sectors`. */
async function syncSectors(ctx: ActionContext, report: number, sectors: number[]): Promise<void> {
  const links = (await ctx.db('routinerpt_sector').where({ link_fk_routinerpt: report }).select('link_id', 'link_updatectr', 'link_fk_sector')) as Row[];
  const want = new Set(sectors);
  const have = new Set(links.map((l) => Number(l.link_fk_sector)));
  for (const l of links) {
    if (!want.has(Number(l.link_fk_sector))) await deleteRecord(ctx, { module: 'RoutineRpt_Sector', fields: ['link_id', 'link_updatectr'], values: [Number(l.link_id), Number(l.link_updatectr)] });
  }
  for (const sector of want) {
    if (!have.has(sector)) await createRecord(ctx, { module: 'RoutineRpt_Sector', fields: ['link_fk_routinerpt', 'link_fk_sector'], values: [report, sector], read: ['link_id'] });
  }
}

const REPORT_READ = ['id', 'updatectr', 'state', 'bulletin'];

async function reportAnswer(ctx: ActionContext, id: number): Promise<EnvelopeValue> {
  const { module, scopeRe } = accessModule(ctx, 'RoutineRpt', 'select');
  return readRecordset(ctx, module, scopeRe, id, REPORT_READ);
}

/** The report, locked for this transaction (writers of one report queue here). */
async function lockReport(ctx: ActionContext, id: number): Promise<Row> {
  const { module, scopeRe } = accessModule(ctx, 'RoutineRpt', 'select');
  return loadForWrite(ctx, module, scopeRe, id, { lock: true });
}

/** A state move of the report with its stamps, through the record engine (map, permission, audit). */
async function moveReport(ctx: ActionContext, stored: Row, to: number, stamps: Row = {}): Promise<void> {
  await updateRecord(ctx, { module: 'RoutineRpt', fields: ['id', 'updatectr'], values: [Number(stored.id), Number(stored.updatectr)] }, { state: to, ...stamps });
}

export const routineRptSave = defineAction({
  name: 'RoutineRpt.save',
  summary: 'Creates (no id) or updates a routine report and links it to exactly the given sectors; an update of a report returned for amendment puts it back to Pending',
  args: [SaveArgs],
  access: 'session',
  writes: true,
  answer: 'value 0: recordset (id, updatectr, state, bulletin) of the report',
  errors: ['E_VALIDATION', 'E_NOPERMISSION', 'E_NOTFOUND', 'E_CONCURRENT', 'E_STATETRANSITION'],
  async handler([a], ctx): Promise<EnvelopeValue[]> {
    const creating = a.id === undefined;
    const { fields, values } = reportValues(a, creating);
    const sectors = [...new Set(a.sectors)];
    let id: number;
    if (creating) {
      id = idOf(await createRecord(ctx, { module: 'RoutineRpt', fields, values, read: ['id'] }));
    } else {
      if (a.updatectr === undefined) throw errors.validation({ updatectr: 'is required: send the value you read' });
      id = a.id!;
      const stored = await lockReport(ctx, id);
      const state = Number(stored.state);
      if (state !== S.pending && state !== S.amendment) throw new AppError('E_STATETRANSITION', 'A routine report can be edited only while it is Pending or Amendment Required.');
      const engine = state === S.amendment ? { state: S.pending } : {};
      await updateRecord(ctx, { module: 'RoutineRpt', fields: ['id', 'updatectr', ...fields], values: [id, a.updatectr, ...values] }, engine);
    }
    await syncSectors(ctx, id, sectors);
    return [await reportAnswer(ctx, id)];
  },
});

/** Text of a rich-text message, to tell an empty one (`<p><br></p>`) from a real one. */
const visibleText = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim();

export const routineRptReply = defineAction({
  name: 'RoutineRpt.reply',
  summary: "Adds a message to a routine report's thread; the report becomes Responded. Its report and validation files are then uploaded to RoutineRptMsg_Reference and RoutineRpt.attach sends the report for recommendation",
  args: [Type.Object({ id: recordId('RoutineRpt', 'The routine report'), message: Type.String({ maxLength: 65535, description: 'Rich text (sanitised)' }) }, { additionalProperties: false })],
  access: 'session',
  writes: true,
  answer: 'value 0: recordset (id, updatectr) of the message; value 1: recordset (id, updatectr, state, bulletin) of the report',
  errors: ['E_VALIDATION', 'E_NOPERMISSION', 'E_NOTFOUND', 'E_STATETRANSITION'],
  async handler([a], ctx): Promise<EnvelopeValue[]> {
    if (!visibleText(a.message)) throw new AppError('E_VALIDATION', M.replyMessage, { message: M.replyMessage });
    const stored = await lockReport(ctx, a.id);
    if (NO_REPLY_STATES.includes(Number(stored.state))) throw new AppError('E_STATETRANSITION', 'Replies are closed once a routine report is sent for recommendation.');
    const message = idOf(await createRecord(ctx, { module: 'RoutineRptMsg', fields: ['message'], values: [a.message], read: ['id'] }, { routinerpt: a.id, hasattachment: 0 }));
    if (Number(stored.state) !== S.responded) await moveReport(ctx, stored, S.responded, { respondedon: sqlDateTime() });
    const { module, scopeRe } = accessModule(ctx, 'RoutineRptMsg', 'select');
    return [await readRecordset(ctx, module, scopeRe, message, ['id', 'updatectr']), await reportAnswer(ctx, a.id)];
  },
});

export const routineRptAttach = defineAction({
  name: 'RoutineRpt.attach',
  summary: "Marks one's reply as carrying its files once both the report and the validation file are uploaded to it (RoutineRptMsg_Reference, description report / validation); the report goes to Pending Recommendation and the recommenders are mailed",
  args: [Type.Object({ message: recordId('RoutineRptMsg', 'The RoutineRptMsg id') }, { additionalProperties: false })],
  access: 'session',
  writes: true,
  answer: 'value 0: recordset (id, updatectr, state, bulletin) of the report',
  errors: ['E_VALIDATION', 'E_NOPERMISSION', 'E_NOTFOUND', 'E_STATETRANSITION'],
  async handler([a], ctx): Promise<EnvelopeValue[]> {
    const { module, scopeRe } = accessModule(ctx, 'RoutineRptMsg', 'update');
    const msg = await loadForWrite(ctx, module, scopeRe, a.message, { lock: true });
    if (Number(msg.createby) !== ctx.caller?.userId) throw errors.noPermission('RoutineRpt.attach on a reply of another user');
    if (Number(msg.hasattachment) === 1) throw new AppError('E_STATETRANSITION', 'This reply already carries its files.');
    const kinds = new Set((await ctx.db('routinerptmsg_reference').where({ fk_routinerptmsg: a.message }).pluck('description')).map((d) => String(d ?? '').toLowerCase()));
    if (!REPLY_FILES.every((k) => kinds.has(k))) throw new AppError('E_VALIDATION', M.bothFiles, { file: M.bothFiles });
    await updateRecord(ctx, { module: 'RoutineRptMsg', fields: ['id', 'updatectr'], values: [a.message, Number(msg.updatectr)] }, { hasattachment: 1 });
    const report = Number(msg.routinerpt);
    const stored = await lockReport(ctx, report);
    await moveReport(ctx, stored, S.pendingRecommendation);
    await mailOfRoutineMove(ctx, { ...stored, state: S.pendingRecommendation }, S.pendingRecommendation);
    return [await reportAnswer(ctx, report)];
  },
});

const DecisionArgs = Type.Object(
  {
    id: recordId('RoutineRpt', 'The routine report'),
    updatectr: Type.Integer({ minimum: 0, description: 'The counter read' }),
    decision: Type.Union([Type.Literal('recommend'), Type.Literal('approve'), Type.Literal('amend')], { description: 'recommend (head of unit) or approve (head of department), or amend: back to the author' }),
    remark: Type.Optional(Type.String({ maxLength: 65535 })),
  },
  { additionalProperties: false },
);

/** A stage's decision: the move, its remark, person and date, and its mail. */
async function decide(ctx: ActionContext, a: Static<typeof DecisionArgs>, stage: 'hou' | 'hod'): Promise<EnvelopeValue[]> {
  const forward = stage === 'hou' ? 'recommend' : 'approve';
  if (a.decision !== forward && a.decision !== 'amend') throw errors.validation({ decision: `must be ${forward} or amend` });
  const remark = (a.remark ?? '').trim();
  if (a.decision === 'amend' && !remark) throw new AppError('E_VALIDATION', M.required, { remark: M.required });
  const stored = await lockReport(ctx, a.id);
  if (Number(stored.updatectr) !== a.updatectr) {
    // The record engine answers E_CONCURRENT with what changed.
    await updateRecord(ctx, { module: 'RoutineRpt', fields: ['id', 'updatectr'], values: [a.id, a.updatectr] });
  }
  const to = a.decision === 'amend' ? S.amendment : stage === 'hou' ? S.recommended : S.approved;
  const now = sqlDateTime();
  const who = ctx.caller?.userId ?? null;
  const stamps = stage === 'hou' ? { houremark: remark || null, houdate: now, houstatus: to, recommendby: who } : { hodremark: remark || null, hoddate: now, hodstatus: to, actionby: who };
  await moveReport(ctx, stored, to, stamps);
  await mailOfRoutineMove(ctx, { ...stored, state: to }, to, { remark, by: ctx.caller?.name ?? '' });
  return [await reportAnswer(ctx, a.id)];
}

export const routineRptRecommend = defineAction({
  name: 'RoutineRpt.recommend',
  summary: "The head of unit's decision on a report Pending Recommendation: recommend (Recommended) or amend (Amendment Required, remark required), with remark, person and date",
  args: [DecisionArgs],
  access: 'session',
  permission: ROUTINE_PERMISSIONS.recommend,
  writes: true,
  answer: 'value 0: recordset (id, updatectr, state, bulletin) of the report',
  errors: ['E_VALIDATION', 'E_NOPERMISSION', 'E_NOTFOUND', 'E_CONCURRENT', 'E_STATETRANSITION'],
  handler: ([a], ctx) => decide(ctx, a, 'hou'),
});

export const routineRptApprove = defineAction({
  name: 'RoutineRpt.approve',
  summary: "The head of department's decision on a Recommended report: approve (Approved) or amend (Amendment Required, remark required), with remark, person and date",
  args: [DecisionArgs],
  access: 'session',
  permission: ROUTINE_PERMISSIONS.approve,
  writes: true,
  answer: 'value 0: recordset (id, updatectr, state, bulletin) of the report',
  errors: ['E_VALIDATION', 'E_NOPERMISSION', 'E_NOTFOUND', 'E_CONCURRENT', 'E_STATETRANSITION'],
  handler: ([a], ctx) => decide(ctx, a, 'hod'),
});

export const routineReportPublish = defineAction({
  name: 'RoutineReport.publish',
  summary: "Publishes an Approved routine report: creates the bulletin from the report's bulletin template and sectors and marks the report Published. A second call (a second click while the first runs) answers the same bulletin and creates nothing",
  args: [Type.Object({ id: recordId('RoutineRpt', 'The routine report') }, { additionalProperties: false })],
  access: 'session',
  permission: ROUTINE_PERMISSIONS.publish,
  writes: true,
  answer: 'value 0: recordset (id, updatectr, state, bulletin) of the report; bulletin is the id of the bulletin (/iru/bulletin/{id})',
  errors: ['E_VALIDATION', 'E_NOPERMISSION', 'E_NOTFOUND', 'E_STATETRANSITION'],
  async handler([a], ctx): Promise<EnvelopeValue[]> {
    // Locked: a second call waits for the first and then finds the report published.
    const stored = await lockReport(ctx, a.id);
    if (Number(stored.state) === S.published && stored.bulletin !== null && stored.bulletin !== undefined) return [await reportAnswer(ctx, a.id)];
    if (Number(stored.state) !== S.approved) throw new AppError('E_STATETRANSITION', 'Only an Approved routine report can be published.');
    const bulletin = await createBulletinFromReport(ctx, stored);
    await moveReport(ctx, stored, S.published, { bulletin, publishdate: sqlDateTime() });
    ctx.log.info({ routinerpt: a.id, bulletin }, 'routine report published');
    return [await reportAnswer(ctx, a.id)];
  },
});

export const routineReportActions = [routineRptSave, routineRptReply, routineRptAttach, routineRptRecommend, routineRptApprove, routineReportPublish];
