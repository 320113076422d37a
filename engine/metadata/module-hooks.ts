// The behaviour an app gives its modules: code the record engine runs on every write of a
// module's table, whatever the action or channel (an integrator's Record.update included). The
// record engine knows only these phases; what a phase does is the app's business (docs/engine.md).
import type { ActionContext } from '../runtime/context.js';
import type { ResolvedModule } from './module-registry.js';

/** A row as the record engine writes it: column → value. */
export type Row = Record<string, unknown>;

export interface ModuleHooks {
  /**
   * First, on the caller's values once their types are checked (`stored` null on create): may
   * reshape them (a derived column) or refuse them, before any other rule reads them.
   */
  prepare?(ctx: ActionContext, module: ResolvedModule, row: Row, stored: Row | null): Promise<void>;
  /**
   * After the values are checked and the state move allowed, before the row is written (`stored`
   * null on create). May refuse, or set columns on `row` (stamps, defaults); answers the fields it set.
   */
  beforeWrite?(ctx: ActionContext, module: ResolvedModule, stored: Row | null, row: Row): Promise<string[]>;
  /**
   * What a write needs beyond the module's permission, once the row before and after it are known
   * (null: a create's before, a delete's after), in the write's transaction: refuse or return.
   */
  guard?(ctx: ActionContext, module: ResolvedModule, before: Row | null, after: Row | null): Promise<void>;
  /** After a state move of an existing row is recorded, in the same transaction, before afterWrite. */
  afterStateChange?(ctx: ActionContext, module: ResolvedModule, id: number, from: number | null, to: number, reason: string | undefined): Promise<void>;
  /** After the row is written, in the same transaction. */
  afterWrite?(ctx: ActionContext, module: ResolvedModule, id: number, stored: Row | null, row: Row): Promise<void>;
  /** Before a row is deleted, in the same transaction: what goes with it (children, files). */
  beforeDelete?(ctx: ActionContext, module: ResolvedModule, stored: Row): Promise<void>;
  /** After a write's audit record (a version of the row exists), with the fields it changed. */
  afterAudit?(db: ActionContext['db'], module: ResolvedModule, id: number, action: 'create' | 'update', changed: readonly string[], who: number | null): Promise<void>;
}

/** Checked before every Record.select of any module: refuses a read the app's own rules forbid. */
export type SelectGuard = (ctx: ActionContext, module: ResolvedModule) => Promise<void>;
