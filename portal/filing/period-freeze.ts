// Freezing and unfreezing a period (FormBatch.freezePeriod, docs/filing-periods.md "Freezing a
// period"): every submission of the caller's rows ending on the period end (of one calendar and
// sector when asked) is frozen or unfrozen in one move, in the caller's transaction. A batch
// already as asked is named as such and left alone; the move is kept (module FreezePeriod, with
// the batches it changed), written to the audit log and mailed to the entities concerned.
import type { Knex } from 'knex';
import { sqlDateTime } from '../../engine/db/clock.js';
import { AppError } from '../../engine/errors/catalogue.js';
import type { ActionContext } from '../../engine/runtime/context.js';
import { recordAudit } from '../../engine/records/record-history.js';
import { rowsOf } from '../../engine/records/scoped-rows.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';
import { isTrue, shownDay } from './batch-freeze.js';
import type { FreezeScope } from './period-freeze-scope.js';
import type { FreezeRow, FreezeSummary } from './period-freeze-shape.js';
import { mailFreeze } from './period-freeze-mail.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Freezing a period writes the frozen flag of the batches read through the caller\'s FormBatch rows (rowsOf, for update) and names their entities; forms are counted through its Form rows',
);

type Db = Knex | Knex.Transaction;

export interface FreezeOutcome extends FreezeSummary {
  rows: FreezeRow[];
}

async function listNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const rows = ids.length ? await db('list').whereIn('id', ids).select('id', 'name') : [];
  return new Map(rows.map((r: { id: unknown; name: unknown }) => [Number(r.id), String(r.name ?? '')]));
}

