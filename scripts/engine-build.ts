// Compiles the engine for `npm start`: scripts/start.ts and everything it imports from the project
// bundled by esbuild into one ES module (dist/engine/start.mjs), packages left to node_modules.
// The portal then runs as plain JavaScript, without tsx's compiler in the process: about 80 MB
// less resident memory at rest (docs/excel.md, Memory). Types are checked by `npm run typecheck`,
// not here; a build takes about a second, so every start makes a fresh one.
import { build } from 'esbuild';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../engine/paths.js';
import { isScript } from './is-script.js';

export const ENGINE_ENTRY = join(PROJECT_ROOT, 'scripts', 'start.ts');
export const ENGINE_BUNDLE = join(PROJECT_ROOT, 'dist', 'engine', 'start.mjs');

/** Bundles `entry` (the engine's start by default) into `outfile`; answers the file written. */
export async function buildEngineBundle(entry = ENGINE_ENTRY, outfile = ENGINE_BUNDLE): Promise<string> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Stack traces name the sources: `node --enable-source-maps` reads the map when asked to.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  return outfile;
}

if (isScript('engine-build.ts')) await buildEngineBundle();
