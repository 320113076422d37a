// Builds the React client into client/dist when its sources are newer than the last build
// (npm start and the browser tests call this). `npm run build` always builds, after regenerating
// the screen validators (scripts/generate-screen-validators.ts); the other callers only warn when
// those are stale, so that a test run reports a stale committed file rather than mending it.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../engine/paths.js';
import { screenValidatorsStale, writeScreenValidators } from './generate-screen-validators.js';
import { isScript } from './is-script.js';
import { precompressAssets } from './precompress-assets.js';

const ROOT = PROJECT_ROOT;
export const CLIENT_CONFIG = join(ROOT, 'client', 'vite.config.ts');
const DIST_INDEX = join(ROOT, 'client', 'dist', 'index.html');
/** Everything the bundle is made from, the shared engine modules included. */
const SOURCES = ['client/src', 'client/public', 'client/index.html', 'client/vite.config.ts', 'sdk', 'engine/protocol', 'engine/metadata', 'portal/filing', 'portal/re', 'portal/peoi', 'portal/requests', 'engine/reports/template-check.ts', 'engine/html', 'engine/errors/catalogue.ts', 'engine/accounts/registration-rules.ts', 'engine/accounts/password-policy.ts', 'package-lock.json', 'scripts/client-build.ts'];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

export function clientIsStale(): boolean {
  if (!existsSync(DIST_INDEX)) return true;
  const built = statSync(DIST_INDEX).mtimeMs;
  return SOURCES.some((s) => newest(join(ROOT, s)) > built);
}

/**
 * Always a production build: Vite and the React plugin follow NODE_ENV over the mode, and vitest
 * sets it to `test`, which gave the browser tests (and every later `npm start` or bench:client
 * reusing that build) React's development build with source paths in the bundle.
 */
export async function buildClient(): Promise<void> {
  const { build } = await import('vite');
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: CLIENT_CONFIG, mode: 'production', logLevel: 'warn' });
    precompressAssets(join(ROOT, 'client', 'dist'));
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
}

export async function ensureClientBuilt(log: (line: string) => void = console.log): Promise<void> {
  if (screenValidatorsStale()) log('client/src/metadata/screen-validators.generated.js is stale: `npm run build` regenerates it.');
  if (!clientIsStale()) return;
  log('Building the client (client/dist)…');
  await buildClient();
}

if (isScript('client-build.ts')) {
  writeScreenValidators();
  await buildClient();
}