/** The caller's batches of the scope, locked when they are to be written. */
async function batchesOf(ctx: ActionContext, db: Db, scope: FreezeScope): Promise<Record<string, unknown>[]> {
  const q = rowsOf(ctx, 'FormBatch', 'update').from('b', db).where('b.endon', scope.endon);
  if (scope.calendar) q.where('b.calendar', scope.calendar.id);
  if (scope.sector) q.where('b.re_sector', scope.sector.id);
  q.leftJoin({ r: 're' }, 'r.id', 'b.re').orderBy([{ column: 'r.name' }, { column: 'b.id' }]);
  q.select('b.id', 'b.re', 'b.name', 'b.calendar', 'b.state', 'b.frozen_ind', 'b.updatectr', 'r.name as re_name');
  if (!scope.dryRun) q.forUpdate();
  return q;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function sentenceOf(scope: FreezeScope, o: Pick<FreezeOutcome, 'batches' | 'forms' | 'entities'>): string {
  const period = `the period ending ${shownDay(scope.endon)}`;
  const done = scope.action === 'freeze' ? 'frozen' : 'unfrozen';
  const already = o.batches.already ? ` ${plural(o.batches.already, 'submission was', 'submissions were')} ${scope.action === 'freeze' ? 'already frozen' : 'not frozen'} and ${o.batches.already === 1 ? 'is' : 'are'} left as ${o.batches.already === 1 ? 'it is' : 'they are'}.` : '';
  if (!o.batches.changes && !o.batches.already) return `You have no submission of ${period} in this scope: nothing to ${scope.action}.`;
  if (!o.batches.changes) return `Nothing to ${scope.action} in ${period}:${already}`;
  const what = `${plural(o.batches.changes, 'submission')} of ${plural(o.entities, 'entity', 'entities')} (${plural(o.forms.changes, 'form')})`;
  return scope.dryRun ? `${what} of ${period} would be ${done}.${already}` : `${what} of ${period} ${o.batches.changes === 1 ? 'is' : 'are'} now ${done}.${already}`;
}

/** Previews (dryRun) or makes the move for the caller; E_VALIDATION when there is nothing of the caller's to move. */
export async function freezePeriodAs(ctx: ActionContext, scope: FreezeScope): Promise<FreezeOutcome> {
  const db = ctx.db;
  const batches = await batchesOf(ctx, db, scope);
  const ids = batches.map((b) => Number(b.id));
  const forms: { formbatch: unknown; state: unknown }[] = ids.length ? await rowsOf(ctx, 'Form').from('f', db).whereIn('f.formbatch', ids).select('f.formbatch', 'f.state') : [];
  const names = await listNames(db, [...new Set([...batches.flatMap((b) => [Number(b.state), Number(b.calendar)]), ...forms.map((f) => Number(f.state))])]);
  const freezing = scope.action === 'freeze';
  const rows: FreezeRow[] = batches.map((b) => {
    const mine = forms.filter((f) => Number(f.formbatch) === Number(b.id));
    const byState = new Map<number, number>();
    for (const f of mine) byState.set(Number(f.state), (byState.get(Number(f.state)) ?? 0) + 1);
    const frozen = isTrue(b.frozen_ind);
    return {
      re: Number(b.re),
      re_name: String(b.re_name ?? ''),
      formbatch: Number(b.id),
      batch: String(b.name ?? ''),
      calendar: names.get(Number(b.calendar)) ?? '',
      state: names.get(Number(b.state)) ?? String(b.state),
      forms: mine.length,
      formstates: [...byState].sort(([x], [y]) => x - y).map(([s, n]) => `${n} ${names.get(s) ?? s}`).join(', '),
      frozen,
      status: frozen === freezing ? 'already' : 'changes',
    };
  });
  const changing = rows.filter((r) => r.status === 'changes');
  const sum = (rs: FreezeRow[]) => rs.reduce((n, r) => n + r.forms, 0);
  const counts = {
    batches: { changes: changing.length, already: rows.length - changing.length },
    forms: { changes: sum(changing), already: sum(rows) - sum(changing) },
    entities: new Set(changing.map((r) => r.re)).size,
  };
  const outcome: FreezeOutcome = { action: scope.action, endon: scope.endon, dryRun: scope.dryRun, rows, ...counts, record: null, recipients: 0, sentence: sentenceOf(scope, counts) };
  if (scope.dryRun) return outcome;
  if (!rows.length) throw new AppError('E_VALIDATION', outcome.sentence, { endon: outcome.sentence });
  if (!changing.length) return outcome;

  const who = ctx.caller?.userId ?? null;
  const now = sqlDateTime();
  const batchModule = ctx.services.modules.get('FormBatch')!;
  for (const r of changing) {
    const b = batches.find((x) => Number(x.id) === r.formbatch)!;
    const ctr = Number(b.updatectr) + 1;
    await db('formbatch').where({ id: r.formbatch }).update({ frozen_ind: freezing, updatectr: ctr, updateon: now, updateby: who });
    await recordAudit(db, batchModule, r.formbatch, ctr, 'update', ['frozen_ind'], who, { before: { frozen_ind: !freezing }, after: { frozen_ind: freezing } });
  }
  const record = {
    action: scope.action,
    endon: scope.endon,
    calendar: scope.calendar?.id ?? null,
    sector: scope.sector?.id ?? null,
    reason: scope.reason,
    batches: counts.batches.changes,
    forms: counts.forms.changes,
    entities: counts.entities,
    updatectr: 1,
    createon: now,
    createby: who,
    updateon: now,
    updateby: who,
  };
  const [inserted] = await db('periodfreeze').insert(record);
  const id = Number(inserted);
  for (const r of changing) await db('periodfreeze_batch').insert({ periodfreeze: id, formbatch: r.formbatch });
  const freezeModule = ctx.services.modules.get('FreezePeriod')!;
  await recordAudit(db, freezeModule, id, 1, 'create', Object.keys(record).filter((k) => !['updatectr', 'createon', 'createby', 'updateon', 'updateby'].includes(k)), who, { after: { ...record, id, formbatches: changing.map((r) => r.formbatch) } });
  const recipients = await mailFreeze(db, scope, changing, ctx.caller?.name ?? 'the regulator', now);
  return { ...outcome, record: id, recipients };
}
