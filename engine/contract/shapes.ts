// The versioning rule of the contract: docs/contract/shapes.json is a snapshot of each
// action's argument schemas and answer. Removing an action or changing its shape breaks
// integrators, so it is refused while the protocol version still equals the snapshot's;
// adding an action is allowed.
import type { Catalogue } from './catalogue.js';
import { stableJson } from '../protocol/stable-json.js';

export interface ActionShape {
  args: Record<string, unknown>[];
  minArgs: number;
  answer: string;
}

export interface Shapes {
  protocolVersion: string;
  actions: Record<string, ActionShape>;
}

export function shapesOf(catalogue: Catalogue): Shapes {
  const actions: Record<string, ActionShape> = {};
  for (const a of catalogue.actions) actions[a.name] = { args: a.args, minArgs: a.minArgs, answer: a.answer };
  return { protocolVersion: catalogue.protocolVersion, actions };
}

/** Words about a schema that no request is validated by: a new description or `x-record` breaks no integrator. */
const ANNOTATIONS = new Set(['description', 'title', 'examples', '$comment']);

/** The argument schemas as far as they decide which requests are valid. */
function validating(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(validating);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !ANNOTATIONS.has(k) && !k.startsWith('x-'))
      .map(([k, v]) => [k, k === 'properties' ? Object.fromEntries(Object.entries(v as object).map(([p, s]) => [p, validating(s)])) : validating(v)]),
  );
}

/** Removed or changed actions of `current` against the `snapshot` (added ones are not listed). */
export function breakingChanges(snapshot: Shapes, current: Shapes): string[] {
  const changes: string[] = [];
  for (const [name, before] of Object.entries(snapshot.actions)) {
    const now = current.actions[name];
    if (!now) changes.push(`${name} was removed`);
    else if (stableJson(validating(now.args)) !== stableJson(validating(before.args)) || now.minArgs !== before.minArgs) changes.push(`${name}: its arguments changed`);
    else if (now.answer !== before.answer) changes.push(`${name}: its answer changed`);
  }
  return changes;
}

/** Why the change may not go out as it is, or null when it may. */
export function versionRuleViolation(snapshot: Shapes, current: Shapes): string | null {
  const changes = breakingChanges(snapshot, current);
  if (changes.length === 0 || current.protocolVersion !== snapshot.protocolVersion) return null;
  return (
    `These changes break the contract of protocol version ${snapshot.protocolVersion}:\n  - ${changes.join('\n  - ')}\n` +
    'Raise PROTOCOL_VERSION in engine/contract/contract-version.ts, add a "## <version>" entry listing them to ' +
    'docs/contract/CHANGELOG.md, then run npm run docs.'
  );
}
