// The report designer's server side on every dialect: reports are WebReport records seeded from
// portal/metadata/reports, saved through Record.* with their JSON Schema and template check, versioned
// like screens (Report.history / version / restore, updatectr), printed from the stored
// definition at once after an edit (pdftotext), previewed unsaved through the report path as the
// caller, and exported back to the files they were seeded from.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsetObjects, type RecordsetValue } from '../protocol/envelope.js';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { failure, ok, readBack, select } from '../testing/record-calls.js';
import { exportReports, importReports } from './report-transfer.js';
import { bumpVersions } from '../db/change-versions.js';
import { ACCESS_TABLES } from '../identity/session-store.js';
import { REPORTS_DIR } from '../../portal/paths.js';

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');

describe.each(await testDialects())('the report designer on %s', (dialect) => {
  let t: TestEngine;
  let admin: string;
  let re: string;
  let report: { id: number; updatectr: number; template: string; properties: string };

  beforeAll(async () => {
    t = await startTestEngine(dialect, { REPORT_PAGES: '1', JOB_CONCURRENCY: '0' });
    admin = await t.sessionFor('admin');
    re = await t.sessionFor('re', 1);
  });
  afterAll(async () => t?.close());

  const get = (url: string, cookie: string) => t.engine.app.inject({ method: 'GET', url, headers: { cookie } });
  async function stored(name: string) {
    const page = await select(t, admin, { module: 'WebReport', fields: ['id', 'updatectr', 'name', 'module', 'template', 'properties'], where: [['name', '=', name]] });
    const row = page.rows[0];
    return { id: Number(row.id), updatectr: Number(row.updatectr), template: String(row.template), properties: typeof row.properties === 'string' ? row.properties : JSON.stringify(row.properties) };
  }
  const update = (id: number, updatectr: number, fields: string[], values: unknown[]) => t.call('Record.update', [{ module: 'WebReport', fields: ['id', 'updatectr', ...fields], values: [id, updatectr, ...values] }], admin);

  it('holds the shipped reports as records, each at version 1', async () => {
    const page = await select(t, admin, { module: 'WebReport', fields: ['name', 'module', 'title'], order: 'name asc' });
    expect(page.rows.map((r) => r.name)).toEqual(expect.arrayContaining(['RE', 'RE-RE', 'RE-SECTOR', 'SHOWCAUSE']));
    expect(page.rows.find((r) => r.name === 'RE-RE')).toMatchObject({ module: 'RE-RE', title: 'Reporting Entity Profile' });
    report = await stored('RE');
    expect(JSON.parse(report.properties).fields).toEqual(expect.arrayContaining(['name', 'companyno', 'sector_name_ind_field']));
    const [history] = ok(await t.call('Report.history', [{ id: report.id }], admin)) as [RecordsetValue];
    expect(recordsetObjects(history).map((v) => [Number(v.version), v.action])).toEqual([[1, 'create']]);
  });

  it('prints an edited template at once, keeps the edit as a version, and refuses a stale save', async () => {
    const edited = report.template.replace('<h2>Entity</h2>', '<h2>Entity details as edited at run time</h2>');
    const saved = readBack(await update(report.id, report.updatectr, ['template'], [edited]));
    expect(Number(saved.updatectr)).toBe(report.updatectr + 1);

    const res = await get('/out/RE.pdf?WHERE=id%3D1', admin);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(pdfText(res.rawPayload)).toContain('Entity details as edited at run time');

    const stale = failure(await update(report.id, report.updatectr, ['title'], ['Another title']));
    expect(stale.code).toBe('E_CONCURRENT');

    const [history] = ok(await t.call('Report.history', [{ id: report.id }], admin)) as [RecordsetValue];
    const versions = recordsetObjects(history);
    expect(versions.map((v) => Number(v.version))).toEqual([2, 1]);
    expect(versions[0].changed).toBe('template');
    const [v2] = ok(await t.call('Report.version', [{ id: report.id, version: 2 }], admin));
    expect(JSON.parse(v2.type === 'text' ? v2.text : '{}').template).toContain('as edited at run time');

    // Restoring version 1 saves it again as version 3: the print follows.
    const restored = readBack(await t.call('Report.restore', [{ id: report.id, version: 1, updatectr: report.updatectr + 1 }], admin));
    expect(Number(restored.updatectr)).toBe(report.updatectr + 2);
    const again = await get('/out/RE.pdf?WHERE=id%3D1', admin);
    expect(pdfText(again.rawPayload)).not.toContain('as edited at run time');
    report = await stored('RE');
  });

  it.each([
    ['a script', (s: string) => s.replace('<h2>Capital</h2>', '<h2>Capital</h2>\n<script>fetch("/process")</script>'), /^Line \d+: <script> is not allowed in a report template: a report runs no code$/m],
    ['SQL in a placeholder', (s: string) => s.replace('{{ email }}', '{{ (SELECT password FROM user) }}'), /^Line \d+: \{\{ \(SELECT password FROM user\) \}\} is not a placeholder/m],
    ['an event handler', (s: string) => s.replace('<table>', '<table onmouseover="x()">'), /^Line \d+: the event handler onmouseover on <table> is not allowed/m],
    ['a remote image', (s: string) => s.replace('<h2>Entity</h2>', '<img src="https://tracker.example/p.png">'), /^Line \d+: <img src="https:\/\/tracker.example\/p.png"> would fetch an image/m],
    ['a remote style', (s: string) => s.replace('</style>', '  body { background: url(http://x.example/b.png) }\n</style>'), /^Line \d+: CSS url\(http:\/\/x.example\/b.png\) would fetch a resource/m],
    ['a field outside its field list', (s: string) => s.replace('{{ email }}', '{{ createby }}'), /^Line \d+: \{\{ createby \}\} is not in the report's field list$/m],
  ])('refuses a template with %s, naming the line, and stores nothing', async (_what, edit, message) => {
    const f = failure(await update(report.id, report.updatectr, ['template'], [edit(report.template)]));
    expect(f.code).toBe('E_VALIDATION');
    expect((f.details as Record<string, string>).template).toMatch(message);
    const line = Number(/^Line (\d+)/.exec((f.details as Record<string, string>).template)![1]);
    expect(line).toBeGreaterThan(1);
    expect((await stored('RE')).updatectr).toBe(report.updatectr);
  });

  it('refuses a field list naming a field the module lacks and properties outside the schema', async () => {
    const props = JSON.parse(report.properties);
    const unknown = failure(await update(report.id, report.updatectr, ['properties'], [JSON.stringify({ ...props, fields: [...props.fields, 'nosuchfield'] })]));
    expect(unknown.details).toMatchObject({ properties: `properties/fields/${props.fields.length}: RE has no field nosuchfield` });
    const extra = failure(await update(report.id, report.updatectr, ['properties'], [JSON.stringify({ ...props, sql: 'select 1' })]));
    expect((extra.details as Record<string, string>).properties).toContain('must NOT have additional properties "sql"');
    const name = failure(await t.call('Record.create', [{ module: 'WebReport', fields: ['name', 'module', 'template', 'properties'], values: ['../x', 'RE', '<p></p>', '{"fields":[]}'] }], admin));
    expect(name.details).toMatchObject({ name: expect.stringContaining('letters, digits') });
  });

  it('creates a report that prints at /out/{name}.pdf', async () => {
    const created = readBack(await t.call('Record.create', [{ module: 'WebReport', fields: ['name', 'module', 'title', 'template', 'properties'], values: ['SectorCard', 'Sector', 'Sector card', '<!DOCTYPE html><html><body><h1>{{ $title }}</h1><p>Sector {{ name }}</p></body></html>', '{"fields":["name"]}'] }], admin));
    expect(Number(created.updatectr)).toBe(1);
    const res = await get('/out/SectorCard.pdf?WHERE=id%3D1', admin);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const sector = (await select(t, admin, { module: 'Sector', fields: ['name'], where: [['id', '=', 1]] })).rows[0];
    expect(pdfText(res.rawPayload)).toMatch(new RegExp(`Sector card[\\s\\S]*Sector ${String(sector.name)}`));
  });

  it('previews an unsaved draft as a PDF of the chosen record, read as the caller', async () => {
    // RE users do not design reports; granted the preview here, they still read only their own entity.
    const db = t.database.db;
    const task = await db('permissiontasks').where({ name: 'WebReport.select' }).first('id');
    await db('role_permissiontasks').insert({ link_fk_role: 1, link_fk_permissiontasks: task.id });
    await bumpVersions(db, ACCESS_TABLES);
    const draft = { name: 'RE-RE', module: 'RE-RE', title: 'Draft profile', template: '<!DOCTYPE html><html><body><h1>{{ $title }}</h1><p>Draft for {{ name }}</p></body></html>', properties: { fields: ['name'] } };
    const [pdf] = ok(await t.call('Report.preview', [{ report: draft, id: 1 }], re));
    const entity = (await select(t, admin, { module: 'RE', fields: ['name'], where: [['id', '=', 1]] })).rows[0];
    expect(pdfText(Buffer.from(pdf.type === 'text' ? pdf.text : '', 'base64'))).toContain(`Draft for ${String(entity.name)}`);
    // The RE user reads only its own entity: another one is not found, as on /out.
    expect(failure(await t.call('Report.preview', [{ report: draft, id: 2 }], re)).code).toBe('E_NOTFOUND');
    expect(failure(await t.call('Report.preview', [{ report: { ...draft, module: 'RE' }, id: 1 }], re)).code).toBe('E_NOPERMISSION');
    // Unsaved drafts are checked as a save is.
    const bad = failure(await t.call('Report.preview', [{ report: { ...draft, template: '<p>\n<iframe></iframe></p>' }, id: 1 }], admin));
    expect(bad).toMatchObject({ code: 'E_VALIDATION', details: { template: 'Line 2: <iframe> is not allowed in a report template: a report runs no code' } });
  });

  it('previews a list report for the records a WHERE matches, the section repeated once per record the caller may list', async () => {
    const draft = {
      module: 'RE',
      title: 'Sector list draft',
      template: '<!DOCTYPE html><html><body><h1>{{ $title }} ({{ $count }})</h1><ol>{{#rows}}<li>Listed {{ name }}</li>{{/rows}}</ol>{{^rows}}<p>No records</p>{{/rows}}</body></html>',
      properties: { fields: ['name'] },
    };
    const [pdf, about] = ok(await t.call('Report.preview', [{ report: draft, id: 1, params: { WHERE: 'sector=2' } }], admin));
    const names = (await select(t, admin, { module: 'RE', fields: ['name'], where: [['sector', '=', 2]], order: 'name asc' })).rows.map((r) => String(r.name));
    expect(names.length).toBeGreaterThan(1);
    const text = pdfText(Buffer.from(pdf.type === 'text' ? pdf.text : '', 'base64')).replace(/\s+/g, ' ');
    expect(text).toContain(`Sector list draft (${names.length})`);
    const at = names.map((n) => text.indexOf(`Listed ${n}`));
    expect(at.every((p, i) => p > (i ? at[i - 1] : -1)), JSON.stringify(at)).toBe(true);
    expect(JSON.parse(about.type === 'text' ? about.text : '{}')).toMatchObject({ filename: 'preview.pdf', png: expect.any(String) });
    // Without a WHERE the preview lists the chosen record alone.
    const [single] = ok(await t.call('Report.preview', [{ report: draft, id: 1 }], admin));
    expect(pdfText(Buffer.from(single.type === 'text' ? single.text : '', 'base64')).replace(/\s+/g, ' ')).toContain('Sector list draft (1)');
    // A WHERE outside the grammar is refused as /out refuses it.
    expect(failure(await t.call('Report.preview', [{ report: draft, id: 1, params: { WHERE: 'sector=2 OR 1=1' } }], admin)).code).toBe('E_BADREQUEST');
  });

  it.each([
    ['an unclosed section', (s: string) => s.replace('<tr><th>Status</th>', '{{#rows}}<tr><th>Status</th>'), /^Line \d+: \{\{#rows\}\} is not closed: end the section with \{\{\/rows\}\}$/m],
    ['a section holding half an element', (s: string) => s.replace('<h2>Entity</h2>\n<table>', '{{#rows}}<h2>Entity</h2>\n<table>{{/rows}}'), /^Line \d+: \{\{\/rows\}\} comes before <\/table> of the <table> opened on line \d+ inside the section: a section holds whole elements/m],
    ['an unknown field in a section', (s: string) => s.replace('<tr><th>Status</th><td>{{ state_name_ind_field }}</td></tr>', '{{#rows}}<tr><th>Status</th><td>{{ createby }}</td></tr>{{/rows}}'), /^Line \d+: \{\{ createby \}\} in the section opened on line \d+ is not in the report's field list: add createby to the fields or remove it$/m],
  ])('refuses a list template with %s, naming the line, and stores nothing', async (_what, edit, message) => {
    const f = failure(await update(report.id, report.updatectr, ['template'], [edit(report.template)]));
    expect(f.code).toBe('E_VALIDATION');
    expect((f.details as Record<string, string>).template).toMatch(message);
    expect((await stored('RE')).updatectr).toBe(report.updatectr);
  });

  it("refuses a list report's order on a field the module lacks, and print values by code in a list report", async () => {
    const fields = ['name'];
    const template = '<!DOCTYPE html><html><body>{{#rows}}<p>{{ name }}</p>{{/rows}}</body></html>';
    const create = (properties: object) => t.call('Record.create', [{ module: 'WebReport', fields: ['name', 'module', 'template', 'properties'], values: ['BadList', 'RE', template, JSON.stringify(properties)] }], admin);
    expect(failure(await create({ fields, order: 'nosuchfield desc' })).details).toMatchObject({ properties: expect.stringContaining('properties/order: Field "nosuchfield" is not a field of RE') });
    expect(failure(await create({ fields, maxRows: 5000 })).details).toMatchObject({ properties: 'properties/maxRows must be <= 1000' });
    expect(failure(await create({ fields, values: 'showCauseLetter' })).details).toMatchObject({ properties: expect.stringContaining('a report with a {{#rows}} section cannot use them') });
    const single = failure(await t.call('Record.create', [{ module: 'WebReport', fields: ['name', 'module', 'template', 'properties'], values: ['BadList', 'RE', '<p>{{ name }}</p>', JSON.stringify({ fields, order: 'name' })] }], admin));
    expect(single.details).toMatchObject({ properties: 'properties/order: only a report with a {{#rows}} … {{/rows}} section lists records' });
  });

  it('exports the stored reports as the files they were seeded from, and imports them back unchanged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reports-export-'));
    try {
      await exportReports(t.database.db, dir);
      for (const name of ['RE.json', 'RE-RE.json', 'SHOWCAUSE.json', 'RE.html', 'SHOWCAUSE.html', 'RE-SECTOR.json', 'RE-SECTOR.html']) expect(readFileSync(join(dir, name), 'utf8'), name).toBe(readFileSync(join(REPORTS_DIR, name), 'utf8'));
      expect(readdirSync(dir)).not.toContain('RE-RE.html');
      const again = await importReports(t.database.db, dir, t.engine.services.modules);
      expect(again.changed).toEqual([]);
      expect(again.added).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
