// Hostile and clumsy input at the process endpoint: every case answers one clear exception in
// a well-formed envelope (never HTML, a stack trace, SQL or a file path) and changes nothing.
import { createHash } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse as Response } from 'fastify';
import type { Knex } from 'knex';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import type { Dialect } from '../db/connect.js';
import { decodeXml, recordsetObjects, type EnvelopeValue, type RecordsetValue } from '../protocol/envelope.js';

const MB = 1024 * 1024;

async function tableNames(db: Knex, dialect: Dialect): Promise<string[]> {
  if (dialect === 'sqlite') {
    const rows = (await db.raw("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")) as { name: string }[];
    return rows.map((r) => r.name).sort();
  }
  const [rows] = (await db.raw('select table_name as name from information_schema.tables where table_schema = database()')) as [{ name: string }[]];
  return rows.map((r) => r.name).sort();
}

/**
 * Row count of every table and a hash of all its rows (in a stable order). Sessions are only
 * counted: reading a session may touch its last-seen time, which is not a change of data.
 */
async function checksum(db: Knex, dialect: Dialect): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of await tableNames(db, dialect)) {
    const rows = (await db(table).select('*')) as Record<string, unknown>[];
    if (table === 'session') {
      out[table] = `${rows.length} rows`;
      continue;
    }
    const hash = createHash('sha256').update(rows.map((r) => JSON.stringify(r)).sort().join('\n')).digest('hex');
    out[table] = `${rows.length} rows, ${hash}`;
  }
  return out;
}

