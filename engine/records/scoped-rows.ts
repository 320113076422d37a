// The caller's rows of a module for actions that query it themselves (a period's completeness,
// a late notice, an entity's offices): the same entity scope and row rules as Record.select, so
// a named action can neither show, count, mail nor change a row the list would not show. The
// action holds its own permission; the rows are the module's. A row outside them is answered as
// one that does not exist (E_NOTFOUND), so no answer tells a hidden row from a missing one.
import type { Knex } from 'knex';
import { errors } from '../errors/catalogue.js';
import { BASE_ALIAS, type ResolvedModule } from '../metadata/module-registry.js';
import type { ActionContext } from '../runtime/context.js';
import { applyScope, callerModule, type Verb } from './module-access.js';

type Db = Knex | Knex.Transaction;

export interface CallerRows {
  /** The module as the caller reaches it (its row limit planned in). */
  module: ResolvedModule;
  /** `db({[alias]: table})` limited to the caller's rows (default alias `t`). */
  from(alias?: string, db?: Db): Knex.QueryBuilder;
  /** A subquery of the caller's row ids, for `whereIn(column, rows.ids())`. */
  ids(db?: Db): Knex.QueryBuilder;
  /** The stored row (own columns) by id, or E_NOTFOUND when it is missing or outside the caller's rows. */
  get(id: number, db?: Db, opts?: { lock?: boolean }): Promise<Record<string, unknown>>;
  /** Whether the caller reaches the row. */
  reaches(id: number, db?: Db): Promise<boolean>;
}

/** The caller's rows of `moduleName` (for `verb`: a row one may read but not write is not one's to write). */
export function rowsOf(ctx: ActionContext, moduleName: string, verb: Verb = 'select'): CallerRows {
  const base = ctx.services.modules.get(moduleName);
  if (!base) throw errors.unknownModule(moduleName);
  const { module, scopeRe } = callerModule(ctx, base, verb);
  const from = (alias: string = BASE_ALIAS, db: Db = ctx.db) => {
    const qb = db({ [alias]: module.table });
    applyScope(db, qb, module, scopeRe, alias);
    return qb;
  };
  const one = (id: number, db: Db) => from(BASE_ALIAS, db).where(`${BASE_ALIAS}.${module.idField}`, id);
  return {
    module,
    from,
    ids: (db: Db = ctx.db) => from('s', db).select(`s.${module.idField}`),
    async get(id, db = ctx.db, opts = {}) {
      const qb = one(id, db).first(`${BASE_ALIAS}.*`);
      if (opts.lock) qb.forUpdate();
      const row = (await qb) as Record<string, unknown> | undefined;
      if (!row) throw errors.notFound(`${base.name} #${id}`);
      return row;
    },
    async reaches(id, db = ctx.db) {
      return Boolean(await one(id, db).first(db.raw('1 as ok')));
    },
  };
}
