// What happened to a record: every accepted state change (state_history) and every write
// with the fields it changed (record_audit). The audit also tells a caller who lost an
// update race which fields moved since the version it read.
import type { Knex } from 'knex';
import { sqlDateTime } from '../db/clock.js';
import { bumpVersions } from '../db/change-versions.js';
import type { ResolvedModule } from '../metadata/module-registry.js';
import { isScreenModule, keepScreenVersion } from '../metadata/screen-history.js';
import { publishTemplateVersion, TEMPLATE_TABLE } from '../filing/template-versions.js';

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
  await db('state_history').insert({
    module: module.table,
    record_id: recordId,
    from_state: from,
    to_state: to,
    reason,
    createby: who,
    createon: sqlDateTime(),
  });
}

export async function recordAudit(
  db: Db,
  module: ResolvedModule,
  recordId: number,
  version: number,
  action: 'create' | 'update' | 'delete',
  changed: string[],
  who: number | null,
): Promise<void> {
  await db('record_audit').insert({
    module: module.table,
    record_id: recordId,
    version,
    action,
    fields: JSON.stringify(changed),
    createby: who,
    createon: sqlDateTime(),
  });
  // Every write is audited, so this is the one place that tells caches the table moved.
  await bumpVersions(db, [module.table]);
  if (isScreenModule(module.name)) await keepScreenVersion(db, module.name, recordId, version, action, who);
  if (module.table === TEMPLATE_TABLE && action !== 'delete') await publishTemplateVersion(db, recordId, changed, who);
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