// What an exception message must never carry: markup, stack frames, file paths, SQL the
// engine built, or driver error names.
const UNSAFE: [string, RegExp][] = [
  ['HTML', /<\s*(html|body|pre|h1)\b/i],
  ['a stack frame', /\n\s*at\s|\bat [\w.<>]+ \(/],
  ['a file path', /(\/(work|home|tmp|usr|var|app|srv)\/)|node_modules|[A-Za-z]:\\|\.(ts|js|mjs|cjs):\d+/],
  ['SQL', /\b(select|insert|update|delete)\b[\s\S]*\b(from|into|set)\b\s*[`"[]/i],
  ['a driver error', /SQLITE_|\bER_[A-Z_]+|errno|sqlState|\bknex\b/i],
];

function expectSafeMessage(message: string) {
  for (const [what, re] of UNSAFE) expect(re.test(message), `the message carries ${what}: ${message}`).toBe(false);
  expect(message.length, 'the message is short enough to show').toBeLessThan(600);
}

/** The answer is an XML envelope whose first value is exception `code`; answers its values. */
function expectException(res: Response, code: string, status = 200): EnvelopeValue[] {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<response>')).toBe(true);
  const values = decodeXml(res.body);
  const first = values[0];
  expect(first?.type, res.body.slice(0, 300)).toBe('exception');
  if (first?.type !== 'exception') throw new Error('not an exception');
  expect(first.code, first.message).toBe(code);
  expect(first.message).not.toBe('');
  expectSafeMessage(first.message);
  return values;
}

function messageOf(values: EnvelopeValue[]): string {
  const first = values[0];
  return first?.type === 'exception' ? first.message : '';
}

/** The E_VALIDATION field → message map that follows the exception. */
function detailsOf(values: EnvelopeValue[]): Record<string, string> {
  const second = values[1];
  expect(second?.type).toBe('text');
  return JSON.parse(second?.type === 'text' ? second.text : '{}') as Record<string, string>;
}

function nested(depth: number, leaf: unknown): unknown {
  let where: unknown = leaf;
  for (let i = 0; i < depth; i++) where = { or: [where, ['id', '=', i]] };
  return where;
}

describe.each(await testDialects())('bad input at the process endpoint on %s', (dialect) => {
  let t: TestEngine;
  let admin: string;
  let baseline: Record<string, string>;

  const inject = (opts: InjectOptions): Promise<Response> => t.engine.app.inject(opts);
  const postJson = (body: unknown, cookie = admin, url = '/process') =>
    inject({ method: 'POST', url, headers: { 'content-type': 'application/json', cookie }, payload: typeof body === 'string' ? body : JSON.stringify(body) });
  const postForm = (fields: Record<string, string> | string, cookie = admin) =>
    inject({
      method: 'POST',
      url: '/process',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
    });
  const call = (action: string, args: unknown[], cookie = admin) => postJson({ action, args }, cookie);

  async function storedRe(id: number) {
    const [rows] = await t.call('Record.select', [{ module: 'RE', fields: ['id', 'updatectr', 'name', 'authorizedcapital', 'sector'], where: [['id', '=', id]] }], admin);
    return recordsetObjects(rows as RecordsetValue)[0];
  }

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    admin = await t.sessionFor('admin');
    baseline = await checksum(t.database.db, dialect);
  });
  afterAll(async () => t?.close());

  describe('refusals', () => {
    afterEach(async () => {
      expect(await checksum(t.database.db, dialect)).toEqual(baseline);
    });

    describe('the envelope', () => {
      it('answers a malformed JSON body with E_BADREQUEST', async () => {
        expectException(await postJson('{"action": "Record.select", "args": [{"module": "RE"'), 'E_BADREQUEST');
        expectException(await postJson('{"action": "Record.select", "args": []} trailing'), 'E_BADREQUEST');
        expectException(await postJson("{'action': 'Record.select'}"), 'E_BADREQUEST');
      });

      it('answers an empty JSON body with E_BADREQUEST', async () => {
        expectException(await postJson(''), 'E_BADREQUEST');
      });

      it('answers a form body whose a0 is not JSON with E_BADREQUEST naming a0', async () => {
        const values = expectException(await postForm({ action: 'Record.select', a0: "{module: 'RE'}" }), 'E_BADREQUEST');
        expect(messageOf(values)).toBe('a0 is not valid JSON');
      });

      it('answers a form body without an action, or with a gap in the arguments, with E_BADREQUEST', async () => {
        expectException(await postForm({ a0: '{"module":"RE"}' }), 'E_BADREQUEST');
        expectException(await postForm(''), 'E_BADREQUEST');
        expectException(await postForm({ action: 'Record.select', a1: '{}' }), 'E_BADREQUEST');
        expectException(await postForm('action=Record.select&action=Record.delete&a0=%7B%7D'), 'E_BADREQUEST');
      });

      it('answers a JSON body that is an array, a string or null with E_BADREQUEST', async () => {
        for (const body of ['[{"action":"Record.select","args":[{"module":"RE"}]}]', '"Record.select"', 'null', '42']) {
          expectException(await postJson(body), 'E_BADREQUEST');
        }
      });

      it('answers a JSON body without an action with E_BADREQUEST', async () => {
        const values = expectException(await postJson({ args: [{ module: 'RE' }] }), 'E_BADREQUEST');
        expect(messageOf(values)).toMatch(/action/);
      });

      it.each([
        'Record.select; DROP TABLE re',
        '../Record.select',
        'Record/select',
        'Record.select\u0000',
        '<script>Record.select</script>',
        ' Record.select',
      ])('answers the action name %j with E_BADREQUEST', async (action) => {
        expectException(await call(action, [{ module: 'RE' }]), 'E_BADREQUEST');
      });

      it('answers args that are not an array with E_BADREQUEST', async () => {
        expectException(await postJson({ action: 'Record.select', args: { module: 'RE' } }), 'E_BADREQUEST');
      });

      it('answers a body that tries to set __proto__ with E_BADREQUEST', async () => {
        expectException(await postJson('{"action":"Record.select","args":[{"module":"RE"}],"__proto__":{"admin":true}}'), 'E_BADREQUEST');
        expectException(await postJson('{"action":"Record.select","args":[{"module":"RE","constructor":{"prototype":{"admin":true}}}]}'), 'E_BADREQUEST');
      });

      it('answers a POST without a body with E_BADREQUEST', async () => {
        expectException(await inject({ method: 'POST', url: '/process', headers: { cookie: admin } }), 'E_BADREQUEST');
      });

      it('answers an unknown action with E_UNKNOWNACTION, signed in or not', async () => {
        const values = expectException(await call('Record.drop', [{ module: 'RE' }]), 'E_UNKNOWNACTION');
        expect(messageOf(values)).toBe('Unknown action: Record.drop');
        expectException(await postJson({ action: 'No.such', args: [] }, ''), 'E_UNKNOWNACTION');
      });

      it.each([
        ['text/plain', 'action=Record.select'],
        ['application/xml', '<call action="Record.select"/>'],
        ['text/json', '{"action":"Record.select","args":[{"module":"RE"}]}'],
        ['application/octet-stream', 'xx'],
      ])('answers an unsupported content type (%s) with HTTP 415 and E_BADREQUEST', async (type, payload) => {
        const values = expectException(await inject({ method: 'POST', url: '/process', headers: { 'content-type': type, cookie: admin }, payload }), 'E_BADREQUEST', 415);
        expect(messageOf(values)).toMatch(/application\/json/);
      });

      it('answers a body without a content type with HTTP 415 and E_BADREQUEST', async () => {
        expectException(await inject({ method: 'POST', url: '/process', headers: { cookie: admin }, payload: Buffer.from('action=Record.select') }), 'E_BADREQUEST', 415);
      });

      it('answers the text endpoint in text, whatever fails before the action runs', async () => {
        for (const [headers, payload, code, status] of [
          [{ 'content-type': 'application/json' }, '{"action":', 'E_BADREQUEST', 200],
          [{ 'content-type': 'application/xml' }, '<call/>', 'E_BADREQUEST', 415],
          [{ 'content-type': 'application/json' }, JSON.stringify({ action: 'User.logout', args: ['x'.repeat(9 * MB)] }), 'E_TOOLARGE', 413],
        ] as const) {
          const res = await inject({ method: 'POST', url: '/process/string', headers: { ...headers, cookie: admin }, payload });
          expect(res.statusCode).toBe(status);
          expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
          const parts = res.body.split(':');
          expect(parts.slice(0, 3)).toEqual(['exception', 'text', code]);
          expectSafeMessage(parts.slice(3).join(':'));
        }
      });

      it('answers other methods and paths under /process with a 404 envelope, never an HTML page', async () => {
        for (const [method, url] of [['GET', '/process'], ['PUT', '/process'], ['DELETE', '/process/string'], ['POST', '/process/other']] as const) {
          expectException(await inject({ method, url, headers: { cookie: admin } }), 'E_BADREQUEST', 404);
        }
      });

      it('reads the media type case-insensitively, as HTTP says', async () => {
        const res = await inject({
          method: 'POST',
          url: '/process',
          headers: { 'content-type': 'Application/JSON; charset=UTF-8', cookie: admin },
          payload: JSON.stringify({ action: 'Record.select', args: [{ module: 'Sector', fields: ['id'], max: 1 }] }),
        });
        expect(decodeXml(res.body)[0]).toMatchObject({ type: 'recordset' });
      });
    });

    describe('body size', () => {
      // JSON and form calls are held to PROCESS_BODY_LIMIT (8 MiB), multipart fields to BODY_LIMIT (2 MiB).
      const huge = 'x'.repeat(9 * MB);
      const large = 'x'.repeat(3 * MB);

      it('answers a JSON body over the limit with HTTP 413 and E_TOOLARGE', async () => {
        expect(t.config.processBodyLimit).toBeLessThan(9 * MB);
        expectException(await call('Record.create', [{ module: 'Sector', fields: ['name'], values: [huge] }]), 'E_TOOLARGE', 413);
      });

      it('answers a form body over the limit with HTTP 413 and E_TOOLARGE', async () => {
        expectException(await postForm({ action: 'Record.create', a0: JSON.stringify({ module: 'Sector', fields: ['name'], values: [huge] }) }), 'E_TOOLARGE', 413);
      });

      it('answers a multipart body over the limit with HTTP 413 and E_TOOLARGE', async () => {
        expect(t.config.bodyLimit).toBeLessThan(3 * MB);
        const form = new FormData();
        form.set('action', 'Record.create');
        form.set('a0', JSON.stringify({ module: 'Sector', fields: ['name'], values: [large] }));
        const request = new Request('http://localhost/process', { method: 'POST', body: form });
        const payload = Buffer.from(await request.arrayBuffer());
        const res = await inject({ method: 'POST', url: '/process', headers: { 'content-type': request.headers.get('content-type')!, cookie: admin }, payload });
        expectException(res, 'E_TOOLARGE', 413);
      });

      it('answers a 1 MB value for a 255-character field with E_VALIDATION naming the field and the length', async () => {
        const values = expectException(await call('Record.create', [{ module: 'Sector', fields: ['name'], values: ['y'.repeat(MB)] }]), 'E_VALIDATION');
        expect(detailsOf(values)).toEqual({ name: 'must be at most 255 characters' });
        expect(messageOf(values)).toBe('name: must be at most 255 characters');
      });

      it('answers a 1 MB value for a text field with E_VALIDATION', async () => {
        const values = expectException(await call('Record.create', [{ module: 'PublicMessage', fields: ['message'], values: ['y'.repeat(MB)] }]), 'E_VALIDATION');
        expect(Object.keys(detailsOf(values))).toEqual(['message']);
      });

      it('answers a text value whose UTF-8 form outgrows the column with E_VALIDATION, not a database error', async () => {
        // 20,000 emoji are 20,000 characters but 80,000 bytes: more than a TEXT column holds on MariaDB.
        const values = expectException(await call('Record.create', [{ module: 'PublicMessage', fields: ['message'], values: ['😀'.repeat(20_000)] }]), 'E_VALIDATION');
        expect(Object.keys(detailsOf(values))).toEqual(['message']);
      });
    });

    describe('arguments', () => {
      it('answers a missing argument with E_BADREQUEST', async () => {
        expectException(await call('Record.select', []), 'E_BADREQUEST');
      });

      it('answers too many arguments with E_BADREQUEST', async () => {
        expectException(await call('Record.select', [{ module: 'Sector' }, { module: 'RE' }]), 'E_BADREQUEST');
      });

      it.each([
        ['a0 is a string', ['RE'], 'a0 must be object'],
        ['module is a number', [{ module: 5 }], 'a0/module must be string'],
        ['module is empty', [{ module: '' }], 'a0/module'],
        ['fields is not an array', [{ module: 'RE', fields: 'name' }], 'a0/fields must be array'],
        ['a field name is a number', [{ module: 'RE', fields: [1] }], 'a0/fields/0 must be string'],
        ['where is a string', [{ module: 'RE', where: 'id = 1 or 1 = 1' }], 'a0/where must be array'],
        ['max is a word', [{ module: 'RE', max: 'all' }], 'a0/max'],
        ['max is negative', [{ module: 'RE', max: -1 }], 'a0/max'],
        ['there is an extra property', [{ module: 'RE', sql: 'select 1' }], 'a0 must NOT have additional properties "sql"'],
      ])('answers Record.select when %s with E_BADREQUEST naming the path', async (_what, args, text) => {
        const values = expectException(await call('Record.select', args), 'E_BADREQUEST');
        expect(messageOf(values)).toContain(text);
      });

      it.each([
        ['values is not an array', { module: 'Sector', fields: ['name'], values: 'x' }, 'a0/values must be array'],
        ['fields is missing', { module: 'Sector', values: ['x'] }, 'a0'],
        ['there is an extra property', { module: 'Sector', fields: ['name'], values: ['x'], id: 1 }, '"id"'],
      ])('answers Record.create when %s with E_BADREQUEST naming the path', async (_what, a0, text) => {
        const values = expectException(await call('Record.create', [a0]), 'E_BADREQUEST');
        expect(messageOf(values)).toContain(text);
      });

      it('answers fields and values of unequal length with E_BADREQUEST', async () => {
        expectException(await call('Record.create', [{ module: 'Sector', fields: ['name', 'code'], values: ['x'] }]), 'E_BADREQUEST');
      });

      it('answers a page size over the ceiling with E_BADREQUEST', async () => {
        expectException(await call('Record.select', [{ module: 'RE', max: t.config.maxPageSize + 1 }]), 'E_BADREQUEST');
      });

      it('answers a page far past the last one with no rows', async () => {
        for (const pageIndex of [999999999, '999999999']) {
          const [rows, count] = decodeXml((await call('Record.select', [{ module: 'Sector', fields: ['id'], pageIndex }])).body);
          expect(rows).toMatchObject({ type: 'recordset', rows: [] });
          expect(count).toEqual({ type: 'text', text: '6' });
        }
      });

      it('refuses a page index beyond nine digits rather than reading another page', async () => {
        for (const pageIndex of [1e300, 1e10, '1000000000']) {
          const values = expectException(await call('Record.select', [{ module: 'Sector', fields: ['id'], pageIndex }]), 'E_BADREQUEST');
          expect(messageOf(values)).toContain('a0/pageIndex');
        }
      });

      it.each([
        ['an integer beyond 32 bits', 'RE', 'sector', 1e300],
        ['a decimal in exponent form', 'RE', 'authorizedcapital', '1e5'],
        ['a decimal that is not finite', 'RE', 'authorizedcapital', 'Infinity'],
        ['a date that does not exist', 'RE', 'dateincorporated', '2024-02-30'],
        ['an option outside the list', 'RE', 'branchtype', 'Z'],
        ['an object for a string', 'RE', 'owner', { toString: 'x' }],
        ['an array for a string', 'RE', 'owner', ['a', 'b']],
      ])('answers %s with E_VALIDATION naming the field', async (_what, module, field, value) => {
        const re = await storedRe(5);
        const values = expectException(await call('Record.update', [{ module, fields: ['id', 'updatectr', field], values: [5, re.updatectr, value] }]), 'E_VALIDATION');
        expect(Object.keys(detailsOf(values))).toEqual([field]);
      });

      it('answers an unknown module with E_BADREQUEST', async () => {
        const values = expectException(await call('Record.select', [{ module: 'NoSuchModule' }]), 'E_BADREQUEST');
        expect(messageOf(values)).toBe('Unknown module: NoSuchModule');
        expectException(await call('Record.create', [{ module: 'NoSuchModule', fields: [], values: [] }]), 'E_BADREQUEST');
      });

      it('answers an unknown field in fields, where, order and values with E_INVALIDFIELD', async () => {
        expectException(await call('Record.select', [{ module: 'RE', fields: ['id', 'nosuch'] }]), 'E_INVALIDFIELD');
        expectException(await call('Record.select', [{ module: 'RE', where: [['nosuch', '=', 1]] }]), 'E_INVALIDFIELD');
        expectException(await call('Record.select', [{ module: 'RE', where: [{ or: [['id', '=', 1], ['nosuch', '=', 1]] }] }]), 'E_INVALIDFIELD');
        expectException(await call('Record.select', [{ module: 'RE', order: 'nosuch desc' }]), 'E_INVALIDFIELD');
        expectException(await call('Record.select', [{ module: 'RE', order: [['nosuch', 'asc']] }]), 'E_INVALIDFIELD');
        expectException(await call('Record.create', [{ module: 'Sector', fields: ['name', 'nosuch'], values: ['x', 'y'] }]), 'E_INVALIDFIELD');
        const re = await storedRe(1);
        expectException(await call('Record.update', [{ module: 'RE', fields: ['id', 'updatectr', 'nosuch'], values: [1, re.updatectr, 'y'] }]), 'E_INVALIDFIELD');
      });

      it('answers a secret field anywhere with E_INVALIDFIELD, so it is no oracle', async () => {
        expectException(await call('Record.select', [{ module: 'User', fields: ['id', 'password'] }]), 'E_INVALIDFIELD');
        expectException(await call('Record.select', [{ module: 'User', where: [['password', 'like', '$argon2%']] }]), 'E_INVALIDFIELD');
        expectException(await call('Record.select', [{ module: 'User', order: 'password' }]), 'E_INVALIDFIELD');
      });

      it.each(['= 1 or 1 = 1', 'regexp', '; drop table re', '==', 'glob'])('answers the operator %j with E_INVALIDOPERATOR', async (op) => {
        expectException(await call('Record.select', [{ module: 'RE', where: [['name', op, 'x']] }]), 'E_INVALIDOPERATOR');
      });

      it('answers a value that does not fit an integer field in where with E_BADREQUEST', async () => {
        expectException(await call('Record.select', [{ module: 'RE', where: [['id', '=', '1 OR 1=1']] }]), 'E_BADREQUEST');
        expectException(await call('Record.select', [{ module: 'RE', where: [['id', 'in', '1,2) or (1=1']] }]), 'E_BADREQUEST');
      });
    });

    describe('SQL metacharacters in identifiers', () => {
      const badFields = ['name; drop table re', 'name --', '`name`', '"name"', "name'", 'name)', 't.name', 're.name', 'name /*', '*', 'NAME', 'id) or (1=1', 'name\u0000'];
      const refused = ['E_INVALIDFIELD', 'E_BADREQUEST'];

      it.each(badFields)('refuses the field name %j in fields, where, order and values', async (name) => {
        const answers = [
          await call('Record.select', [{ module: 'RE', fields: ['id', name] }]),
          await call('Record.select', [{ module: 'RE', where: [[name, '=', 'x']] }]),
          await call('Record.select', [{ module: 'RE', where: [{ field: name, operator: 'is null' }] }]),
          await call('Record.select', [{ module: 'RE', order: [[name, 'asc']] }]),
          await call('Record.select', [{ module: 'RE', order: `${name} asc` }]),
          await call('Record.create', [{ module: 'Sector', fields: ['name', name], values: ['ok', 'x'] }]),
          await call('Record.create', [{ module: 'Sector', fields: ['name'], values: ['ok'], read: ['id', name] }]),
        ];
        for (const res of answers) {
          const values = decodeXml(res.body);
          expect(values[0]).toMatchObject({ type: 'exception' });
          const first = values[0];
          if (first.type !== 'exception') continue;
          expect(refused, `${first.code}: ${first.message}`).toContain(first.code);
          expectException(res, first.code);
        }
      });

      it.each(['re; drop', 'RE; DROP TABLE re', 'RE--', '`RE`', 're', 'RE ', '../RE', 'RE\u0000', '__proto__', 'constructor', 'toString'])(
        'refuses the module name %j with E_BADREQUEST',
        async (module) => {
          expectException(await call('Record.select', [{ module }]), 'E_BADREQUEST');
          expectException(await call('Record.create', [{ module, fields: ['name'], values: ['x'] }]), 'E_BADREQUEST');
        },
      );

      it('refuses a direction that is not asc or desc', async () => {
        expectException(await call('Record.select', [{ module: 'RE', order: [['name', 'asc; drop table re']] }]), 'E_BADREQUEST');
        expectException(await call('Record.select', [{ module: 'RE', order: 'name desc, id --' }]), 'E_BADREQUEST');
      });
    });

    describe('the shape of where', () => {
      it('refuses 50 nested or-groups with E_BADREQUEST', async () => {
        const values = expectException(await call('Record.select', [{ module: 'RE', where: [nested(50, ['id', '=', 1])] }]), 'E_BADREQUEST');
        expect(messageOf(values)).toMatch(/nested/);
      });

      it('refuses thousands of conditions with E_BADREQUEST', async () => {
        const many = Array.from({ length: 5000 }, (_, i) => ['id', '!=', i]);
        expectException(await call('Record.select', [{ module: 'RE', where: many }]), 'E_BADREQUEST');
        expectException(await call('Record.select', [{ module: 'RE', where: [{ or: many }] }]), 'E_BADREQUEST');
        expectException(await call('Record.select', [{ module: 'RE', where: [['id', 'in', Array.from({ length: 5000 }, (_, i) => i)]] }]), 'E_BADREQUEST');
      });

      it('refuses a condition of the wrong shape with E_BADREQUEST', async () => {
        for (const where of [['id = 1'], [['id']], [['id', '=', 1, 'extra']], [{ xor: [] }], [{ or: 'id = 1' }], [42]]) {
          expectException(await call('Record.select', [{ module: 'RE', where }]), 'E_BADREQUEST');
        }
      });

      it('answers a value nested thousands of levels deep without failing', async () => {
        const deep = `${'['.repeat(5000)}1${']'.repeat(5000)}`;
        const res = await postJson(`{"action":"Record.create","args":[{"module":"Sector","fields":["name"],"values":[${deep}]}]}`);
        expectException(res, 'E_VALIDATION');
      });
    });

    describe('characters XML cannot carry', () => {
      it.each([
        ['U+0001', 'a\u0001b'],
        ['U+0000', 'a\u0000b'],
        ['U+001F', '\u001f'],
        ['a vertical tab', 'a\u000bb'],
        ['a lone high surrogate', 'a\ud800b'],
        ['a lone low surrogate', 'a\udc00b'],
        ['U+FFFF', 'a\uffffb'],
      ])('refuses %s in a written value with E_VALIDATION naming the field', async (_what, value) => {
        const values = expectException(await call('Record.create', [{ module: 'Sector', fields: ['name'], values: [value] }]), 'E_VALIDATION');
        expect(Object.keys(detailsOf(values))).toEqual(['name']);
        const re = await storedRe(2);
        const upd = expectException(await call('Record.update', [{ module: 'RE', fields: ['id', 'updatectr', 'owner'], values: [2, re.updatectr, value] }]), 'E_VALIDATION');
        expect(Object.keys(detailsOf(upd))).toEqual(['owner']);
      });

      it('keeps the envelope well-formed when such a character is echoed in a message', async () => {
        const res = await call('Record.select', [{ module: 'RE', fields: ['id', 'a\u0001\ud800b'] }]);
        expectException(res, 'E_INVALIDFIELD');
        expect(res.body).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
      });
    });

    describe('transactions', () => {
      it('leaves the first field unchanged when the second is invalid', async () => {
        const before = await storedRe(3);
        const values = expectException(
          await call('Record.update', [{ module: 'RE', fields: ['id', 'updatectr', 'name', 'authorizedcapital'], values: [3, before.updatectr, 'Renamed Ltd', 'lots'] }]),
          'E_VALIDATION',
        );
        expect(Object.keys(detailsOf(values))).toEqual(['authorizedcapital']);
        expect(await storedRe(3)).toEqual(before);
      });

      it('leaves the first field unchanged when the second refers to a missing record', async () => {
        const before = await storedRe(3);
        const values = expectException(
          await call('Record.update', [{ module: 'RE', fields: ['id', 'updatectr', 'name', 'sector'], values: [3, before.updatectr, 'Renamed Ltd', 999999] }]),
          'E_VALIDATION',
        );
        expect(Object.keys(detailsOf(values))).toEqual(['sector']);
        expect(await storedRe(3)).toEqual(before);
      });

      it('leaves the first field unchanged when the database refuses the second (unique key)', async () => {
        const [rows] = await t.call('Record.select', [{ module: 'User', fields: ['id', 'updatectr', 'name', 'userid'], where: [['userid', '=', 're2']] }], admin);
        const before = recordsetObjects(rows as RecordsetValue)[0];
        const values = expectException(
          await call('Record.update', [{ module: 'User', fields: ['id', 'updatectr', 'name', 'userid'], values: [before.id, before.updatectr, 'Renamed', 'iru'] }]),
          'E_VALIDATION',
        );
        expect(detailsOf(values)).toEqual({ userid: 'is already used by another record' });
        const [after] = await t.call('Record.select', [{ module: 'User', fields: ['id', 'updatectr', 'name', 'userid'], where: [['id', '=', before.id]] }], admin);
        expect(recordsetObjects(after as RecordsetValue)[0]).toEqual(before);
      });

      it('creates nothing when a later value of a create is invalid', async () => {
        expectException(await call('Record.create', [{ module: 'Sector', fields: ['name', 'code', 'MainSector_Ind'], values: ['Half made', 'HM', 'maybe'] }]), 'E_VALIDATION');
      });

      it('changes nothing on a stale updatectr', async () => {
        const before = await storedRe(4);
        expectException(await call('Record.update', [{ module: 'RE', fields: ['id', 'updatectr', 'name'], values: [4, Number(before.updatectr) + 5, 'Stale'] }]), 'E_CONCURRENT');
        expect(await storedRe(4)).toEqual(before);
      });
    });
  });

  describe('a failing database', () => {
    it('answers E_FAIL with only the request id: no SQL, no driver message, no path', async () => {
      await t.database.db.schema.renameTable('publicmessage', 'publicmessage_away');
      try {
        for (const res of [
          await call('Record.select', [{ module: 'PublicMessage' }]),
          await call('Record.create', [{ module: 'PublicMessage', fields: ['message'], values: ['x'] }]),
        ]) {
          const values = expectException(res, 'E_FAIL');
          expect(messageOf(values)).toMatch(/^Unknown error \(request [0-9a-f]{12}\)$/);
          expect(res.body).not.toMatch(/publicmessage|no such table|doesn't exist/i);
        }
      } finally {
        await t.database.db.schema.renameTable('publicmessage_away', 'publicmessage');
      }
    });
  });

  describe('SQL metacharacters in values', () => {
    const tricky = [
      "'; DROP TABLE re; --",
      '" OR 1=1',
      "' OR '1'='1",
      "'); DELETE FROM user; --",
      'back\\slash',
      'trailing backslash\\',
      "quote\\'escaped",
      '100%',
      'a_b',
      'aXb',
      '%',
      '_',
      '\\%',
      'what? and ??',
      ':name $1 @p0',
      '/* comment */ --',
    ];
    const ids = new Map<string, number>();

    async function select(where: unknown[]) {
      const [rows, count] = await t.call('Record.select', [{ module: 'Sector', fields: ['id', 'name'], where: [['id', 'in', [...ids.values()]], ...where], max: 100 }], admin);
      expect(rows?.type, JSON.stringify(rows)).toBe('recordset');
      return { names: recordsetObjects(rows as RecordsetValue).map((r) => r.name), count: count?.type === 'text' ? count.text : '' };
    }

    beforeAll(async () => {
      for (const name of tricky) {
        const [v] = await t.call('Record.create', [{ module: 'Sector', fields: ['name'], values: [name] }], admin);
        expect(v?.type, JSON.stringify(v)).toBe('recordset');
        ids.set(name, Number((v as RecordsetValue).rows[0][0]));
      }
    });

    it('stores them and reads them back exactly', async () => {
      const { names } = await select([]);
      expect([...names].sort()).toEqual([...tricky].sort());
      for (const [name, id] of ids) {
        const [rows] = await t.call('Record.select', [{ module: 'Sector', fields: ['name'], where: [['id', '=', id]] }], admin);
        expect((rows as RecordsetValue).rows).toEqual([[name]]);
      }
      // The tables the classic injections name are still there, with their rows.
      expect(Number((await t.database.db('re').count({ n: '*' }))[0].n)).toBeGreaterThan(0);
      expect(Number((await t.database.db('user').count({ n: '*' }))[0].n)).toBeGreaterThan(0);
    });

    it('matches each stored value with = and nothing else', async () => {
      for (const name of tricky) expect(await select([['name', '=', name]])).toEqual({ names: [name], count: '1' });
    });

    it('matches nothing with injection attempts that are not stored', async () => {
      for (const attempt of ["' OR 1=1 --", '" OR ""="', "x' OR name LIKE '%", '1) OR (1=1', "%' --"]) {
        expect(await select([['name', '=', attempt]])).toEqual({ names: [], count: '0' });
        const [rows, count] = await t.call('Record.select', [{ module: 'RE', fields: ['id'], where: [['name', '=', attempt]] }], admin);
        expect((rows as RecordsetValue).rows).toEqual([]);
        expect(count).toEqual({ type: 'text', text: '0' });
      }
    });

    it('treats them as values inside in-lists and between', async () => {
      expect((await select([['name', 'in', ["'; DROP TABLE re; --", '" OR 1=1']]])).names.sort()).toEqual(['" OR 1=1', "'; DROP TABLE re; --"]);
      expect(await select([['name', 'in', ["' OR 1=1 --"]]])).toEqual({ names: [], count: '0' });
    });

    it('lets like escape % and _ with a backslash', async () => {
      expect((await select([['name', 'like', '100\\%']])).names).toEqual(['100%']);
      expect((await select([['name', 'like', 'a\\_b']])).names).toEqual(['a_b']);
      expect((await select([['name', 'like', 'a_b']])).names.sort()).toEqual(['aXb', 'a_b']);
      expect((await select([['name', 'like', '\\\\\\%']])).names).toEqual(['\\%']);
      expect((await select([['name', 'like', '%\\\\slash']])).names).toEqual(['back\\slash']);
      expect((await select([['name', 'like', "%' or '1'='1%"]])).names).toEqual(["' OR '1'='1"]);
    });
  });
});
