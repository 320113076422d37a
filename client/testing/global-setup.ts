// vitest globalSetup: the browser tests drive the built client, so build it once per run
// when its sources changed.
import { ensureClientBuilt } from '../../scripts/client-build.js';

export default async function setup(): Promise<void> {
  // A run pointed at its own build (CLIENT_DIR) leaves client/dist alone.
  if (process.env.CLIENT_DIR) return;
  await ensureClientBuilt((line) => process.stdout.write(`${line}\n`));
}
