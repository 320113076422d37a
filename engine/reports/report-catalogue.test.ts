import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ModuleRegistry } from '../metadata/module-registry.js';
import { MODULES_DIR } from '../metadata/paths.js';
import { ReportCatalogue } from './report-catalogue.js';

const modules = ModuleRegistry.fromDirectory(MODULES_DIR);
const dirs: string[] = [];

function reportsDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'reports-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('the report catalogue', () => {
  it('holds the shipped reports: RE and its scoped twin RE-RE, sharing one template, and the show-cause letter', () => {
    const catalogue = ReportCatalogue.fromDirectory(modules);
    expect(catalogue.names()).toEqual(['RE', 'RE-RE', 'SHOWCAUSE']);
    expect(catalogue.get('SHOWCAUSE')).toMatchObject({ module: 'PEOI', values: 'showCauseLetter', fields: expect.arrayContaining(['re', 'refletter', 're_name_ind_field']) });
    const re = catalogue.get('RE')!;
    expect(re).toMatchObject({ module: 'RE', title: 'Reporting Entity Profile', paper: 'A4', landscape: false });
    expect(re.fields).toEqual(expect.arrayContaining(['name', 'companyno', 'sector_name_ind_field', 'authorizedcapital', 'id']));
    expect(catalogue.get('RE-RE')).toMatchObject({ module: 'RE-RE', fields: re.fields });
  });

  it.each([
    ['an unknown module', { 'X.json': '{"module":"Nope"}', 'X.html': '' }, 'metadata/reports/X.json: unknown module Nope'],
    ['a placeholder that is not a field', { 'X.json': '{"module":"RE"}', 'X.html': '<p>{{ name }} {{ password }} {{ $nope }}</p>' }, 'metadata/reports/X.html: {{password}}, {{$nope}} are not fields of RE'],
    ['a missing template', { 'X.json': '{"module":"RE"}' }, 'metadata/reports/X.json: its template X.html is missing'],
    ['a key it does not know', { 'X.json': '{"module":"RE","script":"x"}', 'X.html': '' }, 'metadata/reports/X.json: /script Unexpected property'],
    ['a template outside the folder', { 'X.json': '{"module":"RE","template":"../RE.html"}' }, 'metadata/reports/X.json: /template'],
    ['a file that is not JSON', { 'X.json': '{module:' }, 'metadata/reports/X.json:'],
  ])('refuses at start-up a report with %s, naming the file', (_what, files, message) => {
    expect(() => ReportCatalogue.fromDirectory(modules, reportsDir(files))).toThrow(message);
  });
});
