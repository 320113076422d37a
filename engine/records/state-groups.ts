// States a module's callers see as one (ModuleDef.stateGroups; seed 003 §4.2: an entity sees its
// extension request's Recommended, Recommend To Reject and Pending Recommendation as "In
// Progress", filter value -1). The stored state stays; only what the variant answers and how its
// conditions read change, so the regulator's own module sees the real states.
import type { ResolvedModule } from '../metadata/module-registry.js';

type Group = NonNullable<ResolvedModule['def']['stateGroups']>[number];

function groupsOf(module: ResolvedModule): Group[] {
  return module.def.stateGroups ?? [];
}

/**
 * A condition's value on `state` with each group value replaced by its states: `= -1` becomes
 * `in (65, 70, 79)`. Answers null when nothing names a group (the condition stays as it is).
 */
export function expandStateGroups(module: ResolvedModule, op: string, value: unknown): { op: 'in' | 'not in'; value: unknown[] } | null {
  const groups = groupsOf(module);
  if (!groups.length || !['=', '!=', 'in', 'not in'].includes(op)) return null;
  const items = Array.isArray(value) ? value : typeof value === 'string' && (op === 'in' || op === 'not in') ? value.split(',').map((s) => s.trim()) : [value];
  const named = (v: unknown) => groups.find((g) => v !== null && v !== '' && Number(v) === g.value);
  if (!items.some(named)) return null;
  const expanded = items.flatMap((v) => named(v)?.states ?? [v]);
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
