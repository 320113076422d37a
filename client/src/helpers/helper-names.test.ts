// The client's helper registry and the server's list of helper names (which it checks screen
// definitions against on save) must not drift: every module of the client that registers
// helpers is loaded here, and together they register exactly the shared names.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HELPER_NAMES, HELPER_PLACES, helperNameOf, helperProblem } from '../../../engine/metadata/helper-names.js';
import { registeredHelpers } from './registry';
import { LIST_HELPER_RULES } from '../list/list-helper-rules';

const SRC = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe('helper names shared by the client registry and the server', () => {
  it('are exactly the names the client registers', async () => {
    const registering = sourceFiles(SRC).filter((f) => !f.endsWith(join('helpers', 'registry.ts')) && /\bregisterHelper\(/.test(readFileSync(f, 'utf8')));
    expect(registering.map((f) => relative(SRC, f)).length).toBeGreaterThan(0);
    for (const f of registering) await import(f);
    expect(registeredHelpers()).toEqual([...HELPER_NAMES].sort());
  });

  it('mark as row helpers exactly those with a row rule in the list', () => {
    const rowHelpers = HELPER_NAMES.filter((n) => (HELPER_PLACES[n] as readonly string[]).includes('row'));
    expect(rowHelpers.sort()).toEqual(Object.keys(LIST_HELPER_RULES).sort());
  });

  it('tell an unknown helper from one named in the wrong place', () => {
    expect(helperNameOf(' setStatus( 4 )')).toBe('setStatus');
    expect(helperProblem('setStatus(4)', 'row')).toBeNull();
    expect(helperProblem('launchMissiles', 'row')).toBe('no helper named launchMissiles');
    expect(helperProblem('deleteRecord', 'form')).toBe("helper deleteRecord runs only in a list's row buttons");
  });
});
