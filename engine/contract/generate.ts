// Every generated contract file, from one registry: `npm run docs` writes them and
// contract.test.ts checks that the committed ones are what the registry gives now.
import type { ActionRegistry } from '../runtime/registry.js';
import { buildCatalogue } from './catalogue.js';
import { envelopeXsd } from './envelope-xsd.js';
import { buildOpenApi } from './openapi.js';
import { shapesOf } from './shapes.js';
import { stableJson } from '../protocol/stable-json.js';

/** Paths relative to the repository root. */
export const CONTRACT_FILES = {
  catalogue: 'docs/contract/catalogue.json',
  xsd: 'docs/contract/envelope.xsd',
  staticXsd: 'docs/envelope.xsd',
  openapi: 'docs/contract/openapi.json',
  shapes: 'docs/contract/shapes.json',
  changelog: 'docs/contract/CHANGELOG.md',
} as const;

/** The generated files (path → content) for the registry of the running deployment. */
export function generateContract(registry: ActionRegistry): Record<string, string> {
  const catalogue = buildCatalogue(registry);
  const xsd = envelopeXsd();
  return {
    [CONTRACT_FILES.catalogue]: stableJson(catalogue),
    [CONTRACT_FILES.xsd]: xsd,
    [CONTRACT_FILES.staticXsd]: xsd,
    [CONTRACT_FILES.openapi]: stableJson(buildOpenApi(catalogue)),
    [CONTRACT_FILES.shapes]: stableJson(shapesOf(catalogue)),
  };
}
