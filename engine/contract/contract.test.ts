// The contract files in docs/contract are what the registry generates, the OpenAPI document is
// valid, and the versioning rule holds: no action is removed or changed within a version.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Type } from '@sinclair/typebox';
import { validate } from '@readme/openapi-parser';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildRegistry } from '../actions/index.js';
import { ActionRegistry, defineAction } from '../runtime/registry.js';
import { text } from '../protocol/envelope.js';
import { buildCatalogue } from './catalogue.js';
import { PROTOCOL_VERSION } from './contract-version.js';
import { CONTRACT_FILES, generateContract } from './generate.js';
import { CONTRACT_ROUTES } from './openapi.js';
import { registerContractRoutes } from './routes.js';
import { breakingChanges, shapesOf, versionRuleViolation, type Shapes } from './shapes.js';
import { portal } from '../../portal/app.js';
import { ModuleRegistry } from '../metadata/module-registry.js';
import { appModules } from '../app/app-modules.js';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const committed = (path: string) => readFileSync(resolve(root, path), 'utf8');
const generated = generateContract(buildRegistry(appModules(portal)));

describe('the committed contract files', () => {
  for (const path of Object.keys(generated)) {
    it(`${path} is what the registry generates`, () => {
      // A difference means the registry changed without the docs: run `npm run docs` and commit.
      expect(committed(path), `${path} differs from the registry: run npm run docs`).toBe(generated[path]);
    });
  }

  it('the OpenAPI document passes the OpenAPI validator', async () => {
    const result = await validate(JSON.parse(generated[CONTRACT_FILES.openapi]));
    expect(result).toMatchObject({ valid: true });
  });

  it('the OpenAPI document has one request schema per action, chosen by the action discriminator', () => {
    const doc = JSON.parse(generated[CONTRACT_FILES.openapi]);
    const names = buildRegistry(appModules(portal)).list().map((a) => a.name);
    const json = doc.paths['/process'].post.requestBody.content['application/json'].schema;
    expect(json.discriminator.propertyName).toBe('action');
    expect(Object.keys(json.discriminator.mapping).sort()).toEqual([...names].sort());
    expect(json.oneOf).toHaveLength(names.length);
    expect(doc.components.schemas['Record.select'].properties.action).toEqual({ const: 'Record.select' });
    expect(doc.info.version).toBe(PROTOCOL_VERSION);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/process', '/process/string', '/health', '/file/{module}/{id}']));
  });
});

describe('the versioning rule', () => {
  it('no action was removed or changed since the snapshot without raising the protocol version', () => {
    const snapshot = JSON.parse(committed(CONTRACT_FILES.shapes)) as Shapes;
    const current = shapesOf(buildCatalogue(buildRegistry(appModules(portal))));
    expect(versionRuleViolation(snapshot, current)).toBeNull();
  });

  it('the changelog has an entry for the current protocol version', () => {
    const headings = committed(CONTRACT_FILES.changelog).split('\n').filter((l) => l.startsWith('## '));
    expect(headings, `add "## ${PROTOCOL_VERSION}" to ${CONTRACT_FILES.changelog}`).toContain(`## ${PROTOCOL_VERSION}`);
  });

  const action = (name: string, maxLength = 5, answer = 'the word') =>
    defineAction({ name, summary: name, args: [Type.Object({ w: Type.String({ maxLength }) })], access: 'public', writes: false, answer, handler: async () => [text('')] });
  const shapes = (...defs: ReturnType<typeof action>[]) => shapesOf(buildCatalogue(new ActionRegistry().register(...defs)));
  const before = shapes(action('T.a'), action('T.b'));

  it('allows adding an action', () => {
    expect(versionRuleViolation(before, shapes(action('T.a'), action('T.b'), action('T.c')))).toBeNull();
  });

  it('refuses a removed action, changed arguments or a changed answer within the same version', () => {
    expect(breakingChanges(before, shapes(action('T.a')))).toEqual(['T.b was removed']);
    expect(breakingChanges(before, shapes(action('T.a', 6), action('T.b')))).toEqual(['T.a: its arguments changed']);
    expect(breakingChanges(before, shapes(action('T.a'), action('T.b', 5, 'other')))).toEqual(['T.b: its answer changed']);
    expect(versionRuleViolation(before, shapes(action('T.a')))).toMatch(/Raise PROTOCOL_VERSION[\s\S]*CHANGELOG\.md/);
  });

  it('takes a new description or record annotation of an argument for what it is: words, not a change', () => {
    const annotated = (name: string) =>
      defineAction({ name, summary: name, args: [Type.Object({ w: Type.String({ maxLength: 5, description: 'the word', 'x-record': 'T' }) })], access: 'public', writes: false, answer: 'the word', handler: async () => [text('')] });
    expect(breakingChanges(before, shapesOf(buildCatalogue(new ActionRegistry().register(annotated('T.a'), action('T.b')))))).toEqual([]);
  });

  it('allows the change once the version is raised', () => {
    expect(versionRuleViolation(before, { ...shapes(action('T.a')), protocolVersion: '2.0.0' })).toBeNull();
  });
});

describe('the contract served by the engine', () => {
  it('serves the catalogue, the OpenAPI document and the XSD of its registry', async () => {
    const app = Fastify();
    registerContractRoutes(app, buildRegistry(appModules(portal)));
    const get = (url: string) => app.inject({ method: 'GET', url });
    expect((await get(CONTRACT_ROUTES.catalogue)).body).toBe(generated[CONTRACT_FILES.catalogue]);
    expect((await get(CONTRACT_ROUTES.openapi)).body).toBe(generated[CONTRACT_FILES.openapi]);
    const xsd = await get(CONTRACT_ROUTES.xsd);
    expect(xsd.headers['content-type']).toMatch(/^application\/xml/);
    expect(xsd.body).toBe(generated[CONTRACT_FILES.xsd]);
    await app.close();
  });
});
