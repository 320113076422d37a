import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { decodeXml } from '../protocol/envelope.js';

describe.each(await testDialects())('the process endpoint on %s', (dialect) => {
  let t: TestEngine;
  beforeAll(async () => {
    t = await startTestEngine(dialect);
  });
  afterAll(async () => t?.close());

  it('answers a form-encoded call with an XML envelope', async () => {
    const cookie = await t.sessionFor('iru');
    const res = await t.engine.app.inject({
      method: 'POST',
      url: '/process',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: new URLSearchParams({ action: 'Record.select', a0: JSON.stringify({ module: 'Sector', fields: ['id', 'name'], order: 'id asc', max: 2 }) }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const [rows, count] = decodeXml(res.body);
    expect(rows).toMatchObject({ type: 'recordset', columns: [{ name: 'id', type: 'integer' }, { name: 'name', type: 'string' }], rows: [['1', 'Banking'], ['2', 'Insurance']] });
    expect(count).toEqual({ type: 'text', text: '6' });
  });

  it('answers the JSON form when the client accepts JSON', async () => {
    const cookie = await t.sessionFor('iru');
    const res = await t.engine.app.inject({
      method: 'POST',
      url: '/process',
      headers: { 'content-type': 'application/json', accept: 'application/json', cookie },
      payload: JSON.stringify({ action: 'Record.select', args: [{ module: 'Sector', fields: ['id'], order: [['id', 'desc']], max: 1 }] }),
    });
    expect(JSON.parse(res.body)).toEqual({ values: [{ type: 'recordset', columns: [{ name: 'id', type: 'integer' }], rows: [[6]] }, { type: 'text', text: '6' }] });
  });

  it('refuses a call without a session with E_ILLEGALACCESS', async () => {
    const [v] = await t.call('Record.select', [{ module: 'RE' }]);
    expect(v).toEqual({ type: 'exception', code: 'E_ILLEGALACCESS', message: 'Session Expired / Not Logged In, Please Login' });
  });

  it('answers the text endpoint with exception:text:CODE:message', async () => {
    const res = await t.engine.app.inject({ method: 'POST', url: '/process/string', payload: { action: 'No.such', args: [] } });
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body.split(':')).toEqual(['exception', 'text', 'E_UNKNOWNACTION', 'Unknown action', ' No.such']);
  });
});
