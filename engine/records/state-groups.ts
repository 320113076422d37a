// States a module's callers see as one (ModuleDef.stateGroups; seed 003 §4.2: an entity sees its
// extension request's Recommended, Recommend To Reject and Pending Recommendation as "In
// Progress", filter value -1). The stored state stays; only what the variant answers and how its
// conditions read change, so the regulator's own module sees the real states. Nothing the variant
// answers tells a group's states apart: a condition naming one of them means the whole group, no
// range or text condition on the state is taken, a sort by it is left out, and the state history
// shows a move into the group without who made it or why.
import type { ResolvedModule } from '../metadata/module-registry.js';
import { errors } from '../errors/catalogue.js';

type Group = NonNullable<ResolvedModule['def']['stateGroups']>[number];

function groupsOf(module: ResolvedModule): Group[] {
  return module.def.stateGroups ?? [];
}

/** The fields whose values would tell a group's states apart. */
const GROUPED_FIELDS = ['state', 'state_name_ind_field'];

/** Whether `field` of the module is one a sort may not use: it would order the group's states apart. */
export function isGroupedSort(module: ResolvedModule, field: string): boolean {
  return groupsOf(module).length > 0 && GROUPED_FIELDS.includes(field);
}

/**
 * A condition's value on `state` with each group value, or any of its states, replaced by the
 * group's states: `= -1` and `= 70` both become `in (65, 70, 79)`. Answers null when nothing
 * names a group (the condition stays as it is). Any other condition on the state or its name is
 * refused: it would tell the group's states apart.
 */
export function expandStateGroups(module: ResolvedModule, op: string, value: unknown, field = 'state'): { op: 'in' | 'not in'; value: unknown[] } | null {
  const groups = groupsOf(module);
  if (!groups.length) return null;
  if (field !== 'state' || !['=', '!=', 'in', 'not in', 'is null', 'is not null'].includes(op)) throw errors.invalidOperator(op, field);
  if (op === 'is null' || op === 'is not null') return null;
  const items = Array.isArray(value) ? value : typeof value === 'string' && (op === 'in' || op === 'not in') ? value.split(',').map((s) => s.trim()) : [value];
  const named = (v: unknown) => groups.find((g) => v !== null && v !== '' && (Number(v) === g.value || g.states.includes(Number(v))));
  if (!items.some(named)) return null;
  const expanded = [...new Set(items.flatMap((v) => named(v)?.states ?? [v]))];
  return { op: op === '=' || op === 'in' ? 'in' : 'not in', value: expanded };
}

/** Rows as the module's callers see them: a grouped state answers the group's value and label. */
export function relabelStateGroups(module: ResolvedModule, rows: Record<string, unknown>[]): void {
  const groups = groupsOf(module);
  if (!groups.length) return;
  for (const row of rows) {
    // Without the state itself the row cannot say which group it is in.
    if (!('state' in row) || row.state === null) continue;
    const state = Number(row.state);
    const group = groups.find((g) => g.states.includes(state));
    if (!group) continue;
    row.state = group.value;
    if ('state_name_ind_field' in row) row.state_name_ind_field = group.label;
  }
}

/**
 * A record's state history as the module's callers see it: a grouped state answers the group's
 * value and label; a move within a group is left out, and a move into one does not say who made
 * it or why (the regulator's recommender and remark).
 */
export function relabelStateHistory(module: ResolvedModule, rows: Record<string, unknown>[]): Record<string, unknown>[] {
  const groups = groupsOf(module);
  if (!groups.length) return rows;
  const groupOf = (state: unknown) => (state === null || state === undefined ? undefined : groups.find((g) => g.states.includes(Number(state))));
  const out: Record<string, unknown>[] = [];
  for (const row of rows) {
    const from = groupOf(row.from_state);
    const to = groupOf(row.to_state);
    if (from && from === to) continue;
    const seen = { ...row };
    if (from) Object.assign(seen, { from_state: from.value, from_state_name_ind_field: from.label });
    if (to) Object.assign(seen, { to_state: to.value, to_state_name_ind_field: to.label, reason: null, createby: null, createby_name_ind_field: null });
    out.push(seen);
  }
  return out;
}
