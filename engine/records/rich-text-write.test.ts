// Rich text is sanitised by the record engine on every write, on every dialect (docs/security.md):
// a field marked `html` (Bulletin.message, PublicMessage.message, a rich-text parameter's value)
// never stores markup that can run, whichever action writes it; plain text fields are left alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { failure, readBack } from '../testing/record-calls.js';
import { sqlDate } from '../db/clock.js';
import { XSS_ALL } from '../html/xss-payloads.js';

const day = (offset: number) => sqlDate(new Date(Date.now() + offset * 86_400_000));
const RICH_TEXT_PARAMETER = 7632;
const PLAIN_TEXT_PARAMETER = 1648;
const RUNNABLE = /<(script|img|svg|iframe|object|embed|style|meta|base|form|input|video|details|math|body|marquee|template)\b|\bon[a-z]+\s*=|javascript:|data:/i;

describe.each(await testDialects())('rich text written on %s', (dialect) => {
  let t: TestEngine;
  let iru: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    iru = await t.sessionFor('iru');
  });
  afterAll(async () => t?.close());

  it('stores a bulletin message saved by Bulletin.save without anything that can run, keeping its allowed markup', async () => {
    const message = `<p><b>Quarterly</b> returns are due.</p>${XSS_ALL}`;
    const saved = readBack(await t.call('Bulletin.save', [{ name: 'Due dates', message, startdate: day(0), enddate: day(5), state: 33, sectors: [1] }], iru));
    const stored = String((await t.database.db('bulletin').where({ id: Number(saved.id) }).first('message')).message);
    expect(stored.startsWith('<p><b>Quarterly</b> returns are due.</p>')).toBe(true);
    expect(stored).not.toMatch(RUNNABLE);
  });

  it('sanitises a bulletin message changed through Record.update too', async () => {
    const saved = readBack(await t.call('Bulletin.save', [{ name: 'Notice', message: '<p>ok</p>', startdate: day(0), enddate: day(5), state: 33, sectors: [1] }], iru));
    const id = Number(saved.id);
    const ctr = Number((await t.database.db('bulletin').where({ id }).first('updatectr')).updatectr);
    readBack(await t.call('Record.update', [{ module: 'Bulletin', fields: ['id', 'updatectr', 'message'], values: [id, ctr, '<p onclick="x()">hi<img src=x onerror=alert(1)></p>'] }], iru));
    expect((await t.database.db('bulletin').where({ id }).first('message')).message).toBe('<p>hi</p>');
  });

  it('refuses a required rich-text field whose markup leaves nothing to show', async () => {
    const answer = await t.call('Record.create', [{ module: 'PublicMessage', fields: ['message', 'state'], values: ['<script>alert(1)</script><img src=x onerror=alert(2)>', 33] }], iru);
    expect(failure(answer)).toMatchObject({ code: 'E_VALIDATION', details: { message: 'is required' } });
  });

  it('stores a public message without anything that can run', async () => {
    const made = readBack(await t.call('Record.create', [{ module: 'PublicMessage', fields: ['message', 'state'], values: [`<p>Maintenance <a href="https://example.org/n">notice</a></p>${XSS_ALL}`, 33], read: ['id', 'message'] }], iru));
    expect(String(made.message)).toContain('<a href="https://example.org/n" target="_blank" rel="noopener noreferrer">notice</a>');
    expect(String(made.message)).not.toMatch(RUNNABLE);
  });

  it('sanitises the value of a rich-text parameter but leaves a plain-text parameter as written', async () => {
    const create = (fieldtype: number, code: string) =>
      t.call('Record.create', [{ module: 'Parameters', fields: ['name', 'code', 'fieldtype', 'value0'], values: [code, code, fieldtype, '<b>x</b> < y <img src=x onerror=alert(1)>'], read: ['id', 'updatectr', 'value0'] }], iru);
    expect(readBack(await create(RICH_TEXT_PARAMETER, 'rich.notice')).value0).toBe('<b>x</b> &lt; y ');
    const plain = readBack(await create(PLAIN_TEXT_PARAMETER, 'plain.notice'));
    expect(plain.value0).toBe('<b>x</b> < y <img src=x onerror=alert(1)>');
    // Turning the plain parameter into rich text sanitises the text it already holds.
    const turned = readBack(await t.call('Record.update', [{ module: 'Parameters', fields: ['id', 'updatectr', 'fieldtype'], values: [plain.id, plain.updatectr, RICH_TEXT_PARAMETER], read: ['value0'] }], iru));
    expect(turned.value0).toBe('<b>x</b> &lt; y ');
  });
});
