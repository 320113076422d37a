// The measuring half of a benchmark, run in a process of its own: the benchmark compiled as the
// engine `npm start` runs (scripts/engine-build.ts), with `--expose-gc`, so that its memory is the
// engine's and not tsx's or the preparing harness's. The child prints its result as JSON, last.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from '../../engine/paths.js';
import { buildEngineBundle } from '../engine-build.js';

/** Compiles the benchmark at `scriptUrl` (its import.meta.url) to dist/bench/{bundleName} and runs it with `args`; answers its last line, parsed. */
export async function runCompiledChild<T>(scriptUrl: string, bundleName: string, args: string[]): Promise<T> {
  const child = await buildEngineBundle(fileURLToPath(scriptUrl), join(PROJECT_ROOT, 'dist', 'bench', bundleName));
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', child, ...args], { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '') as T;
}
