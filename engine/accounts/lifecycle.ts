// Account state changes along the User module's state map (62 pending e-mail verification →
// 61 pending review → 33 active / 23 rejected), each recorded in state_history.
import type { Knex } from 'knex';
import { AppError } from '../errors/catalogue.js';
import type { ModuleRegistry } from '../metadata/module-registry.js';
import { recordStateChange } from '../records/record-history.js';
import { updateUser, userModule, type UserRow } from '../identity/users.js';

type Db = Knex | Knex.Transaction;

const STATE_NAMES: Record<number, string> = { 62: 'pending e-mail verification', 61: 'pending review', 33: 'active', 4: 'inactive', 23: 'rejected' };
const nameOf = (s: number | null) => (s === null ? 'no state' : (STATE_NAMES[s] ?? `state ${s}`));

/**
 * Moves the user from `from` to `to` with the other column values given. Answers
 * E_STATETRANSITION when the user is not in `from`; the update is a compare-and-set on the
 * state, so two admins acting at once cannot both move it.
 */
export async function moveUserState(
  db: Db,
  modules: ModuleRegistry,
  user: UserRow,
  from: number,
  to: number,
  opts: { who: number | null; reason?: string | null; values?: Record<string, unknown> },
): Promise<void> {
  const module = userModule(modules);
  if (!module.stateMap?.transitions.some(([f, t]) => f === from && t === to)) throw new Error(`User state map has no ${from} → ${to}`);
  const refused = () => new AppError('E_STATETRANSITION', `This account is ${nameOf(user.state)}; it must be ${nameOf(from)} for this step.`);
  if (user.state !== from) throw refused();
  if (!(await updateUser(db, modules, user.id, { state: to, ...opts.values }, opts.who, { state: from }))) throw refused();
  await recordStateChange(db, module, user.id, from, to, opts.who, opts.reason ?? null);
}
