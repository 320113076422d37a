// The running deployment serves its own contract, made from its registry (the metadata decides
// the per-module actions, so a deployment's catalogue can differ from the committed one).
import type { FastifyInstance } from 'fastify';
import type { ActionRegistry } from '../runtime/registry.js';
import { buildCatalogue } from './catalogue.js';
import { envelopeXsd } from './envelope-xsd.js';
import { buildOpenApi, CONTRACT_ROUTES } from './openapi.js';
import { stableJson } from '../protocol/stable-json.js';

export function registerContractRoutes(app: FastifyInstance, registry: ActionRegistry): void {
  // Built once: the registry does not change while the engine runs.
  const catalogue = buildCatalogue(registry);
  const bodies = { catalogue: stableJson(catalogue), openapi: stableJson(buildOpenApi(catalogue)), xsd: envelopeXsd() };
  const json = 'application/json; charset=utf-8';
  app.get(CONTRACT_ROUTES.catalogue, async (_req, reply) => reply.type(json).send(bodies.catalogue));
  app.get(CONTRACT_ROUTES.openapi, async (_req, reply) => reply.type(json).send(bodies.openapi));
  app.get(CONTRACT_ROUTES.xsd, async (_req, reply) => reply.type('application/xml; charset=utf-8').send(bodies.xsd));
}
