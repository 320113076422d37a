// Every character a user types comes back exactly (PROTOCOL.md §2): written through the API,
// stored in the database, read back through the API in XML and in JSON.
import { XMLValidator } from 'fast-xml-parser';
import type { InjectOptions, LightMyRequestResponse as Response } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { decodeXml, type EnvelopeValue, type RecordsetValue } from '../protocol/envelope.js';

/** Texts that trip up escaping, encodings, line-end normalisation or trimming. */
const SAMPLES: [string, string][] = [
  ['markup and quotes', `<b class="x">Tom & Jerry's</b> > "quoted" 'single'`],
  ['newlines of every kind', 'line 1\nline 2\r\nline 3\rline 4\n'],
  ['tabs', '\tcolumn 1\tcolumn 2\t'],
  ['leading and trailing spaces', '   padded   '],
  ['emoji of four bytes, modifiers and joiners', '😀👍🏽👨‍👩‍👧 🇲🇾 🐘'],
  ['CJK and Hangul', '漢字かなカナ한국어'],
  ['the end of a CDATA section', 'a]]>b ]]> ]]'],
  ['entities written literally', '&amp; &lt; &gt; &quot; &#65; &#x41; &nbsp; &'],
  ['markup declarations', '<![CDATA[x]]><!-- comment --><?pi x?><!DOCTYPE x>'],
  ['backslashes and JSON escapes', '\\n \\u0041 \\" \\\\'],
  ['right-to-left and combining marks', 'مرحبا e\u0301 a\u200db\u200bc'],
  ['Unicode line breaks', 'a\u0085b\u2028c\u2029d'],
  ['characters XML allows but discourages', 'del\u007f c1\u0080\u009f nonchar\ufdd0'],
  ['astral letters', '𝕏𝟘𐍈'],
  ['text that looks like an exception', 'text:E_FAIL:not really:ok'],
  ['percent-encoding and form syntax', 'a=1&b=%20+%2B?x#y'],
];

/** Texts that a required field refuses as blank, but an optional one keeps. */
const BLANKS: [string, string][] = [
  ['only spaces', '   '],
  ['only a newline', '\n'],
  ['only CR LF', '\r\n'],
  ['only a tab', '\t'],
];

/** A plain-text field (rich text is sanitised on write, docs/security.md): an e-mail template's body, beside its unique type and subject. */
const TEXT_FIELDS = ['type', 'subject', 'body'];
let templateType = 900_000;
const textKeys = () => [++templateType, 'Round trip'];

function rowsOf(values: EnvelopeValue[]): RecordsetValue {
  const first = values[0];
  if (first?.type !== 'recordset') throw new Error(`expected a recordset, got ${JSON.stringify(first)}`);
  return first;
}

