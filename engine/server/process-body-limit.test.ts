// Calls carry their own body limit (PROCESS_BODY_LIMIT, 8 MiB) above BODY_LIMIT (2 MiB), so that
// a large form template saves through the protocol: 10 tabs × 2,000 cells with 500 formulas,
// sent as the designer sends it (its properties as JSON text inside the JSON call) and as an
// integrator's form-encoded call. A body over the call limit still answers an E_TOOLARGE envelope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../fastify.config.js';
import { decodeXml } from '../protocol/envelope.js';
import { readBack } from '../testing/record-calls.js';
import { largeTemplate } from '../../portal/testing/large-template.js';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { dataCells } from '../../portal/filing/template-grid.js';
import type { FormProperties } from '../../portal/filing/template-schema.js';

const MiB = 1024 * 1024;
const json = (v: unknown): any => (typeof v === 'string' ? JSON.parse(v) : v);

describe('the body limit of calls', () => {
  it('is 8 MiB for calls and 2 MiB for everything else unless configured, and PROCESS_BODY_LIMIT sets it', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/unused' });
    expect([config.processBodyLimit, config.bodyLimit]).toEqual([8 * MiB, 2 * MiB]);
    expect(loadConfig({ DATA_DIR: '/tmp/unused', PROCESS_BODY_LIMIT: String(16 * MiB) }).processBodyLimit).toBe(16 * MiB);
    expect(() => loadConfig({ PROCESS_BODY_LIMIT: 'lots' })).toThrow('PROCESS_BODY_LIMIT must be a whole number from 1024 to 1073741824 (got "lots")');
  });
});

describe.each(await testDialects())('a large template through the protocol on %s', (dialect) => {
  let t: TestEngine;
  let iru: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    iru = await t.sessionFor('iru');
  });
  afterAll(async () => t?.close());

  const post = (payload: string, type = 'application/json') =>
    t.engine.app.inject({ method: 'POST', url: '/process', headers: { 'content-type': type, cookie: iru }, payload });

  it('creates, then saves again as the designer does, a template whose call is larger than BODY_LIMIT', async () => {
    const create = JSON.stringify({ action: 'Record.create', args: [{ module: 'FormTemplate', fields: ['code', 'name', 'itemcode', 'properties'], values: ['BIG-01', 'Large template', 'BIG01', JSON.stringify(largeTemplate())], read: ['id', 'updatectr', 'properties'] }] });
    const created = readBack(decodeXml((await post(create)).body));
    const stored = json(created.properties) as FormProperties;
    expect(dataCells(stored)).toHaveLength(10 * 100 * 19);

    // The designer sends back what the server stored (normalised: addresses, precision, alignment).
    stored.title = 'Large template, edited';
    const update = JSON.stringify({ action: 'Record.update', args: [{ module: 'FormTemplate', fields: ['id', 'properties', 'updatectr'], values: [created.id, JSON.stringify(stored), created.updatectr], read: ['properties', 'version'] }] });
    expect(update.length).toBeGreaterThan(t.config.bodyLimit);
    const res = await post(update);
    expect(res.statusCode).toBe(200);
    const saved = readBack(decodeXml(res.body));
    expect(json(saved.properties).title).toBe('Large template, edited');
    expect(Number(saved.version)).toBe(2);
  });

  it('accepts the same template form-encoded', async () => {
    const a0 = JSON.stringify({ module: 'FormTemplate', fields: ['code', 'name', 'itemcode', 'properties'], values: ['BIG-02', 'Large template', 'BIG02', JSON.stringify(largeTemplate({ item: 'BIG02' }))], read: ['code'] });
    const body = new URLSearchParams({ action: 'Record.create', a0 }).toString();
    expect(body.length).toBeGreaterThan(t.config.bodyLimit);
    const res = await post(body, 'application/x-www-form-urlencoded');
    expect(readBack(decodeXml(res.body)).code).toBe('BIG-02');
  });

  it('answers a call over PROCESS_BODY_LIMIT with HTTP 413 and an E_TOOLARGE envelope, writing nothing', async () => {
    const huge = 'x'.repeat(t.config.processBodyLimit + 1024);
    const res = await post(JSON.stringify({ action: 'Record.create', args: [{ module: 'FormTemplate', fields: ['code', 'name', 'properties'], values: ['HUGE', 'Huge', huge] }] }));
    expect(res.statusCode).toBe(413);
    expect(decodeXml(res.body)[0]).toMatchObject({ type: 'exception', code: 'E_TOOLARGE' });
    expect(await t.database.db('formtemplate').where({ code: 'HUGE' }).first()).toBeUndefined();
  });
});
