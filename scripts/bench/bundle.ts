// Compiles benchmark scripts as `npm start` compiles the engine (scripts/engine-build.ts): one
// plain ES module each, dist/bench/<name>.mjs, run by node without tsx. Under tsx every module
// is transformed with names kept, which wraps each named closure in a `__name` call on every
// creation (3 % of the engine's thread on a hot list page): a cost the portal does not pay, and
// one the engine's many small closures pay more of than the floor's bare route.
//   tsx scripts/bench/bundle.ts scripts/bench.ts [more scripts…]
import { basename, join } from 'node:path';
import { PROJECT_ROOT } from '../../engine/paths.js';
import { buildEngineBundle } from '../engine-build.js';
import { isScript } from '../is-script.js';

export function benchBundlePath(script: string): string {
  return join(PROJECT_ROOT, 'dist', 'bench', basename(script).replace(/\.ts$/, '.mjs'));
}

if (isScript('bundle.ts')) for (const script of process.argv.slice(2)) console.log(await buildEngineBundle(script, benchBundlePath(script)));