describe.each(await testDialects())('round trip of user text on %s', (dialect) => {
  let t: TestEngine;
  let admin: string;
  const inject = (opts: InjectOptions): Promise<Response> => t.engine.app.inject(opts);

  /** POST /process as JSON; `json` asks for the JSON form of the answer. */
  async function call(action: string, args: unknown[], json = false): Promise<{ values: EnvelopeValue[]; res: Response }> {
    const res = await inject({
      method: 'POST',
      url: '/process',
      headers: { 'content-type': 'application/json', cookie: admin, ...(json ? { accept: 'application/json' } : {}) },
      payload: JSON.stringify({ action, args }),
    });
    expect(res.statusCode).toBe(200);
    if (json) {
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = JSON.parse(res.body) as { values: EnvelopeValue[] };
      return { values: body.values, res };
    }
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    // Well-formed for any XML parser, not only ours: no raw CR (it would be read as LF) and no
    // character XML 1.0 forbids.
    expect(XMLValidator.validate(res.body)).toBe(true);
    expect(res.body).not.toMatch(/[\r\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    return { values: decodeXml(res.body), res };
  }

  /** One field of one record, read with Record.select in XML and in JSON; both must agree. */
  async function readBack(module: string, field: string, id: number): Promise<string | null> {
    const args = [{ module, fields: ['id', field], where: [['id', '=', id]] }];
    const xml = rowsOf((await call('Record.select', args)).values);
    const json = rowsOf((await call('Record.select', args, true)).values);
    expect(xml.rows).toHaveLength(1);
    expect(json.rows).toHaveLength(1);
    expect(json.rows[0][1]).toBe(xml.rows[0][1]);
    return xml.rows[0][1];
  }

  async function create(module: string, fields: string[], values: unknown[]): Promise<number> {
    const { values: answer } = await call('Record.create', [{ module, fields, values }]);
    return Number(rowsOf(answer).rows[0][0]);
  }

  async function ctrOf(module: string, id: number): Promise<number> {
    const { values } = await call('Record.select', [{ module, fields: ['updatectr'], where: [['id', '=', id]] }]);
    return Number(rowsOf(values).rows[0][0]);
  }

  let reCounter = 0;
  async function setOwner(value: string | null): Promise<number> {
    // Each value goes into another seeded entity, so one failure cannot hide behind another.
    const id = (reCounter++ % 30) + 1;
    const ctr = await ctrOf('RE', id);
    const { values: answer } = await call('Record.update', [{ module: 'RE', fields: ['id', 'updatectr', 'owner'], values: [id, ctr, value], read: ['id', 'owner'] }]);
    expect(rowsOf(answer).rows).toEqual([[String(id), value]]);
    return id;
  }

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    admin = await t.sessionFor('admin');
  });
  afterAll(async () => t?.close());

  describe('a text field (EmailTemplate.body)', () => {
    it.each(SAMPLES)('keeps %s', async (_what, text) => {
      const { values } = await call('Record.create', [{ module: 'EmailTemplate', fields: TEXT_FIELDS, values: [...textKeys(), text], read: ['id', 'body'] }]);
      const created = rowsOf(values);
      expect(created.rows[0][1]).toBe(text);
      expect(await readBack('EmailTemplate', 'body', Number(created.rows[0][0]))).toBe(text);
    });

    it.each(BLANKS)('refuses %s, since the body is required', async (_what, text) => {
      const { values } = await call('Record.create', [{ module: 'EmailTemplate', fields: TEXT_FIELDS, values: [...textKeys(), text] }]);
      expect(values[0]).toMatchObject({ type: 'exception', code: 'E_VALIDATION' });
    });

    it('keeps a text of 65,532 bytes of emoji, and refuses one of 65,536', async () => {
      const fits = '😀'.repeat(16_383);
      const id = await create('EmailTemplate', TEXT_FIELDS, [...textKeys(), fits]);
      expect(await readBack('EmailTemplate', 'body', id)).toBe(fits);
      const { values } = await call('Record.create', [{ module: 'EmailTemplate', fields: TEXT_FIELDS, values: [...textKeys(), `${fits}😀`] }]);
      expect(values[0]).toMatchObject({ type: 'exception', code: 'E_VALIDATION' });
    });
  });

  describe('a string field (RE.owner)', () => {
    it.each([...SAMPLES, ...BLANKS])('keeps %s', async (_what, text) => {
      const id = await setOwner(text);
      expect(await readBack('RE', 'owner', id)).toBe(text);
    });

    it('keeps 255 emoji in a field of 255 characters, and refuses 256', async () => {
      const id = await setOwner('😀'.repeat(255));
      expect(await readBack('RE', 'owner', id)).toBe('😀'.repeat(255));
      const { values } = await call('Record.update', [{ module: 'RE', fields: ['id', 'updatectr', 'owner'], values: [id, await ctrOf('RE', id), '😀'.repeat(256)] }]);
      expect(values[0]).toMatchObject({ type: 'exception', code: 'E_VALIDATION', message: 'owner: must be at most 255 characters' });
    });
  });

  describe('NULL and the empty string', () => {
    let emptyId: number;
    let nullId: number;
    let absentId: number;

    beforeAll(async () => {
      emptyId = await create('Sector', ['name', 'code'], ['Empty code', '']);
      nullId = await create('Sector', ['name', 'code'], ['Null code', null]);
      absentId = await create('Sector', ['name'], ['Absent code']);
    });

    it('stores them apart', async () => {
      const rows = await t.database.db('sector').whereIn('id', [emptyId, nullId, absentId]).orderBy('id').select('code');
      expect(rows.map((r: { code: string | null }) => r.code)).toEqual(['', null, null]);
    });

    it('answers them apart in XML: <v/> for empty, <v null="true"/> for NULL', async () => {
      const { values, res } = await call('Record.select', [{ module: 'Sector', fields: ['id', 'code'], where: [['id', 'in', [emptyId, nullId, absentId]]], order: 'id' }]);
      expect(rowsOf(values).rows).toEqual([
        [String(emptyId), ''],
        [String(nullId), null],
        [String(absentId), null],
      ]);
      expect(res.body).toContain(`<row><v>${emptyId}</v><v/></row>`);
      expect(res.body).toContain(`<row><v>${nullId}</v><v null="true"/></row>`);
    });

    it('answers them apart in JSON: "" and null', async () => {
      const { values } = await call('Record.select', [{ module: 'Sector', fields: ['id', 'code'], where: [['id', 'in', [emptyId, nullId]]], order: 'id' }], true);
      expect(rowsOf(values).rows).toEqual([
        [emptyId, ''],
        [nullId, null],
      ]);
    });

    it('filters them apart: = "" finds the empty one, is null the NULL ones', async () => {
      const ids = [emptyId, nullId, absentId];
      const empty = await call('Record.select', [{ module: 'Sector', fields: ['id'], where: [['id', 'in', ids], ['code', '=', '']] }]);
      expect(rowsOf(empty.values).rows).toEqual([[String(emptyId)]]);
      const nulls = await call('Record.select', [{ module: 'Sector', fields: ['id'], where: [['id', 'in', ids], ['code', 'is null']], order: 'id' }]);
      expect(rowsOf(nulls.values).rows).toEqual([[String(nullId)], [String(absentId)]]);
    });

    it('turns an empty string into NULL and back when updated', async () => {
      await call('Record.update', [{ module: 'Sector', fields: ['id', 'updatectr', 'code'], values: [emptyId, await ctrOf('Sector', emptyId), null] }]);
      expect(await readBack('Sector', 'code', emptyId)).toBeNull();
      await call('Record.update', [{ module: 'Sector', fields: ['id', 'updatectr', 'code'], values: [emptyId, await ctrOf('Sector', emptyId), ''] }]);
      expect(await readBack('Sector', 'code', emptyId)).toBe('');
    });
  });

  describe('every request encoding', () => {
    const text = `Tom & Jerry <Ltd> "q" 'a'\r\n\t😀漢字 ]]> &amp; 100% a+b=c`;

    it('carries the text intact in a form-encoded body', async () => {
      const res = await inject({
        method: 'POST',
        url: '/process',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: admin },
        payload: new URLSearchParams({ action: 'Record.create', a0: JSON.stringify({ module: 'EmailTemplate', fields: TEXT_FIELDS, values: [...textKeys(), text] }) }).toString(),
      });
      const id = Number(rowsOf(decodeXml(res.body)).rows[0][0]);
      expect(await readBack('EmailTemplate', 'body', id)).toBe(text);
    });

    it('carries the text intact in a multipart body', async () => {
      const form = new FormData();
      form.set('action', 'Record.create');
      form.set('a0', JSON.stringify({ module: 'EmailTemplate', fields: TEXT_FIELDS, values: [...textKeys(), text] }));
      const request = new Request('http://localhost/process', { method: 'POST', body: form });
      const res = await inject({
        method: 'POST',
        url: '/process',
        headers: { 'content-type': request.headers.get('content-type')!, cookie: admin },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      const id = Number(rowsOf(decodeXml(res.body)).rows[0][0]);
      expect(await readBack('EmailTemplate', 'body', id)).toBe(text);
    });
  });
});
