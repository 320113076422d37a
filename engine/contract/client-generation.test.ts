// A common generator (openapi-typescript) turns the OpenAPI document into client types, and
// the TypeScript compiler accepts what it wrote: integrators' code generators work on it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { buildRegistry } from '../actions/index.js';
import { buildCatalogue } from './catalogue.js';
import { buildOpenApi } from './openapi.js';
import { portal } from '../../portal/app.js';
import { ModuleRegistry } from '../metadata/module-registry.js';
import { appModules } from '../app/app-modules.js';

describe('the OpenAPI document', () => {
  it('generates client types with openapi-typescript that compile without errors', async () => {
    const registry = buildRegistry(appModules(portal));
    const document = buildOpenApi(buildCatalogue(registry));
    const source = astToString(await openapiTS(document as never));
    for (const action of registry.list()) expect(source, action.name).toContain(`"${action.name}"`);

    const dir = mkdtempSync(join(tmpdir(), 'openapi-client-'));
    try {
      const file = join(dir, 'portal-api.ts');
      writeFileSync(file, `${source}\nexport type ProcessPost = paths['/process']['post'];\n`);
      const program = ts.createProgram([file], { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, skipLibCheck: true });
      const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(problems).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
