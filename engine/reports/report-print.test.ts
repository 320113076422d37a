// PDF reports through GET /out/{report}.pdf, on every dialect, printed by the real Chromium and
// read back with poppler's pdftotext: the record's values are in the text (escaped, never
// interpreted), access is that of Record.select, the WHERE parameter is a closed grammar, a
// crashed browser is replaced, and a missing Chromium is a clear error that leaves the rest
// of the portal working.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { bumpVersions } from '../db/change-versions.js';
import { recordsetObjects, type RecordsetValue } from '../protocol/envelope.js';
import { buildEngine } from '../server/app.js';
import { ACCESS_TABLES } from '../identity/session-store.js';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { portal } from '../../portal/app.js';

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
/** The Chromium processes this process started (puppeteer launches the browser as our child). */
function chromiumChildren(): number[] {
  let out = '';
  try {
    out = execFileSync('pgrep', ['-P', String(process.pid), 'chromium']).toString();
  } catch {
    return [];
  }
  return out.split('\n').filter(Boolean).map(Number);
}

const FIELDS = ['id', 'name', 'companyno', 'otherno', 'email', 'owner', 'sector_name_ind_field', 'state_name_ind_field', 'dateincorporated', 'authorizedcapital'];

describe.each(await testDialects())('PDF reports on %s', (dialect) => {
  let t: TestEngine;
  let admin: string;
  let re: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect, { REPORT_PAGES: '2', JOB_CONCURRENCY: '0' });
    admin = await t.sessionFor('admin');
    re = await t.sessionFor('re', 1);
    // Characters that mean something in HTML must come out as text.
    await t.database.db('re').where({ id: 1 }).update({ owner: 'Tom & Jerry <b>Holdings</b> "Ltd"' });
    await bumpVersions(t.database.db, ['re']);
  });
  afterAll(async () => t?.close());

  const get = (url: string, cookie?: string) => t.engine.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const printUrl = (report: string, where: string) => `/out/${report}.pdf?action=report.print&report=${report}&format=pdf&WHERE=${encodeURIComponent(where)}`;

  async function entity(id: number) {
    const [set] = await t.call('Record.select', [{ module: 'RE', fields: FIELDS, where: [['id', '=', id]] }], admin);
    return recordsetObjects(set as RecordsetValue)[0] as Record<string, string>;
  }

  it("prints an entity's profile whose text holds the record's values", async () => {
    const res = await get(printUrl('RE', 'id=1'), admin);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('inline; filename="RE-1.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    const e = await entity(1);
    for (const f of ['name', 'companyno', 'otherno', 'email', 'sector_name_ind_field', 'state_name_ind_field']) expect(text, f).toContain(e[f]);
    expect(text).toContain('Tom & Jerry <b>Holdings</b> "Ltd"');
    const [y, m, d] = e.dateincorporated.split('-');
    expect(text).toContain(`${d}/${m}/${y}`);
    expect(text).toContain(Number(e.authorizedcapital).toLocaleString('en-US', { minimumFractionDigits: 2 }));
    expect(text).toContain('Reporting Entity Profile');
    expect(text).toMatch(/printed \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d \(UTC\) by /);
  });

  it('prints its own entity to an RE user, through the scoped RE-RE report, and no other', async () => {
    const own = await get(printUrl('RE-RE', 'id = 1'), re);
    expect(own.statusCode).toBe(200);
    expect(pdfText(own.rawPayload)).toContain((await entity(1)).name);
    const other = await get(printUrl('RE-RE', 'id = 2'), re);
    expect(other.statusCode).toBe(404);
    expect(other.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(other.body).toContain('E_NOTFOUND');
    // RE users read entities only through RE-RE: the unscoped report is not theirs.
    const unscoped = await get(printUrl('RE', 'id=1'), re);
    expect(unscoped.statusCode).toBe(403);
    expect(unscoped.body).toContain('E_NOPERMISSION');
  });

  it('refuses a user whose roles no longer grant the module', async () => {
    const db = t.database.db;
    const iru = await t.sessionFor('iru');
    expect((await get(printUrl('RE', 'id=3'), iru)).statusCode).toBe(200);
    const user = await db('user').where({ userid: 'iru' }).first('id');
    const roles = await db('user_role').where({ link_fk_user: user.id });
    await db('user_role').where({ link_fk_user: user.id }).delete();
    await bumpVersions(db, ACCESS_TABLES);
    try {
      const res = await get(printUrl('RE', 'id=3'), iru);
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('E_NOPERMISSION');
    } finally {
      await db('user_role').insert(roles);
      await bumpVersions(db, ACCESS_TABLES);
    }
  });

  it.each([
    ['an unknown report', '/out/NoSuchReport.pdf?WHERE=id%3D1', 404, 'E_NOTFOUND'],
    ['a record that does not exist', '/out/RE.pdf?WHERE=id%3D999999', 404, 'E_NOTFOUND'],
    ['a WHERE that is not field = value', `/out/RE.pdf?WHERE=${encodeURIComponent('id=1 OR 1=1')}`, 400, 'E_BADREQUEST'],
    ['a WHERE with SQL in it', `/out/RE.pdf?WHERE=${encodeURIComponent("id=1; DELETE FROM re")}`, 400, 'E_BADREQUEST'],
    ['a WHERE on a field the module does not have', '/out/RE.pdf?WHERE=password%3D1', 400, 'E_INVALIDFIELD'],
    ['a WHERE value of the wrong type', `/out/RE.pdf?WHERE=${encodeURIComponent("id='x'")}`, 400, 'E_BADREQUEST'],
    ['no WHERE', '/out/RE.pdf?action=report.print', 400, 'E_BADREQUEST'],
    ['another format', '/out/RE.pdf?format=xlsx&WHERE=id%3D1', 400, 'E_BADREQUEST'],
    ['another report in the query than in the path', '/out/RE.pdf?report=RE-RE&WHERE=id%3D1', 400, 'E_BADREQUEST'],
    ['another action', '/out/RE.pdf?action=report.delete&WHERE=id%3D1', 400, 'E_BADREQUEST'],
  ])('answers %s (%s) with HTTP %i %s', async (_what, url, status, code) => {
    const res = await get(url, admin);
    expect(res.statusCode).toBe(status);
    expect(res.body).toContain(code);
  });

  describe('a list report ({{#rows}} … {{/rows}})', () => {
    /** The text in reading order with runs of white space as one space (a long cell may wrap). */
    const flatText = (pdf: Buffer) => execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');
    const LIST = '<!DOCTYPE html><html><body><h1>{{ $title }}: {{ $count }}</h1><table><tbody>{{#rows}}\n<tr><td>No {{ $rowNumber }}</td><td>[{{ name }}]</td><td>{{ state_name_ind_field }}</td><td>{{ dateincorporated }}</td></tr>\n{{/rows}}</tbody></table>{{^rows}}<p>No records</p>{{/rows}}</body></html>';
    const createReport = async (name: string, module: string, properties: object) => {
      const [set] = await t.call('Record.create', [{ module: 'WebReport', fields: ['name', 'module', 'title', 'template', 'properties'], values: [name, module, `List ${name}`, LIST, JSON.stringify(properties)] }], admin);
      expect(set.type, JSON.stringify(set)).toBe('recordset');
    };
    const fields = ['name', 'state_name_ind_field', 'dateincorporated'];
    async function sectorEntities(sector: number, order = 'name asc') {
      const [set] = await t.call('Record.select', [{ module: 'RE', fields: ['id', 'name', 'state_name_ind_field', 'dateincorporated'], where: [['sector', '=', sector]], order }], admin);
      return recordsetObjects(set as RecordsetValue) as Record<string, string>[];
    }

    beforeAll(async () => {
      await createReport('ReList', 'RE', { fields });
      await createReport('ReOwnList', 'RE-RE', { fields });
      await createReport('ReListOfFive', 'RE', { fields, maxRows: 5, order: 'companyno desc' });
    });

    it('prints every entity of a sector, in the list order, each with its own values', async () => {
      const entities = await sectorEntities(3);
      expect(entities.length).toBeGreaterThan(2);
      // Markup in a value comes out as text.
      await t.database.db('re').where({ id: Number(entities[1].id) }).update({ name: `${entities[1].name} & <i>Sons</i>` });
      await bumpVersions(t.database.db, ['re']);
      const ordered = await sectorEntities(3);
      const res = await get(printUrl('ReList', 'sector=3'), admin);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.headers['content-disposition']).toContain('filename="ReList.pdf"');
      const text = flatText(res.rawPayload);
      expect(text).toContain(`List ReList: ${ordered.length}`);
      let at = -1;
      ordered.forEach((e, i) => {
        const [y, m, d] = e.dateincorporated.split('-');
        const row = `No ${i + 1} [${e.name}] ${e.state_name_ind_field} ${d}/${m}/${y}`;
        const found = text.indexOf(row);
        expect(found, row).toBeGreaterThan(at);
        at = found;
      });
      expect(text).toContain('& <i>Sons</i>]');
      expect(text).not.toContain('No records');
      // Only this sector's entities.
      expect(text.match(/No \d+ \[/g)).toHaveLength(ordered.length);
    });

    it("prints to an RE user only the rows they may list: their own entity's", async () => {
      const own = (await entity(1)) as Record<string, string>;
      const sector = (await t.database.db('re').where({ id: 1 }).first('sector')).sector as number;
      expect((await sectorEntities(sector)).length).toBeGreaterThan(1);
      const res = await get(printUrl('ReOwnList', `sector=${sector}`), re);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const text = flatText(res.rawPayload);
      expect(text).toContain(`List ReOwnList: 1`);
      expect(text).toContain(`No 1 [${own.name}]`);
      expect(text).not.toContain('No 2 [');
      // Another sector holds none of theirs: the empty text, not an error.
      const none = await get(printUrl('ReOwnList', `sector=${sector === 1 ? 2 : 1}`), re);
      expect(none.statusCode).toBe(200);
      expect(flatText(none.rawPayload)).toMatch(/List ReOwnList: 0 No records/);
      // The unscoped module stays closed to them.
      expect((await get(printUrl('ReList', `sector=${sector}`), re)).statusCode).toBe(403);
    });

    it('ships RE-SECTOR, the entities of a sector as table rows with their count', async () => {
      const entities = await sectorEntities(1);
      const res = await get(printUrl('RE-SECTOR', 'sector=1'), admin);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const text = flatText(res.rawPayload);
      expect(text).toContain(`Sector: Banking · ${entities.length} entities`);
      const at = entities.map((e) => text.indexOf(e.name));
      expect(at.every((p, i) => p > (i ? at[i - 1] : -1)), JSON.stringify(at)).toBe(true);
      expect(flatText((await get(printUrl('RE-SECTOR', 'sector=999999'), admin)).rawPayload)).toContain('No records: no reporting entity you may see matches this WHERE.');
    });

    it('prints the empty text when nothing matches', async () => {
      const res = await get(printUrl('ReList', 'sector=999999'), admin);
      expect(res.statusCode).toBe(200);
      expect(flatText(res.rawPayload)).toMatch(/List ReList: 0 No records/);
    });

    it('prints up to the most records the report allows, in its own order, and refuses more with E_BADREQUEST saying what to do', async () => {
      const five = await sectorEntities(3, 'companyno desc');
      expect(five).toHaveLength(5);
      const ok = await get(printUrl('ReListOfFive', 'sector=3'), admin);
      expect(ok.statusCode, ok.body.slice(0, 300)).toBe(200);
      const text = flatText(ok.rawPayload);
      const at = five.map((e, i) => text.indexOf(`No ${i + 1} [${e.name}]`));
      expect(at.every((p, i) => p > (i ? at[i - 1] : -1)), JSON.stringify(at)).toBe(true);

      const active = (await t.database.db('re').where({ id: 1 }).first('state')).state as number;
      const res = await get(printUrl('ReListOfFive', `state=${active}`), admin);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('E_BADREQUEST');
      expect(res.body).toContain('List ReListOfFive: more than 5 records match this WHERE, and the report prints at most 5 at once; add a condition to the WHERE (… AND field = value) and print the parts one by one');
    });
  });

  it('answers E_ILLEGALACCESS without a session', async () => {
    const res = await get(printUrl('RE', 'id=1'));
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('E_ILLEGALACCESS');
  });

  it('prints more reports at once than it has pages, each in turn', async () => {
    const all = await Promise.all([1, 2, 3, 4, 5].map((id) => get(printUrl('RE', `id=${id}`), admin)));
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const names = await Promise.all([1, 2, 3, 4, 5].map(async (id) => (await entity(id)).name));
    all.forEach((r, i) => expect(pdfText(r.rawPayload)).toContain(names[i]));
  });

  it('starts Chromium again when it crashed, and the print that met the crash still succeeds', async () => {
    expect((await get(printUrl('RE', 'id=1'), admin)).statusCode).toBe(200);
    const [pid] = chromiumChildren();
    expect(pid).toBeGreaterThan(0);
    process.kill(pid, 'SIGKILL');
    const again = await get(printUrl('RE', 'id=2'), admin);
    expect(again.statusCode, again.body.slice(0, 300)).toBe(200);
    expect(pdfText(again.rawPayload)).toContain((await entity(2)).name);
    const now = chromiumChildren();
    expect(now).toHaveLength(1);
    expect(now[0]).not.toBe(pid);
  });

  it('answers an error naming CHROMIUM_PATH when there is no Chromium, while the rest of the portal works', async () => {
    const engine = await buildEngine({ app: portal, config: { ...t.config, chromiumPath: '/nonexistent/chromium', jobConcurrency: 0 }, db: t.database.db, logger: pino({ level: 'silent' }) });
    try {
      const res = await engine.app.inject({ method: 'GET', url: printUrl('RE', 'id=1'), headers: { cookie: admin } });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.body).toContain('E_FAIL');
      expect(res.body).toContain('CHROMIUM_PATH');
      expect(res.body).not.toContain('/nonexistent');
      const select = await engine.app.inject({ method: 'POST', url: '/process', headers: { 'content-type': 'application/json', cookie: admin }, payload: JSON.stringify({ action: 'Record.select', args: [{ module: 'RE', fields: ['id'], max: 3 }] }) });
      expect(select.statusCode).toBe(200);
      expect(select.body).toContain('<value type="recordset">');
    } finally {
      await engine.close();
    }
  });
});
