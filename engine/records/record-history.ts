// What happened to a record: every accepted state change (state_history) and every write
// with the fields it changed (record_audit). The audit also tells a caller who lost an
// update race which fields moved since the version it read.
import type { Knex } from 'knex';
import { sqlDateTime } from '../db/clock.js';
import { insertCompiled } from '../db/compiled-statement.js';
import { bumpVersion } from '../db/change-versions.js';
import { journalInsert } from '../db/insert-journal.js';
import type { ResolvedModule } from '../metadata/module-registry.js';
import { isScreenModule, keepRecordVersion, keepScreenVersion } from '../metadata/screen-history.js';
import { auditJson, auditedFieldsOf } from './audit-values.js';

type Db = Knex | Knex.Transaction;

export async function recordStateChange(
  db: Db,
  module: ResolvedModule,
  recordId: number,
  from: number | null,
  to: number,
  who: number | null,
  reason: string | null,
): Promise<void> {
  await insertCompiled(db, 'state_history', {
    module: module.table,
    record_id: recordId,
    from_state: from,
    to_state: to,
    reason,
    createby: who,
    createon: sqlDateTime(),
  });
}

/** The stored row (column → value) before and after a write, as far as the writer knows it. */
export interface AuditValues {
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export async function recordAudit(
  db: Db,
  module: ResolvedModule,
  recordId: number,
  version: number,
  action: 'create' | 'update' | 'delete',
  changed: string[],
  who: number | null,
  values: AuditValues = {},
  /** Runs after everything the write does to its rows and before the table's version bump: the write's read-back. */
  beforeBump?: () => Promise<void>,
): Promise<void> {
  const now = sqlDateTime();
  // A delete names no changed fields (E_CONCURRENT reads them); its "before" is the whole row.
  // A create shows the whole new row (defaults and stamps included).
  const shown = action === 'delete' ? auditedFieldsOf(module, values.before) : action === 'create' ? [...new Set([...changed, ...auditedFieldsOf(module, values.after)])] : changed;
  await insertCompiled(db, 'record_audit', {
    module: module.table,
    record_id: recordId,
    version,
    action,
    fields: JSON.stringify(changed),
    before_values: auditJson(module, shown, values.before),
    after_values: auditJson(module, shown, values.after),
    createby: who,
    createon: now,
    updatectr: 1,
    updateon: now,
    updateby: who,
  });
  if (isScreenModule(module.name)) await keepScreenVersion(db, module.name, recordId, version, action, who);
  else if (module.def.versioned) await keepRecordVersion(db, module, recordId, version, action, who);
  if (action !== 'delete') await module.hooks?.afterAudit?.(db, module, recordId, action, changed, who);
  await beforeBump?.();
  // Every write is audited, so this is the one place that tells caches the table moved. The
  // audit table itself is not bumped (one row every write would queue on): a count of the audit
  // log is keyed by every module table's version instead (count-cache.ts). Last: every writer
  // of the table queues on its version row until it commits, so the queue is held for the
  // commit alone.
  const tableVersion = await bumpVersion(db, module.table);
  // A kept count then adds the new row instead of recounting the table (count-cache.ts).
  if (action === 'create') journalInsert(db, module.table, tableVersion, recordId);
}

/** Names of the fields written in versions after `sinceVersion`. */
export async function fieldsChangedSince(db: Db, module: ResolvedModule, recordId: number, sinceVersion: number): Promise<string[]> {
  const rows: { fields: string }[] = await db('record_audit')
    .where({ module: module.table, record_id: recordId })
    .andWhere('version', '>', sinceVersion)
    .select('fields');
  const names = new Set<string>();
  for (const r of rows) for (const f of JSON.parse(r.fields) as string[]) names.add(f);
  return [...names].sort();
}

/** The state changes of a record, oldest first. The table is keyed by the module's table, so variants share it. */
export function stateHistoryQuery(db: Db, module: ResolvedModule, recordId: number): Knex.QueryBuilder {
  return db({ h: 'state_history' })
    .leftJoin({ u: 'user' }, 'u.id', 'h.createby')
    .leftJoin({ f: 'list' }, 'f.id', 'h.from_state')
    .leftJoin({ s: 'list' }, 's.id', 'h.to_state')
    .where({ 'h.module': module.table, 'h.record_id': recordId })
    .orderBy('h.id', 'asc')
    .select(
      'h.id as id',
      'h.from_state as from_state',
      'f.name as from_state_name_ind_field',
      'h.to_state as to_state',
      's.name as to_state_name_ind_field',
      'h.reason as reason',
      'h.createby as createby',
      'u.name as createby_name_ind_field',
      'h.createon as createon',
    );
}
