// The action catalogue: what System.catalogue answers and docs/contract/catalogue.json holds,
// made from the registry so that the registry stays the single source of the contract.
import type { ActionRegistry } from '../runtime/registry.js';
import { PROTOCOL_VERSION } from './contract-version.js';
import { plainJson } from '../protocol/stable-json.js';

export interface CatalogueAction {
  name: string;
  summary: string;
  access: 'public' | 'session';
  /** The fixed permission, `{module}.{verb}` when checked per module, or null. */
  permission: string | null;
  writes: boolean;
  /** JSON Schemas of a0, a1, … */
  args: Record<string, unknown>[];
  minArgs: number;
  answer: string;
  errors: string[];
}

export interface Catalogue {
  protocolVersion: string;
  actions: CatalogueAction[];
}

export function buildCatalogue(registry: ActionRegistry): Catalogue {
  // list() is in code-unit order, so the committed files do not depend on the machine's locale.
  const actions = registry
    .list()
    .filter((d) => !d.testOnly)
    .map(
      (d): CatalogueAction => ({
        name: d.name,
        summary: d.summary,
        access: d.access,
        permission: typeof d.permission === 'object' ? `{module}.${d.permission.module}` : (d.permission ?? null),
        writes: d.writes,
        args: plainJson([...d.args]) as Record<string, unknown>[],
        minArgs: d.minArgs ?? d.args.length,
        answer: d.answer,
        errors: [...(d.errors ?? [])],
      }),
    );
  return { protocolVersion: PROTOCOL_VERSION, actions };
}
